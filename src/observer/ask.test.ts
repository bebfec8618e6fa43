import { describe, expect, it } from 'vitest';
import { stem } from '../language/index.js';
import { type AskDocument, answerExtractively, isQuestion, rankDocuments } from './ask.js';

function doc(kind: AskDocument['kind'], id: string, text: string, extra = {}): AskDocument {
  return { kind, id, text, at: '2026-11-28T09:00:00Z', source: 's', weight: 1, ...extra };
}

describe('ask ranking', () => {
  it('tells a passage that only asks from one that asserts', () => {
    expect(isQuestion('Which package manager should I use to install deps in this repo?')).toBe(
      true,
    );
    expect(isQuestion('Which one? I think pnpm.')).toBe(false);
    expect(isQuestion('I prefer pnpm over npm.')).toBe(false);
  });

  it('brings inflections and derived nouns to one stem', () => {
    expect(new Set(['prefer', 'prefers', 'preferred', 'preference'].map(stem))).toEqual(
      new Set(['prefer']),
    );
    expect(stem('deployment')).toBe(stem('deploys'));
    expect(stem('running')).toBe('run');
  });

  it('never answers with a question, however many of its words it repeats', () => {
    const documents = [
      doc('message', 'q', 'Which package manager should I use to install deps in this repo?'),
      doc('memory', 'm', 'In this repo the package manager is pnpm', { weight: 1.5 }),
    ];
    const answer = answerExtractively('what package manager should I use in this repo?', documents);
    expect(answer.citations.map((c) => c.id)).toEqual(['m']);
  });

  it('lets a paraphrase sharing one word through only when the embedder reads it as one', () => {
    const statement = 'I prefer pnpm over npm for every project in this repo';
    const words = [doc('memory', 'm', statement)];
    expect(rankDocuments('what package manager do I prefer?', words)).toEqual([]);
    const close = [doc('memory', 'm', statement, { similarity: 0.51 })];
    expect(
      rankDocuments('what package manager do I prefer?', close).map((r) => r.document.id),
    ).toEqual(['m']);
    const far = [doc('memory', 'm', statement, { similarity: 0.2 })];
    expect(rankDocuments('what package manager do I prefer?', far)).toEqual([]);
  });
});
