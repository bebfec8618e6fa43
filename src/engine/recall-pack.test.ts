import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqliteStore } from '../stores/sqlite/index.js';
import type { ManualClock } from '../testing/index.js';
import {
  addPlannedTask,
  closeTestEngine,
  openTestEngine,
  proposalsFromSession,
} from './__fixtures__/test-engine.js';
import type { Engine } from './index.js';
import { isReferenced } from './recall-pack.js';

let dir: string;
let clock: ManualClock;
let engine: Engine;

beforeEach(async () => {
  ({ dir, clock, engine } = await openTestEngine('verity-recall-', '2026-01-28T09:00:00Z', {
    embeddings: { model: null },
    recallTriggers: { invoice: ['Acme'] },
  }));
});

afterEach(() => closeTestEngine({ dir, engine }));

async function seed() {
  const p0 = await addPlannedTask(engine, 'Pay the payroll taxes', {
    priority: 'P0',
    due: '2026-01-29T12:00:00Z',
    definition_of_done: ['paid'],
  });
  const waiting = await addPlannedTask(
    engine,
    'Get shipping quotes',
    {
      priority: 'P2',
      due: '2026-02-10T12:00:00Z',
      definition_of_done: ['3 quotes'],
    },
    {
      next_action: 'email',
      next_check: '2026-01-29T09:00:00Z',
    },
  );
  await engine.tasks.move(waiting.id, 'WAITING_EXTERNAL', {
    who_waiting_on: 'BuckyDrop',
    followup_cadence_hours: 48,
    last_followup: '2026-01-27T10:00:00Z',
  });
  const today = await engine.tasks.add({
    title: 'Draft the pricing page',
    fields: { due: '2026-01-28T17:00:00Z' },
  });
  const later = await engine.tasks.add({
    title: 'Review ad performance',
    fields: { due: '2026-02-20T17:00:00Z' },
  });
  return { p0, waiting, today, later };
}

describe('engine.recall', () => {
  it('puts P0s, waiting-on, today and the rest in their sections', async () => {
    const { p0, waiting, today, later } = await seed();
    const pack = await engine.recall.recallPack();
    const section = (key: string) =>
      pack.sections.find((s) => s.key === key)?.entries.map((e) => e.id);
    expect(section('p0_constraints')).toEqual([p0.id]);
    expect(section('waiting_on')).toEqual([waiting.id]);
    expect(section('todays_focus')).toEqual([today.id]);
    expect(section('open_commitments')).toEqual([later.id]);
    expect(pack.markdown).toContain('BuckyDrop: ');
    expect(pack.tokens).toBeLessThanOrEqual(pack.budget);
  });

  it('stays within a small budget by showing fewer entries per section', async () => {
    await seed();
    for (let i = 0; i < 30; i += 1) {
      await engine.tasks.add({
        title: `Follow up with supplier number ${i} about the spring catalogue`,
      });
    }
    const pack = await engine.recall.recallPack({ budget: 120 });
    expect(pack.tokens).toBeLessThanOrEqual(120);
    expect(pack.markdown).toContain('Pay the payroll taxes');
  });

  it('loads what a trigger word names', async () => {
    await engine.ingest([
      {
        type: 'message',
        thread_id: 'billing',
        message_id: 'b1',
        role: 'user',
        content: 'Acme pays on net-15 terms, never net-30.',
        created_at: '2026-01-20T10:00:00Z',
      },
    ]);
    const pack = await engine.recall.recallPack({ query: 'Prepare the invoice for this month' });
    expect(pack.triggers).toEqual(['invoice']);
    expect(pack.sections.find((s) => s.key === 'triggered')?.entries[0]?.text).toContain('net-15');
    const plain = await engine.recall.recallPack({ query: 'Plan the week' });
    expect(plain.sections.some((s) => s.key === 'triggered')).toBe(false);
  });

  it('counts the pack items the output referenced into the day metrics', async () => {
    await seed();
    const pack = await engine.recall.recallPack();
    const feedback = await engine.recall.recallFeedback(
      pack.markdown,
      'Done: paid the payroll taxes (TASK-20260128-001). Next I will draft the pricing page.',
    );
    expect(feedback).toMatchObject({ items_used: 4, items_referenced: 2 });
    expect(await engine.tasks.metrics('2026-01-28')).toMatchObject({
      recall_pack_items_used: 4,
      recall_pack_items_referenced_in_output: 2,
      recall_hit_rate: 0.5,
    });
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });
});

describe('isReferenced', () => {
  it.each<[string, string, boolean]>([
    [
      'TASK-20260128-001 Pay the payroll taxes (due 2026-01-29 12:00)',
      'closed TASK-20260128-001',
      true,
    ],
    ['TASK-20260128-003 Draft the pricing page', 'I drafted the pricing page today', true],
    ['TASK-20260128-004 Review ad performance', 'Nothing about that', false],
    // Filler words ('always', 'every') are not what an entry says: repeating them is no reference,
    // leaving them out does not hide one.
    [
      'Always check the staging logs before every release',
      'Staging logs look clean, release cut',
      true,
    ],
    ['Always check the staging logs before every release', 'Always check every release', false],
  ])('%j in %j → %s', (entry, output, expected) => {
    expect(isReferenced(entry, output)).toBe(expected);
  });
});

describe('wrong recalls', () => {
  const say = (id: string, content: string, at: string) => ({
    type: 'message' as const,
    thread_id: 'infra',
    message_id: id,
    role: 'user' as const,
    content,
    created_at: at,
  });
  const PLAN = "I'll set up the Postgres connection pooling.";
  const SWITCH =
    "Change of plan: I'll set up the MySQL connection pooling instead of the Postgres connection pooling.";

  async function useThePlan() {
    await engine.ingest([say('a1', PLAN, '2026-01-28T08:01:00Z')]);
    const pack = await engine.recall.recallPack();
    expect(pack.markdown).toContain('- Set up the Postgres connection pooling');
    return engine.recall.recallFeedback(
      pack.markdown,
      'Next I will set up the Postgres connection pooling for the API.',
    );
  }

  it('logs WRONG_RECALL once when an item the output used is corrected within the window', async () => {
    const feedback = await useThePlan();
    expect(feedback).toMatchObject({ items_referenced: 1, wrong_recalls: [] });
    expect(await engine.recall.checkWrongRecalls()).toEqual([]);

    clock.advance(2 * 3_600_000);
    await engine.ingest([say('a2', SWITCH, '2026-01-28T11:00:00Z')]);
    const logged = await engine.recall.checkWrongRecalls();
    expect(logged).toHaveLength(1);
    const incidents = await engine.tasks.incidents({ type: 'WRONG_RECALL' });
    expect(incidents.map((i) => i.incident_id)).toEqual(logged);
    expect(incidents[0]?.detail).toMatch(/used at 2026-01-28T09:00:00.000Z was corrected since/);
    // Logged once, also across days, and replay derives the same incident.
    expect(await engine.recall.checkWrongRecalls()).toEqual([]);
    clock.advance(24 * 3_600_000);
    expect(await engine.recall.checkWrongRecalls()).toEqual([]);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    expect(await engine.tasks.incidents({ type: 'WRONG_RECALL' })).toHaveLength(1);
  });

  it('a reconciler pass finds the correction too', async () => {
    await useThePlan();
    clock.advance(3_600_000);
    await engine.ingest([say('a2', SWITCH, '2026-01-28T10:00:00Z')]);
    await engine.tasks.reconcile();
    expect(await engine.tasks.incidents({ type: 'WRONG_RECALL' })).toHaveLength(1);
  });

  it('does not log a correction that comes after the window, or of an item the output did not use', async () => {
    await engine.ingest([say('a1', PLAN, '2026-01-28T08:01:00Z')]);
    const pack = await engine.recall.recallPack();
    const unused = await engine.recall.recallFeedback(pack.markdown, 'Lunch with Ana at noon.');
    expect(unused.items_referenced).toBe(0);
    clock.advance(3_600_000);
    await engine.ingest([say('a2', SWITCH, '2026-01-28T10:00:00Z')]);
    expect(await engine.recall.checkWrongRecalls()).toEqual([]);
  });

  it('does not log a use older than the window (recall.wrong_window_hours, default 72 h)', async () => {
    await useThePlan();
    clock.advance(73 * 3_600_000);
    await engine.ingest([say('a2', SWITCH, '2026-01-31T10:00:00Z')]);
    expect(await engine.recall.checkWrongRecalls()).toEqual([]);
    expect(await engine.tasks.incidents({ type: 'WRONG_RECALL' })).toEqual([]);
  });
});

describe('relevant procedures', () => {
  let workspace: string;

  // The observer writes MEMORY.md and REVIEW.md: give it a folder of its own.
  beforeEach(async () => {
    await closeTestEngine({ dir, engine });
    workspace = mkdtempSync(join(tmpdir(), 'verity-recall-ws-'));
    ({ dir, clock, engine } = await openTestEngine('verity-recall-', '2026-01-28T09:00:00Z', {
      embeddings: { model: null },
      recallTriggers: { invoice: ['Acme'] },
      observer: { workspace },
    }));
  });

  afterEach(() => rmSync(workspace, { recursive: true, force: true }));

  const line = (id: string, content: string, minute: number) =>
    JSON.stringify({
      message_id: id,
      role: 'user',
      content,
      created_at: new Date(Date.UTC(2026, 0, 27, 9, minute)).toISOString(),
    });

  /** Promotes one procedure into MEMORY.md the way the observer does: capture, reflect, approve. */
  async function promoteProcedure(): Promise<string> {
    const proposals = await proposalsFromSession(
      engine,
      [
        line('p1', 'Use `npm run publish` to publish a blog post, then purge the CDN cache.', 0),
        line('p2', 'We decided to keep Redis 7.2 as the session store.', 2),
      ].join('\n'),
    );
    const proposal = proposals.find((p) => p.type === 'procedure');
    if (proposal === undefined) throw new Error('expected a procedure proposal');
    await engine.observer.resolveProposal(proposal.proposal_id, 'approve');
    return `m-${proposal.proposal_id.slice(2)}`;
  }

  it('lists approved P0 rules under P0 constraints, and no rule the user rejected', async () => {
    // The reviewer's session: one P0 rule approved, one ("Never use yarn") rejected; the item
    // extractor reads the same passage and makes a constraint item of the rejected rule.
    const proposals = await proposalsFromSession(
      engine,
      [
        line(
          'm1',
          'Always run the database migrations with --dry-run first; last time we lost the orders table.',
          0,
        ),
        line('m3', 'I prefer pnpm over npm for every project in this repo. Never use yarn.', 1),
      ].join('\n'),
    );
    const rule = proposals.find((p) => p.text.startsWith('Always run the database migrations'));
    const yarn = proposals.find((p) => p.text.startsWith('Never use yarn'));
    if (rule === undefined || yarn === undefined) throw new Error('expected both proposals');
    expect(rule.memory_priority).toBe('P0');
    await engine.observer.resolveProposal(rule.proposal_id, 'approve');
    await engine.observer.resolveProposal(yarn.proposal_id, 'reject');
    await engine.extractItems();
    const items = await engine.listStateItems({ entityId: 'user:primary' });
    expect(items.items.map((i) => i.text)).toContain('Never use yarn');

    const pack = await engine.recall.recallPack({});
    const p0 = pack.sections.find((s) => s.key === 'p0_constraints')?.entries ?? [];
    expect(p0.map((e) => e.text)).toEqual([
      `Always run the database migrations with --dry-run first; last time we lost the orders table (MEMORY.md m-${rule.proposal_id.slice(2)})`,
    ]);
    expect(pack.markdown).not.toContain('yarn');

    // Said again after the rejection, the rule is the user's again.
    clock.set('2026-01-28T10:00:00Z');
    await engine.observer.capture({
      text: JSON.stringify({
        message_id: 'm9',
        role: 'user',
        content: 'Never use yarn.',
        created_at: '2026-01-28T09:59:00Z',
      }),
      sessionId: 's1',
      trigger: 'shutdown',
      observe: 'sync',
    });
    await engine.extractItems();
    const again = await engine.recall.recallPack({});
    expect(again.markdown).toContain('Never use yarn');
  });

  it('cites promoted and tagged procedures the prompt is about, with their source', async () => {
    const entry = await promoteProcedure();
    const invoices = await engine.vault.recordMemory({
      text: 'Invoices go out with net-15 terms and the PO number in the subject line',
      tags: ['procedure', 'invoice'],
    });
    // Tagged otherwise: a memory, not a procedure.
    await engine.vault.recordMemory({ text: 'The blog post about invoices went out late' });

    const pack = await engine.recall.recallPack({ query: 'Publish the blog post about pricing' });
    const procedures = pack.sections.find((s) => s.key === 'procedures');
    expect(procedures?.entries).toEqual([
      {
        id: entry,
        text: `Use \`npm run publish\` to publish a blog post, then purge the CDN cache (MEMORY.md ${entry})`,
        source: `MEMORY.md ${entry}`,
      },
    ]);
    expect(pack.markdown).toContain(`## Relevant procedures\n- Use \`npm run publish\``);

    const billing = await engine.recall.recallPack({ query: 'Prepare the invoice for this month' });
    expect(billing.triggers).toEqual(['invoice']);
    expect(billing.sections.find((s) => s.key === 'procedures')?.entries.map((e) => e.id)).toEqual([
      invoices.memory.memory_id,
    ]);

    const unrelated = await engine.recall.recallPack({ query: 'Plan the team offsite' });
    expect(unrelated.sections.some((s) => s.key === 'procedures')).toBe(false);
  });

  it("loads procedures for today's work without a prompt, within the budget", async () => {
    await engine.vault.recordMemory({
      text: 'Payroll taxes: pay through the tax portal, then file the confirmation PDF under finance/payroll',
      tags: ['procedure'],
    });
    await addPlannedTask(engine, 'Pay the payroll taxes', {
      priority: 'P0',
      due: '2026-01-29T12:00:00Z',
      definition_of_done: ['paid'],
    });
    const pack = await engine.recall.recallPack();
    expect(pack.markdown).toContain('## Relevant procedures\n- Payroll taxes: pay through');
    const small = await engine.recall.recallPack({ budget: 60 });
    expect(small.tokens).toBeLessThanOrEqual(60);

    const feedback = await engine.recall.recallFeedback(
      pack.markdown,
      'Paid the payroll taxes through the tax portal; then I will file the confirmation PDF under finance.',
    );
    expect(feedback.referenced.some((r) => r.startsWith('Payroll taxes: pay through'))).toBe(true);
  });
});

describe('one build of the pack', () => {
  it('reads the MEMORY.md entries, the proposals and the ops config once', async () => {
    const storeDir = mkdtempSync(join(tmpdir(), 'verity-recall-store-'));
    const store = await createSqliteStore({ path: join(storeDir, 'verity.db') });
    const opened = await openTestEngine('verity-recall-', '2026-01-28T09:00:00Z', {
      embeddings: { model: null },
      recallTriggers: { invoice: ['Acme'] },
      store,
    });
    try {
      await opened.engine.vault.recordMemory({
        text: 'Invoices go out with net-15 terms and the PO number in the subject line',
        tags: ['procedure', 'invoice'],
      });
      const reads = vi.spyOn(store, 'getMeta');
      // No trigger word ('invoices' is not 'invoice'): a matched trigger also reads the retired
      // passages, whose reader (observer's) reads the entries on its own.
      const pack = await opened.engine.recall.recallPack({ query: 'Send the invoices today' });
      expect(pack.triggers).toEqual([]);
      expect(pack.sections.find((s) => s.key === 'procedures')?.entries).toHaveLength(1);
      const times = (key: string) => reads.mock.calls.filter(([k]) => k === key).length;
      expect(times('observer:memory')).toBe(1);
      expect(times('observer:proposals')).toBe(1);
      expect(times('ops:config')).toBe(1);
      // No guidance and no patched procedure in the config: the patches are not read at all.
      expect(times('patches:index')).toBe(0);
    } finally {
      await closeTestEngine(opened);
      rmSync(storeDir, { recursive: true, force: true });
    }
  });
});
