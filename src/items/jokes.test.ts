// A sentence marked as a joke (laughter, a laughing face, "jk", sarcasm) states no decision,
// constraint, action, question or risk, whatever its modal says; the same plans said in a friendly
// tone (a smile, "seriously", a joke in another sentence) still do. Sentences of our own, in several
// registers (family chat, terse, work banter, non-native).
import { describe, expect, it } from 'vitest';
import type { BatchMessage } from '../core/index.js';
import { itClassifiesEach } from './__fixtures__/classify-cases.js';
import { extractRuleCandidates } from './rule-item-extractor.js';

describe('a sentence said as a joke yields no item', () => {
  itClassifiesEach([
    ['lol if the cat breaks one more vase we are moving to the moon', null],
    ['We are never leaving this beach, the tacos are too good 😂', null],
    ["Let's never do a road trip with three kids again lmao", null],
    ['ok we are selling the car and buying a horse, jk', null],
    ["I'll just quit my job and open a surf school haha", null],
    ['We must adopt every puppy at the shelter 🤣', null],
    ["Don't ever let me order the ghost pepper wings again lol", null],
    ['Decision: we all move into the treehouse lolol', null],
    ['You have to bring me back a whole wheel of cheese lmaooo', null],
    ['no more mondays in this house, effective immediately 😂', null],
    ["We're switching to carrier pigeons for the status updates, just kidding", null],
    ["yeah right, we'll totally finish the garage by Friday", null],
    ['The real risk is the dog eating the birthday cake again hahaha', null],
    ['should we just sell the kids on ebay lol?', null],
    ['i will send my brother to the moon haha', null],
    ['we go with pizza for every meal forever 😆', null],
  ]);
});

describe('a plan said in a friendly tone is still an item', () => {
  itClassifiesEach([
    ['no camping in July, seriously', 'constraint'],
    ['we decided on Mars pet food 🙂', 'decision', 'Use Mars pet food'],
    ["Let's go with the blue tent 😊", 'decision', 'Use blue tent'],
    ["We can't spend more than $200 on the party, sorry guys!", 'constraint'],
    ["I'll book the campsite by Friday, promise 🙂", 'action'],
    ['Heads up, the ferry could be cancelled if it storms 😬', 'risk'],
    ['Should we rent the cabin or the yurt for Easter, seriously?', 'question'],
  ]);
});

const at = '2026-03-02T10:00:00.000Z';

function batchOf(...contents: string[]): BatchMessage[] {
  return contents.map((content, i) => ({
    messageId: `m${i + 1}`,
    role: 'user' as const,
    content,
    createdAt: at,
  }));
}

describe('laughter marks the sentence it closes, not its neighbours', () => {
  it('a laugh said as its own sentence takes back the sentence before it', () => {
    expect(extractRuleCandidates(batchOf("We're moving to Mars. 😂", 'Never again. Lol.'))).toEqual(
      [],
    );
  });

  it('keeps a plan said next to a joke', () => {
    const found = extractRuleCandidates(
      batchOf(
        "Haha fair point. We'll go with the later flight.",
        'lol ok. Please send the invoice to Dana by Friday.',
        'We decided on the blue tent. lol it took us long enough',
      ),
    );
    expect(found.map((c) => [c.typeTag, c.text, c.refs])).toEqual([
      ['decision', 'Use later flight', ['m1']],
      ['action', 'Send the invoice to Dana by Friday', ['m2']],
      ['decision', 'The blue tent', ['m3']],
    ]);
  });
});
