import { describe, expect, it } from 'vitest';
import { expectMatches, itCoversEach } from './__fixtures__/expect-matches.js';
import { analyseClause } from './clause.js';
import { HOLIDAY_PERIOD, OPINION_ASKED, PLAN_NOUN, RECALLED_TIME, WISHED_TIME } from './lexicon.js';
import { placeNamed, verblessParts, verblessReading } from './verbless.js';

// Copular and verbless clauses read by one rule (verbless.ts). Every sentence was written for
// this test, in no benchmark file.

const VOCABULARY = {
  statuses: new Set(['blocked', 'shipped', 'sick', 'home', 'school']),
  roles: new Set(['owner', 'lead']),
};

function read(text: string) {
  const r = verblessReading(analyseClause(text), text, VOCABULARY);
  return r === null
    ? null
    : {
        form: r.form,
        subject: r.subject.kind,
        preposition: r.preposition,
        kind: r.complement.kind,
        value: r.complement.value,
        tail: r.tail,
      };
}

describe('verblessReading', () => {
  it('reads a place complement after a preposition, with no subject (a terse line)', () => {
    for (const text of ['finally in Nairobi', 'still in lisbon', 'in Oslo now', 'ok in Montreal']) {
      const r = read(text);
      expect(r, text).toMatchObject({
        form: 'verbless',
        subject: 'none',
        preposition: 'in',
        kind: 'place',
      });
    }
    expect(read('still in lisbon')?.value).toBe('Lisbon');
  });

  it('reads a bare place heading the clause, with its tail', () => {
    expect(read('jaipur for diwali')).toMatchObject({
      subject: 'none',
      preposition: null,
      kind: 'place',
      value: 'Jaipur',
      tail: 'for diwali',
    });
    expect(read('Porto for the long weekend')?.tail).toBe('for the long weekend');
  });

  it('cuts a copular clause at the copula, the possessive-looking "\'s" included', () => {
    expect(read('Omar is the owner now')).toMatchObject({
      form: 'copular',
      subject: 'named',
      kind: 'role',
      value: 'owner',
      tail: 'now',
    });
    expect(read('Omar is the owner of a bakery')?.tail).toBe('of a bakery');
    expect(read("Seattle's the plan for May")).toMatchObject({ subject: 'named', value: 'plan' });
    expect(read("I'm in a meeting")).toMatchObject({ subject: 'speaker', kind: 'other' });
    expect(read("we're in the final")).toMatchObject({ subject: 'we', kind: 'other' });
  });

  it('classifies a status head from the vocabulary, even when the tagger reads it as a verb', () => {
    expect(read('status: blocked on legal')).toMatchObject({ kind: 'status', value: 'blocked' });
    expect(read('kids home w/ fever')).toMatchObject({
      subject: 'other',
      kind: 'status',
      value: 'home',
    });
    expect(read('Thandi and Sipho both at school')).toMatchObject({
      subject: 'named',
      preposition: 'at',
      kind: 'status',
      value: 'school',
    });
  });

  it('marks a leading "back" instead of taking it as the subject', () => {
    const text = 'back home since tuesday';
    expect(verblessReading(analyseClause(text), text, VOCABULARY)?.back).toBe(true);
  });

  it('reads nothing from a clause with a verb of its own', () => {
    for (const text of [
      'we flew to Rome',
      'I booked Porto',
      'she cancelled the trip',
      'ma insists',
    ])
      expect(read(text), text).toBeNull();
  });

  it('keeps negation, questions and tense from the clause analysis', () => {
    const neg = "I'm not in Rome";
    expect(verblessReading(analyseClause(neg), neg)?.negated).toBe(true);
    const q = 'Rome for Easter?';
    expect(verblessReading(analyseClause(q), q)?.mood).toBe('question');
    const past = 'Madrid was the plan';
    expect(verblessReading(analyseClause(past), past)?.tense).toBe('past');
  });
});

describe('verblessParts', () => {
  it('reads the comma parts of a clause that has a verb elsewhere', () => {
    const text = 'fine, dad wins, jaipur for diwali';
    const parts = verblessParts(analyseClause(text), text);
    expect(parts.map((p) => [p.text, p.at, p.reading.complement.value])).toEqual([
      ['jaipur for diwali', 16, 'Jaipur'],
    ]);
  });
});

describe('placeNamed', () => {
  it('takes lower-case names only for big places that are not English words', () => {
    expect(placeNamed('mumbai')).toBe('Mumbai');
    expect(placeNamed('Bodrum')).toBe('Bodrum');
    for (const w of ['reading', 'bath', 'nice', 'izmr', 'bed']) expect(placeNamed(w), w).toBeNull();
  });
});

describe('lexicon entries for verbless plans', () => {
  it('HOLIDAY_PERIOD: named holidays and breaks', () => {
    expect(HOLIDAY_PERIOD.phenomenon).toMatch(/holiday/);
    expectMatches(
      HOLIDAY_PERIOD.pattern,
      ['diwali', 'the holidays', 'half term', 'Eid al-Adha', 'golden week', 'spring break'],
      ['lunch', 'the match', 'work', 'a wedding'],
    );
  });

  itCoversEach([
    [
      'PLAN_NOUN: nouns naming an intended choice',
      PLAN_NOUN,
      ['the plan', 'the pick', 'the destination'],
      ['the planner', 'a planet', 'the owner'],
    ],
    [
      "OPINION_ASKED: a sentence asking the listener's view",
      OPINION_ASKED,
      [
        'Rome for Easter, what do you think',
        'porto again, wdyt',
        'Lisbon in June, sound good',
        'Berlin for the weekend?',
        'Nairobi in March, thoughts',
      ],
      ['Rome for Easter', 'I thought about Porto', 'the sound of the sea in Lisbon'],
    ],
  ]);

  it('RECALLED_TIME and WISHED_TIME: a memory and a wish said around a plan', () => {
    expectMatches(
      RECALLED_TIME.pattern,
      ['Porto for a week, years ago', 'in Oslo back then', 'Rome for Easter last summer'],
      ['Porto for the long weekend', 'back in Oslo', 'Rome for Easter'],
    );
    expectMatches(
      WISHED_TIME.pattern,
      ['Japan for a month, someday', 'Peru one day', 'Iceland sometime'],
      ['Japan for a month', 'Peru on Monday'],
    );
  });
});
