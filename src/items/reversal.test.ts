// A reworded reversal (issue #10 §7): "actually let's not do X, we'll do Y" reads as "Use Y instead
// of X" and, reconciled, supersedes the decision that chose X. Sentences of our own.
import { describe, expect, it } from 'vitest';
import type { BatchMessage } from '../core/index.js';
import { createTableSimilarity } from './__fixtures__/fake-similarity.js';
import { reconcileCandidates } from './reconcile-candidates.js';
import { classifySentence, extractRuleCandidates } from './rule-item-extractor.js';

describe('a reworded reversal reads as a choice that replaces another', () => {
  it.each([
    ["Actually let's not do the hotel, we'll take the cabin instead", 'Use cabin instead of hotel'],
    ["actually scrap the hotel, we'll go with the cabin", 'Use cabin instead of hotel'],
    ['on second thought, no hotel — cabin it is', 'Use cabin instead of hotel'],
    ["We won't use Redis after all, we'll use Postgres", 'Use Postgres instead of Redis'],
    ['lets not book the hostel; we will book the airbnb', 'Use airbnb instead of hostel'],
    [
      "We are not going with the red one, let's take the blue one",
      'Use blue one instead of red one',
    ],
  ])('%s', (sentence, text) => {
    expect(classifySentence(sentence, 'user')).toMatchObject({ typeTag: 'decision', text });
  });

  it.each([
    ["no worries, we'll use the van", 'Use van'],
    ["No problem, let's go with the train", 'Use train'],
  ])('an interjection "no" takes nothing back: %s', (sentence, text) => {
    expect(classifySentence(sentence, 'user')?.text).toBe(text);
  });

  it('closes the first decision when reconciled', async () => {
    const at = (minute: number) => `2026-03-02T10:0${minute}:00.000Z`;
    const first: BatchMessage = {
      messageId: 'u1',
      role: 'user',
      content: "Let's go with the hotel by the lake.",
      createdAt: at(0),
    };
    const second: BatchMessage = {
      messageId: 'u2',
      role: 'user',
      content: "Hmm, actually let's not do the hotel, we'll take the cabin instead.",
      createdAt: at(1),
    };
    const reconcile = (
      existing: Parameters<typeof reconcileCandidates>[0]['existing'],
      batch: BatchMessage[],
    ) =>
      reconcileCandidates({
        existing,
        candidates: extractRuleCandidates(batch),
        batch,
        similarity: createTableSimilarity([]),
        now: at(2),
        source: 'rules',
      });
    const opened = await reconcile([], [first]);
    expect(opened.items.map((i) => [i.text, i.status])).toEqual([['Use hotel', 'active']]);
    const closed = await reconcile(opened.items, [second]);
    const byText = new Map(closed.items.map((i) => [i.text, i.status]));
    expect(byText.get('Use hotel')).toBe('superseded');
    expect(byText.get('Use cabin instead of hotel')).toBe('active');
  });
});
