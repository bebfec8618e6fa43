import { describe, expect, it } from 'vitest';
import { asReading, expectNothingRead, onRecord, readMessage } from '../__fixtures__/read-chat.js';
import { readingsUnder } from '../__fixtures__/readings-under.js';
import { EMPTY_REGISTRY, type KnownSlot } from '../types.js';
import * as lexicon from './financial-lexicon.js';

// Issue #10, the financial family read by grammar. Every sentence, bank line and email here was
// written for this test (in no benchmark file): bank-line shapes in the languages we could
// construct, lowercase brands, several currencies and both decimal conventions.

/** Every financial reading of one text from `source`, as `field=value (evidence)`. */
function read(text: string, source = 'chat', known: readonly KnownSlot[] = []): string[] {
  return readMessage(text, { source, known })
    .filter((o) => o.field.startsWith('financial.'))
    .map(asReading)
    .sort();
}

describe('a bank feed line: the payee, paid or returned, and the amount (strong)', () => {
  it.each([
    [
      'a US checking line: payment to a utility, posted on a date',
      'Checking ...7730: payment to HARBOR CITY WATER 58.40 posted 04/28.',
      ['water_bill.amount=58.40', 'water_bill.status=paid'],
    ],
    [
      'a utility paid, dollars',
      'Payment successful: METRO WATER AUTHORITY $61.18',
      ['water_bill.amount=61.18', 'water_bill.status=paid'],
    ],
    [
      'thanks for the payment, code after the amount',
      'Thank you for your payment: EVERGREEN ENERGY 143.07 USD',
      ['energy_bill.amount=143.07', 'energy_bill.status=paid'],
    ],
    [
      'a direct debit collected, pounds',
      'Direct debit collected: NORTHSHORE GAS £54.20',
      ['gas_bill.amount=54.20', 'gas_bill.status=paid'],
    ],
    [
      'German standing order for rent, comma decimals',
      'Dauerauftrag ausgeführt: Miete Wohnung 3B 1.120,00 EUR',
      ['rent.amount=1120', 'rent.status=paid'],
    ],
    [
      'German direct debit, lowercase utility word',
      'Lastschrift: WASSERWERKE LEIPZIG Wasser 38,90 EUR',
      ['water_bill.amount=38.90', 'water_bill.status=paid'],
    ],
    [
      'German returned debit',
      'Rücklastschrift Stadtwerke Bonn Strom 96,40 EUR - Deckung nicht ausreichend',
      ['electricity_bill.amount=96.40', 'electricity_bill.status=unpaid'],
    ],
    [
      'French rejected debit, accented words',
      'Prélèvement rejeté: ENGIE gaz 71,25 €',
      ['gas_bill.amount=71.25', 'gas_bill.status=unpaid'],
    ],
    [
      'French payment made',
      'Paiement effectué : EAU DE PARIS 33,10 €',
      ['water_bill.amount=33.10', 'water_bill.status=paid'],
    ],
    [
      'Spanish payment made',
      'Pago realizado: IBERDROLA luz 58,33 EUR',
      ['electricity_bill.amount=58.33', 'electricity_bill.status=paid'],
    ],
    [
      'Spanish returned receipt',
      'Recibo devuelto: CANAL ISABEL II agua 41,02 EUR',
      ['water_bill.amount=41.02', 'water_bill.status=unpaid'],
    ],
    [
      'Brazilian payment, R$',
      'Pagamento efetuado: ENEL luz R$ 212,90',
      ['electricity_bill.amount=212.90', 'electricity_bill.status=paid'],
    ],
    [
      'Italian direct debit',
      'Addebito SDD: A2A energia elettrica 88,15 EUR',
      ['electricity_bill.amount=88.15', 'electricity_bill.status=paid'],
    ],
    [
      'Dutch payment',
      'Betaling uitgevoerd: VATTENFALL stroom 102,50 EUR',
      ['electricity_bill.amount=102.50', 'electricity_bill.status=paid'],
    ],
    [
      'Polish payment, złoty',
      'Płatność zrealizowana: PGNiG gaz 154,30 zł',
      ['gas_bill.amount=154.30', 'gas_bill.status=paid'],
    ],
    [
      'Turkish payment, lira',
      'Ödeme yapıldı: İSKİ su faturası 185,40 TRY',
      ['water_bill.amount=185.40', 'water_bill.status=paid'],
    ],
    [
      'a returned debit in English',
      'Direct debit returned: BRIGHTWAVE BROADBAND £29.99 (refer to payer)',
      ['broadband_bill.amount=29.99', 'broadband_bill.status=unpaid'],
    ],
    [
      'a declined payment, NZ dollars',
      'Payment declined: OCEANIC MOBILE 19.50 NZD',
      ['mobile_bill.amount=19.50', 'mobile_bill.status=unpaid'],
    ],
    [
      'a card refund credited',
      'Refund from ACME OUTDOOR 64.00 credited',
      ['acme_refund.amount=64', 'acme_refund.status=refunded'],
    ],
    ['an account balance', 'Current account · Balance: 2,310.55', ['current.balance=2310.55']],
    [
      'a balance after a transfer, not the transfer',
      'Savings account · Transfer in +300.00 from Checking · Balance: 1,650.00',
      ['savings.balance=1650'],
    ],
  ])('%s: "%s"', (_shape, line, expected) => {
    expect(read(line, 'bank')).toEqual(expected.map((e) => `financial.${e} (strong)`));
  });

  it('a plan tier in a card descriptor shows the amount, not that the plan is kept', () => {
    expect(read('Card payment: SPOTIFY PREMIUM 10.99 GBP', 'bank')).toEqual([
      'financial.spotify.amount=10.99 (strong)',
    ]);
  });

  it('a charge for an item already known reads it as active, behind a processor prefix', () => {
    const known = onRecord({ 'financial.youtube_music.status': 'active' });
    expect(read('Card debit: GOOGLE *YouTube Music 79,99 TRY', 'bank', known)).toEqual([
      'financial.youtube_music.amount=79.99 (strong)',
      'financial.youtube_music.status=active (strong)',
    ]);
  });

  it.each([
    'Card purchase: TESCO STORES 23.17 GBP',
    'Card debit: REWE Markt 45,10 EUR',
    'POS purchase: CAFE NERO 4.35 GBP',
  ])('shopping is no bill and no subscription: "%s"', (line) => {
    expect(read(line, 'bank')).toEqual([]);
  });
});

describe('a payee the user named with an alias', () => {
  it('reads a feed line for that payee as the aliased item', () => {
    const observed = readMessage(
      'Savings ...0419: payment to NORTHGATE MINI STORAGE INC 85.00 posted 06/03.',
      {
        at: '2026-06-04T09:00:00Z',
        source: 'bank',
        registry: {
          ...EMPTY_REGISTRY,
          aliases: { 'NORTHGATE MINI STORAGE INC': 'financial.locker' },
        },
      },
    ).map((o) => `${o.field}=${o.value}`);
    expect(observed).toContain('financial.locker.amount=85');
  });
});

describe("a biller's email: its item from the subject or the sender (strong)", () => {
  it.each([
    [
      'a new price, from the team that signs',
      'Subject: Your plan is changing\n\nFrom 1 July your Fibrewave Unlimited plan will cost £32.00 a month.\n\nThe Fibrewave team',
      'financial.fibrewave.price=32',
    ],
    [
      'a renewal premium, item from the subject',
      'Subject: Your home insurance renewal\n\nYour annual premium will be 412.80.\n\nHarbourside Insurance',
      'financial.home_insurance.premium=412.80',
    ],
    [
      'a membership cancelled',
      'Subject: Membership cancelled\n\nYour membership has been cancelled as requested.\n\nThe Pulse Gym team',
      'financial.pulse_gym.status=cancelled',
    ],
    [
      'a refund issued',
      'Subject: Refund issued\n\nWe have issued a refund of $42.00 to your card.\n\nThe Lumio team',
      'financial.lumio.status=refunded',
    ],
  ])('%s', (_shape, mail, expected) => {
    expect(read(mail, 'email')).toEqual([`${expected} (strong)`]);
  });

  it('a revised premium from the insurer reaches the item the renewal named', () => {
    const known = onRecord({ 'financial.home_insurance.premium': '412.80' });
    const mail =
      'Subject: Your updated quote\n\nWith the loyalty reduction applied, the revised yearly premium comes to 377.10.\n\nNorthgate Insurance';
    expect(read(mail, 'email', known)).toEqual([
      'financial.home_insurance.premium=377.10 (strong)',
    ]);
  });
});

describe('what the user says about their own bills and subscriptions', () => {
  it.each([
    ['a bill paid, terse', 'just paid the gas bill', ['gas_bill.status=paid (strong)']],
    ['settled', 'settled the phone bill this morning', ['phone_bill.status=paid (strong)']],
    [
      'an amount with comma decimals in chat (one amount reader for chat and feeds)',
      'paid rent, 1.250,00',
      ['rent.amount=1250 (strong)', 'rent.status=paid (strong)'],
    ],
    [
      'a negated payment',
      "I didn't pay the internet bill yet",
      ['internet_bill.status=unpaid (strong)'],
    ],
    [
      'hedged: weak',
      'I believe I paid the water bill on Monday',
      ['water_bill.status=paid (weak)'],
    ],
    [
      'hedged, trailing doubt',
      'maybe I paid the heating bill, not sure',
      ['heating_bill.status=paid (weak)'],
    ],
    [
      'cancelled, lowercase brand + noun',
      'cancelled my disney+ subscription',
      ['disney.status=cancelled (strong)'],
    ],
    [
      'unsubscribed',
      'finally unsubscribed from the audible plan',
      ['audible.status=cancelled (strong)'],
    ],
    [
      'switched, with the recurring noun',
      'switched from netflix to mubi, the subscription is cheaper',
      ['mubi.status=active (strong)', 'netflix.status=cancelled (strong)'],
    ],
    ['resubscribed', 'resubscribed to the deezer plan', ['deezer.status=active (strong)']],
    [
      'signed up, tier words dropped',
      'signed up for the crunchyroll premium plan',
      ['crunchyroll.status=active (strong)'],
    ],
    ['an unknown brand alone is weak', 'cancelled my qobuz', ['qobuz.status=cancelled (weak)']],
    [
      'a return awaiting its refund',
      'sent the Decathlon order back yesterday',
      ['decathlon_order.status=pending (strong)'],
    ],
    [
      'still waiting',
      'still waiting for the Uniqlo refund',
      ['uniqlo_refund.status=pending (strong)'],
    ],
  ])('%s: "%s"', (_phenomenon, text, expected) => {
    expect(read(text)).toEqual(expected.map((e) => `financial.${e}`));
  });

  it('a switch between providers is strong when one of them is a known payment', () => {
    const known = onRecord({ 'financial.qobuz.amount': '12.99' });
    expect(read('switched from qobuz to tidal last week', 'chat', known)).toEqual([
      'financial.qobuz.status=cancelled (strong)',
      'financial.tidal.status=active (strong)',
    ]);
  });

  it.each([
    ['a question', 'did you cancel the netflix subscription?'],
    ['a supposition', 'if I cancel my hulu subscription I save 8 a month'],
    ['advice asked', 'should I switch from spotify to tidal?'],
    ["someone else's subscription", 'my brother cancelled his netflix subscription'],
    ['a named third party', 'Ana switched from deezer to spotify'],
    ['a meeting is not a subscription', 'I cancelled the meeting with the bank'],
    ['a dinner is not a subscription', 'we cancelled dinner on friday'],
    ['drinks are not providers', 'I switched from coffee to tea'],
    ['a move between cities', 'I moved from Lyon to Paris in 2019'],
    ['a return not yet sent', "I haven't sent the Zara order back yet"],
    ['a bill mentioned is not a bill paid', 'the electricity bill is such a pain to read'],
    ['paying for an occasion', 'I paid for dinner last night'],
  ])('commits nothing: %s ("%s")', (_phenomenon, text) => {
    expect(read(text).filter((o) => !o.endsWith('(weak)'))).toEqual([]);
  });
});

describe('a verb of ending used for coming and going ends no subscription', () => {
  it.each([
    ['someone set down at a place', 'I dropped Renée at the station'],
    ['set down, with "off"', 'Dropped Tomasz off at swimming'],
    ['a particle right after the verb', 'I stopped by Lidl on the way'],
    ['dropping in', 'Grandma dropped in with soup'],
    ['set down outside', 'I dropped Oyelaran outside the gym'],
  ])('reads nothing: %s ("%s")', (_phenomenon, text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    ['a time after "at" keeps the ending', 'I stopped Deezer at last', 'deezer'],
    ['"at the end of" is when, not where', 'dropped my Peloton at the end of March', 'peloton'],
    ['no place after the object', 'I dropped Crunchyroll', 'crunchyroll'],
    ['a clock time after "at" is when', 'I stopped Mubi at midnight', 'mubi'],
  ])('still reads the ending: %s ("%s")', (_phenomenon, text, slug) => {
    expect(read(text).map((r) => r.replace(/ \(.*\)$/, ''))).toContain(
      `financial.${slug}.status=cancelled`,
    );
  });
});

describe('a bill, a balance or a refund as the subject of a short statement', () => {
  it.each([
    [
      'a bill paid, noun first',
      'electricity bill paid ✅',
      ['electricity_bill.status=paid (strong)'],
    ],
    ['a tax overdue', 'council tax is overdue', ['council_tax.status=unpaid (strong)']],
    ['a bill going up', 'phone bill came in at 42.10', ['phone_bill.amount=42.10 (strong)']],
    ['rent going up', 'my rent went up to 1,450', ['rent.amount=1450 (strong)']],
    [
      'an insurance renewed: its premium',
      'car insurance renewed at 598',
      ['car_insurance.premium=598 (strong)'],
    ],
    ['a brand alone going up is weak', 'Netflix went up to 17.99', ['netflix.amount=17.99 (weak)']],
    ['savings, said', 'savings are at 4,300 now', ['savings.balance=4300 (strong)']],
    ['savings, had', 'I have 3,200 in my savings account', ['savings.balance=3200 (strong)']],
    [
      'a refund received from a merchant',
      'got the refund from Zalando finally',
      ['zalando_refund.status=refunded (strong)'],
    ],
    [
      'a merchant refunding the speaker',
      'Zalando refunded me the 60',
      ['zalando_refund.status=refunded (strong)'],
    ],
    [
      'a subscription verb is strong on a brand',
      'I resubscribed to Spotify',
      ['spotify.status=active (strong)'],
    ],
    ['signed back up', 'signed back up to Netflix', ['netflix.status=active (strong)']],
  ])('%s: "%s"', (_phenomenon, text, expected) => {
    expect(read(text)).toEqual(expected.map((e) => `financial.${e}`));
  });

  it('a refund that came through is the one refund known to be pending', () => {
    const known = onRecord({ 'financial.headphones_order.status': 'pending' });
    expect(read('the refund came through this morning', 'chat', known)).toEqual([
      'financial.headphones_order.status=refunded (strong)',
    ]);
  });

  it.each([
    [
      'UK direct debit code',
      'DD THAMES WATER 38.50',
      ['water_bill.amount=38.50', 'water_bill.status=paid'],
    ],
    [
      'UK faster payment code',
      'FPO BRITISH GAS 120.00',
      ['gas_bill.amount=120', 'gas_bill.status=paid'],
    ],
  ])('a feed code opens a paid line: %s', (_shape, line, expected) => {
    expect(read(line, 'bank')).toEqual(expected.map((e) => `financial.${e} (strong)`));
  });

  it.each([
    [
      'a refund being processed is pending',
      "We've received your returned item. Your refund is being processed.\n\nThe Kestrel team",
      ['kestrel.status=pending'],
    ],
    [
      'a membership debit returned',
      'Your direct debit of £45.00 for your Ironworks Gym membership was returned unpaid.\n\nIronworks Gym',
      ['gym_membership.amount=45', 'gym_membership.payment_status=returned'],
    ],
    [
      'a bill issued',
      'Your bill of £38.50 is ready.\n\nSevern Water',
      ['water_bill.amount=38.50', 'water_bill.status=unpaid'],
    ],
  ])("a biller's event: %s", (_shape, mail, expected) => {
    expect(read(mail, 'email')).toEqual(expected.map((e) => `financial.${e} (strong)`));
  });
});

describe('a bare amount that corrects the one on record', () => {
  const plumber = onRecord({
    'financial.plumber.status': 'paid',
    'financial.plumber.amount': '180',
  });

  it('reads the amount after the paid payee', () => {
    expect(read('Paid the plumber 180 for sorting the leaking tap.')).toEqual([
      'financial.plumber.amount=180 (strong)',
      'financial.plumber.status=paid (strong)',
    ]);
  });

  it('asks (moderate) when the thread has one financial item', () => {
    expect(read('Oops, 230. Forgot the parts.', 'chat', plumber)).toEqual([
      'financial.plumber.amount=230 (moderate)',
    ]);
  });

  it('reads nothing when the number could be about another item', () => {
    const two = [...plumber, ...onRecord({ 'financial.rent.amount': '900' })];
    expect(read('Oops, 230. Forgot the parts.', 'chat', two)).toEqual([]);
  });
});

describe('each financial lexicon entry covers its phenomenon', () => {
  it.each([
    [lexicon.SETTLED, 'Zahlung erfolgt an Stadtwerke'],
    [lexicon.SETTLED, 'payment to LAKESIDE GAS CO 71.02 posted 05/01'],
    [lexicon.RETURNED, 'Lastschrift zurückgebucht'],
    [lexicon.REFUNDED, 'Montant remboursé sur votre carte'],
    [lexicon.REFUND_PENDING, 'we asked for a refund on Tuesday'],
    [lexicon.CANCEL, 'Vertrag gekündigt'],
    [lexicon.SUBSCRIBE, 'took out a broadband contract'],
    [lexicon.SWITCH, 'replaced deezer with tidal'],
    [lexicon.RECURRING_NOUN, 'the auto-renewal went through'],
    [lexicon.AMOUNT_NOUN, 'the deposit is 500'],
    [lexicon.SPENDING_OCCASION, 'we paid for the taxi'],
    [lexicon.SETTLING_UP, 'I still owe Dana for the cinema'],
    [lexicon.PAYMENT_SUBJECT, 'the premium'],
    [lexicon.SUBSCRIPTION_VERB, 'unsubscribed last night'],
    [lexicon.REFUND_RECEIVED, 'the refund landed today'],
    [lexicon.BILL_ISSUED, 'your invoice is now due'],
    [lexicon.FEED_CODE, 'SO LANDLORD K OKAFOR 900.00'],
    [lexicon.FEED_CODE, 'Current acct 2026-02-03: DD HARBOUR ENERGY 58.10'],
    [lexicon.FEED_LEAD, 'Current acct 2026-02-03: DD HARBOUR ENERGY 58.10'],
    [lexicon.FEED_LEAD, '14/02 FPO K MENSAH 40.00'],
    [lexicon.REFUND_UNDER_WAY, 'the refund will be credited within 5 days'],
  ])('%#: %s', (entry, sentence) => {
    expect(entry.phenomenon).not.toBe('');
    expect(entry.pattern.test(sentence)).toBe(true);
  });

  it('a pending feed line has no booked header, and a refund under way is not refunded', () => {
    expect(lexicon.FEED_LEAD.pattern.test('Pending 2026-02-03: DD HARBOUR ENERGY 58.10')).toBe(
      false,
    );
    expect(lexicon.FEED_CODE.pattern.test('Scheduled 2026-02-03: DD HARBOUR ENERGY 58.10')).toBe(
      false,
    );
    expect(lexicon.REFUNDED.pattern.test('your refund is being processed')).toBe(false);
    expect(lexicon.REFUNDED.pattern.test('your refund has been processed')).toBe(true);
  });

  it('a plan tier is a word of a descriptor, not a provider', () => {
    expect(lexicon.PLAN_TIER.pattern.test('family')).toBe(true);
    expect(lexicon.PLAN_TIER.pattern.test('tidal')).toBe(false);
  });

  it('utility words in other languages name the English bill', () => {
    expect(lexicon.UTILITY_WORDS['water']).toContain('água');
    expect(lexicon.UTILITY_WORDS['electricity']).toContain('strom');
  });
});

describe('an unpaid state said in the past at a past time is history, not the present', () => {
  /** Every financial reading of one user message in `thread`. */
  const readIn = (thread: string, text: string) =>
    readingsUnder('financial.', { entityId: thread })(text);
  const threads = ['user:primary', 'family:home', 'team:core'];

  it.each(threads)('reads no unpaid state in %s', (thread) => {
    expectNothingRead(
      (text) => readIn(thread, text),
      [
        'the water bill was overdue back in march',
        // Ours.
        'the gas bill was unpaid two weeks ago',
        'our council tax was overdue in january, all sorted',
        'the phone bill was outstanding last month',
      ],
    );
  });

  it.each(threads)('still reads the present state, and a past payment, in %s', (thread) => {
    expect(readIn(thread, 'the water bill is overdue')).toContain(
      'financial.water_bill.status=unpaid (strong)',
    );
    expect(readIn(thread, "water bill's still unpaid")).toContain(
      'financial.water_bill.status=unpaid (strong)',
    );
    expect(readIn(thread, 'the gas bill is overdue since march')).toContain(
      'financial.gas_bill.status=unpaid (strong)',
    );
    expect(readIn(thread, 'the gas bill was paid last week')).toContain(
      'financial.gas_bill.status=paid (strong)',
    );
  });
});
