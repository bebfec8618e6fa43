import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unnumberedLine } from '../../../engine/__fixtures__/transcript.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

const NOW = '2026-06-12T20:00:00Z';

/** A Verity transcript line without a message id: Verity derives one (`h-…`), search cites it. */
const turn = unnumberedLine('2026-06-12T19:');

const SESSION = [
  turn('user', 'The plumber comes on Wednesday to fix the boiler.', 1),
  turn('assistant', 'Noted: the plumber on Wednesday.', 2),
  turn('user', 'My aunt Marguerite restores old kayaks in Annecy.', 3),
  turn('user', 'We decided to repaint the hallway in sage green.', 4),
].join('\n');

describe('verity forget --message of a captured entry', () => {
  const cli = useCliHome('verity-cli-forget-captured-', {
    now: NOW,
    config: (dir) => ({ embeddings: { provider: 'none' }, workspace: join(dir, 'workspace') }),
  });

  /** The id search cites the captured message of session `home` that `query` finds first by. */
  async function idOf(query: string): Promise<string> {
    const found = JSON.parse(await cli.ok(['search', query, '--json'])) as {
      hits: { kind: string; thread_id: string; message_id: string }[];
    };
    const hit = found.hits.find((h) => h.kind === 'message' && h.thread_id === 'session:home');
    if (hit === undefined) throw new Error(`no captured message found by "${query}"`);
    return hit.message_id;
  }

  it('erases it from search, ask, context, the daily log and the proposals, and only it', async () => {
    const file = join(cli.dir, 'session.jsonl');
    writeFileSync(file, `${SESSION}\n`);
    const capture = ['capture', file, '--session', 'home', '--trigger', 'manual', '--sync'];
    await cli.ok(capture);
    await cli.ok(['reflect']);
    const log = join(cli.dir, 'workspace', 'memory', '2026-06-12.md');
    const review = join(cli.dir, 'workspace', 'REVIEW.md');
    // Forgotten as search cites it.
    const aunt = await idOf('Marguerite kayak');
    const plumber = await idOf('plumber boiler');
    expect(readFileSync(log, 'utf8')).toContain('Marguerite');
    expect(await cli.ok(['proposals', 'list', '--json'])).toContain('Marguerite');

    const forgotten = JSON.parse(
      await cli.ok(['forget', '--message', `session:home/${aunt}`, '--yes', '--json']),
    ) as { redacted: number };
    expect(forgotten.redacted).toBeGreaterThan(0);

    const shown = [
      await cli.ok(['search', 'Marguerite kayaks Annecy', '--json']),
      await cli.ok(['ask', 'who restores kayaks?']),
      await cli.ok(['context', '--thread', 'session:home', '--budget', '4000']),
      await cli.ok(['proposals', 'list', '--json']),
      readFileSync(log, 'utf8'),
      readFileSync(review, 'utf8'),
    ];
    for (const text of shown) expect(text).not.toMatch(/Marguerite|Annecy/);
    // The neighbours stay.
    expect(await idOf('plumber boiler')).toBe(plumber);
    expect(shown[2]).toContain('sage green');
    expect(shown[4]).toContain('sage green');

    // The same file captured again is the capture it repeats, with the entry still gone.
    expect(await cli.ok([...capture, '--json'])).toContain('"status": "duplicate"');
    expect(await cli.ok(['search', 'Marguerite kayak', '--json'])).not.toContain('Marguerite');
    expect(await cli.ok(['rebuild', '--verify'])).toContain('verified: yes');
  });

  it('keeps it erased when the transcript is edited above it and captured again', async () => {
    const file = join(cli.dir, 'session.jsonl');
    const chat = [
      turn('user', 'The plumber comes on Wednesday to fix the boiler.', 1),
      turn('user', 'My aunt Marguerite restores old kayaks in Annecy.', 3),
      turn('assistant', 'What is the code for the bike shed now?', 5),
      turn('user', '6803', 6),
      turn('user', 'We decided to repaint the hallway in sage green.', 7),
    ];
    writeFileSync(file, `${chat.join('\n')}\n`);
    const capture = ['capture', file, '--session', 'home', '--trigger', 'manual', '--sync'];
    await cli.ok(capture);
    const aunt = await idOf('Marguerite kayak');
    const question = await idOf('code bike shed');
    await cli.ok(['forget', '--message', `session:home/${aunt}`, '--yes']);
    await cli.ok(['forget', '--message', `session:home/${question}`, '--yes']);
    expect(await cli.ok(['search', 'Marguerite kayak', '--json'])).not.toContain('Marguerite');
    expect(await cli.ok(['search', '6803', '--json'])).not.toContain('6803');

    // Two lines inserted above: every line number moves, and the file grows below too.
    const edited = [
      turn('user', 'Quick note before the rest: the bins go out on Thursday.', 0),
      turn('assistant', 'Noted, bins on Thursday.', 0),
      ...chat,
      turn('user', 'The hallway paint arrives on Monday.', 8),
    ];
    writeFileSync(file, `${edited.join('\n')}\n`);
    expect(await cli.ok([...capture, '--json'])).toContain('"status": "captured"');
    const shown = [
      await cli.ok(['search', 'Marguerite kayaks Annecy', '--json']),
      await cli.ok(['search', '6803 bike shed code', '--json']),
      await cli.ok(['context', '--thread', 'session:home', '--budget', '4000']),
      readFileSync(join(cli.dir, 'workspace', 'memory', '2026-06-12.md'), 'utf8'),
    ];
    for (const text of shown) expect(text).not.toMatch(/Marguerite|Annecy|6803/);
    // What was not forgotten is captured, the new lines with it.
    expect(shown[3]).toContain('bins go out on Thursday');
    expect(shown[2]).toContain('paint arrives on Monday');
    expect(shown[2]).toContain('sage green');
    expect(await cli.ok(['rebuild', '--verify'])).toContain('verified: yes');
  });
});
