// Laughter and state items (issues #13, #10 §7): a laugh may close a joke ("…we're moving to the
// moon lol") or ride along with a real plan ("lol fine, I'll pay the plumber friday"). Sentences of
// our own, in several registers; the reading is ADR 2026-11-26-distractor-set-c-and-laughter
// (amendment of session 16).
import { describe, expect, it } from 'vitest';
import type { StateItemType } from '../core/index.js';
import { LAUGHTER } from '../extract/index.js';
import { extractRuleCandidates } from './rule-item-extractor.js';

function itemsOf(content: string) {
  return extractRuleCandidates([
    { messageId: 'm1', role: 'user', content, createdAt: '2026-06-01T09:00:00Z' },
  ]);
}

describe('a joke, banter or hyperbole with a laugh gives no item', () => {
  it.each([
    "Let's just move to the moon and skip the tax return lol",
    "I'm never eating again after that buffet lmao",
    'We decided the cat is the boss of the house now 😂',
    "haha I'll pay you back in exposure",
    "We can't leave the house until the dog approves our outfits 😂",
    'I have to win the lottery before we can afford that kitchen lol',
    "I'll never financially recover from this pizza order lmfao",
    "Let's never go to that escape room again lol, I still have nightmares about July",
    "lol if the printer jams one more time I'm throwing it into the sea",
    "We're never letting Grandpa near the karaoke machine again 😂",
    'lol we should just sell the car and buy a horse',
    'the kids have decided bedtime is optional now lmao',
    "lmao I'm going to sleep for a hundred years",
    'Let’s ban Mondays forever lol',
    "ok we're officially naming the roomba Sir Dusts-a-Lot 🤣",
    'My boss said we must answer emails in our sleep now hahaha',
  ])('%s', (sentence) => {
    expect(itemsOf(sentence).map((item) => `${item.typeTag}: ${item.text}`)).toEqual([]);
  });
});

describe('a real plan said with a smile keeps its item, without the laugh', () => {
  it.each<[string, StateItemType, string]>([
    ['no camping in July, seriously lol', 'constraint', 'No camping in July, seriously'],
    ["lol fine, I'll pay the plumber friday", 'action', 'Pay the plumber friday'],
    ["We can't spend more than 500 on the sofa lol", 'constraint', "We can't spend more than 500"],
    ['Kids have to be in bed by 9 on school nights haha, no exceptions', 'constraint', 'Kids'],
    ['We decided on the Thursday slot for the vet 😂', 'decision', 'Thursday slot for the vet'],
    ["haha fine, we're going with the cheaper insurance", 'decision', 'Use cheaper insurance'],
    ["I'll renew the car registration tomorrow lmao, totally forgot", 'action', 'Renew the car'],
    ['ok ok we picked Saturday for the barbecue haha', 'decision', 'Saturday for barbecue'],
    ["Don't book anything for the 12th lol, that's Mom's birthday", 'constraint', 'the 12th'],
    ["I'll call the landlord about the heater tomorrow haha", 'action', 'Call the landlord'],
    ["lol ok fine, we're going with the bigger van", 'decision', 'bigger van'],
    ['Budget is 80 euros for her present, no more lol', 'constraint', '80 euros'],
    ['haha sure, I will send the invoice to Dana by Monday', 'action', 'invoice to Dana'],
  ])('%s', (sentence, type, words) => {
    const items = itemsOf(sentence);
    expect(
      items.map((item) => item.typeTag),
      sentence,
    ).toEqual([type]);
    expect(items[0]?.text).toContain(words);
    expect(items[0]?.text).not.toMatch(/\b(?:lol|haha|lmao)\b|😂/u);
  });
});

// Review of session 16 (findings 4–7, 10): the laughed clause is judged alone, a month, weekend or
// part of the day is footing, a concession or choice counts wherever the laugh stands, and the
// longer laughs are read. Whole item texts, so a stray laugh or joke clause cannot hide in them.
describe('the laughed clause alone is judged, and more kinds of footing hold a plan', () => {
  it.each<[string, string]>([
    [
      "I'll renew the car insurance on the 9th, we're never using that broker again lol",
      'action: Renew the car insurance on the 9th',
    ],
    ["I'll clear out the shed this weekend lol", 'action: Clear out the shed this weekend'],
    ["I'll call the vet after lunch lmaooo", 'action: Call the vet after lunch'],
    ['lol we decided to give away the old bikes', 'decision: Give away the old bikes'],
    ['haha we picked the oak table', 'decision: Use oak table'],
  ])('%s', (sentence, item) => {
    expect(itemsOf(sentence).map((i) => `${i.typeTag}: ${i.text}`)).toEqual([item]);
  });

  // Each gives an item once its laugh is taken out, so each fails if the laugh is not read.
  it.each([
    'We decided the hamster runs the house now lolol',
    "We can't order from that pizza place again lol",
    "I'll finish the garden shed a million times over 🤣",
    "lol I'll write my novel next summer",
    "we're replacing the lawn with a lake next year lol",
    "We'll adopt a llama 😆",
  ])('gives no item for %s', (sentence) => {
    expectOnlyTheLaughDropsTheItem(sentence);
  });
});

// Issue #10 §7 asked that a laughed remark about someone else leave the plain plan beside it
// standing (items rules@9); undone in rules@10, since that remark is as often the joke the plan
// belongs to. A laugh anywhere with nothing to hold the sentence still drops the whole sentence.
describe('a laughed remark beside a plan leaves no item', () => {
  it.each([
    "We're moving to Antarctica, the cat will adore the snow lol",
    "I'll build a zipline from the bedroom to the garden, the insurer will be thrilled haha",
    "We're replacing the car with a camel, the neighbours will talk 😂",
    "I'll install a ball pit in the office, my manager will adore it lmao",
    "I'll buy a pony for the kids 😆",
    "I'll buy a pony for the kids, obviously lol",
    "I'll buy a pony for the kids, as you do haha",
    "I'm selling the kids on eBay haha, I'll write the listing",
  ])('%s', (sentence) => {
    expectOnlyTheLaughDropsTheItem(sentence);
  });
});

/** `sentence` gives no item, and would give one with its laughs taken out. */
function expectOnlyTheLaughDropsTheItem(sentence: string): void {
  expect(itemsOf(withoutLaugh(sentence))).not.toEqual([]);
  expect(itemsOf(sentence)).toEqual([]);
}

/** The sentence with its laughs taken out, as a check that it would give an item without them. */
function withoutLaugh(sentence: string): string {
  return sentence
    .replace(new RegExp(LAUGHTER.source, `${LAUGHTER.flags.replace('g', '')}g`), ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
