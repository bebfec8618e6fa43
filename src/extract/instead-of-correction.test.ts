import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import type { Engine } from '../engine/types.js';
import { createManualClock, createSequentialIds, messageRecord } from '../testing/index.js';
import { asReading, readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

const TEAM = 'team:harbor';
const ON_RECORD: KnownSlot[] = [
  { entityId: TEAM, field: 'project.search_index.provider', value: 'Elasticsearch' },
  { entityId: TEAM, field: 'project.mobile_app.status', value: 'in_progress' },
];

function read(text: string, role: 'user' | 'assistant' = 'user', known = ON_RECORD): string[] {
  return readMessage(text, { at: '2026-04-02T09:00:00Z', entityId: TEAM, role, known }).map(
    asReading,
  );
}

describe('"X instead of Y" of a provider on record', () => {
  it('replaces the provider the sentence names, whatever opens it', () => {
    for (const text of [
      "We're going with OpenSearch instead of Elasticsearch.",
      "Scratch that, we're going with OpenSearch instead of Elasticsearch.",
      'Correction: we use OpenSearch instead of Elasticsearch.',
      'OpenSearch, not Elasticsearch.',
    ]) {
      expect(read(text), text).toEqual(['project.search_index.provider=OpenSearch (strong)']);
    }
  });

  it('reads nothing of a question, a hedge, a wish, another speaker or a value not on record', () => {
    for (const text of [
      'Are we going with OpenSearch instead of Elasticsearch?',
      'Maybe we should use OpenSearch instead of Elasticsearch.',
      'What if we used OpenSearch instead of Elasticsearch.',
      'The data team is going with OpenSearch instead of Elasticsearch.',
      "We're going with OpenSearch instead of Solr.",
      'Last year we used OpenSearch instead of Elasticsearch.',
      "We're going with something cheaper instead of Elasticsearch.",
      "I'd go with OpenSearch instead of Elasticsearch.",
    ]) {
      expect(read(text), text).toEqual([]);
    }
    expect(read("We're going with OpenSearch instead of Elasticsearch.", 'assistant')).toEqual([]);
  });
});

describe('a provider correction after another statement, through the engine', () => {
  const open: { engine: Engine; dir: string }[] = [];
  afterEach(async () => {
    for (const { engine, dir } of open.splice(0)) {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('replaces the provider and leaves the statement said last alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-instead-'));
    const clock = createManualClock('2026-04-01T09:00:00Z');
    const engine = await createEngine({
      home: join(dir, 'home'),
      clock,
      ids: createSequentialIds(),
      embeddings: { model: null },
    });
    open.push({ engine, dir });
    const says = [
      'We decided to use Elasticsearch for the search index.',
      'The mobile app is in progress.',
      "Scratch that, we're going with OpenSearch instead of Elasticsearch.",
    ];
    for (const [index, content] of says.entries()) {
      const at = new Date(clock.now()).toISOString();
      clock.advance(60_000);
      await engine.ingest([
        messageRecord('t1', `m${index + 1}`, 'user', content, at, { entity_id: TEAM }),
      ]);
    }
    const committed = async (field: string) => {
      const view = await engine.getField(TEAM, field);
      return view.status === 'committed' ? view.value : null;
    };
    expect(await committed('project.search_index.provider')).toBe('OpenSearch');
    expect(await committed('project.mobile_app.status')).toBe('in_progress');
  });
});
