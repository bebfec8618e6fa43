// The pure parts of bench/state-locomo.ts (issue #10 §5): seeded sampling, label keys, precision
// arithmetic and counts. Synthetic sentences and ids only; no LoCoMo text.
import { describe, expect, it } from 'vitest';
import type { ObservedSlot, StoredLabel } from '../bench/state-locomo-core.js';
import * as core from '../bench/state-locomo-core.js';

const slot = (
  message: string,
  path: string,
  value: string,
  outcome: ObservedSlot['outcome'] = 'committed',
): ObservedSlot => ({
  conv_id: 'conv-x',
  message_id: `conv-x/${message}`,
  path,
  value,
  outcome,
  confidence: 0.9,
});

const label = (o: ObservedSlot, verdict: StoredLabel['label'], reason: string): StoredLabel => ({
  conv_id: o.conv_id,
  message_id: o.message_id,
  path: o.path,
  value_hash: core.valueHash(o.value),
  label: verdict,
  reason,
});

describe('valueHash and label keys', () => {
  it('names a value by the first 12 hex digits of its SHA-256', () => {
    expect(core.valueHash('Lisbon')).toBe('92e5dc262be8');
    expect(core.valueHash('Lisbon')).not.toBe(core.valueHash('lisbon'));
  });

  it('gives a commit and its stored label the same key, and a different value another', () => {
    const o = slot('D1:1', 'travel.location', 'Lisbon');
    expect(core.observedKey(o)).toBe(core.labelKey(label(o, 'correct', 'stated')));
    expect(core.observedKey(o)).toBe('conv-x|conv-x/D1:1|travel.location|92e5dc262be8');
    expect(core.observedKey({ ...o, value: 'Porto' })).not.toBe(core.observedKey(o));
  });
});

describe('seededSample', () => {
  const items = Array.from({ length: 120 }, (_, i) => `item-${String(i).padStart(3, '0')}`);
  const id = (s: string) => s;

  it('keeps everything, in key order, when there are no more than the sample size', () => {
    expect(core.seededSample(['b', 'c', 'a'], 200, 7, id)).toEqual(['a', 'b', 'c']);
  });

  it('draws the same distinct items for the same seed whatever the input order', () => {
    const once = core.seededSample(items, 25, 42, id);
    const shuffled = [...items].reverse();
    expect(core.seededSample(shuffled, 25, 42, id)).toEqual(once);
    expect(new Set(once).size).toBe(25);
    expect([...once].sort()).toEqual(once);
    expect(once.every((x) => items.includes(x))).toBe(true);
  });

  it('draws another sample for another seed', () => {
    expect(core.seededSample(items, 25, 43, id)).not.toEqual(core.seededSample(items, 25, 42, id));
  });
});

describe('scorePrecision', () => {
  const a = slot('D1:2', 'travel.status', 'planned');
  const b = slot('D1:2', 'travel.destination', 'Quito');
  const c = slot('D2:5', 'travel.location', 'Quito');
  const d = slot('D3:1', 'health.allergy.peanut', 'allergic');
  const t = slot('D4:4', 'travel.status', 'in_progress', 'tentative');

  it('is correct over labelled commits; unlabelled ones and non-commits are not guessed', () => {
    const labels = [
      label(a, 'correct', 'stated'),
      label(b, 'correct', 'stated'),
      label(c, 'incorrect', 'future'),
      label(t, 'incorrect', 'future'),
    ];
    const report = core.scorePrecision([a, b, c, d, t], labels);
    expect(report).toEqual({
      commits: 4,
      labelled: 3,
      correct: 2,
      incorrect: 1,
      unlabelled: 1,
      precision: 2 / 3,
      incorrect_by_reason: { future: 1 },
    });
  });

  it('counts a commit whose value changed since labelling as unlabelled', () => {
    const report = core.scorePrecision([{ ...c, value: 'Lima' }], [label(c, 'correct', 'stated')]);
    expect(report.unlabelled).toBe(1);
    expect(report.labelled).toBe(0);
    expect(report.precision).toBeNull();
  });
});

describe('counts', () => {
  const observed = [
    slot('D1:1', 'travel.status', 'planned'),
    slot('D1:1', 'travel.destination', 'Accra'),
    slot('D1:9', 'travel.status', 'completed', 'asked'),
    slot('D2:3', 'profile.preference.tea', 'green tea', 'tentative'),
  ];

  it('groups outcomes by slot and domain, groups sorted', () => {
    expect(core.countBy(observed, (o) => o.path.split('.')[0] ?? '')).toEqual({
      profile: { committed: 0, tentative: 1, asked: 0 },
      travel: { committed: 2, tentative: 0, asked: 1 },
    });
    expect(Object.keys(core.countBy(observed, (o) => o.path))).toEqual([
      'profile.preference.tea',
      'travel.destination',
      'travel.status',
    ]);
    expect(core.totals(observed)).toEqual({ committed: 2, tentative: 1, asked: 1 });
  });

  it('scales to 1,000 messages', () => {
    expect(core.perThousand(3, 600)).toBe(5);
    expect(core.perThousand(0, 0)).toBe(0);
  });
});

describe('ownText', () => {
  it("drops the dataset's appended image caption and keeps the speaker's words", () => {
    expect(core.ownText('Look at this view! [shares an image: a lake under a grey sky]')).toBe(
      'Look at this view!',
    );
    expect(core.ownText('No picture here [really].')).toBe('No picture here [really].');
  });
});

describe('toStoredLabels', () => {
  it('keeps keys, label and reason only, sorted by key', () => {
    const kept = core.toStoredLabels([
      {
        conv_id: 'conv-x',
        message_id: 'conv-x/D9:1',
        path: 'travel.status',
        value_hash: 'abcdefabcdef',
        label: 'incorrect',
        reason: 'Future',
        note: 'a quoted sentence that must not be kept',
      },
      {
        conv_id: 'conv-x',
        message_id: 'conv-x/D1:1',
        path: 'travel.status',
        value_hash: '012345012345',
        label: 'correct',
        reason: 'stated',
      },
    ]);
    expect(kept.map((l) => l.message_id)).toEqual(['conv-x/D1:1', 'conv-x/D9:1']);
    expect(kept[1]).toEqual({
      conv_id: 'conv-x',
      message_id: 'conv-x/D9:1',
      path: 'travel.status',
      value_hash: 'abcdefabcdef',
      label: 'incorrect',
      reason: 'future',
    });
  });

  it('refuses a line it could not match or that is not one word of reason', () => {
    const good = {
      conv_id: 'c',
      message_id: 'c/D1:1',
      path: 'travel.status',
      value_hash: 'abcdefabcdef',
      label: 'correct',
      reason: 'stated',
    };
    expect(() => core.toStoredLabels([{ ...good, value_hash: 'Lisbon' }])).toThrow(/line 1/);
    expect(() => core.toStoredLabels([good, { ...good, label: 'maybe' }])).toThrow(/line 2/);
    expect(() => core.toStoredLabels([{ ...good, reason: 'said so' }])).toThrow(/one-word reason/);
  });
});

describe('agreement', () => {
  it('compares verdicts only on commits both labellers labelled', () => {
    const a = slot('D1:1', 'travel.status', 'planned');
    const b = slot('D1:1', 'travel.destination', 'Accra');
    const c = slot('D2:2', 'travel.location', 'Accra');
    const first = [
      label(a, 'correct', 'stated'),
      label(b, 'correct', 'stated'),
      label(c, 'incorrect', 'future'),
    ];
    const second = [label(a, 'correct', 'stated'), label(b, 'incorrect', 'other')];
    expect(core.agreement(first, second)).toEqual({ compared: 2, agreed: 1 });
  });
});
