import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageRecord } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

const NOW = '2026-03-01T12:00:00Z';

const MESSAGES = [
  ['trip', 'm1', 'Should we book the ferry to the island for Saturday?', '2026-02-01T10:00:00Z'],
  ['trip', 'm2', 'Yes, the morning ferry, and we can rent bikes there.', '2026-02-01T10:01:00Z'],
  ['home', 'm1', 'The plumber fixes the kitchen sink on Thursday.', '2026-02-10T09:00:00Z'],
  ['home', 'm2', 'Water the tomato plants while we are away.', '2026-02-11T09:00:00Z'],
].map(([thread, id, content, at]) =>
  JSON.stringify(messageRecord(thread ?? '', id ?? '', 'user', content ?? '', at ?? '')),
);

/** `verity` in-process, with the real bundled embedding model (the CLI's default). */
describe('verity search, index and reindex', () => {
  const cli = useCliHome('verity-cli-search-', { scope: 'all', now: NOW });
  const verity = (args: readonly string[]) => cli.verity(args);

  beforeAll(async () => {
    writeFileSync(join(cli.dir, 'first.jsonl'), `${MESSAGES.slice(0, 3).join('\n')}\n`);
    writeFileSync(join(cli.dir, 'second.jsonl'), `${MESSAGES.slice(3).join('\n')}\n`);
  });

  it('ingests messages, fills their vectors, and prints hits as JSON best first', async () => {
    const ingested = await verity(['ingest', join(cli.dir, 'first.jsonl')]);
    expect(ingested.code, ingested.stderr).toBe(0);

    const result = await verity(['search', 'ferry to the island', '--k', '2', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const parsed = JSON.parse(result.stdout) as { hits: Record<string, unknown>[] };
    expect(Object.keys(parsed)).toEqual(['hits']);
    expect(parsed.hits).toHaveLength(2);
    for (const hit of parsed.hits) {
      expect(Object.keys(hit)).toEqual([
        'kind',
        'id',
        'thread_id',
        'message_id',
        'score',
        'scores',
        'snippet',
      ]);
      expect(Object.keys(hit['scores'] as object)).toEqual(['bm25', 'vector']);
    }
    expect(parsed.hits[0]).toMatchObject({
      kind: 'message',
      id: 'm1',
      thread_id: 'trip',
      message_id: 'm1',
      scores: { bm25: expect.any(Number), vector: expect.any(Number) },
      snippet: 'Should we book the ferry to the island for Saturday?',
    });
  });

  it('filters by thread and finds by meaning when no word matches', async () => {
    const result = await verity(['search', 'pipes leaking under the basin', '--json']);
    const parsed = JSON.parse(result.stdout) as { hits: { thread_id: string; id: string }[] };
    expect(parsed.hits[0]).toMatchObject({ thread_id: 'home', id: 'm1' });

    const scoped = await verity(['search', 'ferry', '--thread', 'home', '--json']);
    const scopedHits = (JSON.parse(scoped.stdout) as { hits: { thread_id: string }[] }).hits;
    expect(scopedHits.every((hit) => hit.thread_id === 'home')).toBe(true);
  });

  it('skips vectors with --no-wait, says so on search, and fills them with verity index', async () => {
    const ingested = await verity(['ingest', join(cli.dir, 'second.jsonl'), '--no-wait']);
    expect(ingested.code, ingested.stderr).toBe(0);
    const search = await verity(['search', 'tomato plants']);
    expect(search.code).toBe(0);
    expect(search.stdout).toMatch(/^1\. \[message\] home\/m2/);
    expect(search.stderr).toContain('1 item(s) have no vector yet');

    const indexed = await verity(['index', '--json']);
    expect(indexed.code, indexed.stderr).toBe(0);
    // Four messages and one state item: the question asked in trip/m1 (ingest extracts items).
    expect(JSON.parse(indexed.stdout)).toMatchObject({
      embedded: 1,
      pending: 0,
      outcome: 'done',
      status: { documents: 5, embedded: 5, indexed_model: 'universal-sentence-encoder-lite@0.2.0' },
    });
    expect((await verity(['search', 'tomato plants'])).stderr).toBe('');
  });

  it('reindexes into the model already in use without embedding anything again', async () => {
    const result = await verity(['reindex']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('reindexed: 0 embedded, 0 reused from the cache, 0 failed');
    expect(result.stdout).toContain('index: 5 item(s), 5 with vectors');
  });

  it('rejects bad options as usage errors', async () => {
    expect((await verity(['search', 'x', '--k', '0'])).code).toBe(2);
    expect((await verity(['search', 'x', '--since', 'yesterday'])).code).toBe(2);
    expect((await verity(['search', 'x', '--kind', 'photo'])).code).toBe(2);
    expect((await verity(['search', 'x', '--mode', 'fuzzy'])).code).toBe(2);
  });
});
