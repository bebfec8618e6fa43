// A task whose object is only a pronoun ("I'll pay it by Thursday") names what the thread said it
// stands for; when the thread names nothing, the action stays as said (it is still a commitment)
// and only task capture refuses its title. Sentences of our own.
import { describe, expect, it } from 'vitest';
import type { BatchMessage } from '../core/index.js';
import { hasPronounObject, withObjectFromThread } from './pronoun-object.js';
import { extractRuleCandidates } from './rule-item-extractor.js';

function actions(...contents: string[]): string[] {
  const batch: BatchMessage[] = contents.map((content, i) => ({
    messageId: `m${i + 1}`,
    role: 'user',
    content,
    createdAt: `2026-03-02T10:0${i}:00.000Z`,
  }));
  return extractRuleCandidates(batch)
    .filter((c) => c.typeTag === 'action')
    .map((c) => c.text);
}

describe('a task with a pronoun object', () => {
  it.each([
    [
      ['Did you pay the water bill?', "Not yet, I'll pay it by Thursday."],
      'Pay the water bill by Thursday',
    ],
    [
      ['Have you sent your passport form?', "I'll send it tomorrow"],
      'Send the passport form tomorrow',
    ],
    [
      ['We still need to book the ferry to Naxos.', "ok I'll book that by Friday"],
      'Book the ferry by Friday',
    ],
    [
      ['Has anyone renewed the parking permit?', 'I will renew it on Monday'],
      'Renew the parking permit on Monday',
    ],
    [
      ['I paid the gas bill.', 'Who pays the phone bill this month?', "I'll pay it tonight"],
      'Pay the phone bill tonight',
    ],
    [
      ['Pls order our printer ink, we are out', 'ok will do, I will order it today'],
      'Order our printer ink today',
    ],
  ])('takes its object from the thread: %j', (contents, text) => {
    expect(actions(...contents)).toContain(text);
  });

  it.each([
    [["I'll pay it by Thursday."], 'Pay it by Thursday'],
    [['The printer is broken again.', "I'll fix it tomorrow."], 'Fix it tomorrow'],
    [['Lunch was great.', 'I will book that by Friday'], 'Book that by Friday'],
  ])('stays as said when the thread names nothing it stands for: %j', (contents, text) => {
    expect(actions(...contents)).toEqual([text]);
    expect(hasPronounObject(text)).toBe(true);
  });

  it('leaves an object that is a noun phrase as it is', () => {
    expect(withObjectFromThread('Send them the photos later', '')).toBe(
      'Send them the photos later',
    );
    expect(withObjectFromThread('Pay that bill on Friday', '')).toBe('Pay that bill on Friday');
    expect(withObjectFromThread('Book the itinerary', '')).toBe('Book the itinerary');
    expect(hasPronounObject('Send them the photos later')).toBe(false);
  });
});
