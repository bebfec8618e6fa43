// Precision on casual chat (issue #10 §7): for each phenomenon, sentences of our own in several
// registers (terse, chatty, non-native, work threads) that must yield an item of that kind, and
// look-alikes that must not (excitement, small talk, stories about the past, pep talk, bare words).
import { describe, expect, it } from 'vitest';
import { itClassifiesEach } from './__fixtures__/classify-cases.js';
import { extractRuleCandidates } from './rule-item-extractor.js';

describe('decisions need a decider and a choice', () => {
  itClassifiesEach([
    [
      'We decided to go with the cabin instead of the hotel',
      'decision',
      'Use cabin instead of hotel',
    ],
    ["ok let's go with the blue tent", 'decision', 'Use blue tent'],
    ['ok we switched to the 9am ferry', 'decision', 'Use 9am ferry'],
    ['we agreed to split the cost', 'decision', 'Split the cost'],
    ['I decided to take the job in Lisbon', 'decision', 'Take the job in Lisbon'],
    ['We decided that we will rent a van', 'decision', 'Rent a van'],
    ['I decided to treat myself to a new bike', 'decision', 'Treat myself to a new bike'],
    ['I am agree to go with the red one', 'decision', 'Use red one'],
    // must not:
    ['I love how simple it is', null],
    ['so good it is', null],
    ['Great choice!', null],
    ['I decided it was time for a change', null],
    ["I'll keep speaking up for people who can't", null],
    // Carrying on with one's own thing is a habit, not a choice among options; a named tool kept
    // on is still a decision.
    ["I'll keep using my old laptop for uni", null],
    ['you should keep using your inhaler', null],
    ["I keep using my sister's car on weekends", null],
    ["We'll keep using Postgres for the new service", 'decision', 'Use Postgres for new service'],
    ["let's keep using Trello for the sprint board", 'decision', 'Use Trello for sprint board'],
    ['Here', null],
    ['I agree with you', null],
    ['I finally picked up the guitar again', null],
  ]);
});

describe('constraints need a limit or an obligation on a plan', () => {
  itClassifiesEach([
    ['We can’t spend more than $300 on the rental', 'constraint'],
    ["I can't do Saturday, only Sunday works", 'constraint'],
    ['the budget is 200 euros for the whole trip', 'constraint'],
    ['We have to be back by 6 for the babysitter', 'constraint'],
    ['Check-in must be done before 3pm', 'constraint'],
    ['Unfortunately I cannot eat gluten, so no pasta place', 'constraint'],
    ['Pets are not allowed in the apartment', 'constraint'],
    ['Passengers must have a valid ID', 'constraint'],
    ["I can't make it to the game, sadly", 'constraint'],
    ["I can't afford a new car right now", 'constraint'],
    ['Kids must wear helmets at the park', 'constraint'],
    // must not:
    ["Can't wait for the trip!", null],
    ['It must have been amazing', null],
    ['You must be so proud of her', null],
    ['It’s a must-see', null],
    ['You never give up, I love that', null],
    ['I can only imagine how tired you were', null],
    ["I'll have to check that show out sometime", null],
    ['Never say never!', null],
    ["Don't give up on your dreams", null],
    ['I see my parents at least once a week', null],
    ['it reminded me how much the club still has to do', null],
    ['You have to keep chasing what you love', null],
    ['I must say that was delicious', null],
    ["You can't go wrong with pizza", null],
    ['No wonder you were tired', null],
    ['only you would do that haha', null],
    ['You need to be kind to yourself', null],
    ['You have to try their tacos', null],
    ['At least it was sunny', null],
    ['I must have left it at home', null],
    ["It can't be easy being a single mom", null],
    ['That has to be the best pizza ever', null],
    ['I have to go now, talk later!', null],
    ['I can’t stand the cold', null],
    ['You can’t miss it, it’s huge', null],
    ['It has to be said, he was brilliant', null],
    ['Never again!', null],
    ['We never go there anymore', null],
    ['She must be exhausted', null],
    ["You shouldn't have!", null],
    ['Don’t miss the sunset there', null],
  ]);
});

describe('actions need an agent and a committed act with an object', () => {
  itClassifiesEach([
    // must not:
    ['Kids', null],
    ['Them', null],
    ["I'll keep you posted", null],
    ['We had to cancel the trip last year', null],
    ["I'll always be there for you", null],
    ['Have a great day!', null],
    ["I'll definitely check it out, thanks!", null],
    ["I'll add it to my list", null],
    ['Could you tell me more about the festival?', null],
    ["I'll shout if I need a hand", null],
    ['I got to hold a baby goat at the farm once', null],
    ['If you need anything, just ask', null],
    ['You should check out that bakery', null],
    ["I'll write a book about it one day", null],
    ["Let's make it happen!", null],
    // must extract:
    ["I'll book the flights tonight", 'action', 'Book the flights tonight'],
    ['Ana will send the invite on Monday', 'action', 'Ana will send the invite on Monday'],
    ['we need to book the campsite before friday', 'action', 'Book the campsite before friday'],
    ['ok so i will pay the deposit tomorrow', 'action', 'Pay the deposit tomorrow'],
    ['Tomas is going to order the cake', 'action', 'Tomas is going to order the cake'],
    ['Gotta renew my passport before June', 'action', 'Renew my passport before June'],
    ['I will send you the photos later', 'action', 'Send you the photos later'],
    ['i will to send the file tomorrow', 'action', 'Send the file tomorrow'],
    ["I'll bring the cake", 'action', 'Bring the cake'],
  ]);
});

describe('questions need an open question someone is waiting on', () => {
  itClassifiesEach([
    ['Should we book the cabin or the hotel?', 'question'],
    ['Do we need to bring our own sheets?', 'question'],
    ['Which day should we leave?', 'question'],
    ['not sure whether we need a car there', 'question'],
    ['who is going to drive on saturday?', 'question'],
    ['should i text him or wait?', 'question'],
    ['Are we still on for Saturday?', 'question'],
    // must not:
    ["What's your favourite movie?", null],
    ['Have you ever been camping?', null],
    ['That was fun, right?', null],
    ['Nature sure calms us down, huh?', null],
    ['Need any help?', null],
    ['What have you been up to since we last spoke?', null],
    ['Is there anything she needs help with?', null],
  ]);
});

describe('risks need a possible bad outcome', () => {
  itClassifiesEach([
    ['The flight might be cancelled if the storm hits', 'risk'],
    ['The risk is that the ferry sells out before we book', 'risk'],
    ["I'm worried that the rain could wash out the trail", 'risk'],
    ['the pass could close if it snows', 'risk'],
    ['My worry is that we lose the deposit', 'risk', 'We lose the deposit'],
    // must not:
    ['Jumping into something new is scary but worth it', null],
    ['Being open about the hard stuff is how we grow closer', null],
    ['I was worried about you', null],
    ['That could be fun', null],
    ['I might miss you', null],
    ['We might close early', null],
  ]);
});

describe('a casual chat yields only what a careful reader would list', () => {
  it('keeps the booking and the deadline, drops the excitement and the small talk', () => {
    const at = '2026-03-01T10:00:00.000Z';
    const chat = [
      "Hey!! How have you been? Can't wait for the trip!",
      'Same!! It must have been a crazy week for you. Have you ever been to Porto?',
      "Never. I'll book the hostel tonight. We have to check out by 11 on Sunday.",
      "Amazing, I'll check it out. Them kids are so excited, right?",
    ].map((content, i) => ({
      messageId: `m${i + 1}`,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content,
      createdAt: at,
    }));
    expect(extractRuleCandidates(chat).map((c) => [c.typeTag, c.text, c.refs])).toEqual([
      ['action', 'Book the hostel tonight', ['m3']],
      // An obligation to do a task reads as an action, as in work threads ("I have to call…").
      ['action', 'Check out by 11 on Sunday', ['m3']],
    ]);
  });
});
