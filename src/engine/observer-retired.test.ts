import { beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../testing/index.js';
import {
  approveSaid,
  expectCurrentBillingFirst,
  retiredLast,
  seedRetiredBilling,
} from './__fixtures__/retired-memory.js';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import type { Engine } from './types.js';

describe('a retired MEMORY.md entry in ask and the recall pack', () => {
  const opened = useTestEngine('verity-observer-retired-', '2026-04-02T12:00:00Z', (dir) => ({
    ...observerOnly()(dir),
    recallTriggers: { billing: ['billing'] },
  }));
  let engine: Engine;
  let clock: ManualClock;
  let retiredId: string;

  beforeEach(async () => {
    ({ engine, clock } = opened());
    retiredId = await seedRetiredBilling(engine, ['2026-04-01', '2026-04-02']);
  });

  it('never answers first with the retired entry or a passage it came from', async () => {
    const answer = await engine.observer.ask('What do we use for billing?');
    expectCurrentBillingFirst(answer);
    expect(answer.answer.split('\n')[0]).toContain('MySQL');
    expect(answer.answer).toMatch(/^\(retired\) We use PostgreSQL 15 for billing/m);
    expect(answer.citations.some((c) => c.id === retiredId)).toBe(true);
  });

  it('marks what a retired entry stands behind in the recall pack, after current entries', async () => {
    const pack = await engine.recall.recallPack({ query: 'Send the billing report' });
    const entries = pack.sections.find((s) => s.key === 'triggered')?.entries ?? [];
    const texts = entries.map((e) => e.text);
    expect(texts.some((t) => t.includes('MySQL'))).toBe(true);
    const postgres = texts.filter((t) => t.includes('PostgreSQL'));
    expect(postgres.length).toBeGreaterThan(0);
    for (const t of postgres) expect(t).toContain('(retired)');
    expect(retiredLast(texts.map((t) => ({ text: t, retired: t.includes('(retired)') })))).toBe(
      true,
    );
  });

  it('cites words said again after the retirement as current', async () => {
    clock.advance(3_600_000);
    await engine.observer.capture({
      text: JSON.stringify({
        message_id: 'm1',
        role: 'user',
        content: 'We use PostgreSQL 15 for billing.',
        created_at: '2026-04-02T12:30:00Z',
      }),
      sessionId: 'billing-3',
      trigger: 'manual',
      observe: 'sync',
    });
    const answer = await engine.observer.ask('What do we use for billing?');
    const again = answer.citations.find((c) => c.source === 'session:billing-3');
    expect(again).toMatchObject({ retired: false });
  });

  it('marks only the retired sentence of a message that says other current things too', async () => {
    const memoryId = await approveSaid(
      engine,
      {
        sessionId: 'queue-1',
        messageId: 'm1',
        content: 'We run Redis 7 for the job queue. Invoices are emailed every Friday at noon.',
        at: '2026-04-02T10:00:00Z',
      },
      'Redis 7',
    );
    await engine.observer.retireMemory(memoryId, 'the queue moved to SQS');
    const answer = await engine.observer.ask('When are invoices emailed?');
    const message = answer.citations.find((c) => c.id === 'session:queue-1/m1');
    const invoices = answer.citations.find((c) => c.kind === 'observation');
    expect(invoices).toMatchObject({
      retired: false,
      text: 'Invoices are emailed every Friday at noon.',
    });
    expect(message).toMatchObject({ retired: false });
    expect(message?.text).toContain('(retired) We run Redis 7 for the job queue.');
    expect(message?.text).toMatch(/queue\. Invoices are emailed every Friday at noon\./);
  });
});
