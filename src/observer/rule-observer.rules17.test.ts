// rules@17: the review findings left from rules@16 (issue #13). Sentences of our own, not the
// reviewer's and not from the observe sets.
import { describe, expect, it } from 'vitest';
import { all, assistantMessage, chatsFrom, isA, isNo } from './__fixtures__/sentences.js';

const FROM = { from: '2026-05-06T10:00:00.000Z' };
const { said, keeps, keepsNothing } = chatsFrom(FROM);

describe('rules@17: a gauge read now is not a lasting fact', () => {
  it.each([
    'Battery 4% now',
    'Tablet at 6% now.',
    'Signal at 1 bar',
    'The answer is 17',
    'CPU temp 83C now',
    'The total is 2,315',
  ])('"%s" is no durable fact', keepsNothing);

  // Near misses: a setting about the same quantity, a scope, a capacity stay durable.
  it.each([
    ['Max memory is 768', '768'],
    ['Battery alert at 15%', '15%'],
    ['Memory is 256 MB per worker', '256 MB'],
    ['The battery is 4000 mAh', '4000 mAh'],
  ])('"%s" is kept', keeps);
});

describe('rules@17: advice someone else gave is no rule of the speaker', () => {
  it.each([
    'My uncle says we should always bleed the radiators in October.',
    'Her coach thinks I should never skip the warm-up.',
    'My neighbour reckons we should always lock the side gate.',
  ])('"%s" is no rule', all(isA('hedge'), keepsNothing));

  // Near misses: the speaker's own rule, a rule adopted, a rule or an obligation passed on.
  it.each([
    ['We always bleed the radiators in October.', 'radiators'],
    ['Ok, from now on we always lock the side gate.', 'side gate'],
    ['The landlord says we must give two months notice.', 'two months'],
    ['The surgery says never book before 8:30.', '8:30'],
  ])('"%s" is kept', keeps);
});

describe('rules@17: a name after a greeting is a name, whatever else the word can be', () => {
  it.each([
    ['Hi, I am Rob.', 'Rob'],
    ["Hello, I'm Rose.", 'Rose'],
    ["Hey, I'm Sue, I run the choir.", 'Sue'],
  ])('"%s" introduces the speaker', keeps);

  // Near misses: a state, a participle, a past form that is a state.
  it.each(["Hi, I'm Done.", "Hello, I'm Lost.", "Hi, I'm Fine.", "Hey, I'm Stuck."])(
    '"%s" introduces nobody',
    keepsNothing,
  );
});

describe('rules@17: what a thing is, or what the speaker does, named with a capital', () => {
  it.each([
    ['Bank is First Direct.', 'First Direct'],
    ['Our host is Hover', 'Hover'],
    ['I coach the under-12s at Millbrook', 'Millbrook'],
    ['Lesson in 10, I teach year 6 science at Ashgrove', 'Ashgrove'],
    ['We volunteer at the Oxfam shop on Tuesdays', 'Oxfam'],
  ])('"%s" is kept', keeps);

  // Near misses: a judgement, a moment, a past event.
  it.each([
    'The weather is Awful',
    'I taught at Ashgrove for a year',
    'Bank is shut today',
    'I played at Wembley once',
  ])('"%s" is no durable fact', keepsNothing);
});

const replied = (assistant: string, user: string) => said(['assistant', assistant], ['user', user]);

describe('rules@17: the alternatives not taken stay out of the memory of a choice', () => {
  it.each([
    [
      'Options: (1) rent a van from Hertz, or (2) hire the local removals firm with two porters.',
      'The removals firm.',
      'removals firm',
      'Hertz',
    ],
    [
      'You could host it on Netlify; Render would be cheaper for the API.',
      'Render then',
      'Render',
      'Netlify',
    ],
    [
      'A few options: Casa Nova (Portuguese, has a private room), Il Forno, or Brasserie Lune.',
      'Il Forno sounds good',
      'Il Forno',
      'Casa Nova',
    ],
  ])('choosing from "%s"', (offer, reply, kept, dropped) => {
    const texts = replied(offer, reply);
    expect(texts.some((t) => t.includes(kept))).toBe(true);
    expect(texts.some((t) => t.includes(dropped))).toBe(false);
  });

  it('leaves the options that are not taken out of a quoted question', () => {
    const texts = replied('Which queue — RabbitMQ or SQS?', 'SQS');
    expect(texts.some((t) => t.includes('SQS'))).toBe(true);
    expect(texts.some((t) => t.includes('RabbitMQ'))).toBe(false);
  });

  // Near misses: a pick of several, or of none by name, keeps every alternative beside it.
  it.each([
    ['We could use Postgres or SQLite for the cache.', 'Both, actually'],
    ['Which bucket — media-eu or media-us?', 'The second one'],
  ])('keeps all of "%s" for "%s"', (offer, reply) => {
    const texts = replied(offer, reply);
    for (const t of texts) expect(t).not.toMatch(/\(choosing "/);
  });
});

const { isOffered, staysWorkingContext } = assistantMessage(FROM);

describe('rules@17: options the assistant lays out are offered, not had', () => {
  it.each([
    'Options: (1) nightly restic to B2, or (2) weekly rsync to the NAS at 03:00.',
    'Suggested: subnet 10.4.0.0/24 for the printers and 10.5.0.0/24 for guests.',
    "I'd recommend a 30-day retention on the audit-log bucket.",
    'You could pin node to 20.11 in .nvmrc.',
  ])('"%s" is no working fact', isOffered);

  // Near misses: what the assistant states or did is working context, as before.
  it.each([
    'Restic runs nightly to the B2 bucket at 03:00.',
    'Set the retention on the audit-log bucket to 30 days.',
  ])('"%s" stays working context', staysWorkingContext);
});

describe('rules@17: "I don\'t understand" reports a state of mind, no rule', () => {
  it.each([
    "The import script skips row 12 and I don't understand why",
    'My sourdough came out dense again, I dont get it',
    "The macro returns #VALUE and I don't know what it wants",
  ])('"%s" is no rule', isNo('rule'));

  // Near misses: "don't" that forbids stays a rule.
  it.each([
    "We don't deploy on Fridays",
    "Please don't understate the mileage on the claim form",
    "I don't accept cheques from new clients",
  ])('"%s" is a rule', isA('rule'));
});

describe('rules@17: a rule that fails, or a rule for the moment, is no standing rule', () => {
  it.each([
    'The mailbox rule that files invoices into Accounts stopped working on Monday',
    'The firewall rule for port 8443 keeps failing after reboot',
    "I don't want to order any more stock right now, cash is tight",
    'We must not book the hall this week, the floor is being sanded',
  ])('"%s" is no rule', isNo('rule'));

  // Near misses: a rule stated, labelled with a colon, or standing.
  it.each([
    'Our rule is that every invoice goes into Accounts',
    'Parking rule: members missing two meetings lose their bay',
    "I don't want to order stock from Brakes ever again",
    'We must not book the hall on Sundays',
  ])('"%s" is a rule', isA('rule'));
});

describe('rules@17: a sentence that opens with a supposition states what would be', () => {
  it.each([
    "If all the families bring two guests we're at 214",
    'Unless the grant comes through the budget is 3,400 short',
    'If the quote holds the van costs 1,150',
  ])('"%s" is no durable fact', all(isA('hedge'), keepsNothing));

  // Near misses: a rule, an obligation or a decision for each time the condition holds.
  it.each([
    ['If the nightly backup fails, page the on-call at 555-0142', '555-0142'],
    ['If it rains we always move the class to Hall 2', 'Hall 2'],
    ['If a driver cancels less than 24 hours before, they have to find cover', '24 hours'],
  ])('"%s" is kept', keeps);
});

describe('rules@17 recall: where the speaker lives, lasting conditions, system parts, bare roles', () => {
  it.each([
    ['I live in Tromsø.', 'Tromsø'],
    ['Ezra is allergic to penicillin.', 'penicillin'],
    ['My dad is diabetic, so no sugar in the hamper', 'diabetic'],
    ['Frontend is sveltekit.', 'sveltekit'],
    ['Halima is rota coordinator.', 'Halima'],
  ])('"%s" is kept', keeps);

  // Near misses: a move or a visit, a passing state, a judgement, a pronoun.
  it.each([
    'I lived in Tromsø as a kid',
    "I'm sick today",
    'Frontend is slow',
    'He is coordinator.',
  ])('"%s" is no durable fact', keepsNothing);
});

describe('rules@17 recall: a duty held by a named person, with a title or a wider verb', () => {
  it.each([
    ['Dr Amadi does all the school medicals.', 'Amadi'],
    ['Mrs Lowe looks after the parish accounts.', 'Lowe'],
    ['Tariq covers the Saturday shifts.', 'Tariq'],
  ])('"%s" is kept', keeps);

  // Near misses: a pronoun, what was done once.
  it.each(['She does all the school medicals.', 'Mrs Lowe looked after the accounts last year.'])(
    '"%s" is no durable fact',
    keepsNothing,
  );
});
