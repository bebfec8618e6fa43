import { describe, expect, it } from 'vitest';
import {
  featureNames,
  type ScorerCandidate,
  type ScorerModel,
  scoreCandidate,
  serializeScorer,
  trainScorer,
} from './scorer.js';
import { shapeFeatures } from './scorer-shape.js';

const has = (text: string, name: string) => shapeFeatures(text).includes(name);

const PRIYANKA = 'Priyanka here, archivist at Dunmore County Museum.';

/** [what the features see, [feature, text] pairs seen, [feature, text] pairs not seen]. */
const SEEN: readonly (readonly [
  string,
  readonly [string, string][],
  readonly [string, string][],
])[] = [
  [
    'sees a proper name after the first word, a run of them, and one after a preposition',
    [
      ['proper_run', PRIYANKA],
      ['name_after_preposition', PRIYANKA],
      ['proper_name', PRIYANKA],
    ],
    [
      ['proper_name', 'the kettle is broken again'],
      ['name_after_preposition', 'the kettle is broken again'],
    ],
  ],
  [
    'reads identifiers on the written words, not on the tagger tokens',
    [
      ['identifier', 'Its infra.edge_lb'],
      ['identifier', 'Board is an ESP32C3.'],
      ['identifier', 'mail goes to desk@quillmoor.org'],
    ],
    [['identifier', 'We met at the cafe.']],
  ],
  [
    'sees a quantity with a unit, written apart or on',
    [
      ['quantity', 'roughly 12M events.'],
      ['quantity', '30 minutes.'],
      ['quantity', 'she takes 2.5mg daily'],
    ],
    [['quantity', 'that was a long one']],
  ],
  [
    'sees a phone number or an e-mail address, not a date or a short count',
    [
      ['contact', 'Reach the site office on 020 7946 0321 after ten.'],
      ['contact', 'her address is tilly.marsh@example.net'],
    ],
    [
      ['contact', 'We moved in on 2024-03-18.'],
      ['contact', 'there are 12 of us'],
    ],
  ],
  [
    'sees a bare fact line: no verb, something named, short',
    [
      ['verbless_named', 'Gradle 8.4.'],
      ['short_named', 'Gradle 8.4.'],
    ],
    [
      ['verbless_named', 'ok cool thanks'],
      ['verbless_named', 'We build everything with Gradle 8.4 on the CI box.'],
    ],
  ],
  [
    "sees the speaker's role and a named person's lasting attribute",
    [
      ['self_is_noun', "I'm the secretary of the allotment society"],
      ['named_is', 'Hamish is coeliac'],
    ],
    [
      ['self_is_noun', "I'm exhausted"],
      ['self_is_noun', "I'm not the secretary"],
      ['named_is', 'Hamish was here yesterday'],
    ],
  ],
];

describe("the scorer's shape features", () => {
  it.each(SEEN)('%s', (_, seen, unseen) => {
    for (const [feature, text] of seen)
      expect(has(text, feature), `${feature}: ${text}`).toBe(true);
    for (const [feature, text] of unseen)
      expect(has(text, feature), `${feature}: ${text}`).toBe(false);
  });

  it('joins the scorer only under the shape group, with a bare answer to a question', () => {
    const c: ScorerCandidate = {
      text: 'Gradle 8.4.',
      kind: 'context',
      speaker: 'user',
      priority: 'yellow',
      fromReply: true,
      change: false,
      context: { echoed: false, answersQuestion: true, segmentEnd: false, afterFix: false },
    };
    const plain = featureNames(c, ['context']).map(([n]) => n);
    const shaped = featureNames(c, ['context', 'shape']).map(([n]) => n);
    expect(plain.some((n) => n.startsWith('shape:'))).toBe(false);
    expect(shaped).toContain('shape:short_named');
    expect(shaped).toContain('shape:short_named&speaker=user');
    expect(shaped).toContain('shape:bare_answer');
    const unasked = { ...c, context: { ...c.context, answersQuestion: false } } as ScorerCandidate;
    expect(featureNames(unasked, ['context', 'shape']).map(([n]) => n)).not.toContain(
      'shape:bare_answer',
    );
  });

  it('a shape model records both its groups, scores with them and round-trips as formatted', () => {
    const example = (text: string, label: 0 | 1) => ({
      candidate: {
        text,
        kind: 'context' as const,
        speaker: 'user' as const,
        priority: 'yellow' as const,
        fromReply: false,
        change: false,
      },
      label,
      weight: 1,
    });
    const model = trainScorer(
      [example('Kotlin 2.0.', 1), example('nice one', 0), example('Lena is vegan', 1)],
      { gate: 0, admit: 0.75, context: true, shape: true, epochs: 50 },
    );
    expect(model.features).toEqual(['context', 'shape']);
    const text = serializeScorer(model);
    expect(text).toContain('  "features": ["context", "shape"],\n');
    const read = JSON.parse(text) as ScorerModel;
    expect(serializeScorer(read)).toBe(text);
    const c = example('Kotlin 2.0.', 1).candidate;
    expect(scoreCandidate(read, c)).toBe(scoreCandidate(model, c));
  });
});
