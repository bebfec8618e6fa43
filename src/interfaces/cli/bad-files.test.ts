import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliHome } from './__fixtures__/cli-home.js';
import { runCli, spawnCli } from './__fixtures__/run-cli.js';

const NOW = '2026-02-19T15:05:00Z';
// One temporary folder for the file; no store in it (each test names its own home).
const folder = useCliHome('verity-bad-files-', { scope: 'all', init: false });

const message = (id: string, content = `hello ${id}`) => ({
  type: 'message',
  thread_id: 't',
  message_id: id,
  role: 'user',
  content,
  created_at: '2026-02-19T15:00:00Z',
});

function file(name: string, content: string | Buffer): string {
  const path = join(folder.dir, name);
  writeFileSync(path, content);
  return path;
}

function verity(home: string, ...args: string[]) {
  return runCli(['--home', join(folder.dir, home), '--now', NOW, ...args]);
}

async function dlq(
  home: string,
): Promise<
  { dlq_id: string; raw: string; status: string; schema_name: string; errors: unknown[] }[]
> {
  return JSON.parse((await verity(home, 'dlq', 'list', '--json')).stdout);
}

describe('verity ingest with files that are not plain JSONL', () => {
  it('strips a UTF-8 byte-order mark', async () => {
    await verity('bom', 'init');
    const run = await verity(
      'bom',
      'ingest',
      file('bom.jsonl', `\uFEFF${JSON.stringify(message('a'))}\n`),
      '--json',
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ applied: 1, rejected: 0 });
  });

  it('reads a JSON array, or one pretty-printed object, as records', async () => {
    await verity('array', 'init');
    const array = await verity(
      'array',
      'ingest',
      file('array.json', JSON.stringify([message('a'), message('b')], null, 2)),
      '--json',
    );
    expect(JSON.parse(array.stdout)).toMatchObject({ applied: 2, rejected: 0 });
    const pretty = await verity(
      'array',
      'ingest',
      file('one.json', JSON.stringify(message('c'), null, 2)),
      '--json',
    );
    expect(JSON.parse(pretty.stdout)).toMatchObject({ applied: 1, rejected: 0 });
  });

  it('refuses a binary file before storing any line (as a child process)', async () => {
    await verity('binary', 'init');
    const bytes = Buffer.alloc(20_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 37) % 256;
    const run = await spawnCli(['ingest', file('blob.bin', bytes)], {
      VERITY_HOME: join(folder.dir, 'binary'),
      VERITY_NOW: NOW,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/looks binary.*Nothing was stored/);
    expect(await dlq('binary')).toEqual([]);
  });

  it('refuses text that is not UTF-8', async () => {
    await verity('latin1', 'init');
    const run = await verity(
      'latin1',
      'ingest',
      file('latin1.jsonl', Buffer.from('{"type":"message","content":"caf\xe9"}\n', 'latin1')),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not UTF-8/);
    expect(await dlq('latin1')).toEqual([]);
  });

  it('says an empty file has no records', async () => {
    await verity('empty', 'init');
    const run = await verity('empty', 'ingest', file('empty.jsonl', '\n\n'));
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('no records in');
  });

  it('names a message sent again with other content by its thread and id', async () => {
    await verity('again', 'init');
    await verity('again', 'ingest', file('first.jsonl', `${JSON.stringify(message('m1'))}\n`));
    const changed = JSON.stringify(message('m1', 'other words'));
    const run = await verity('again', 'ingest', file('again.jsonl', `${changed}\n`));
    expect(run.code).toBe(3);
    expect(run.stdout + run.stderr).toMatch(
      /\/message_id: message t\/m1 \(event [0-9a-f-]{36}\) was already recorded/,
    );
  });

  it('keeps the real errors of an over-long record it could store only in part', async () => {
    await verity('long', 'init');
    const long = JSON.stringify(message('long', 'x'.repeat(120_000)));
    const run = await verity('long', 'ingest', file('long.jsonl', `${long}\n`), '--json');
    expect(run.code).toBe(3);
    const [letter] = await dlq('long');
    expect(letter?.status).toBe('permanently_failed');
    expect(JSON.stringify(letter?.errors)).toContain('maxLength');
    for (const args of [['--all'], [letter?.dlq_id ?? '']]) {
      await verity('long', 'dlq', 'retry', ...args, '--json');
      const [after] = await dlq('long');
      expect(after?.status).toBe('permanently_failed');
      expect(after?.errors).toEqual(letter?.errors);
    }
  });

  it('caps a huge dead letter, never retries a line that is not JSON, and discards in bulk', async () => {
    await verity('huge', 'init');
    const huge = `not json ${'x'.repeat(200_000)}`;
    const lines = [
      huge,
      JSON.stringify({ type: 'message', thread_id: 't' }),
      JSON.stringify(message('ok')),
    ];
    const run = await verity(
      'huge',
      'ingest',
      file('huge.jsonl', `${lines.join('\n')}\n`),
      '--json',
    );
    expect(run.code).toBe(3);
    expect(JSON.parse(run.stdout)).toMatchObject({ applied: 1, rejected: 2 });
    const letters = await dlq('huge');
    const notJson = letters.find((d) => d.schema_name === 'json');
    expect(notJson?.raw.length).toBeLessThan(70_000);
    expect(notJson?.raw).toMatch(/…\[truncated: 200009 characters, sha256 [0-9a-f]{64}\]$/);
    expect(notJson?.status).toBe('permanently_failed');
    expect(letters.find((d) => d.schema_name === 'message_record')?.status).toBe(
      'permanently_failed',
    );

    const retried = await verity('huge', 'dlq', 'retry', '--all', '--json');
    expect(JSON.parse(retried.stdout)).toMatchObject({ retried: 0 });

    const afterRetry = await dlq('huge');
    expect(afterRetry.find((d) => d.schema_name === 'json')?.errors).toEqual(notJson?.errors);

    const bySchema = await verity('huge', 'dlq', 'discard', '--schema', 'json', '--json');
    expect(JSON.parse(bySchema.stdout)).toMatchObject({ discarded: 1 });
    const recent = await verity('huge', 'dlq', 'discard', '--older-than', '1h', '--json');
    expect(JSON.parse(recent.stdout)).toMatchObject({ discarded: 0 });
    const all = await verity('huge', 'dlq', 'discard', '--all', '--json');
    expect(JSON.parse(all.stdout)).toMatchObject({ discarded: 1 });
    const none = await verity('huge', 'dlq', 'discard');
    expect(none.code).toBe(2);
  });

  it('never retries a record that can never become valid, and lets dlq edit repair it', async () => {
    await verity('never', 'init');
    const observation = {
      type: 'observation',
      event_id: '00000000-0000-4000-8000-000000000001',
      event_ts: '2026-02-19T15:00:00Z',
      domain: 'travel',
      entity_id: 'user:primary',
      field: 'profile.preference.seat',
      candidate_value: 'aisle',
      intent: 'assertive',
      source: { type: 'user_statement', ref: 'test:never' },
    };
    const lines = [
      message('blank', '   '),
      { ...message('dated'), created_at: 'yesterday' },
      observation,
    ].map((line) => JSON.stringify(line));
    const run = await verity('never', 'ingest', file('never.jsonl', `${lines.join('\n')}\n`));
    expect(run.code).toBe(3);
    const letters = await dlq('never');
    expect(letters.map((d) => d.status)).toEqual([
      'permanently_failed',
      'permanently_failed',
      'permanently_failed',
    ]);

    const later = (...args: string[]) =>
      runCli(['--home', join(folder.dir, 'never'), '--now', '2026-02-19T18:00:00Z', ...args]);
    const retried = await later('dlq', 'retry', '--json');
    expect(JSON.parse(retried.stdout)).toMatchObject({ retried: 0 });
    const review = await later('review', 'list', '--json');
    expect(review.stdout).toContain(letters[2]?.dlq_id ?? 'missing');

    const fixed = JSON.stringify({ ...observation, field: 'travel.destination' });
    const edit = file('fixed.jsonl', `${fixed}\n`);
    const edited = await later('dlq', 'edit', letters[2]?.dlq_id ?? '', edit, '--json');
    expect(JSON.parse(edited.stdout)).toMatchObject({ resolved: 1 });
    const state = await later('state', 'get', 'user:primary', '--json');
    expect(state.stdout).toContain('travel.destination');
  });
});
