import { expect, it } from 'vitest';
import type { BatchMessage, StateItemType } from '../../core/index.js';
import { classifySentence, topicTagsFor } from '../rule-item-extractor.js';

/**
 * A sentence and what `classifySentence` reads from it: the item type (null: no item) and, when
 * given, the item's canonical text and its first topic tag.
 */
export type ClassifyCase = readonly [
  sentence: string,
  type: StateItemType | null,
  text?: string | undefined,
  topic?: string | undefined,
];

/** Asserts that `classifySentence` reads `sentence`, written by `role`, as the case says. */
export function expectClassified(
  [sentence, type, text, topic]: ClassifyCase,
  role: BatchMessage['role'] = 'user',
): void {
  const found = classifySentence(sentence, role);
  expect(found?.typeTag ?? null, sentence).toBe(type);
  if (text !== undefined) expect(found?.text, sentence).toBe(text);
  if (topic !== undefined) {
    expect(found && topicTagsFor(found.typeTag, found.text)[0], sentence).toBe(topic);
  }
}

/** One test per case, named `reads '<sentence>' as '<type>'` (see `expectClassified`). */
export function itClassifiesEach(
  cases: readonly ClassifyCase[],
  role: BatchMessage['role'] = 'user',
): void {
  const named = cases.map((row) => ({ sentence: row[0], type: row[1], row }));
  it.each(named)('reads $sentence as $type', ({ row }) => {
    expectClassified(row, role);
  });
}
