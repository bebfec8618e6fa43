import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageRecord, SEED_OBSERVATION as SEED, toJsonl } from '../../testing/index.js';
import { useCliHome } from './__fixtures__/cli-home.js';
import { type CliRun, runCli } from './__fixtures__/run-cli.js';

const NOW = '2026-02-19T15:05:00Z';

/** Seed 000's observation example, as one ingest line. */
const SEED_OBSERVATION = { type: 'observation', ...SEED };

const INVALID_OBSERVATION = {
  ...SEED_OBSERVATION,
  event_id: '0190a5f2-7b1c-7c3e-9a4b-2f6d8e1c3a5c',
  source: { type: 'rumour', ref: 'thread:646:msg:1843' },
};

/** Usage errors, each exiting 2: the test name, the arguments, and what stderr must contain. */
const USAGE_ERRORS: readonly (readonly [string, readonly string[], readonly string[]])[] = [
  ['exits 2 for an unknown command', ['frobnicate'], ["unknown command 'frobnicate'"]],
  ['exits 2 for an unknown option', ['stats', '--colour'], ['--colour']],
  [
    'exits 2 for a bad --at',
    ['state', 'get', 'user:primary', 'travel.status', '--at', 'soon'],
    ['--at'],
  ],
  ['exits 2 for a bad --port', ['serve', '--port', 'http'], ['--port']],
  ['exits 2 for telegram without a bot token', ['telegram'], ['VERITY_TELEGRAM_TOKEN']],
  [
    'refuses to forget without --yes and says what would be erased',
    ['forget', '--entity', 'user:primary', '--field', 'travel.status'],
    ['travel.status of user:primary', '--yes'],
  ],
  ['exits 2 when forget has no target', ['forget', '--yes'], ['--event']],
];

describe('verity cli', () => {
  const cli = useCliHome('verity-cli-', { now: NOW });

  /** Runs `verity` in-process against the temporary home with the clock pinned. */
  function verity(args: readonly string[], stdin = ''): Promise<CliRun> {
    return cli.verity(args, { stdin });
  }

  describe('usage', () => {
    it.each(USAGE_ERRORS)('%s', async (_name, args, says) => {
      const result = await verity(args);
      expect(result.code).toBe(2);
      for (const text of says) expect(result.stderr).toContain(text);
    });

    it('exits 2 naming both --now and VERITY_NOW for a bad clock', async () => {
      const result = await runCli(['--home', cli.home, '--now', 'yesterday', 'stats']);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^verity: .*--now.*VERITY_NOW/);
      expect(result.stderr).not.toContain('    at ');
    });

    it('exits 2 when the input file cannot be read', async () => {
      const result = await verity(['ingest', join(cli.dir, 'missing.jsonl')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('missing.jsonl (ENOENT)');
    });

    it('prints help with exit code 0', async () => {
      const result = await verity(['--help']);
      expect(result.code).toBe(0);
      for (const command of ['init', 'ingest', 'state', 'review', 'dlq', 'rebuild', 'forget']) {
        expect(result.stdout).toContain(command);
      }
    });
  });

  describe('with the engine', () => {
    function writeJsonl(name: string, lines: readonly unknown[]): string {
      const path = join(cli.dir, name);
      writeFileSync(path, toJsonl(lines));
      return path;
    }

    it('applies valid lines, dead-letters invalid ones and exits 3', async () => {
      const file = writeJsonl('seed.jsonl', [SEED_OBSERVATION, INVALID_OBSERVATION]);

      const ingest = await verity(['ingest', file]);
      expect(ingest.code).toBe(3);
      expect(ingest.stdout).toContain('applied 1, duplicate 0, rejected 1');
      expect(ingest.stdout).toMatch(/line 2: \/source\/type: .*\(enum\)/);

      const get = await verity(['state', 'get', 'user:primary', 'travel.status', '--json']);
      expect(get.code).toBe(0);
      const field: unknown = JSON.parse(get.stdout);
      expect(field).toMatchObject({
        entity_id: 'user:primary',
        field: 'travel.status',
        value: 'in_progress',
        status: 'committed',
      });

      const again = await verity(['ingest', file, '--json']);
      expect(again.code).toBe(3);
      expect(JSON.parse(again.stdout)).toMatchObject({ applied: 0, duplicate: 1 });
    });

    it('reads standard input for -', async () => {
      const result = await verity(['ingest', '-'], `${JSON.stringify(SEED_OBSERVATION)}\n`);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('applied 1, duplicate 0, rejected 0');
    });

    it('prints state, explanation, reviews, the DLQ and stats in both forms', async () => {
      await verity(['ingest', writeJsonl('seed.jsonl', [SEED_OBSERVATION, INVALID_OBSERVATION])]);

      const field = await verity(['state', 'get', 'user:primary', 'travel.status']);
      expect(field.stdout).toMatch(/^travel\.status = in_progress \(committed, confidence [\d.]+/);

      const entity = await verity(['state', 'get', 'user:primary', '--json']);
      expect(JSON.parse(entity.stdout)).toMatchObject({
        entity_id: 'user:primary',
        state: { 'travel.status': { value: 'in_progress' } },
      });

      const explain = await verity(['state', 'explain', 'user:primary', 'travel.status']);
      expect(explain.code).toBe(0);
      expect(explain.stdout).toContain(`winning event: ${SEED_OBSERVATION.event_id}`);
      expect(explain.stdout).toContain('thresholds:');

      const history = await verity(['state', 'history', 'user:primary', '--json']);
      expect(history.code).toBe(0);

      // The snapshot is JSON either way; `--json` is accepted like on every other read.
      const snapshot = await verity(['state', 'snapshot']);
      const snapshotJson = await verity(['state', 'snapshot', '--json']);
      expect(snapshotJson.code).toBe(0);
      expect(snapshotJson.stdout).toBe(snapshot.stdout);
      expect(snapshot.stdout).toContain('in_progress');
      expect(Array.isArray(JSON.parse(history.stdout))).toBe(true);

      const reviews = await verity(['review', 'list', '--all', '--json']);
      expect(reviews.code).toBe(0);
      // The invalid record can never become valid by waiting: it waits for a person at once.
      const dlq = await verity(['dlq', 'list', '--json']);
      const items = JSON.parse(dlq.stdout) as { dlq_id: string }[];
      expect(items).toHaveLength(1);
      expect(JSON.parse(reviews.stdout)).toMatchObject({
        prompts: [],
        dead_letters: [expect.objectContaining({ dlq_id: items[0]?.dlq_id })],
      });

      const stats = await verity(['stats']);
      expect(stats.code).toBe(0);
      expect(stats.stdout).toMatch(/^events +\d+$/m);
    });

    it('fixes a dead letter with dlq edit', async () => {
      const ingest = await verity([
        'ingest',
        writeJsonl('bad.jsonl', [INVALID_OBSERVATION]),
        '--json',
      ]);
      const report = JSON.parse(ingest.stdout) as { rejections: { dlq_id: string }[] };
      const dlqId = report.rejections[0]?.dlq_id ?? '';
      const fixed = JSON.stringify({ ...INVALID_OBSERVATION, source: SEED_OBSERVATION.source });

      const edit = await verity(['dlq', 'edit', dlqId, '-', '--json'], `${fixed}\n`);
      expect(edit.code).toBe(0);
      expect(JSON.parse(edit.stdout)).toMatchObject({ resolved: 1 });

      const get = await verity(['state', 'get', 'user:primary', 'travel.status', '--json']);
      expect(JSON.parse(get.stdout)).toMatchObject({ value: 'in_progress' });
    });

    it('verifies a rebuild', async () => {
      await verity(['ingest', writeJsonl('seed.jsonl', [SEED_OBSERVATION])]);
      const result = await verity(['rebuild', '--verify']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('verified: yes');
    });

    it('answers a review prompt once and exits 1 for a stale answer', async () => {
      // The user changes an established profile preference: that always waits for a confirmation.
      const preference = (id: string, value: string, at: string) => ({
        ...SEED_OBSERVATION,
        event_id: id,
        event_ts: at,
        domain: 'profile',
        field: 'profile.preference.destination',
        candidate_value: value,
        corroborators: [],
      });
      await verity([
        'ingest',
        writeJsonl('change.jsonl', [
          preference('0190a5f2-7b1c-7c3e-9a4b-00000000000a', 'Reno', '2026-02-19T14:00:00Z'),
          preference('0190a5f2-7b1c-7c3e-9a4b-00000000000b', 'Tahoe', '2026-02-19T15:00:00Z'),
        ]),
      ]);

      const list = await verity(['review', 'list']);
      expect(list.stdout).toMatch(
        /profile\.preference\.destination: Reno -> Tahoe {2}\(confidence [\d.]+\)/,
      );
      expect(list.stdout).toContain('answer: verity review confirm|reject');
      const listed = await verity(['review', 'list', '--json']);
      const { prompts } = JSON.parse(listed.stdout) as { prompts: { prompt_id: string }[] };
      const promptId = prompts[0]?.prompt_id ?? '';

      // The start of an id, as a person types it back, names the one prompt it starts.
      const confirm = await verity(['review', 'confirm', promptId.slice(0, 13)]);
      expect(confirm.code, confirm.stderr).toBe(0);
      expect(confirm.stdout).toContain('profile.preference.destination = Tahoe (committed');

      const stale = await verity(['review', 'reject', promptId]);
      expect(stale.code).toBe(1);
      expect(stale.stderr).toMatch(/^verity: .*already confirmed/);
    });

    it('exits 1 for an unknown review prompt', async () => {
      const result = await verity(['review', 'confirm', '0190a5f2-7b1c-7c3e-9a4b-000000000000']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^verity: /);
      expect(result.stderr).not.toContain('    at ');
    });

    it('forgets a field with --yes', async () => {
      await verity(['ingest', writeJsonl('seed.jsonl', [SEED_OBSERVATION])]);
      const result = await verity([
        'forget',
        '--entity',
        'user:primary',
        '--field',
        'travel.status',
        '--yes',
        '--json',
      ]);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ covered_events: 1 });
      const get = await verity(['state', 'get', 'user:primary', 'travel.status', '--json']);
      expect(JSON.parse(get.stdout)).toMatchObject({ value: null });
    });

    it('forgets a message by the thread and message ids search shows', async () => {
      const content = 'the spare key is under the blue flowerpot';
      const line = messageRecord('house', 'h3', 'user', content, '2026-02-19T15:00:00Z');
      await verity(['ingest', writeJsonl('secret.jsonl', [line])]);
      const found = await verity(['search', 'flowerpot', '--json']);
      expect(JSON.parse(found.stdout)).toMatchObject({
        hits: [{ thread_id: 'house', message_id: 'h3' }],
      });
      const result = await verity(['forget', '--message', 'house/h3', '--yes', '--json']);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ covered_events: 1, redacted: 1 });
      const after = await verity(['search', 'flowerpot', '--json']);
      expect(JSON.parse(after.stdout)).toMatchObject({ hits: [] });
      const bad = await verity(['forget', '--message', 'house', '--yes']);
      expect(bad.code).toBe(2);
    });
  });
});
