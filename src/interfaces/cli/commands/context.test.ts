import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTEXT_SECTIONS, createGptTokenizer } from '../../../context/index.js';
import { messageRecord, observation, toJsonl } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

const NOW = '2026-03-02T09:00:00Z';

const RECORDS = [
  ...[
    ['t1', 'user', 'We are planning a trip to Lisbon in March.', '2026-03-01T10:00:00Z'],
    ['t2', 'assistant', 'Shall I look for flights?', '2026-03-01T10:01:00Z'],
    ['t3', 'user', 'Which hotel did the Silvas recommend?', '2026-03-01T10:02:00Z'],
  ].map(([id, role, content, at]) =>
    messageRecord('trip', id ?? '', role as 'user' | 'assistant', content ?? '', at ?? ''),
  ),
  messageRecord(
    'lunch',
    'o1',
    'user',
    'The Silvas recommended the Hotel Avenida near the river.',
    '2026-01-10T12:00:00Z',
  ),
  observation({
    id: '0190a5f2-7b1c-7c3e-9a4b-000000000001',
    at: '2026-03-01T10:00:00Z',
    field: 'travel.destination',
    value: 'Lisbon',
    ref: 'thread:trip:msg:t1',
  }),
];

/** `verity context` in-process, with the real bundled embedding model (the CLI's default). */
describe('verity context', () => {
  const cli = useCliHome('verity-cli-context-', {
    scope: 'all',
    now: NOW,
    records: toJsonl(RECORDS),
  });
  const verity = (args: readonly string[]) => cli.verity(args);

  it('prints the result as JSON with tokens per section and the ids it shows', async () => {
    const result = await verity(['context', '--thread', 'trip', '--query', 'hotel', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const parsed = JSON.parse(result.stdout) as {
      entity: string;
      thread: string;
      query: string;
      now: string;
      budget: number;
      total: number;
      markdown: string;
      sections: { name: string; tokens: number; text: string }[];
      included: { message_ids: string[]; memory_ids: string[] };
    };
    expect(parsed).toMatchObject({
      entity: 'user:primary',
      thread: 'trip',
      query: 'hotel',
      now: '2026-03-02T09:00:00.000Z',
      budget: 2000,
      tokenizer: 'o200k_base',
    });
    expect(parsed.sections.map((section) => section.name)).toEqual([...CONTEXT_SECTIONS]);
    const tokenizer = createGptTokenizer();
    for (const section of parsed.sections) {
      expect(section.tokens).toBe(tokenizer.count(section.text));
    }
    expect(parsed.total).toBe(tokenizer.count(parsed.markdown));
    expect(parsed.markdown).toContain('## Canonical state (as of 2026-03-02T09:00Z)');
    expect(parsed.markdown).toContain('- travel.destination: Lisbon');
    expect(parsed.included.memory_ids).toContain('message:lunch/o1');
    expect(parsed.included.message_ids).toEqual(expect.arrayContaining(['o1', 't1', 't2', 't3']));
  });

  it('prints only the markdown with --md', async () => {
    const md = await verity(['context', '--thread', 'trip', '--query', 'hotel', '--md']);
    const json = await verity(['context', '--thread', 'trip', '--query', 'hotel', '--json']);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toBe(`${(JSON.parse(json.stdout) as { markdown: string }).markdown}\n`);
    expect(md.stdout).toMatch(/^Verity context\./);
    expect(md.stdout).toContain('## Recent messages\n[2026-03-01]\nuser: We are planning');
  });

  it('prints the markdown and a token report by default, honouring --budget and --mode', async () => {
    const result = await verity([
      'context',
      '--thread',
      'trip',
      '--budget',
      '120',
      '--mode',
      'minimal',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /\n---\n\d+ of 120 tokens \(o200k_base, minimal mode\) for user:primary, thread trip\n/,
    );
    // The budget is too small for everything: what was cut says so.
    expect(result.stdout).toMatch(/ \(cut\)\n/);
    expect(result.stdout).toMatch(/\n {2}tail +\d+/);
  });

  it('shows the entity state without a thread', async () => {
    const result = await verity(['context', '--entity', 'user:primary', '--md']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('- travel.destination: Lisbon');
    expect(result.stdout).not.toContain('## Recent messages');
  });

  it.each([
    [['--budget', '0'], /--budget.*must be a whole number of tokens/],
    [['--mode', 'huge'], /--mode.*must be full or minimal/],
    [['--json', '--md'], /choose one of --json and --md/],
  ])('exits 2 for %j', async (args, message) => {
    const result = await verity(['context', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('prints recall feedback as JSON when --json follows feedback', async () => {
    const pack = join(cli.dir, 'pack.md');
    const output = join(cli.dir, 'output.txt');
    writeFileSync(
      pack,
      '# Recall pack — 2026-03-02\n\n## Open commitments\n- Book the flights to Lisbon\n',
    );
    writeFileSync(output, 'I booked the flights to Lisbon for Friday.');
    const result = await verity([
      'context',
      'feedback',
      '--pack-file',
      pack,
      '--output',
      output,
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ items_used: 1 });
  });

  it('exits 3 for an entity id the engine refuses', async () => {
    const result = await verity(['context', '--entity', 'bob']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('entity must match');
  });
});
