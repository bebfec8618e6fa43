// Items from clause structure (issue #10 §7): who a clause binds and whether it binds a plan.
// Sentences of our own in several registers (terse, chatty, non-native, work threads).
import { describe, expect, it } from 'vitest';
import { analyseClause } from '../language/index.js';
import { type ClassifyCase, expectClassified } from './__fixtures__/classify-cases.js';
import { binderOf } from './clause-reading.js';

describe('binderOf: whom a clause subject names', () => {
  it.each([
    ['We have to leave at noon', 'party'],
    ['Never push to main', 'party'],
    ['You can park there', 'party'],
    ['She has to work late', 'third-person'],
    ['My brother must pay the rent', 'third-person'],
    ['The ferry might be cancelled', 'thing'],
    ['Our budget is tight', 'thing'],
    ['Dehydration can cause headaches', 'generic'],
    ['Some roads may be closed', 'generic'],
    ['Kids must wear helmets', 'generic'],
  ] as const)('%s → %s', (clause, binder) => {
    expect(binderOf(analyseClause(clause))).toBe(binder);
  });
});

function reads(rows: readonly ClassifyCase[], role: 'user' | 'assistant' = 'user') {
  for (const row of rows) {
    it(`reads ${JSON.stringify(row[0])} from the ${role} as ${row[1]}`, () => {
      expectClassified(row, role);
    });
  }
}

describe('a constraint binds a plan of a party', () => {
  reads([
    ['we cant go over 50 euro for the hotel', 'constraint'],
    ['My sister has to be at the airport by 7, so we leave at 6', 'constraint'],
    ['You have to be at the gate 40 minutes before boarding', 'constraint'],
    ["You can't park on this street overnight", 'constraint'],
    ['The report must include the Q3 numbers', 'constraint'],
    ['Deploys have to be approved by two reviewers', 'constraint'],
    // must not: stories in the past, other people's lives, feelings, advice
    ['I had to leave the party early', null],
    ['She has to work so hard at that job', null],
    ['My mom must be thrilled', null],
    ['You have to follow your heart', null],
    ['I had to admit it was funny', null],
    ['We couldnt stop laughing that night', null],
    ['they must love the new house', null],
  ]);
});

describe('a risk is a bad outcome tied to a plan', () => {
  reads([
    ['The ferry could be cancelled if the wind picks up', 'risk'],
    ['our booking might expire tonight', 'risk'],
    ['this update could break the login page', 'risk'],
    ['the hostel may sell out before we pay', 'risk'],
    ['The nightly job could time out on big tenants', 'risk'],
  ]);
  // Generic facts, said by either side, are not risks of anyone's plan.
  reads(
    [
      ['Dehydration can cause headaches', null],
      ['Some trails may be closed in winter', null],
      ['Washing wool too often can cause it to shrink', null],
      ['Many people find that bright screens can cause eye strain', null],
      ['I had no idea that weeds could cause so much damage', null],
    ],
    'assistant',
  );
});

describe('general advice is not a risk of a plan', () => {
  reads(
    [
      ['High humidity can cause mold on old paper', null],
      ['Keep the bike out of the rain, as this can cause rust on the chain', null],
      ['Sharing your story creates a sense of vulnerability', null],
      ['The patch fixes a vulnerability in the login form', 'risk'],
      ['Our old router could leak the admin password', 'risk'],
    ],
    'assistant',
  );
});

describe('going with someone is company, not a choice', () => {
  reads([
    ['I went with my parents to that cafe', null],
    ['we went with our kids last summer', null],
    ['ok we went with the cheaper hotel', 'decision'],
    ["I'll go with the red tent", 'decision'],
    ['gonna go with my brother, he knows the way', null],
  ]);
});

describe('habits, perception, opinions and interjections are not constraints', () => {
  reads([
    ['I try to read for at least half an hour every night', null],
    ['i usually run at least 5 km on sundays', null],
    ['We can only deploy twice a week', 'constraint'],
    ['We need at least two drivers for the trip', 'constraint'],
    ['At least the rain stopped', null],
    ["I can't see the export button anywhere", null],
    ['I feel like my inbox never gets any smaller', null],
    ['I think newspapers will have to change', null],
    ['I think we must never log tokens', 'constraint'],
    ['No you are wrong', null],
    ['No, it is fine', null],
    ['No smoking in the van', 'constraint'],
  ]);
});

describe('a judgement in -ing after "must be" is not a constraint', () => {
  reads([
    ['That must be exhausting for you', null],
    ['Wow, that must be exhausting for you', null],
    ['The form must be signed by both tenants', 'constraint'],
    ['the fee must be paid before check-in', 'constraint'],
    ['Moving house must be draining', null],
  ]);
});

describe('taking up suggestions and asking for information are not tasks', () => {
  reads([
    ["I'll check out those brands, thanks!", null],
    ['i will look into some of these tips', null],
    ["I'll check out the podcasts you mentioned", null],
    ['Could you tell me the opening hours?', null],
    ["I'll check out the Saturday market before the meeting", 'action'],
    ['I will tell Dana to send the deck', 'action'],
    ["I'll look into the insurance options for the car", 'action'],
  ]);
});

describe('a question is read in the clause that asks', () => {
  reads([
    ['That must have been a long drive - how was the weather?', null],
    ['Sounds fun; what did you cook?', null],
    ['The ferry is full - should we take the bus?', 'question'],
    ["I'll tell you the date once I book it", 'action'],
  ]);
});
