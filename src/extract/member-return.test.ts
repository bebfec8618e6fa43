import { describe, expect, it } from 'vitest';
import { onRecord, readerIn } from './__fixtures__/read-chat.js';

// A member coming back (from a sick day, from camp) is the change that ends the status on record.
// The later message often names the member once and then says "he" or "she", or says "back home"
// with no preposition; both were read as nothing, so the old status stayed.
const HOUSEHOLD = 'family:okafor';

describe('a member back from away', () => {
  const atCamp = readerIn(HOUSEHOLD, {
    known: onRecord({ 'family.tunde.status': 'at_camp' }, HOUSEHOLD),
  });
  const sick = readerIn(HOUSEHOLD, {
    known: onRecord({ 'family.zara.status': 'sick' }, HOUSEHOLD),
  });

  it('reads "<name> is back home" as at home', () => {
    expect(atCamp('Tunde is back home after ten days in the woods')).toContain(
      'family.tunde.status=at_home (strong)',
    );
  });

  it('reads "he\'s back home" after the member was named in the same message', () => {
    expect(atCamp("Collected Tunde from the coach station, he's back home and filthy")).toContain(
      'family.tunde.status=at_home (strong)',
    );
  });

  it('reads "she\'s back at school" a sentence after the member was named', () => {
    expect(
      sick("Zara's temperature finally dropped. She's back at school this morning."),
    ).toContain('family.zara.status=at_school (strong)');
  });

  it('leaves "he" unresolved when the member named before is not followed', () => {
    expect(atCamp("Bola's flight landed at noon. He's back home.")).toEqual([]);
  });

  it('leaves "she" unresolved when two followed members were named before', () => {
    const both = readerIn(HOUSEHOLD, {
      known: onRecord(
        { 'family.zara.status': 'sick', 'family.tunde.status': 'at_camp' },
        HOUSEHOLD,
      ),
    });
    expect(both("Zara rang Tunde last night. She's back at school today.")).toEqual([]);
  });

  it('does not take a pronoun of a story about the past for a return', () => {
    expect(
      atCamp('Tunde said his coach was ill, he was back home for a week in May'),
    ).not.toContain('family.tunde.status=at_home (strong)');
  });

  it('does not read a question as the return', () => {
    expect(atCamp('Tunde rang. Is he back home on Friday?')).not.toContain(
      'family.tunde.status=at_home (strong)',
    );
  });
});
