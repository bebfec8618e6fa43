import { describe, expect, it } from 'vitest';
import {
  correctionReader,
  expectNothingRead,
  expectReadings,
  expectSameReadings,
  onRecord,
  readerIn,
  readMessage,
} from './__fixtures__/read-chat.js';
import { ingestUserMessages, useRulesEngine } from './__fixtures__/rules-engine.js';
import { EMPTY_REGISTRY } from './types.js';

const AT = '2026-09-08T09:00:00Z';

const ON_RECORD = onRecord({
  'financial.heating_bill.amount': '112',
  'financial.heating_bill.status': 'unpaid',
  'financial.water_bill.amount': '40',
  'family.schedule.cello_lesson': '2026-09-09 16:30',
});

const read = readerIn('user:primary', { at: AT, known: ON_RECORD });
const corrections = correctionReader(AT, ON_RECORD);

describe('a stated correction of a value on record', () => {
  it('gives the amount of the bill its subject names, however it marks the correction', () => {
    expectSameReadings(
      corrections,
      [
        'Correction: the heating bill is actually £121.',
        'The heating bill is actually 121',
        'Sorry, I meant the heating bill is £121',
        'oops, my heating bill is 121.',
        'The heating bill is £121, not £112.',
        'the heating bill is not 112 but 121',
        'Make that: our heating bill is 121 this month',
      ],
      ['financial.heating_bill.amount=121 (strong)'],
    );
  });

  it("moves a schedule entry's time and keeps its day, or its day and keeps its time", () => {
    expectReadings(corrections, [
      [
        'Sorry, I meant the cello lesson is at 17:15',
        ['family.schedule.cello_lesson=2026-09-09 17:15 (strong)'],
      ],
      // 2026-09-08 is a Tuesday: the coming Thursday is the 10th.
      [
        'The cello lesson is on Thursday, not Wednesday.',
        ['family.schedule.cello_lesson=2026-09-10 16:30 (strong)'],
      ],
    ]);
  });

  it('reads nothing when the subject names no slot, or names one only by a shared word', () => {
    expectNothingRead(read, [
      // No gas bill on record: a correction of something unknown commits no guess.
      'Correction: the gas bill is actually £60.',
      'Correction: the gas bill is £60.',
      // "The bill" shares a word with two bills: which one is not said.
      'Correction: the bill is actually 121',
      // A pronoun names whatever the speaker means.
      "Correction: it's 121, not 112.",
      // A time for a bill, an amount for a lesson: not the value the slot holds.
      'Actually the heating bill is at 17:15',
    ]);
    const twoHomes = [
      ...ON_RECORD,
      ...onRecord({ 'financial.heating_bill.amount': '98' }, 'family:home'),
    ];
    // The speaker's own heating bill and the household's: which one is not said.
    const inHousehold = readMessage('Correction: the heating bill is actually 121', {
      at: AT,
      known: twoHomes,
      registry: { ...EMPTY_REGISTRY, we: { 'user:primary': 'family:home' } },
    });
    expect(inHousehold.filter((o) => o.field.startsWith('financial.'))).toEqual([]);
  });

  it('leaves sentences that mark no correction, give no value, ask, hedge or are not ours', () => {
    expectNothingRead(corrections, [
      'The heating bill is actually lower than I feared.',
      'Actually, the heating company called.',
      'Is the heating bill actually 121?',
      'Maybe the heating bill is actually 121.',
      "Ben's heating bill is actually 121.",
      'Correction: their heating bill is 121.',
      'Correction: his cello lesson is at 17:15',
    ]);
    // No mark of a correction: the ordinary amount rule reads it, not as a correction.
    expect(read('The heating bill is 121')).toEqual(['financial.heating_bill.amount=121 (strong)']);
    expect(corrections('The heating bill is 121')).toEqual([]);
  });
});

describe('a stated correction through the engine', () => {
  const t = useRulesEngine('verity-stated-correction-', '2026-09-08T09:05:00Z');

  it('replaces the committed amount; an unknown bill stays out of state', async () => {
    const { engine } = t();
    await ingestUserMessages(engine, [
      ['The heating bill is £112 this month.', AT],
      ['Correction: the heating bill is actually £121.', '2026-09-08T09:01:00Z'],
      ['Correction: the gas bill is £60.', '2026-09-08T09:02:00Z'],
    ]);
    const amount = await engine.getField('user:primary', 'financial.heating_bill.amount');
    expect(amount.value).toBe('121');
    expect(amount.status).toBe('committed');
    const gas = await engine.getField('user:primary', 'financial.gas_bill.amount');
    expect(gas.value).toBeNull();
  });
});
