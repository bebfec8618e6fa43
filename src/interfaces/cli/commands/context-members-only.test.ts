import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../../../testing/index.js';
import { type CliHome, contextMarkdown, useCliHome } from '../__fixtures__/cli-home.js';

/**
 * A store for the enclosing suite, on 3 May 2026 at noon, without embeddings and with the
 * household `members` configured; `records` are ingested when given.
 */
function useHouseholdHome(
  prefix: string,
  members: Record<string, readonly string[]>,
  records?: string,
): CliHome {
  return useCliHome(prefix, {
    scope: 'all',
    now: '2026-05-03T12:00:00Z',
    config: () => ({ embeddings: { provider: 'none' }, members }),
    ...(records === undefined ? {} : { records }),
  });
}

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
  // No `we`: the household is known from its members' names alone.
  const cli = useHouseholdHome(
    'verity-cli-members-only-',
    { 'family:lanoix': ['Odile', 'Bastien Lanoix', 'Marius Lanoix'] },
    RECORDS,
  );

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
    const shown = await contextMarkdown(cli, '--thread', thread, '--query', query);
    expect(shown).toContain(own);
    expect(shown).not.toContain(secret);
  });

  it('keeps her own view when she is named', async () => {
    const named = ['--thread', 'garden-chat', '--entity', 'user:odile'];
    const shown = await contextMarkdown(cli, ...named, '--query', 'dermatologist biopsy');
    expect(shown).toContain('biopsy');
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
  const cli = useHouseholdHome(
    'verity-cli-members-ids-',
    { 'family:nowak': ['Łukasz Nowak', 'user:jess'] },
    NOWAK,
  );

  it.each([
    ['kitchen', 'work permit renewal dishwasher', 'dishwasher salt', 'permit'],
    ['hallway', 'counsellor Fridays umbrella', 'umbrella stand', 'counsellor'],
  ])("gives %s, a member's thread, the thread's own view", async (thread, query, own, secret) => {
    const shown = await contextMarkdown(cli, '--thread', thread, '--query', query);
    expect(shown).toContain(own);
    expect(shown).not.toContain(secret);
  });
});

/**
 * A household whose second member was typed as a malformed entity id (`User:Bram` for
 * `user:bram`), each member with a private thread, a household thread both wrote in and one only
 * Bram has written in so far; and an outsider, Zed, with a thread of his own.
 */
const HOLM = toJsonl([
  messageRecord(
    'ada-dm',
    'a1',
    'user',
    'Between us: I am applying for a transfer to the Oslo office.',
    '2026-05-02T08:00:00Z',
    { entity_id: 'user:ada' },
  ),
  messageRecord(
    'holm-kitchen',
    'k1',
    'user',
    'The freezer door does not shut properly.',
    '2026-05-02T09:00:00Z',
    { entity_id: 'user:ada' },
  ),
  messageRecord(
    'holm-kitchen',
    'k2',
    'user',
    'I ordered a new rubber seal for the freezer door.',
    '2026-05-02T10:00:00Z',
    { entity_id: 'user:bram' },
  ),
  messageRecord(
    'bram-dm',
    'b1',
    'user',
    'Keep this quiet: my dentist found two cavities and I am scared of the drill.',
    '2026-05-02T10:30:00Z',
    { entity_id: 'user:bram' },
  ),
  messageRecord(
    'holm-garage',
    'g1',
    'user',
    'The lawnmower blade is blunt again.',
    '2026-05-02T10:45:00Z',
    { entity_id: 'user:bram' },
  ),
  messageRecord('zed-dm', 'z1', 'user', 'My bike has a flat tyre again.', '2026-05-02T11:00:00Z', {
    entity_id: 'user:zed',
  }),
]);

describe('verity with a members entry that can match no one', () => {
  const cli = useHouseholdHome('verity-cli-members-unmatched-', {
    'family:holm': ['Ada', 'User:Bram'],
  });
  let ingestErr = '';

  beforeAll(async () => {
    const file = join(cli.dir, 'records.jsonl');
    writeFileSync(file, HOLM);
    const ingested = await cli.verity(['ingest', file]);
    expect(ingested.code, ingested.stderr).toBe(0);
    ingestErr = ingested.stderr;
  });

  it('runs the command and warns once, naming the entry', () => {
    expect(ingestErr.split('members["family:holm"][1]').length - 1).toBe(1);
    expect(ingestErr).toContain('"User:Bram"');
    expect(ingestErr).toContain('entity id');
    expect(ingestErr).toContain('lower-case "user:<slug>"');
    expect(ingestErr).toContain('did you mean "user:bram"?');
  });

  it("gives the household thread both wrote in the thread's own view", async () => {
    const query = 'transfer Oslo office dentist cavities drill';
    const shown = await contextMarkdown(cli, '--thread', 'holm-kitchen', '--query', query);
    expect(shown).toContain('freezer door');
    expect(shown).not.toMatch(/Oslo|cavities/);
  });

  it('shows no private thread of the member the typo missed in a thread only he wrote in', async () => {
    const query = 'lawnmower dentist cavities drill';
    const shown = await contextMarkdown(cli, '--thread', 'holm-garage', '--query', query);
    expect(shown).toContain('lawnmower blade');
    expect(shown).not.toContain('cavities');
  });

  it("shows an outsider nothing of the household's, in context or search", async () => {
    const query = 'freezer door seal transfer Oslo';
    const context = await contextMarkdown(cli, '--entity', 'user:zed', '--query', query);
    expect(context).not.toMatch(/freezer|Oslo/);
    const search = await cli.verity([
      'search',
      'freezer',
      '--entity',
      'user:zed',
      '--mode',
      'text',
      '--json',
    ]);
    expect(search.code, search.stderr).toBe(0);
    expect(JSON.parse(search.stdout)).toEqual({ hits: [] });
    const all = await cli.verity(['search', 'freezer', '--mode', 'text', '--json']);
    expect(all.code, all.stderr).toBe(0);
    expect((JSON.parse(all.stdout) as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
  });

  it("forgets a message of the member the typo missed, and the thread stays the thread's", async () => {
    const forgot = await cli.verity(['forget', '--message', 'holm-kitchen/k2', '--yes']);
    expect(forgot.code, forgot.stderr).toBe(0);
    const query = 'rubber seal transfer Oslo';
    const shown = await contextMarkdown(cli, '--thread', 'holm-kitchen', '--query', query);
    expect(shown).not.toMatch(/rubber seal|Oslo/);
  });
});
