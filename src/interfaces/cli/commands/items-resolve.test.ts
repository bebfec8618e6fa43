import { describe, expect, it } from 'vitest';
import { itemConflictLines } from '../../../engine/__fixtures__/item-conflict.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

interface ItemJson {
  readonly uid: string;
  readonly status: string;
  readonly conflict: boolean;
  readonly replaced_by: string | null;
}

const MESSAGES = itemConflictLines('db');

/** `verity items resolve`, in process, vectors off (structure-only reconciliation). */
describe('verity items resolve', () => {
  const cli = useCliHome('verity-cli-items-resolve-', {
    now: '2026-02-19T15:05:00Z',
    config: () => ({ embeddings: { provider: 'none' } }),
  });

  async function flagged(): Promise<ItemJson[]> {
    const listed = await cli.verity(['items', 'list', '--thread', 'db', '--all', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    return (JSON.parse(listed.stdout) as { items: ItemJson[] }).items;
  }

  it('keeps one of two conflicting items and supersedes the other, as JSON', async () => {
    expect((await cli.verity(['ingest', '-'], { stdin: MESSAGES })).code).toBe(0);
    const [a, b] = (await flagged()).filter((item) => item.conflict).map((item) => item.uid);
    if (a === undefined || b === undefined) throw new Error('expected two conflicting items');

    const bad = await cli.verity(['items', 'resolve', a, b, '--keep', 'neither']);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('keep must be one of the named uids');

    const done = await cli.verity([
      'items',
      'resolve',
      a,
      b,
      '--keep',
      a,
      '--note',
      'ok',
      '--json',
    ]);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ thread_id: 'db', keep: a, note: 'ok' });
    expect((await flagged()).find((item) => item.uid === b)).toMatchObject({
      status: 'superseded',
      replaced_by: a,
      conflict: false,
    });
    const again = await cli.verity(['items', 'resolve', a, b, '--keep', 'both']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not an open conflict');
  });
});
