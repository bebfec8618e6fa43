import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { morningAt } from '../../../engine/__fixtures__/thread-messages.js';
import { messageRecord } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

const NOW = '2026-03-01T12:00:00Z';

function line(
  id: string,
  role: 'user' | 'assistant',
  content: string,
  minute: number,
  thread = 'planning',
) {
  return JSON.stringify(messageRecord(thread, id, role, content, morningAt(minute)));
}

const FIRST = [
  line('m01', 'user', "Let's use Postgres for analytics.", 0),
  line('m02', 'assistant', 'Sounds good.', 1),
  line('m03', 'user', 'We need to set up connection pooling.', 2),
];
const SECOND = [
  line('m04', 'user', 'We switched to ClickHouse instead of Postgres for analytics.', 5),
];

interface ItemJson {
  readonly uid: string;
  readonly type: string;
  readonly status: string;
  readonly text: string;
  readonly replaced_by: string | null;
}

/** `verity items` in-process, vectors off (structure-only reconciliation). */
describe('verity items', () => {
  const cli = useCliHome('verity-cli-items-', {
    now: NOW,
    config: () => ({ embeddings: { provider: 'none' } }),
  });
  const verity = (args: readonly string[]) => cli.verity(args);

  async function ingest(lines: readonly string[], ...flags: string[]) {
    const file = join(cli.dir, `batch-${Math.random().toString(36).slice(2)}.jsonl`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const result = await verity(['ingest', file, ...flags]);
    expect(result.code, result.stderr).toBe(0);
  }

  async function listJson(...flags: string[]): Promise<ItemJson[]> {
    const result = await verity(['items', 'list', '--json', ...flags]);
    expect(result.code, result.stderr).toBe(0);
    return (JSON.parse(result.stdout) as { items: ItemJson[] }).items;
  }

  it('lists the open items extracted at ingest, as JSON and as the compact section', async () => {
    await ingest(FIRST);
    const items = await listJson('--thread', 'planning');
    expect(items.map((item) => [item.type, item.text])).toEqual([
      ['decision', 'Use Postgres for analytics'],
      ['action', 'Set up connection pooling'],
    ]);

    const text = await verity(['items', 'list', '--thread', 'planning']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('\n')[0]).toMatch(/^State \(updated: .+, items: 2\)$/);
    expect(text.stdout).toContain(
      'DECISION (active) analytics: Use Postgres for analytics [refs:1]',
    );
  });

  it('shows superseded items only with --all, pointing at their replacement', async () => {
    await ingest(FIRST);
    await ingest(SECOND);
    const open = await listJson();
    expect(open.map((item) => item.text)).toEqual([
      'Use ClickHouse for analytics instead of Postgres',
      'Set up connection pooling',
    ]);
    const all = await listJson('--all', '--entity', 'user:primary');
    const old = all.find((item) => item.text === 'Use Postgres for analytics');
    expect(old).toMatchObject({ status: 'superseded', replaced_by: open[0]?.uid });

    const text = await verity(['items', 'list', '--all']);
    expect(text.stdout).toContain(`(superseded -> ${open[0]?.uid}) planning: Use Postgres`);
  });

  it('expands an item to its source messages and fails with exit 1 for an unknown uid', async () => {
    await ingest(FIRST);
    const [decision] = await listJson();
    const result = await verity(['items', 'expand', decision?.uid ?? '', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const expanded = JSON.parse(result.stdout) as {
      item: ItemJson;
      messages: { message_id: string; content: string }[];
      missing: string[];
    };
    expect(expanded.item.uid).toBe(decision?.uid);
    expect(expanded.messages.map((m) => [m.message_id, m.content])).toEqual([
      ['m01', "Let's use Postgres for analytics."],
    ]);

    const text = await verity(['items', 'expand', decision?.uid ?? '', '--thread', 'planning']);
    expect(text.stdout).toContain("[m01] user 2026-03-01T09:00:00.000Z: Let's use Postgres");

    const missing = await verity(['items', 'expand', 'd_000000000000']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no state item d_000000000000');
  });

  it('extracts what ingest --no-wait left for later', async () => {
    await ingest(FIRST, '--no-wait');
    expect(await listJson()).toEqual([]);
    const result = await verity(['items', 'extract']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      'planning: 2 new, 0 merged, 0 superseded, 0 in conflict, 0 dropped; up to m03\n',
    );
    expect(await listJson()).toHaveLength(2);

    const again = await verity(['items', 'extract', '--json']);
    expect(JSON.parse(again.stdout)).toEqual({ threads: 0, runs: [], stale: 0 });
  });

  it('keeps rebuild --verify green with extraction events in the ledger', async () => {
    await ingest(FIRST);
    await ingest(SECOND);
    const result = await verity(['rebuild', '--verify', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ verified: true });
  });
});
