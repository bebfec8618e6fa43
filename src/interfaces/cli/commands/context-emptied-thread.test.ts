import { describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../../../testing/index.js';
import { contextMarkdown, useCliHome } from '../__fixtures__/cli-home.js';

/**
 * An install with no household or team: the default user's private thread and notes thread, and
 * two threads only one other person ever wrote in.
 */
const RECORDS = toJsonl([
  messageRecord(
    'primary-dm',
    'p1',
    'user',
    'Just between us: the oncologist called about my scan results.',
    '2026-05-02T08:00:00Z',
    { entity_id: 'user:primary' },
  ),
  messageRecord(
    'primary-notes',
    'n1',
    'user',
    'Buy stamps for the parcel to Ghent.',
    '2026-05-02T08:30:00Z',
    { entity_id: 'user:primary' },
  ),
  messageRecord(
    'primary-notes',
    'n2',
    'user',
    'Water the fern on the landing.',
    '2026-05-02T08:40:00Z',
    { entity_id: 'user:primary' },
  ),
  messageRecord(
    'wren-dm',
    'w1',
    'user',
    'My badminton partner moved our game to Saturday.',
    '2026-05-02T09:00:00Z',
    { entity_id: 'user:wren' },
  ),
  messageRecord(
    'odile-solo',
    's1',
    'user',
    'The bakery on the corner closes early on Sundays.',
    '2026-05-02T10:00:00Z',
    { entity_id: 'user:odile' },
  ),
]);

describe('verity context --thread for a thread a forget emptied, on an install without groups', () => {
  const cli = useCliHome('verity-cli-emptied-thread-', {
    now: '2026-05-03T12:00:00Z',
    config: () => ({ embeddings: { provider: 'none' } }),
    records: RECORDS,
  });

  const context = (thread: string, query: string): Promise<string> =>
    contextMarkdown(cli, '--thread', thread, '--query', query);

  async function forget(...target: string[]): Promise<void> {
    const result = await cli.verity(['forget', ...target, '--yes']);
    expect(result.code, result.stderr).toBe(0);
  }

  it("never gives the default user's view to a thread emptied by forgetting its only speaker", async () => {
    await forget('--entity', 'user:wren');
    const shown = await context('wren-dm', 'oncologist scan badminton');
    expect(shown).not.toContain('oncologist');
    expect(shown).not.toContain('badminton');
    // The mark is a ledger event: a rebuild folds it again, and replay agrees.
    const rebuilt = await cli.verity(['rebuild', '--verify']);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(await context('wren-dm', 'oncologist scan')).not.toContain('oncologist');
  });

  it("never gives the default user's view to a thread emptied by forgetting its only message", async () => {
    await forget('--message', 'odile-solo/s1');
    const shown = await context('odile-solo', 'oncologist scan bakery');
    expect(shown).not.toContain('oncologist');
    expect(shown).not.toContain('bakery');
  });

  it('keeps the own view of a one-person thread that still has messages, and of a new thread', async () => {
    await forget('--message', 'primary-notes/n1');
    const notes = await context('primary-notes', 'oncologist scan fern');
    expect(notes).toContain('fern on the landing');
    expect(notes).not.toContain('stamps');
    // Still the default user's own thread: her memories from her other threads come with it.
    expect(notes).toContain('oncologist');
    expect(await context('evening-chat', 'oncologist scan')).toContain('oncologist');
  });
});
