// rules@18: the review of rules@17 (issue #13, rv-obs5). Sentences of our own, not the reviewer's
// and not from the observe sets.
import { describe, expect, it } from 'vitest';
import {
  all,
  assistantMessage,
  chatsFrom,
  isA,
  isNo,
  isTheKind,
} from './__fixtures__/sentences.js';

const FROM = { from: '2026-05-06T10:00:00.000Z' };
const { said, keeps, keepsNothing } = chatsFrom(FROM);

describe('rules@18: a reply that turns an option down does not choose it', () => {
  const offer =
    'Options: (1) book the coach from Stagecoach, or (2) car-share with the other parents.';
  it.each([
    'Skip Stagecoach, they were late twice.',
    'Drop the coach, too pricey.',
    'Pass on the coach.',
    'Not the coach.',
  ])('"%s" chooses nothing', (reply) => {
    for (const t of said(['assistant', offer], ['user', reply])) expect(t).not.toMatch(/choosing/);
  });

  it('a pick after the refusal names the option taken', () => {
    const texts = said(['assistant', offer], ['user', 'Skip Stagecoach, car-share then.']);
    expect(texts.some((t) => t.includes('choosing "car-share with the other parents"'))).toBe(true);
    const later = said(['assistant', offer], ['user', 'Ditch the coach.'], ['user', 'Car-share.']);
    expect(later.some((t) => t.includes('choosing "car-share with the other parents"'))).toBe(true);
  });

  // Near misses: a verb that lowers a value is a choice; a pick after a complaint reopens nothing.
  it('keeps a lowered value and reads no pick after a mere complaint', () => {
    const lowered = said(
      ['assistant', 'We could cap uploads at 50 MB or leave them at 80 MB.'],
      ['user', 'Drop it to 20 MB.'],
    );
    expect(lowered.some((t) => t.includes('20 MB'))).toBe(true);
    const complaint = said(
      ['assistant', offer],
      ['user', 'The coach is slow.'],
      ['user', 'Car-share.'],
    );
    expect(complaint.some((t) => t.includes('choosing'))).toBe(false);
  });

  it('leaves the lead-in out of the first option', () => {
    const texts = said(
      ['assistant', 'For the team lunch you could do a barbecue, a picnic, or a curry house.'],
      ['user', 'Barbecue.'],
    );
    expect(texts).toContain('Barbecue (choosing "a barbecue")');
    // Near miss: a first option with no lead-in is written whole.
    const plain = said(
      ['assistant', 'A barbecue, a picnic, or a curry house would all work.'],
      ['user', 'Barbecue.'],
    );
    expect(plain.some((t) => t.includes('choosing "A barbecue"'))).toBe(true);
  });
});

describe('rules@18: a lasting spec is no reading of the moment; a reading with an aside is', () => {
  it.each([
    'Queue on worker-3 is at 870 now fyi',
    'Laptop battery at 4% sorry if this cuts out',
    'The kiln temp is 1040 now, glaze going in',
    'Turnout is at 61 now',
  ])('"%s" is no durable fact', keepsNothing);

  it.each([
    ['Our fibre speed is 500.', '500'],
    ['The desktop RAM is 64.', '64'],
    ['Freezer temp is -18C.', '-18C'],
  ])('"%s" is kept', keeps);
});

describe('rules@18: a duty or an occupation held once is no lasting fact', () => {
  it.each([
    'Ines covers for me today',
    'Raj does the seating plan tomorrow',
    'Dr Patel covers the clinic tonight',
    'We play at the Barbican tonight',
    'Hugo teaches the Year 5 class this week',
    'Lena handles the payroll on 14 March',
    "Dr Osei looks after my clients today while I'm on leave",
  ])('"%s" is no durable fact', all(isNo('fact'), keepsNothing));

  // Near misses: the same duties and occupations held for good, a standing day among them.
  it.each([
    ['Ines covers the Friday shifts', 'Ines'],
    ['Raj does the seating plans', 'Raj'],
    ['We play at the Barbican on Sundays', 'Barbican'],
    ['Lena handles the payroll', 'Lena'],
    // A duty for each time a condition recurs stands.
    ["Dr Osei looks after my clients while I'm on leave.", 'Osei'],
  ])('"%s" is kept', all(isA('fact'), keeps));
});

describe('rules@18: a standing proviso keeps a rule; a one-off consequence is none', () => {
  it.each([
    ['Unless told otherwise, timesheets are due by Friday noon.', 'timesheets'],
    ['If possible keep the summaries under 200 words.', '200 words'],
    ['Where needed, add captions to the videos.', 'captions'],
  ])('"%s" is a rule', all(isA('rule'), keeps));

  it.each([
    "If the ferry is cancelled we'll have to drive round",
    'If the boiler fails again we would need to call Gas Safe',
  ])('"%s" is no rule', all(isA('hedge'), keepsNothing));

  // Near misses: a condition of the moment stays a hedge; an obligation each time stays a rule.
  it.each([
    ['Unless the refund lands we are 200 short', 'hedge'],
    ['If a volunteer drops out, they have to find a swap', 'rule'],
  ])('"%s" is a %s', isTheKind);
});

const { isOffered, staysWorkingContext } = assistantMessage(FROM);

describe('rules@18: options the assistant lays out are known by their shape', () => {
  it.each([
    'Noted. Venues: (1) the town hall at £300/day, (2) a barn near Ludlow at £180, or (3) the scout hut at £60.',
    "There's an Avanti train at 08:10 and a CrossCountry one at 09:45 on 4 June.",
    'The 08:10 Avanti or the 09:45 CrossCountry would both get you there.',
  ])('"%s" is offered, not had', isOffered);

  // Near misses: a schedule stated, a change made, stay working context.
  it.each([
    'The backup runs at 02:00 and the prune at 03:00.',
    'I moved the job from 02:00 to 03:00.',
    'Got it — quiet hours: no texts before 07:30 or after 20:00 local.',
    'Check whether the £900 includes VAT at 20% or 5%.',
  ])('"%s" stays working context', staysWorkingContext);

  it('a reply naming one of them by its time chooses it', () => {
    const texts = said(
      ['assistant', "There's an Avanti train at 08:10 and a CrossCountry one at 09:45 on 4 June."],
      ['user', '09:45 CrossCountry.'],
    );
    expect(texts.some((t) => t.includes('choosing "a CrossCountry one at 09:45 on 4 June"'))).toBe(
      true,
    );
  });
});

describe("rules@18: the speaker's lasting condition, and a part with a scope", () => {
  it.each([
    ["I'm vegan.", 'vegan'],
    ["I'm allergic to latex.", 'latex'],
    ["I'm epileptic", 'epileptic'],
    ['Frontend is Svelte for the booking site.', 'Svelte'],
  ])('"%s" is kept', all(isA('fact'), keeps));

  // Near misses: a passing state, a joke, a condition for a while, a judgement with a scope.
  it.each([
    "I'm exhausted.",
    "I'm allergic to spreadsheets lol",
    "I'm vegetarian this week",
    'Frontend is sluggish for the booking site.',
  ])('"%s" is no durable fact', keepsNothing);
});

describe("rules@18: standing advice from someone over the speaker's work is a rule", () => {
  // Judgement call (rv-obs5 finding 10): a boss, manager or editor who says what to do each time
  // sets a rule the speaker keeps at work.
  it.each([
    ['My manager says you should always copy her on supplier emails.', 'supplier emails'],
    ['Our editor says we should never use passive voice in headlines.', 'passive voice'],
  ])('"%s" is a rule', all(isA('rule'), keeps));

  // Near misses: advice for once from the same people, standing advice from anyone else.
  it.each([
    'My manager says I should look at Trados.',
    'My uncle says we should always bleed the radiators in October.',
  ])('"%s" is a hedge', isA('hedge'));
});
