// Precision on user–assistant chat (issue #10 §7): the assistant's general advice is no risk of
// the user's plan, a risk word said of a story or of others is no risk, and a user's pasted article
// or story yields no item; near misses that must stay items sit beside each rule.
import { describe, expect, it } from 'vitest';
import type { BatchMessage } from '../core/index.js';
import { itClassifiesEach } from './__fixtures__/classify-cases.js';
import { MATERIAL_MIN_WORDS, materialSentences } from './pasted-material.js';
import { extractRuleCandidates } from './rule-item-extractor.js';

describe("the assistant's 'can' states what things do in general", () => {
  itClassifiesEach(
    [
      ['These pills can cause dizziness and nausea.', null],
      ['The humidity can cause mould to grow in the basement.', null],
      ['Over-tightening can cause the screws to strip.', null],
      ['Keep it out of direct light: Direct light can cause the leather to crack.', null],
      ['As you brake hard, the load moves to the front tyres, which can cause a skid.', null],
      // must stay risks: a possibility for the user's own thing, or a modal of this case.
      ['Your flight might be cancelled because of the storm.', 'risk'],
      ['Your old router could fail during the update.', 'risk'],
      ['Your backup can fail if the disk fills up overnight.', 'risk'],
    ],
    'assistant',
  );
  // The user's own "can" about a thing in play stays a risk.
  itClassifiesEach([['The new cache can time out under load after the release.', 'risk']]);
});

describe('a risk word is said of a plan, not of a story or of others', () => {
  itClassifiesEach([
    ['They are dangerous for small children, those roads.', null],
    ['The old bridge was dangerous in winter back then.', null],
    // must stay:
    ['This migration is risky.', 'risk'],
    ['Deploying on a Friday is risky.', 'risk'],
    ['Moving the party outdoors is risky with this forecast.', 'risk'],
  ]);
  itClassifiesEach(
    [
      ['Skiing can be a dangerous sport for beginners.', null],
      ['Your plan to cross the glacier alone is dangerous.', 'risk'],
    ],
    'assistant',
  );
});

describe('a manner is nothing to act on', () => {
  itClassifiesEach([
    ["Don't forget to breathe deeply, since the climb is long.", null],
    ['I will finish strongly, and then rest.', null],
    // must stay: the object is a thing to act on.
    ["Don't forget to book the table, since it fills up.", 'action'],
    ['I will send the invoice quickly.', 'action'],
  ]);
});

/** About 20 words of third-person prose, so a few of them make a long message. */
const ARTICLE = [
  'The council must approve every new building on the harbour front before the end of the year.',
  'Only the mayor knows whether the budget for the new bridge will be enough for both lanes.',
  'Residents have to register their boats with the harbour office, the report says in its summary.',
  'Critics say the plan could cause delays for the ferries that cross the bay every morning.',
  'The old pier can only hold small boats, and larger ships are not allowed to dock there.',
  'Engineers warned that the foundations may be too weak for the heavier traffic of the summer.',
  'The harbour master said the fees will rise next spring for every visitor who stays overnight.',
  'Fishing boats must leave the inner basin before six in the morning during the summer season.',
  'The new lighthouse is risky to reach in winter storms, according to the coast guard.',
  'Swimmers should never enter the channel while the ferries are crossing between the piers.',
];

function user(content: string): BatchMessage {
  return { messageId: 'm1', role: 'user', content, createdAt: '2026-11-20T10:00:00Z' };
}

describe('a pasted article or story in a user message', () => {
  it('yields no item from the material, but keeps what the user asks and states', () => {
    const content = `Please give me five tags for my notes on this article. ${ARTICLE.join(' ')}`;
    const items = extractRuleCandidates([user(content)]);
    expect(items).toEqual([]);
    const own = `${content} My budget for the trip is $300 at most.`;
    const kept = extractRuleCandidates([user(own)]);
    expect(kept.map((item) => item.typeTag)).toEqual(['constraint']);
    expect(kept[0]?.text).toContain('My budget');
  });

  it('reads every sentence of a short message, and of a long message mostly about the speaker', () => {
    // Short: the same third-person rule is read (a rule of the harbour the user is bound by).
    expect(extractRuleCandidates([user(ARTICLE[4] ?? '')]).length).toBeGreaterThan(0);
    // Long but the speaker's own: most sentences name "I", "we" or "you".
    const mine = [
      'I am planning the sailing weekend with my brother and we have a few things to sort out.',
      'We want to leave on Friday evening and I have to be back at work by Monday at nine.',
      'My brother gets seasick, so I think we should stay close to the coast the whole time.',
      'The old pier can only hold small boats, and larger ships are not allowed to dock there.',
      'You mentioned a marina further south, could you tell me what it costs for two nights?',
      'I also need to book a table for Saturday night, since we will arrive late in the evening.',
      'We can bring our own food and drinks, and my brother will bring the life jackets.',
      'Larger boats have to anchor outside the harbour wall and wait for a pilot at dawn.',
      'I would rather not pay for a pilot, so a small boat suits us much better this time.',
    ];
    expect(mine.join(' ').split(' ').length).toBeGreaterThanOrEqual(MATERIAL_MIN_WORDS);
    expect(materialSentences(mine).size).toBe(0);
    const items = extractRuleCandidates([user(mine.join(' '))]);
    expect(items.some((item) => item.text.startsWith('The old pier can only'))).toBe(true);
  });

  it('marks the sentences that name no party, only in a long message that is mostly material', () => {
    const sentences = ['Tag these for me.', ...ARTICLE];
    expect([...materialSentences(sentences)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([...materialSentences(ARTICLE.slice(0, 2))]).toEqual([]);
  });
});

describe("the assistant's advice and worked steps are no task", () => {
  itClassifiesEach(
    [
      ["Don't forget to look up the tide times for your beach and adjust your plans.", null],
      ['we need to add the two numbers together: 4 + 5 = 9', null],
      // must stay: the assistant's own commitment, and a step with a limit.
      ["I'll send you the full packing list tomorrow.", 'action'],
      ['We need to rotate the signing keys before Friday.', 'action'],
    ],
    'assistant',
  );
  // The user's own reminder and obligation stay tasks.
  itClassifiesEach([
    ["Don't forget to look up the tide times for the beach trip.", 'action'],
    ['we need to add the new hires to the payroll', 'action'],
  ]);
});

describe('a class of people is not a named person committing', () => {
  itClassifiesEach([
    ['Customers will create reviews that we can share later.', null],
    ['Guests will bring their own towels.', null],
    // must stay: a name, even one ending in s.
    ['James will send the deck on Monday.', 'action'],
    ['Dana will book the venue for the party.', 'action'],
  ]);
});

describe('a task names something in particular', () => {
  itClassifiesEach([
    ["It's reminding me we need to fix things up around the neighbourhood.", null],
    ["I'll clean everything up at some point.", null],
    // must stay: a vague object pinned to a day or a limit, or an object of its own.
    ["I'll send something to Dana by Friday.", 'action'],
    ["I'll bring something for the kids on Saturday.", 'action'],
    ["I'll fix the fence this weekend.", 'action'],
  ]);
});

describe('company is not a choice', () => {
  itClassifiesEach([
    ['I went with my best friend, Tom, and we had a blast.', null],
    ['We went with my older brother to the match.', null],
    // must stay: "family" or "team" before another noun names the thing chosen.
    ['We went with the family plan instead of single tickets.', 'decision'],
    ["We'll go with our team plan for the office.", 'decision'],
  ]);
});
