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
    // A "no X" takes back an option the thread named before (see the test below).
    [
      'on second thought, no hotel — cabin it is',
      'Use cabin instead of hotel',
      'the hotel or the cabin?',
    ],
    ["We won't use Redis after all, we'll use Postgres", 'Use Postgres instead of Redis'],
    ['lets not book the hostel; we will book the airbnb', 'Use airbnb instead of hostel'],
    [
      "We are not going with the red one, let's take the blue one",
      'Use blue one instead of red one',
    ],
  ])('%s', (sentence, text, earlier = '') => {
    expect(classifySentence(sentence, 'user', earlier)).toMatchObject({
      typeTag: 'decision',
      text,
    });
  });

  it.each([
    "No regrets, we'll take the job",
    // Ours.
    "no hard feelings, we'll go with the other agency",
    "No excuses, let's book the early ferry",
    'no hotel, cabin it is',
  ])('a "no X" naming no earlier option takes nothing back: %s', (sentence) => {
    expect(classifySentence(sentence, 'user')?.text ?? '').not.toMatch(/instead of/);
    expect(classifySentence(sentence, 'user')?.typeTag ?? null).not.toBe('constraint');
  });

  it('a "no X" takes back an option named earlier in the batch', () => {
    const batch: BatchMessage[] = [
      {
        messageId: 'a',
        role: 'user',
        content: 'Is the ferry or the plane better?',
        createdAt: '2026-03-02T10:00:00.000Z',
      },
      {
        messageId: 'b',
        role: 'user',
        content: "No ferry, we'll take the plane.",
        createdAt: '2026-03-02T10:01:00.000Z',
      },
    ];
    expect(extractRuleCandidates(batch).map((c) => c.text)).toContain('Use plane instead of ferry');
    expect(
      extractRuleCandidates(batch.slice(1))
        .map((c) => c.text)
        .join(),
    ).not.toMatch(/instead of/);
  });

  it.each([
    ["We won't pick the kids up, we'll get a taxi", 'Use taxi instead of kids'],
    // Ours.
    ["we won't take the car out, we'll take the bike", 'Use bike instead of car'],
    ["let's not book the room back, we'll book the suite", 'Use suite instead of room'],
  ])('the particle of a phrasal verb is no part of the object: %s', (sentence, text) => {
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
