import { describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../../../testing/index.js';
import { PRIVATE_WORDS, SHARED_THREAD_JSONL } from '../../__fixtures__/shared-thread.js';
import { contextMarkdown, useCliHome } from '../__fixtures__/cli-home.js';

describe('verity context --thread for a thread two people write in', () => {
  const cli = useCliHome('verity-cli-shared-thread-', {
    scope: 'all',
    now: '2026-06-01T12:00:00Z',
    config: () => ({ embeddings: { provider: 'none' } }),
    records: SHARED_THREAD_JSONL,
  });

  it("shows both speakers' lines by name and nothing of one speaker's private thread", async () => {
    for (const query of [[], ['--query', 'necklace pawnshop']]) {
      const shown = await contextMarkdown(cli, '--thread', 'kitchen-chat', ...query);
      expect(shown).toContain('user (user:ben): The dishwasher is leaking again.');
      expect(shown).toContain('user (user:ana): Fine, I will ask my cousin');
      for (const word of PRIVATE_WORDS) expect(shown).not.toContain(word);
    }
  });

  it('keeps --entity: one member sees only their own lines of the thread', async () => {
    const shown = await contextMarkdown(cli, '--thread', 'kitchen-chat', '--entity', 'user:ben');
    expect(shown).toContain('user: The dishwasher is leaking again.');
    expect(shown).not.toContain('cousin');
  });
});

describe('verity context --thread --pack', () => {
  // The primary user's own commitment, said in their own thread: a recall pack's material.
  const own = toJsonl([
    messageRecord(
      'primary-dm',
      'p1',
      'user',
      'Remind me to cancel the orthodontist appointment tomorrow.',
      '2026-06-01T07:00:00Z',
    ),
  ]);
  const cli = useCliHome('verity-cli-shared-pack-', {
    scope: 'all',
    now: '2026-06-01T12:00:00Z',
    config: () => ({ embeddings: { provider: 'none' } }),
    records: `${own}${SHARED_THREAD_JSONL}`,
  });

  it("puts no one's recall pack in front of a thread asked without --entity, and says so", async () => {
    const result = await cli.verity(['context', '--thread', 'kitchen-chat', '--pack', '--md']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('The dishwasher is leaking again.');
    expect(result.stdout).not.toContain('orthodontist');
    expect(result.stderr).toContain('no recall pack');
  });

  it('keeps the pack of the entity named', async () => {
    const named = ['--thread', 'kitchen-chat', '--entity', 'user:primary', '--pack'];
    expect(await contextMarkdown(cli, ...named)).toContain('orthodontist');
  });
});
