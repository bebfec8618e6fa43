import { describe, expect, it } from 'vitest';
import { analyseClause } from './clause.js';
import { classReading, predicateClass, VERB_CLASSES, type VerbClass } from './verb-class.js';

// Sentences written for these tests (terse, SMS, non-native, typos); none is in a benchmark file.
const classOf = (s: string) => predicateClass(analyseClause(s))?.verbClass ?? null;

describe('verb classes: the predicate from the main verb lemma and its particle', () => {
  it('every class names its phenomenon and has at least one verb', () => {
    for (const [cls, entry] of Object.entries(VERB_CLASSES)) {
      expect(entry.phenomenon.length, cls).toBeGreaterThan(10);
      expect(entry.lemmas.length + entry.phrasal.length, cls).toBeGreaterThan(0);
    }
  });

  const cases: [string, VerbClass][] = [
    ['Vilnius is booked, flying on the 3rd', 'book'],
    ['we reserved the cabin in Abisko', 'book'],
    ['We touched down in Tromsø an hour ago', 'arrive'],
    ['finally arrived at the hostel lol', 'arrive'],
    ['she reached Nairobi this morning', 'arrive'],
    ['They called off the school fair', 'cancel'],
    ['we scrapped the old onboarding flow', 'cancel'],
    ['the board discontinued the grant programme', 'cancel'],
    ['the picnic is not happening', 'occur'],
    ['our Riga weekend is not going ahead', 'occur'],
    ['concert still take place tomorow?', 'occur'],
    ['we are stuck on the data export', 'stall'],
    ['the invoicing rework got held up by finance', 'stall'],
    ['Amara picked up the search revamp again', 'resume'],
    ['we resumed the audit work', 'resume'],
    ['we kicked off the pricing study today', 'begin'],
    ['we shipped the new search yesterday', 'release'],
    ['Marek will take over the mobile app', 'own'],
    ['Keziah is taking Falcon over from Ruth', 'own'],
  ];
  for (const [sentence, cls] of cases) {
    it(`${cls}: "${sentence}"`, () => expect(classOf(sentence)).toBe(cls));
  }

  it('the cheap word test before the analysis never hides a reading', () => {
    const more = [
      'the Oslo trip went ahead after all',
      'Zeynep led the audit',
      'we began the port',
    ];
    for (const sentence of [...cases.map(([s]) => s), ...more]) {
      const reading = predicateClass(analyseClause(sentence), sentence);
      const clause = { text: sentence, analysis: analyseClause(sentence) };
      if (reading !== null)
        expect(classReading(clause, reading.verbClass), sentence).toEqual(reading);
    }
  });

  it('a clause with no word of the class is not analysed', () => {
    let analysed = 0;
    const clause = {
      text: 'we had pasta and watched a film',
      get analysis() {
        analysed++;
        return analyseClause(this.text);
      },
    };
    for (const cls of Object.keys(VERB_CLASSES) as VerbClass[])
      expect(classReading(clause, cls)).toBeNull();
    expect(analysed).toBe(0);
    expect(
      classReading(
        {
          text: 'the picnic is not happening',
          analysis: analyseClause('the picnic is not happening'),
        },
        'occur',
      ),
    ).not.toBeNull();
  });

  it('verbs in no class read nothing', () => {
    for (const s of ['I like the new logo', 'we ate too much pasta', 'touch the screen twice'])
      expect(classOf(s), s).toBeNull();
  });

  it('reads the subject phrase after a fronted clause, negation and cessation', () => {
    const r = predicateClass(
      analyseClause('Now that the review is done, the invoicing rework is no longer blocked'),
    );
    expect(r).toMatchObject({
      verbClass: 'stall',
      subjectPhrase: 'invoicing rework',
      negated: true,
      ceased: true,
    });
    const plain = predicateClass(analyseClause("the Bergen trip's not happening"));
    expect(plain).toMatchObject({ subjectPhrase: 'Bergen trip', negated: true, ceased: false });
    expect(predicateClass(analyseClause('Lyon isnt happening anymore'))?.ceased).toBe(true);
  });

  it('reads the passive voice and keeps a name the model splits whole', () => {
    const text = 'the Gdańsk weekend is booked!';
    expect(predicateClass(analyseClause(text), text)).toMatchObject({
      verbClass: 'book',
      subjectPhrase: 'Gdańsk weekend',
      passive: true,
    });
    expect(predicateClass(analyseClause('we booked Gdańsk'))?.passive).toBe(false);
    expect(predicateClass(analyseClause('the export got held up by finance'))).toMatchObject({
      verbClass: 'stall',
      subjectPhrase: 'export',
      passive: true,
    });
  });
});
