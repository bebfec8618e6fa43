import { afterEach, describe, expect, it } from 'vitest';
import {
  closeTestEngine,
  openTestEngine,
  type TestEngine,
} from '../engine/__fixtures__/test-engine.js';
import type { Engine } from '../engine/types.js';
import { messageRecord } from '../testing/index.js';

const FIELD = 'financial.phone_bill.status';
const open: TestEngine[] = [];
afterEach(async () => {
  for (const opened of open.splice(0)) await closeTestEngine(opened);
});

/** A bank email says the phone bill is paid; then `role` says `content` an hour later. */
async function bankThen(content: string, role: 'user' | 'assistant' = 'user'): Promise<Engine> {
  const opened = await openTestEngine('verity-contradiction-', '2026-06-02T09:01:00Z', {
    embeddings: { model: null },
  });
  open.push(opened);
  const { engine, clock } = opened;
  await engine.ingest([
    {
      type: 'signal',
      event_id: '0190a5f2-7b1c-7c3e-9a4b-2f6d8e1c3a5e',
      kind: 'transaction',
      source: { type: 'transactions_email', ref: 'bank:test' },
      external_id: 'txn-7',
      occurred_at: '2026-06-02T09:00:00Z',
      entity_id: 'user:primary',
      summary: 'TELCO MOBILE 40.00',
      claims: [{ field: FIELD, candidate_value: 'paid' }],
    },
  ]);
  clock.set('2026-06-02T10:01:00Z');
  await engine.ingest([messageRecord('t1', 'm1', role, content, '2026-06-02T10:00:00Z')]);
  return engine;
}

async function asked(engine: Engine): Promise<string[]> {
  return (await engine.listReviews()).map((p) => `${p.current_value} -> ${p.proposed_value}`);
}

describe("the user contradicting a bank email's value of comparable weight", () => {
  it('keeps the committed value and asks which is right', async () => {
    const engine = await bankThen("I haven't paid the phone bill yet.");
    expect((await engine.getField('user:primary', FIELD)).value).toBe('paid');
    expect(await asked(engine)).toEqual(['paid -> unpaid']);
    const text = (await engine.explain('user:primary', FIELD)).text;
    expect(text).toContain('Awaiting review: "unpaid"');
    expect(text).toMatch(/- contested: "unpaid" from user_statement \(.*\) is live at 0\.900\./);
  });

  it('takes the answer: confirmed, the user is right; rejected, the bank stays', async () => {
    const confirmed = await bankThen("I haven't paid the phone bill yet.");
    const [prompt] = await confirmed.listReviews();
    await confirmed.answerReview(prompt?.prompt_id ?? '', 'confirm');
    expect((await confirmed.getField('user:primary', FIELD)).value).toBe('unpaid');

    const rejected = await bankThen("I haven't paid the phone bill yet.");
    const [other] = await rejected.listReviews();
    await rejected.answerReview(other?.prompt_id ?? '', 'reject');
    expect((await rejected.getField('user:primary', FIELD)).value).toBe('paid');
    expect(await asked(rejected)).toEqual([]);
  });

  it('asks nothing of an agreement, a hedge, a question or the assistant', async () => {
    for (const [content, role] of [
      ['I paid the phone bill.', 'user'],
      ["Maybe I haven't paid the phone bill yet.", 'user'],
      ['Have I paid the phone bill yet?', 'user'],
      ["You haven't paid the phone bill yet.", 'assistant'],
    ] as const) {
      const engine = await bankThen(content, role);
      expect((await engine.getField('user:primary', FIELD)).value, content).toBe('paid');
      expect(await asked(engine), content).toEqual([]);
    }
  });
});
