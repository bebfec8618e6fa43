import { describe, expect, it } from 'vitest';
import type { BatchMessage, StateItem } from '../core/index.js';
import { validateExtractionCompleted } from '../schemas/index.js';
import type { StoredStateItem } from '../stores/index.js';
import { createManualClock } from '../testing/index.js';
import { toExtractionPayload, upsertsOf, watermarkOf } from './extraction-payload.js';
import { createItemSimilarity, type SimilarityMode } from './item-similarity.js';
import { createRuleItemExtractor } from './rule-item-extractor.js';
import { type ItemExtractionRun, runItemExtraction } from './run-item-extraction.js';

function msg(id: string, content: string, second: number): BatchMessage {
  return {
    messageId: id,
    role: 'user',
    content,
    createdAt: `2026-03-02T10:00:${String(second).padStart(2, '0')}.000Z`,
  };
}

function stored(item: StateItem, entityId: string): StoredStateItem {
  return { ...item, threadId: 't-1', entityId };
}

async function twoRuns() {
  const clock = createManualClock('2026-03-02T12:00:00.000Z');
  const extractor = createRuleItemExtractor();
  const first = await runItemExtraction({
    messages: [msg('m1', "Let's use Postgres for analytics.", 1)],
    watermark: null,
    existing: [],
    extractor,
    similarity: createItemSimilarity(null),
    clock,
  });
  const existing = first.changed.map((item) => stored(item, 'family:smith'));
  const before = first.watermark;
  const second = await runItemExtraction({
    messages: [msg('m2', 'We switched to ClickHouse instead of Postgres for analytics.', 2)],
    watermark: before,
    existing,
    extractor,
    similarity: createItemSimilarity(null),
    clock,
  });
  return { existing, before, second };
}

/** The payload recording `run` after the first of `twoRuns`, for `user:primary` in `t-1`. */
function payloadOf(
  runs: Awaited<ReturnType<typeof twoRuns>>,
  run: ItemExtractionRun,
  similarity: SimilarityMode,
) {
  return toExtractionPayload({
    threadId: 't-1',
    entityId: 'user:primary',
    watermarkBefore: runs.before,
    run,
    existing: runs.existing,
    similarity,
  });
}

describe('toExtractionPayload', () => {
  it('records a run in the extraction_completed schema and reads back the same items', async () => {
    const runs = await twoRuns();
    const { second } = runs;
    const payload = payloadOf(runs, second, 'structure');
    const checked = validateExtractionCompleted(JSON.parse(JSON.stringify(payload)));
    expect(checked.ok, JSON.stringify(checked)).toBe(true);
    expect(payload).toMatchObject({
      thread_id: 't-1',
      entity_id: 'user:primary',
      watermark_before: { created_at: '2026-03-02T10:00:01.000Z', message_id: 'm1' },
      watermark: { created_at: '2026-03-02T10:00:02.000Z', message_id: 'm2' },
      similarity: 'structure',
      error_code: null,
      result: { extractor: 'rules@11', items_superseded: 1, skipped_reason: null },
    });
    expect(payload.candidates.map((c) => c.text)).toEqual(second.candidates.map((c) => c.text));

    // The superseded item keeps its entity; the new one takes the run's.
    const upserts = upsertsOf(payload);
    expect(upserts).toEqual(
      second.changed.map((item) =>
        stored(item, item.status === 'superseded' ? 'family:smith' : 'user:primary'),
      ),
    );
    expect(upserts.find((item) => item.status === 'superseded')?.supersessionEvidence).toEqual(
      second.changed.find((item) => item.status === 'superseded')?.supersessionEvidence,
    );
    expect(watermarkOf(payload)).toEqual(second.watermark);
  });

  it('records a run that left the watermark as null', async () => {
    const runs = await twoRuns();
    const payload = payloadOf(runs, { ...runs.second, watermark: null, changed: [] }, 'degraded');
    expect(validateExtractionCompleted(payload).ok).toBe(true);
    expect(watermarkOf(payload)).toBeNull();
    expect(upsertsOf(payload)).toEqual([]);
  });

  it('is rejected by the schema when a field is unknown or an item has no ref', async () => {
    const runs = await twoRuns();
    const { second } = runs;
    const payload = payloadOf(runs, second, 'structure');
    expect(validateExtractionCompleted({ ...payload, extra: 1 })).toMatchObject({ ok: false });
    const [first, ...rest] = payload.upserts;
    const noRefs = { ...payload, upserts: [{ ...first, refs: [] }, ...rest] };
    expect(validateExtractionCompleted(noRefs)).toMatchObject({ ok: false });
  });
});
