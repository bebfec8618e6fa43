import { describe, expect, it } from 'vitest';
import { stateBySlot } from './__fixtures__/read-chat.js';
import { extractWithRules } from './rule-extractor.js';
import { EMPTY_REGISTRY, type ExtractionInput, type KnownSlot } from './types.js';

interface Case {
  readonly name: string;
  readonly text: string;
  readonly at?: string;
  readonly source?: string;
  readonly role?: 'user' | 'assistant';
  readonly entity?: string;
  readonly title?: string;
  readonly known?: readonly KnownSlot[];
  readonly members?: Readonly<Record<string, readonly string[]>>;
  /** `entity field` → value; every listed slot must be extracted with a state-changing intent. */
  readonly expect?: Readonly<Record<string, string>>;
  /** Slots that must not be extracted with a state-changing intent. */
  readonly absent?: readonly string[];
  /** The message-level intent. */
  readonly intent?: string | null;
  readonly retracts?: boolean;
  /** `entity field` whose observation must be hedged (confidence below 1). */
  readonly hedged?: readonly string[];
  /** `entity field` whose observation must carry explicit correction language. */
  readonly corrections?: readonly string[];
}

const U = 'user:primary';

const cases: readonly Case[] = [
  // Travel: presence and arrival.
  {
    name: 'reads first-person presence as a trip in progress',
    text: "We're finally in Lisbon, the hotel has a rooftop pool.",
    expect: { [`${U} travel.status`]: 'in_progress', [`${U} travel.location`]: 'Lisbon' },
    intent: 'assertive',
  },
  {
    name: 'reads a landing as arrival at a multi-word place',
    text: 'Just touched down in Buenos Aires, grabbing a taxi.',
    expect: { [`${U} travel.status`]: 'in_progress', [`${U} travel.location`]: 'Buenos Aires' },
  },
  {
    name: 'reads "arrived in" without a subject as the writer',
    text: 'Arrived in Kyoto an hour ago. Jet lag is brutal.',
    expect: { [`${U} travel.location`]: 'Kyoto' },
  },
  // Travel: plans.
  {
    name: 'reads a note line with a weekday as a planned departure, dated in the note week',
    text: 'Plan (Sep 7-13)\n- Mon: dentist 9am\n- Fri 6pm: drive to Yosemite\n- Home Sun the 13th',
    source: 'note',
    at: '2026-09-20T10:00:00Z',
    expect: {
      [`${U} travel.status`]: 'planned',
      [`${U} travel.destination`]: 'Yosemite',
      [`${U} travel.departure_date`]: '2026-09-11',
      [`${U} travel.return_date`]: '2026-09-13',
    },
  },
  {
    name: 'reads a booking with outbound and return dates in one month',
    text: 'Booked Toronto: flying out Monday the 9th, back Thursday the 12th.',
    at: '2026-11-01T12:00:00Z',
    expect: {
      [`${U} travel.destination`]: 'Toronto',
      [`${U} travel.departure_date`]: '2026-11-09',
      [`${U} travel.return_date`]: '2026-11-12',
    },
  },
  {
    name: 'reads a flight line from a calendar as a planned trip',
    text: 'Flight UA 910 Denver -> Honolulu, Tue Jan 12, 10:05-14:40',
    source: 'calendar',
    at: '2027-01-02T08:00:00Z',
    expect: {
      [`${U} travel.status`]: 'planned',
      [`${U} travel.destination`]: 'Honolulu',
      [`${U} travel.departure_date`]: '2027-01-12',
    },
  },
  {
    name: 'reads a confirmation email with a return leg',
    text: 'Your trip is confirmed. Flight LH 401 to Frankfurt departs Wed, Oct 14. Return flight Sun, Oct 18.',
    source: 'email',
    at: '2026-09-30T08:00:00Z',
    expect: {
      [`${U} travel.destination`]: 'Frankfurt',
      [`${U} travel.departure_date`]: '2026-10-14',
      [`${U} travel.return_date`]: '2026-10-18',
    },
  },
  // Travel: return, cancellation, supersession.
  {
    name: 'reads "back from" as a completed trip and home',
    text: 'Back from Oaxaca at last, unpacking now.',
    expect: { [`${U} travel.status`]: 'completed', [`${U} travel.location`]: 'home' },
  },
  {
    name: 'reads "home again" as a completed trip',
    text: 'Home again, the cat is very offended.',
    expect: { [`${U} travel.status`]: 'completed', [`${U} travel.location`]: 'home' },
  },
  {
    name: 'reads "back" with a future date as a return date, not a return',
    text: "I'll be back Tuesday the 3rd.",
    at: '2026-03-01T09:00:00Z',
    absent: [`${U} travel.status`],
  },
  {
    name: 'reads "the trip is off" as a cancellation',
    text: 'Bad news, the Banff trip is off. The roads are closed.',
    expect: { [`${U} travel.status`]: 'cancelled' },
  },
  {
    name: 'reads "never mind" followed by what changes as that change, not a withdrawal',
    text: 'Never mind, the ski weekend is cancelled.',
    expect: { [`${U} travel.status`]: 'cancelled' },
    retracts: false,
    intent: 'assertive',
  },
  {
    name: 'reads "instead of" as an explicit destination change',
    text: "Change of plans: we're doing Porto instead of Madrid.",
    expect: { [`${U} travel.destination`]: 'Porto' },
    corrections: [`${U} travel.destination`],
  },
  {
    name: 'does not cancel a trip when only a replaced place is "no longer happening"',
    text: 'So Madrid is no longer happening.',
    absent: [`${U} travel.status`],
  },
  // Travel: language that must not change state.
  {
    name: 'keeps a conditional as hypothetical',
    text: 'If the strike goes ahead we would probably fly to Milan instead.',
    absent: [`${U} travel.destination`, `${U} travel.status`],
    intent: 'hypothetical',
  },
  {
    name: 'keeps a reminiscence as historical',
    text: 'Last summer we were in Crete for two weeks, best swimming ever.',
    absent: [`${U} travel.location`, `${U} travel.status`],
    intent: 'historical',
  },
  {
    name: 'keeps a rhetorical "remember when" as historical',
    text: 'Remember when we got lost in Seoul? Good times.',
    absent: [`${U} travel.location`],
    intent: 'historical',
  },
  {
    name: 'keeps a question as a question',
    text: 'Am I flying to Dublin on the 4th or the 5th?',
    absent: [`${U} travel.destination`],
    intent: 'question',
  },
  // Entities: third parties never become the writer.
  {
    name: "gives a named third party's trip to their own entity",
    text: 'Marta flies to Nairobi tomorrow for a conference. I stay here with the kids.',
    at: '2026-05-10T18:00:00Z',
    expect: {
      'user:marta travel.status': 'planned',
      'user:marta travel.destination': 'Nairobi',
      'user:marta travel.departure_date': '2026-05-11',
    },
    absent: [`${U} travel.status`, `${U} travel.destination`],
  },
  {
    name: 'resolves a pronoun to the person named before it',
    text: 'Omar called, he is in Cairo now.',
    expect: { 'user:omar travel.location': 'Cairo' },
    absent: [`${U} travel.location`],
  },
  {
    name: 'puts a family member on the family through the membership registry',
    text: 'Ines has a fever, she is staying home today.',
    members: { 'family:silva': ['Ines', 'Tomas'] },
    expect: { 'family:silva family.ines.status': 'sick' },
  },
  {
    name: 'puts a family member listed by entity id on the family',
    text: 'Ines has a fever, she is staying home today.',
    members: { 'family:silva': ['user:ines', 'Tomas Silva'] },
    expect: { 'family:silva family.ines.status': 'sick' },
  },
  {
    name: 'reads "we" in a family thread as the family',
    // A Saturday: said on a weekday, "for the weekend" is a plan (near-miss-presence-ahead).
    at: '2026-06-06T10:00:00Z',
    text: "We're in Bruges for the weekend!",
    entity: 'family:peeters',
    expect: { 'family:peeters travel.location': 'Bruges' },
  },
  // Projects.
  {
    name: 'reads a shipped project with its version split off',
    text: 'The Redis 7 migration shipped this morning.',
    entity: 'team:platform',
    expect: {
      'team:platform project.redis_migration.status': 'shipped',
      'team:platform project.redis_migration.version': '7',
    },
  },
  {
    name: 'reads "blocked until" without taking the condition as a fact',
    text: 'Search v2 is blocked until the data team finishes the backfill.',
    entity: 'team:search',
    expect: { 'team:search project.search_v2.status': 'blocked' },
    absent: ['team:search project.data_team.status'],
  },
  {
    name: 'reads "unblocked" as back in progress',
    text: 'The backfill landed, so search v2 is unblocked again.',
    entity: 'team:search',
    expect: { 'team:search project.search_v2.status': 'in_progress' },
  },
  {
    name: 'reads a labelled status line from a report',
    text: 'Monthly status, billing-api: BLOCKED pending security review.',
    entity: 'team:payments',
    source: 'email',
    expect: { 'team:payments project.billing_api.status': 'blocked' },
  },
  {
    name: 'reads a deploy webhook as shipped',
    text: 'Deploy: web-portal released to production (build 77) by CI',
    entity: 'team:web',
    source: 'webhook',
    expect: { 'team:web project.web_portal.status': 'shipped' },
  },
  {
    name: 'reads a provider switch as an explicit correction of the project',
    text: 'FYI we moved to Twilio for the notifications service.',
    entity: 'team:growth',
    expect: { 'team:growth project.notifications_service.provider': 'Twilio' },
    corrections: ['team:growth project.notifications_service.provider'],
  },
  {
    name: 'reads an owner and resolves a short name against known projects',
    text: 'Deadline for onboarding changed to June 12. Kim owns it.',
    entity: 'team:growth',
    at: '2026-05-02T09:00:00Z',
    known: [
      { entityId: 'team:growth', field: 'project.onboarding_revamp.status', value: 'in_progress' },
    ],
    expect: {
      'team:growth project.onboarding_revamp.deadline': '2026-06-12',
      'team:growth project.onboarding_revamp.owner': 'Kim',
    },
  },
  {
    name: "keeps the writer's personal project off the team",
    text: 'Personal update: I paused my side project, the budgeting tool.',
    entity: 'team:growth',
    expect: { [`${U} project.budgeting_tool.status`]: 'blocked' },
    absent: ['team:growth project.budgeting_tool.status'],
  },
  // Family.
  {
    name: 'reads two children in one message as two members, sickness over staying home',
    text: "Noa threw up last night so she's home today. Eli went to school as usual.",
    entity: 'family:levi',
    expect: {
      'family:levi family.eli.status': 'at_school',
      'family:levi family.noa.status': 'sick',
    },
  },
  {
    name: 'reads staying home without sickness as at home',
    text: "Eli's home today, the school has a teacher training day.",
    entity: 'family:levi',
    expect: { 'family:levi family.eli.status': 'at_home' },
  },
  {
    name: 'reads a calendar entry as a dated schedule slot',
    text: 'Violin lesson (Ada) - Mon Feb 2, 15:15-16:00',
    entity: 'family:berg',
    source: 'calendar',
    at: '2026-01-28T07:00:00Z',
    expect: { 'family:berg family.schedule.violin_lesson': '2026-02-02 15:15' },
  },
  {
    name: 'reads a same-day time change as an explicit correction of the known slot',
    text: 'Heads up, gymnastics is at 4:45 today instead of 4.',
    entity: 'family:berg',
    at: '2026-02-03T09:00:00Z',
    known: [
      {
        entityId: 'family:berg',
        field: 'family.schedule.gymnastics_class',
        value: '2026-02-03 16:00',
      },
    ],
    expect: { 'family:berg family.schedule.gymnastics_class': '2026-02-03 16:45' },
    corrections: ['family:berg family.schedule.gymnastics_class'],
  },
  {
    name: 'reads a cancellation of a known activity by its short name',
    text: 'Game is cancelled tonight because of the storm.',
    entity: 'family:berg',
    known: [
      { entityId: 'family:berg', field: 'family.schedule.hockey_game', value: '2026-02-05 18:00' },
    ],
    expect: { 'family:berg family.schedule.hockey_game': 'cancelled' },
  },
  {
    name: 'reads school being cancelled as a schedule change',
    text: 'School is cancelled today, snow day!',
    entity: 'family:berg',
    expect: { 'family:berg family.schedule.school': 'cancelled' },
  },
  // Money.
  {
    name: 'reads a bill email as unpaid with amount and due date',
    text: 'Metro Water: your statement of 88.10 is ready. Due May 3.',
    source: 'email',
    at: '2026-04-20T08:00:00Z',
    expect: {
      [`${U} financial.water_bill.status`]: 'unpaid',
      [`${U} financial.water_bill.amount`]: '88.10',
      [`${U} financial.water_bill.due_date`]: '2026-05-03',
    },
  },
  {
    name: 'unifies a bank payee and a chat name for the same bill',
    text: 'Checking ...1200: payment to METRO WATER DEPT 88.10 posted 05/01.',
    source: 'bank',
    expect: { [`${U} financial.water_bill.status`]: 'paid' },
  },
  {
    name: 'reads a returned debit on a membership as the payment status',
    text: 'Direct debit HILLSIDE YOGA 39.00 - returned (account closed).',
    source: 'bank',
    expect: {
      [`${U} financial.yoga_membership.payment_status`]: 'returned',
      [`${U} financial.yoga_membership.amount`]: '39',
    },
  },
  {
    name: 'reads "mark it as paid" as an explicit correction',
    text: 'I paid the pilates fee in cash. Mark it as paid.',
    expect: { [`${U} financial.pilates_membership.payment_status`]: 'paid' },
    corrections: [`${U} financial.pilates_membership.payment_status`],
  },
  {
    name: 'hedges a casual money claim',
    text: 'I think I paid the phone bill already.',
    hedged: [`${U} financial.phone_bill.status`],
  },
  {
    name: 'hedges an approximate amount',
    text: "The mortgage is roughly 1.9k now, isn't it wild.",
    hedged: [`${U} financial.mortgage.amount`],
  },
  {
    name: 'reads a recurring card charge as an active subscription',
    text: 'Card ...5521: TUNEBOX.IO 9.99 (recurring, monthly).',
    source: 'bank',
    expect: {
      [`${U} financial.tunebox.status`]: 'active',
      [`${U} financial.tunebox.amount`]: '9.99',
    },
  },
  {
    name: 'reads a refund credit and a refund request as refunded and pending',
    text: 'Card ...7788: refund from SKYLARK AIRWAYS 212.40 credited.',
    source: 'bank',
    expect: { [`${U} financial.skylark_refund.status`]: 'refunded' },
  },
  {
    name: 'keeps a money what-if hypothetical',
    text: 'If I dropped TuneBox I would save about 120 a year.',
    absent: [`${U} financial.tunebox.status`],
    intent: 'hypothetical',
  },
  // Profile.
  {
    name: 'reads a profile note into topics and facets',
    text: 'Tea: green, soy milk.\nSeat: aisle.',
    source: 'note',
    title: 'About me',
    expect: {
      [`${U} profile.preference.tea_milk`]: 'soy milk',
      [`${U} profile.preference.tea`]: 'green',
      [`${U} profile.preference.seat`]: 'aisle',
    },
  },
  {
    name: 'reads a standing instruction as an explicit preference change',
    text: 'Going forward, book me window seats please.',
    expect: { [`${U} profile.preference.seat`]: 'window' },
    corrections: [`${U} profile.preference.seat`],
  },
  {
    name: 'ignores a one-off exception',
    text: 'Just this once a middle seat is fine, the flight is short.',
    absent: [`${U} profile.preference.seat`],
  },
  {
    name: 'ignores a single experience that states no preference',
    text: 'Tried an almond milk latte today, not bad.',
    absent: [`${U} profile.preference.milk`, `${U} profile.preference.coffee_milk`],
  },
  {
    name: "gives a third party's diet to that person",
    text: "Lena's vegan, so pick a place with real vegan mains.",
    expect: { 'user:lena profile.preference.diet': 'vegan' },
    absent: [`${U} profile.preference.diet`],
  },
  {
    name: 'hedges an intention that is only being considered',
    text: "I'm considering going gluten-free. We'll see.",
    hedged: [`${U} profile.preference.diet`],
  },
];

function run(c: Case) {
  const known = c.known ?? [];
  const input: ExtractionInput = {
    text: c.text,
    at: c.at ?? '2026-06-01T12:00:00Z',
    source: c.source ?? 'chat',
    role: c.role ?? 'user',
    entityId: c.entity ?? U,
    ...(c.title === undefined ? {} : { title: c.title }),
    known,
    registry: { ...EMPTY_REGISTRY, members: c.members ?? {} },
  };
  return extractWithRules(input);
}

describe('extractWithRules', () => {
  it.each(cases)('$name', (c) => {
    const result = run(c);
    const state = stateBySlot(result.observations);
    for (const [key, value] of Object.entries(c.expect ?? {})) {
      expect(state.get(key)?.value, key).toBe(value);
    }
    for (const key of c.absent ?? []) expect(state.has(key), key).toBe(false);
    if (c.intent !== undefined) expect(result.intent).toBe(c.intent);
    if (c.retracts !== undefined) expect(result.retractsPrevious).toBe(c.retracts);
    for (const key of c.hedged ?? []) {
      const found = result.observations.find((o) => `${o.entityId} ${o.field}` === key);
      expect(found?.confidence, key).toBeLessThan(1);
    }
    for (const key of c.corrections ?? []) expect(state.get(key)?.correction, key).toBe(true);
  });

  it('is deterministic', () => {
    const input = cases[0];
    if (input === undefined) throw new Error('no case');
    expect(JSON.stringify(run(input))).toBe(JSON.stringify(run(input)));
  });
});
