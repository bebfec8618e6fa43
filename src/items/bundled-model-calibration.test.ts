import { afterAll, describe, expect, it } from 'vitest';
import {
  analyzeChoice,
  type BatchMessage,
  type CandidateItem,
  comparableText,
  type StateItem,
} from '../core/index.js';
import { createEmbedder } from '../embeddings/index.js';
import { toModelKey } from '../providers/index.js';
import { createLocalEmbeddingModel } from '../providers/local/index.js';
import { createManualClock } from '../testing/index.js';
import { itemOnRecord } from './__fixtures__/items.js';
import { calibrateScoredPairs, scoreCalibrationPairs } from './calibrate-thresholds.js';
import { CALIBRATION_PAIRS } from './calibration-pairs.js';
import { CALIBRATED_THRESHOLDS, CALIBRATION_RECORDS, thresholdsFor } from './calibrations.js';
import { createEmbeddingSimilarity } from './embedding-similarity.js';
import { type ReconcileAction, reconcileCandidates } from './reconcile-candidates.js';
import { createRuleItemExtractor, topicTagsFor } from './rule-item-extractor.js';
import { runItemExtraction } from './run-item-extraction.js';

/**
 * The decisions users expect, with the real bundled model (Universal Sentence Encoder lite) and its
 * calibrated thresholds, on sentences that are not in the calibration set.
 */
const model = createLocalEmbeddingModel({ workers: 1 });
const modelKey = toModelKey(model);
const embedder = createEmbedder(model);
const embed = (texts: readonly string[]) =>
  embedder.embedDocuments(texts.map((text) => embedder.documentInput(text)));
const thresholds = thresholdsFor(modelKey);

afterAll(async () => {
  await model.close();
});

const EARLIER = '2026-05-04T09:00:00.000Z';
const LATER = '2026-05-20T09:00:00.000Z';
const batch: readonly BatchMessage[] = [
  { messageId: 'm20', role: 'user', content: '', createdAt: LATER },
];

/** A decision as an LLM extractor would phrase it: free wording, tags and choice from the text. */
function decision(text: string, ref: string): CandidateItem {
  const choice = analyzeChoice(text);
  return {
    typeTag: 'decision',
    text,
    status: 'active',
    confidence: 'high',
    topicTags: topicTagsFor('decision', text),
    refs: [ref],
    supersedes: null,
    replaces: choice.replaced,
    chosen: choice.chosen,
    conflict: false,
  };
}

function onRecord(text: string): StateItem {
  return itemOnRecord(decision(text, 'm01'), EARLIER, 'llm');
}

const THREAD = [
  'Use Postgres for analytics',
  'Go with Slack for team chat',
  'Launch the public API on May 14',
  'Use TypeScript for the new services',
];

/** Reconciles one later decision against a thread holding `THREAD`, with real embeddings. */
async function reconcileLater(text: string): Promise<ReconcileAction> {
  const outcome = await reconcileCandidates({
    existing: THREAD.map(onRecord),
    candidates: [decision(text, 'm20')],
    batch,
    similarity: createEmbeddingSimilarity({ embed }),
    thresholds,
    now: LATER,
    source: 'llm',
  });
  const [action] = outcome.actions;
  if (action === undefined) throw new Error('no action');
  return action;
}

function target(action: ReconcileAction): string | null {
  const uid =
    action.kind === 'merge'
      ? action.uid
      : action.kind === 'supersede'
        ? action.replacedUid
        : action.kind === 'conflict'
          ? action.withUid
          : null;
  return THREAD.find((text) => onRecord(text).uid === uid) ?? null;
}

const SUPERSEDING: readonly (readonly [string, string])[] = [
  ['We switched to ClickHouse instead of Postgres for analytics', 'Use Postgres for analytics'],
  ['We switched team chat to Discord instead of Slack', 'Go with Slack for team chat'],
  ['Switched the new services to Go instead of TypeScript', 'Use TypeScript for the new services'],
];
const RESTATED: readonly (readonly [string, string])[] = [
  ['Team chat happens on Slack', 'Go with Slack for team chat'],
  ['The public API goes live on May 14', 'Launch the public API on May 14'],
  ['New services are written in TypeScript', 'Use TypeScript for the new services'],
];
const UNRELATED = [
  'Buy the team new standing desks',
  'Move the quarterly review to Thursday',
  'Cater the holiday party with the taco truck',
];

describe(`reconciliation with the bundled model (${modelKey}) and its calibrated thresholds`, () => {
  it('uses a calibration of its own, not the seed defaults', () => {
    expect(CALIBRATED_THRESHOLDS[modelKey]).toBeDefined();
    expect(thresholds).toBe(CALIBRATED_THRESHOLDS[modelKey]);
  });

  it('tests on sentences that are not in the calibration set', () => {
    const calibration = new Set(
      CALIBRATION_PAIRS.flatMap((p) => [p.earlier, p.later]).map(comparableText),
    );
    const used = [...THREAD, ...SUPERSEDING.flat(), ...RESTATED.flat(), ...UNRELATED];
    expect(used.filter((text) => calibration.has(comparableText(text)))).toEqual([]);
  });

  it.each(SUPERSEDING)('supersedes the earlier choice: "%s"', async (later, earlier) => {
    const action = await reconcileLater(later);
    expect([action.kind, target(action)]).toEqual(['supersede', earlier]);
  });

  it.each(RESTATED)('merges a restated decision: "%s"', async (later, earlier) => {
    const action = await reconcileLater(later);
    expect([action.kind, target(action)]).toEqual(['merge', earlier]);
  });

  // A known miss, recorded in the ADR: with this model the restatement scores about 0.70 against
  // its original, below the calibrated merge threshold, and nothing structural links "live in
  // Postgres" to "use Postgres", so it is kept as a separate item. Update this test when a change
  // (model, thresholds or structure) makes it merge.
  it('leaves a restatement that scores below the merge threshold separate (known miss)', async () => {
    const action = await reconcileLater('Analytics will live in Postgres');
    expect(action.kind).toBe('insert');
    expect(action.kind === 'insert' ? action.score : null).toBeLessThan(thresholds.merge);
  });

  it.each(UNRELATED)('keeps an unrelated decision separate: "%s"', async (later) => {
    const action = await reconcileLater(later);
    expect(action.kind).toBe('insert');
  });

  it('supersedes through a full run of the rule extractor on messages', async () => {
    const similarity = createEmbeddingSimilarity({ embed });
    const first = await runItemExtraction({
      messages: [
        {
          messageId: 'm01',
          role: 'user',
          content: "Let's use Postgres for analytics.",
          createdAt: EARLIER,
        },
      ],
      watermark: null,
      existing: [],
      extractor: createRuleItemExtractor(),
      similarity,
      thresholds,
      clock: createManualClock(EARLIER),
    });
    const second = await runItemExtraction({
      messages: [
        {
          messageId: 'm20',
          role: 'user',
          content:
            'We switched to ClickHouse instead of Postgres for analytics. We decided to buy the team new standing desks.',
          createdAt: LATER,
        },
      ],
      watermark: first.watermark,
      existing: first.changed,
      extractor: createRuleItemExtractor(),
      similarity,
      thresholds,
      clock: createManualClock(LATER),
    });
    expect(second.actions.map((a) => a.kind)).toEqual(['supersede', 'insert']);
    const old = second.changed.find((item) => item.uid === first.changed[0]?.uid);
    expect(old).toMatchObject({ status: 'superseded', text: 'Use Postgres for analytics' });
  });

  it('reproduces the committed calibration (else run npm run bench:calibrate-items)', async () => {
    const scored = await scoreCalibrationPairs(CALIBRATION_PAIRS, embed, model.maxBatchSize);
    const calibration = await calibrateScoredPairs(scored);
    expect(calibration.thresholds).toEqual(CALIBRATED_THRESHOLDS[modelKey]);
    expect(calibration.record).toEqual(CALIBRATION_RECORDS[modelKey]);
  });
});
