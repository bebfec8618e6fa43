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

describe("the scorer's shape features", () => {
  it('sees a proper name after the first word, a run of them, and one after a preposition', () => {
    expect(has('Priyanka here, archivist at Dunmore County Museum.', 'proper_run')).toBe(true);
    expect(
      has('Priyanka here, archivist at Dunmore County Museum.', 'name_after_preposition'),
    ).toBe(true);
    expect(has('Priyanka here, archivist at Dunmore County Museum.', 'proper_name')).toBe(true);
    expect(has('the kettle is broken again', 'proper_name')).toBe(false);
    expect(has('the kettle is broken again', 'name_after_preposition')).toBe(false);
  });

  it('reads identifiers on the written words, not on the tagger tokens', () => {
    expect(has('Its infra.edge_lb', 'identifier')).toBe(true);
    expect(has('Board is an ESP32C3.', 'identifier')).toBe(true);
    expect(has('mail goes to desk@quillmoor.org', 'identifier')).toBe(true);
    expect(has('We met at the cafe.', 'identifier')).toBe(false);
  });

  it('sees a quantity with a unit, written apart or on', () => {
    expect(has('roughly 12M events.', 'quantity')).toBe(true);
    expect(has('30 minutes.', 'quantity')).toBe(true);
    expect(has('she takes 2.5mg daily', 'quantity')).toBe(true);
    expect(has('that was a long one', 'quantity')).toBe(false);
  });

  it('sees a phone number or an e-mail address, not a date or a short count', () => {
    expect(has('Reach the site office on 020 7946 0321 after ten.', 'contact')).toBe(true);
    expect(has('her address is tilly.marsh@example.net', 'contact')).toBe(true);
    expect(has('We moved in on 2024-03-18.', 'contact')).toBe(false);
    expect(has('there are 12 of us', 'contact')).toBe(false);
  });

  it('sees a bare fact line: no verb, something named, short', () => {
    expect(has('Gradle 8.4.', 'verbless_named')).toBe(true);
    expect(has('Gradle 8.4.', 'short_named')).toBe(true);
    expect(has('ok cool thanks', 'verbless_named')).toBe(false);
    expect(has('We build everything with Gradle 8.4 on the CI box.', 'verbless_named')).toBe(false);
  });

  it("sees the speaker's role and a named person's lasting attribute", () => {
    expect(has("I'm the secretary of the allotment society", 'self_is_noun')).toBe(true);
    expect(has("I'm exhausted", 'self_is_noun')).toBe(false);
    expect(has("I'm not the secretary", 'self_is_noun')).toBe(false);
    expect(has('Hamish is coeliac', 'named_is')).toBe(true);
    expect(has('Hamish was here yesterday', 'named_is')).toBe(false);
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
