import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageRecord } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

const NOW = '2026-05-04T19:00:00Z';

type Turn = readonly [string, 'user' | 'assistant', string];

/** The members of `verity forget --json` these cases read. */
interface ForgetAnswer {
  readonly covered_events: number;
  readonly messages_erased: readonly string[];
  readonly masks_kept: readonly string[];
}

describe('verity forget of a question keeps the rest of a reply that says more', () => {
  const cli = useCliHome('verity-cli-forget-kept-', {
    now: NOW,
    config: () => ({ embeddings: { provider: 'none' } }),
  });

  async function ingest(thread: string, turns: readonly Turn[]): Promise<void> {
    const lines = turns.map(([id, role, content], i) =>
      JSON.stringify(messageRecord(thread, id, role, content, `2026-05-04T18:0${i + 1}:00Z`)),
    );
    writeFileSync(join(cli.dir, 'chat.jsonl'), `${lines.join('\n')}\n`);
    await cli.ok(['ingest', join(cli.dir, 'chat.jsonl')]);
  }

  /** `verity forget --message TARGET --yes --json`, which must exit 0; the answer it printed. */
  async function forgetJson(target: string): Promise<ForgetAnswer> {
    return JSON.parse(
      await cli.ok(['forget', '--message', target, '--yes', '--json']),
    ) as ForgetAnswer;
  }

  /** What search, ask, the context, items and state show of `thread`. */
  async function shown(thread: string, query: string): Promise<string> {
    const runs = [
      await cli.verity(['search', query, '--mode', 'text', '--k', '50']),
      await cli.verity(['ask', query]),
      await cli.verity(['context', '--thread', thread, '--budget', '8000', '--md']),
      await cli.verity(['items', 'list', '--thread', thread, '--all', '--json']),
      await cli.verity(['state', 'snapshot']),
    ];
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    return runs.map((r) => r.stdout).join('\n');
  }

  it('keeps what else the reply says, masked where the question made it secret, after a rebuild too', async () => {
    await ingest('shed', [
      ['s1', 'assistant', "What's the new code for the bike shed?"],
      ['s2', 'user', "it's 5920, and the plumber comes on Friday"],
    ]);
    const forgotten = await cli.verity(['forget', '--message', 'shed/s1', '--yes']);
    expect(forgotten.code, forgotten.stderr).toBe(0);
    expect(forgotten.stdout).toContain('1 events covered');
    expect(forgotten.stdout).toContain('replies kept, their secret masked: shed/s2');
    const after = await shown('shed', 'plumber Friday 5920 bike shed code');
    expect(after).toContain('the plumber comes on Friday');
    expect(after).not.toContain('5920');
    const rebuilt = await cli.verity(['rebuild', '--verify', '--json']);
    expect(rebuilt.code, rebuilt.stdout + rebuilt.stderr).toBe(0);
    const again = await shown('shed', 'plumber Friday 5920 bike shed code');
    expect(again).toContain('the plumber comes on Friday');
    expect(again).not.toContain('5920');
  });

  it('erases a reply that is nothing but the value, and nothing else', async () => {
    await ingest('gate', [
      ['g1', 'user', 'The council repainted the side gate this week.'],
      ['g2', 'assistant', "What's the side gate code now?"],
      ['g3', 'user', "it's 3318"],
      ['g4', 'user', 'The bins go out on Wednesday.'],
    ]);
    const preview = await cli.verity(['forget', '--message', 'gate/g2']);
    expect(preview.code).toBe(2);
    expect(preview.stderr).toContain('a reply, of any speaker, that is nothing but a secret');
    const result = await forgetJson('gate/g2');
    expect(result.covered_events).toBe(2);
    expect(result.messages_erased).toEqual(['gate/g3']);
    expect(result.masks_kept).toEqual([]);
    const after = await shown('gate', 'bins Wednesday 3318 side gate code');
    expect(after).not.toContain('3318');
    expect(after).toContain('The bins go out on Wednesday.');
    expect(after).toContain('repainted the side gate');
  });

  it('keeps the state and items read from the reply and from the messages before it', async () => {
    await ingest('hall', [
      ['h1', 'user', 'We decided to move the book club to the library from March.'],
      ['h2', 'assistant', "What's the new alarm code for the hall?"],
      ['h3', 'user', "it's 2064, and I'm vegan now"],
    ]);
    const before = await shown('hall', 'book club library vegan 2064 alarm');
    expect(before).toContain('"diet": "vegan"');
    expect(before).toContain('DECISION');
    await forgetJson('hall/h2');
    const after = await shown('hall', 'book club library vegan 2064 alarm');
    expect(after).toContain('"diet": "vegan"');
    expect(after).toContain('DECISION');
    expect(after).toContain('Move the book club to the library');
    expect(after).toContain("I'm vegan now");
    expect(after).not.toContain('2064');
  });

  it('erases a bare reply without the items read from the messages around it', async () => {
    await ingest('van', [
      ['v1', 'user', 'We decided to sell the old piano before the move.'],
      ['v2', 'assistant', "What's the new lockbox code for the flat?"],
      ['v3', 'user', "it's 7730"],
      ['v4', 'user', 'I will book the removal van for Saturday.'],
    ]);
    const before = await shown('van', 'piano removal van lockbox 7730');
    expect(before).toContain('Sell the old piano');
    expect(before).toContain('ACTION');
    expect((await forgetJson('van/v2')).covered_events).toBeGreaterThanOrEqual(2);
    const after = await shown('van', 'piano removal van lockbox 7730');
    expect(after).not.toContain('7730');
    expect(after).toContain('Sell the old piano');
    expect(after).toContain('ACTION');
  });

  it.each([
    [
      'fr',
      'Quel est le nouveau code du portail ?',
      "c'est 6617, et le colis arrive jeudi",
      '6617',
      'le colis arrive jeudi',
    ],
    [
      'en',
      "What's the wifi password at the cabin?",
      'Heron-Lake-77, and the boat needs fuel',
      'Heron-Lake-77',
      'the boat needs fuel',
    ],
  ])('keeps the rest of a reply in %s', async (_lang, question, reply, secret, rest) => {
    await ingest('door', [
      ['d1', 'assistant', question],
      ['d2', 'user', reply],
    ]);
    await forgetJson('door/d1');
    const after = await shown('door', `${rest} ${secret}`);
    expect(after).toContain(rest);
    expect(after).not.toContain(secret);
  });

  it.each([
    ['How many chairs are left in the loft?', '7'],
    ['What time does the plumber come?', 'at 14:30'],
  ])('keeps a count or a time given in reply to "%s"', async (question, reply) => {
    await ingest('loft', [
      ['l1', 'assistant', question],
      ['l2', 'user', reply],
    ]);
    expect((await forgetJson('loft/l1')).covered_events).toBe(1);
    const context = await cli.verity(['context', '--thread', 'loft', '--budget', '4000', '--md']);
    expect(context.stdout).toContain(reply);
    expect(context.stdout).not.toContain('[secret]');
  });
});
