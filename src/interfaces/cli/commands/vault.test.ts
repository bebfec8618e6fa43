import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCliHome } from '../__fixtures__/cli-home.js';

const cli = useCliHome('verity-cli-vault-');
let vault: string;

beforeEach(() => {
  vault = join(cli.dir, 'notes');
  mkdirSync(join(vault, 'work'), { recursive: true });
});

function verityAt(now: string, args: readonly string[]) {
  return cli.verity(args, { now });
}

async function json<T>(now: string, args: readonly string[]): Promise<T> {
  const run = await verityAt(now, [...args, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

interface Row {
  error_id: string;
  error_type: string;
  memory_id: string | null;
  memory_text: string | null;
  note_path: string | null;
  passage_then: string | null;
  passage_now: string | null;
  distance: number | null;
  last_seen_at: string;
  resolved_at: string | null;
}

const NOTE = (status: string) =>
  `# Test project\n\nOwner: Dana. Weekly sync on Mondays.\n\n## Status\n\n${status}\n`;

/** The seed's verification case, through the CLI with the bundled embedding model. */
describe('verity vault, memories and drift', () => {
  it('flags a memory whose note moved on, resolves it on update, and debounces', async () => {
    writeFileSync(join(vault, 'work', 'test-project.md'), NOTE('X is a blocker.'));
    writeFileSync(join(vault, 'inbox.md'), '# Inbox\n\nNothing here about X.\n');
    const T0 = '2026-03-01T09:00:00Z';
    expect((await verityAt(T0, ['vault', 'add', vault])).code).toBe(0);
    const first = await json<{ indexed: number; chunks: number }>(T0, ['vault', 'index']);
    expect(first).toMatchObject({ indexed: 2 });

    const added = await json<{ memory: { memory_id: string; cites: string[] } }>(T0, [
      'memories',
      'add',
      'X is a blocker in [[test-project]]',
      '--tag',
      'work',
    ]);
    const id = added.memory.memory_id;
    expect(added.memory.cites).toEqual(['work/test-project.md']);

    // Unchanged note: nothing to flag.
    const clean = await json<{ prediction_errors: Row[] }>(T0, ['memories', 'show', id]);
    expect(clean.prediction_errors).toEqual([]);

    // A formatting-only edit never fires the deterministic signal.
    writeFileSync(join(vault, 'work', 'test-project.md'), NOTE('**X** is a  blocker.'));
    const T1 = '2026-03-02T09:00:00Z';
    expect(await json<{ indexed: number }>(T1, ['vault', 'index'])).toMatchObject({ indexed: 1 });
    await json(T1, ['memories', 'show', id]);
    expect(await json<Row[]>(T1, ['drift', 'list', '--unresolved'])).toEqual([]);

    // The note now says X was resolved.
    writeFileSync(join(vault, 'work', 'test-project.md'), NOTE('X was resolved.'));
    const T3 = '2026-03-04T09:00:00Z';
    const reindexed = await json<{ indexed: number; unchanged: number }>(T3, ['vault', 'index']);
    expect(reindexed).toMatchObject({ indexed: 1, unchanged: 1 });
    const shown = await json<{ drift: string[]; prediction_errors: Row[] }>(T3, [
      'memories',
      'show',
      id,
    ]);
    expect(shown.drift).toContain('memory_source_changed');
    const rows = await json<Row[]>(T3, ['drift', 'list', '--unresolved', '--json']);
    const changed = rows.find((row) => row.error_type === 'memory_source_changed');
    expect(changed).toMatchObject({
      memory_id: id,
      memory_text: 'X is a blocker in [[test-project]]',
      note_path: 'work/test-project.md',
      passage_then: 'X is a blocker.',
      passage_now: 'X was resolved.',
      resolved_at: null,
    });

    // A second retrieval within the debounce window adds no row and leaves the row as it was.
    const T4 = '2026-03-04T10:00:00Z';
    await json(T4, ['memories', 'show', id]);
    const again = await json<Row[]>(T4, ['drift', 'list']);
    expect(again).toEqual(rows);

    // The text output marks the memory as drifted, and so does the agent's context.
    const listed = await verityAt(T4, ['memories', 'list']);
    expect(listed.stdout).toContain('[DRIFTED: ');
    const context = await verityAt(T4, ['context', '--query', 'is X a blocker?', '--md']);
    expect(context.code, context.stderr).toBe(0);
    const line = context.stdout.split('\n').find((l) => l.includes('X is a blocker in'));
    expect(line).toMatch(/\[DRIFTED\] \(.*memory_source_changed.*\) X is a blocker in/);

    // Updating the memory resolves its open rows.
    const T5 = '2026-03-05T09:00:00Z';
    await json(T5, ['memories', 'update', id, 'X was resolved; see [[test-project]]']);
    expect(await json<Row[]>(T5, ['drift', 'list', '--unresolved'])).toEqual([]);
    const resolved = await json<Row[]>(T5, ['drift', 'list', '--type', 'memory_source_changed']);
    expect(resolved.map((row) => row.resolved_at)).toEqual(['2026-03-05T09:00:00.000Z']);
    const detail = await json<{ revision: number; revisions: unknown[] }>(T5, [
      'memories',
      'show',
      id,
    ]);
    expect(detail.revision).toBe(2);
    expect(detail.revisions).toHaveLength(2);
    const fresh = await verityAt(T5, ['context', '--query', 'is X resolved?', '--md']);
    expect(fresh.stdout).toContain('X was resolved; see [[test-project]]');
    expect(fresh.stdout).not.toContain('[DRIFTED]');

    // The ledger replays to the same memories and prediction errors.
    const rebuilt = await verityAt(T5, ['rebuild', '--verify']);
    expect(rebuilt.code, rebuilt.stdout + rebuilt.stderr).toBe(0);

    // External signals, then forgetting cascades.
    const signal = await json<Row>(T5, [
      'memories',
      'signal',
      id,
      '--note',
      'work/test-project.md',
      '--detail',
      'CI closed issue 42',
    ]);
    expect(signal).toMatchObject({ error_type: 'memory_external_signal', memory_id: id });
    await json(T5, ['memories', 'forget', id]);
    expect(await json<Row[]>(T5, ['drift', 'list'])).toEqual([]);
    expect(await json<unknown[]>(T5, ['memories', 'list'])).toEqual([]);
  }, 120_000);

  it('searches note chunks and records a query nothing is close to as low_overlap', async () => {
    writeFileSync(join(vault, 'work', 'test-project.md'), NOTE('X is a blocker.'));
    writeFileSync(
      join(vault, 'garden.md'),
      '# Garden\n\nWater the tomatoes every evening in July.\n',
    );
    const T0 = '2026-03-01T09:00:00Z';
    await verityAt(T0, ['vault', 'add', vault]);
    await json(T0, ['vault', 'index']);
    const found = await json<{ hits: { note_path: string }[]; low_overlap: unknown }>(T0, [
      'vault',
      'search',
      'when should I water the tomatoes',
    ]);
    expect(found.hits[0]?.note_path).toBe('garden.md');
    expect(found.low_overlap).toBeNull();
    const far = await json<{ low_overlap: Row | null }>(T0, [
      'vault',
      'search',
      'quarterly corporate tax filing for the sailing club',
    ]);
    expect(far.low_overlap).toMatchObject({ error_type: 'low_overlap', memory_id: null });
    const rows = await json<Row[]>(T0, ['drift', 'list', '--type', 'low_overlap']);
    expect(rows).toHaveLength(1);
  }, 60_000);

  it('reports ambiguous wiki links instead of guessing', async () => {
    mkdirSync(join(vault, 'a'));
    mkdirSync(join(vault, 'b'));
    writeFileSync(join(vault, 'a', 'index.md'), 'Alpha index.\n');
    writeFileSync(join(vault, 'b', 'index.md'), 'Beta index.\n');
    const T0 = '2026-03-01T09:00:00Z';
    await verityAt(T0, ['vault', 'add', vault]);
    await json(T0, ['vault', 'index']);
    const run = await verityAt(T0, ['memories', 'add', 'See [[index]] and [[a/index]]']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('ambiguous link [[index]]: a/index.md, b/index.md (not cited)');
    expect(run.stdout).toContain('cites: a/index.md');
  }, 60_000);

  it('rejects an unknown type and an unknown memory with clear errors', async () => {
    const badType = await verityAt('2026-03-01T09:00:00Z', ['drift', 'list', '--type', 'nope']);
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain('expected one of memory_drift');
    const missing = await verityAt('2026-03-01T09:00:00Z', ['memories', 'show', 'mem_nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No memory mem_nope');
  });
});
