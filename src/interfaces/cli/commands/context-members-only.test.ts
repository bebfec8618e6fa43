import { describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

/**
 * Odile's own thread, then a household thread only she has written in so far; the same for
 * Bastien, listed by his whole name and writing as his first name's entity, and for his brother
 * Marius, listed by his whole name and writing as its entity.
 */
const RECORDS = toJsonl([
  messageRecord(
    'odile-dm',
    'o1',
    'user',
    'Keep this to yourself: the dermatologist wants a biopsy next week.',
    '2026-05-02T08:00:00Z',
    { entity_id: 'user:odile' },
  ),
  messageRecord(
    'garden-chat',
    'g1',
    'user',
    'The hedge trimmer is back from the repair shop.',
    '2026-05-02T09:00:00Z',
    { entity_id: 'user:odile' },
  ),
  messageRecord(
    'bastien-dm',
    'b1',
    'user',
    'Do not tell anyone that I failed the driving theory test again.',
    '2026-05-02T10:00:00Z',
    { entity_id: 'user:bastien' },
  ),
  messageRecord(
    'shed-chat',
    's1',
    'user',
    'The shed key now hangs by the back door.',
    '2026-05-02T11:00:00Z',
    { entity_id: 'user:bastien' },
  ),
  messageRecord(
    'marius-dm',
    'm1',
    'user',
    'Only you know this: I am interviewing with a rival firm on Tuesday.',
    '2026-05-02T12:00:00Z',
    { entity_id: 'user:marius_lanoix' },
  ),
  messageRecord(
    'porch-chat',
    'c1',
    'user',
    'The porch lamp needs a new bulb.',
    '2026-05-02T13:00:00Z',
    { entity_id: 'user:marius_lanoix' },
  ),
]);

describe('verity context --thread with a household configured by members only', () => {
  const cli = useCliHome('verity-cli-members-only-', {
    scope: 'all',
    now: '2026-05-03T12:00:00Z',
    // No `we`: the household is known from its members' names alone.
    config: () => ({
      embeddings: { provider: 'none' },
      members: { 'family:lanoix': ['Odile', 'Bastien Lanoix', 'Marius Lanoix'] },
    }),
    records: RECORDS,
  });

  it.each([
    [
      "gives a member's thread the thread's own view, without her private thread",
      'garden-chat',
      'dermatologist biopsy',
      'hedge trimmer',
      'biopsy',
    ],
    [
      'takes a member listed by whole name for the entity of his first name',
      'shed-chat',
      'driving theory test',
      'shed key',
      'theory',
    ],
    [
      "takes a member listed by whole name for that whole name's entity",
      'porch-chat',
      'interviewing rival firm',
      'porch lamp',
      'rival firm',
    ],
  ])('%s', async (_name, thread, query, own, secret) => {
    const result = await cli.verity(['context', '--thread', thread, '--query', query, '--md']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(own);
    expect(result.stdout).not.toContain(secret);
  });

  it('keeps her own view when she is named', async () => {
    const result = await cli.verity([
      'context',
      '--thread',
      'garden-chat',
      '--entity',
      'user:odile',
      '--query',
      'dermatologist biopsy',
      '--md',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('biopsy');
  });
});

/**
 * A household whose members are written with a letter NFKD leaves whole ("Łukasz") and by entity
 * id (Jessica's messages are filed under `user:jess`, which no form of her name gives).
 */
const NOWAK = toJsonl([
  messageRecord(
    'lukasz-dm',
    'l1',
    'user',
    'Keep it quiet: my work permit renewal was turned down.',
    '2026-05-02T08:00:00Z',
    { entity_id: 'user:lukasz' },
  ),
  messageRecord(
    'kitchen',
    'k1',
    'user',
    'The dishwasher salt is under the sink.',
    '2026-05-02T09:00:00Z',
    { entity_id: 'user:lukasz' },
  ),
  messageRecord(
    'jess-dm',
    'j1',
    'user',
    'Nobody else should know I see a counsellor on Fridays.',
    '2026-05-02T10:00:00Z',
    { entity_id: 'user:jess' },
  ),
  messageRecord(
    'hallway',
    'h1',
    'user',
    'The umbrella stand is by the stairs now.',
    '2026-05-02T11:00:00Z',
    { entity_id: 'user:jess' },
  ),
]);

describe('verity context --thread with members named with accents or by entity id', () => {
  const cli = useCliHome('verity-cli-members-ids-', {
    scope: 'all',
    now: '2026-05-03T12:00:00Z',
    config: () => ({
      embeddings: { provider: 'none' },
      members: { 'family:nowak': ['Łukasz Nowak', 'user:jess'] },
    }),
    records: NOWAK,
  });

  it.each([
    ['kitchen', 'work permit renewal dishwasher', 'dishwasher salt', 'permit'],
    ['hallway', 'counsellor Fridays umbrella', 'umbrella stand', 'counsellor'],
  ])("gives %s, a member's thread, the thread's own view", async (thread, query, own, secret) => {
    const result = await cli.verity(['context', '--thread', thread, '--query', query, '--md']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(own);
    expect(result.stdout).not.toContain(secret);
  });
});

describe('verity with a members entry that can match no one', () => {
  const cli = useCliHome('verity-cli-members-invalid-', {
    init: false,
    config: () => ({ embeddings: { provider: 'none' }, members: { 'family:li': ['李明'] } }),
  });

  it('refuses the config and says to list the member by entity id', async () => {
    const result = await cli.verity(['init']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('members["family:li"][0]');
    expect(result.stderr).toContain('entity id');
  });
});
