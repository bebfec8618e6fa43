import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHIPPED_SCORER } from './rule-observer.js';
import {
  type ScorerCandidate,
  scoreCandidate,
  scoredPriority,
  serializeScorer,
  syntaxFeatures,
  type TrainingExample,
  trainScorer,
} from './scorer.js';

const candidate = (
  text: string,
  priority: ScorerCandidate['priority'] = 'yellow',
  speaker: ScorerCandidate['speaker'] = 'user',
): ScorerCandidate => ({
  text,
  kind: 'context',
  speaker,
  priority,
  fromReply: false,
  change: false,
});

// A tiny fixture of our own: values and names durable, chatter not.
const FIXTURE: readonly TrainingExample[] = [
  ['The queue runs on port 5672.', 1],
  ['Backups go to bucket cold-archive-2.', 1],
  ['Use Python 3.12 for the scripts.', 1],
  ['The office code is 4471.', 1],
  ['haha ok', 0],
  ['thanks, nice', 0],
  ['brb coffee', 0],
  ['hmm weird', 0],
].map(([text, label]) => ({
  candidate: candidate(text as string),
  label: label as 0 | 1,
  weight: 1,
}));

describe('the learned scorer', () => {
  it('trains deterministically: the same examples give a byte-identical model file', () => {
    const options = { gate: 0.2, admit: 0.8, epochs: 50 } as const;
    const a = serializeScorer(trainScorer(FIXTURE, options));
    const b = serializeScorer(trainScorer([...FIXTURE], options));
    expect(a).toBe(b);
    const other = serializeScorer(trainScorer(FIXTURE.slice(1), options));
    expect(other).not.toBe(a);
  });

  it('learns the fixture: its durable sentences score above its chatter', () => {
    const model = trainScorer(FIXTURE, { gate: 0.5, admit: 0.5 });
    const durable = FIXTURE.filter((e) => e.label === 1).map((e) =>
      scoreCandidate(model, e.candidate),
    );
    const chatter = FIXTURE.filter((e) => e.label === 0).map((e) =>
      scoreCandidate(model, e.candidate),
    );
    expect(Math.min(...durable)).toBeGreaterThan(Math.max(...chatter));
  });

  it("gates 🔴 under the gate, admits only the user's 🟡 at or above admit, leaves 🟢 alone", () => {
    const model = trainScorer(FIXTURE, { gate: 0.5, admit: 0.5 });
    expect(scoredPriority(model, candidate('haha ok', 'red'))?.priority).toBe('yellow');
    expect(scoredPriority(model, candidate('The queue runs on port 5672.'))?.priority).toBe('red');
    expect(
      scoredPriority(model, candidate('The queue runs on port 5672.', 'yellow', 'assistant')),
    ).toBeNull();
    expect(scoredPriority(model, candidate('The queue runs on port 5672.', 'green'))).toBeNull();
  });

  it('keeps a 🔴 unscored under a gate of 0, and scores it under a gate above 0', () => {
    const open = trainScorer(FIXTURE, { gate: 0, admit: 0.5, epochs: 50 });
    expect(scoredPriority(open, candidate('haha ok', 'red'))).toEqual({
      priority: 'red',
      score: null,
    });
    const gated = trainScorer(FIXTURE, { gate: 0.5, admit: 0.5, epochs: 50 });
    expect(scoredPriority(gated, candidate('haha ok', 'red'))?.score).toBeTypeOf('number');
  });

  it('reads clause features from the language layer, not from a verb list', () => {
    // "haul" is in none of the rules' verb lists; the POS tagger still reads an imperative.
    expect(syntaxFeatures('Haul the crates to bay 4 before noon.')).toEqual(
      expect.arrayContaining(['mood=imperative', 'has_number']),
    );
    expect(syntaxFeatures('I moved the archive to /srv/cold last week.')).toEqual(
      expect.arrayContaining(['tense=past', 'subject=speaker', 'has_path']),
    );
    expect(syntaxFeatures('We pinned it to v2.3.1.')).toContain('has_version');
    expect(syntaxFeatures('We pinned it.')).not.toContain('has_version');
  });

  it('reads a path or a version only where one is written', () => {
    const path = (t: string) => syntaxFeatures(t).includes('has_path');
    const version = (t: string) => syntaxFeatures(t).includes('has_version');
    for (const t of [
      'Keep the key in ~/keys/deploy.pem.',
      'Push to registry.local/team/api.',
      'Notes go in docs/setup.md.',
      'Mount it at /mnt/cold.',
    ])
      expect(path(t), t).toBe(true);
    for (const t of ['Support is 24/7.', 'Either and/or works.', 'It tops out at 90 km/h.'])
      expect(path(t), t).toBe(false);
    for (const t of ['Stay on Python 3.12.', 'We run 1.16.2 now.', 'Tagged v4.1 today.'])
      expect(version(t), t).toBe(true);
    for (const t of ['The walk takes 3.5 hours.', 'Flour is 2.5 kg.', 'The total was 12.40.'])
      expect(version(t), t).toBe(false);
  });

  it("a context model reads the draft's place in its segment; a plain model ignores it", () => {
    const at = (echoed: boolean): ScorerCandidate => ({
      ...candidate('The queue runs on port 5672.'),
      context: { echoed, answersQuestion: false, segmentEnd: false, afterFix: false },
    });
    const examples: TrainingExample[] = [
      { candidate: at(true), label: 1, weight: 1 },
      { candidate: at(false), label: 0, weight: 1 },
    ];
    const context = trainScorer(examples, { gate: 0, admit: 0.5, context: true });
    expect(context.features).toEqual(['context']);
    expect(scoreCandidate(context, at(true))).toBeGreaterThan(scoreCandidate(context, at(false)));
    const plain = trainScorer(examples, { gate: 0, admit: 0.5 });
    expect(scoreCandidate(plain, at(true))).toBe(scoreCandidate(plain, at(false)));
  });

  it('a syntax model records its feature group and scores with it; the file round-trips', () => {
    const plain = trainScorer(FIXTURE, { gate: 0.5, admit: 0.5, epochs: 50 });
    const syntax = trainScorer(FIXTURE, { gate: 0.5, admit: 0.5, epochs: 50, syntax: true });
    expect(plain.features).toBeUndefined();
    expect(syntax.features).toEqual(['syntax']);
    expect(syntax.weights).not.toEqual(plain.weights);
    const text = serializeScorer(syntax);
    const read = JSON.parse(text) as typeof syntax;
    expect(serializeScorer(read)).toBe(text);
    const c = candidate('The queue runs on port 5672.');
    expect(scoreCandidate(read, c)).toBe(scoreCandidate(syntax, c));
  });

  it("lifts the assistant's 🟡 only under a model trained to (lift_assistant)", () => {
    const model = trainScorer(FIXTURE, { gate: 0.5, admit: 0.5, liftAssistant: true });
    expect(model.lift_assistant).toBe(true);
    expect(
      scoredPriority(model, candidate('The queue runs on port 5672.', 'yellow', 'assistant'))
        ?.priority,
    ).toBe('red');
    expect(scoredPriority(model, candidate('haha ok', 'yellow', 'assistant'))?.priority).toBe(
      'yellow',
    );
    expect(scoredPriority(model, candidate('The queue runs on port 5672.', 'green'))).toBeNull();
  });

  it('ships a small versioned model, the one bench:observe last measured', () => {
    const path = join(import.meta.dirname, 'scorer-model.json');
    expect(statSync(path).size).toBeLessThan(200_000);
    const text = readFileSync(path, 'utf8');
    expect(serializeScorer(SHIPPED_SCORER)).toBe(text);
    const bench = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '..', '..', 'bench', 'results', 'observe.json'),
        'utf8',
      ),
    ) as { scorer?: { version: string; dataHash: string } };
    const recorded = bench.scorer;
    expect(recorded?.version).toBe(SHIPPED_SCORER.version);
    expect(recorded?.dataHash).toBe(SHIPPED_SCORER.data_hash);
  });
});
