import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliHome } from '../__fixtures__/cli-home.js';

const DAY0 = '2026-11-21T15:00:00Z';

describe('proposals past their seven days, before `proposals expire` runs', () => {
  const cli = useCliHome('verity-cli-proposals-expiry-', {
    now: DAY0,
    config: (dir) => ({ embeddings: { provider: 'none' }, workspace: join(dir, 'workspace') }),
  });

  async function staged(): Promise<{ id: string; review: string }> {
    const file = join(cli.dir, 'session.jsonl');
    const line = {
      role: 'user',
      content: 'CI is GitHub Actions.',
      created_at: '2026-11-21T14:10:00Z',
    };
    writeFileSync(file, `${JSON.stringify(line)}\n`);
    await cli.ok(['capture', file, '--session', 'exp', '--trigger', 'shutdown', '--sync']);
    await cli.ok(['reflect']);
    const { proposals } = JSON.parse(await cli.ok(['proposals', 'list', '--json'])) as {
      proposals: { proposal_id: string }[];
    };
    const [first] = proposals;
    if (first === undefined) throw new Error('expected a proposal');
    const review = join(cli.dir, 'workspace', 'REVIEW.md');
    expect(readFileSync(review, 'utf8')).toContain(`- [ ]`);
    return { id: first.proposal_id, review };
  }

  it('lists it as expired on day 8 without writing; `proposals expire` records it and rewrites REVIEW.md', async () => {
    const { id, review } = await staged();
    const day8 = '2026-11-29T16:00:00Z';
    const ledger = async () => cli.ok(['stats', '--json'], day8);
    const before = await ledger();
    expect(await cli.ok(['proposals', 'list'], day8)).toBe('no proposals\n');
    const listed = JSON.parse(
      await cli.ok(['proposals', 'list', '--status', 'expired', '--json'], day8),
    ) as { proposals: { proposal_id: string; status: string; resolved_at: string }[] };
    expect(listed.proposals).toMatchObject([
      { proposal_id: id, status: 'expired', resolved_at: '2026-11-28T15:00:00.000Z' },
    ]);
    // A list is a read: no event recorded, REVIEW.md untouched.
    expect(await ledger()).toBe(before);
    expect(readFileSync(review, 'utf8')).toContain('- [ ]');
    expect(await cli.ok(['proposals', 'expire'], day8)).toContain(id);
    expect(await ledger()).not.toBe(before);
    expect(readFileSync(review, 'utf8')).not.toContain('- [ ]');
    expect(await cli.ok(['proposals', 'list', '--status', 'expired'], day8)).toContain(id);
  });

  it('still offers it on day 6, and a tick after day 7 says it expired rather than "nothing ticked"', async () => {
    const { id, review } = await staged();
    expect(await cli.ok(['proposals', 'list'], '2026-11-27T15:00:00Z')).toContain(id);
    expect(readFileSync(review, 'utf8')).toContain('- [ ]');
    writeFileSync(review, readFileSync(review, 'utf8').replace('- [ ]', '- [x]'));
    const synced = await cli.ok(['proposals', 'sync'], '2026-11-29T16:00:00Z');
    expect(synced).toContain(`expired (unreviewed for 7 days, not approved): ${id}`);
    expect(synced).not.toContain('nothing ticked');
  });
});
