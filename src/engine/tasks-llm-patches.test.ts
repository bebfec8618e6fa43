import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAICompatibleLanguageModel } from '../providers/openai-compatible/index.js';
import { type FakeLlmReply, type FakeLlmServer, startFakeLlmServer } from '../testing/index.js';
import {
  addPlannedTask,
  closeTestEngine,
  openTestEngine,
  type TestEngine,
} from './__fixtures__/test-engine.js';

const PROCEDURE =
  'Draft a report the day before it is due and send it to the accountant by noon on the due date.';
const GUIDANCE = 'Start each session by naming the tasks due within the next 36 hours.';

const GOOD = JSON.stringify({
  patches: [
    {
      kind: 'procedure',
      title: 'Send reports a day early',
      root_cause: 'The Q4 report was started on its due date and missed it.',
      text: PROCEDURE,
    },
    {
      kind: 'prompt',
      title: 'Name what is due soon',
      root_cause: 'Nobody looked ahead.',
      text: GUIDANCE,
    },
  ],
});

let server: FakeLlmServer | null = null;
let opened: TestEngine | null = null;

afterEach(async () => {
  if (opened !== null) await closeTestEngine(opened);
  await server?.close();
  opened = null;
  server = null;
});

/** An engine whose nightly loop asks a local OpenAI-compatible server, after one missed deadline. */
async function missedDeadline(reply: (body: Record<string, unknown>) => FakeLlmReply) {
  server = await startFakeLlmServer({ reply: (request) => reply(request.body) });
  const languageModel = createOpenAICompatibleLanguageModel({
    baseUrl: server.openaiBaseUrl,
    model: 'local',
  });
  opened = await openTestEngine('verity-llm-patches-', '2026-01-26T09:00:00Z', {
    embeddings: { model: null },
    tasks: { languageModel },
  });
  const { engine, clock } = opened;
  const task = await addPlannedTask(
    engine,
    'Send the Q4 report to the accountant',
    { priority: 'P1', due: '2026-01-26T17:00:00Z', definition_of_done: ['report sent'] },
    { next_action: 'collect the invoices', next_check: '2026-01-26T12:00:00Z' },
  );
  clock.set('2026-01-26T18:00:00Z');
  await engine.tasks.reconcile();
  expect((await engine.tasks.incidents({ type: 'MISSED_DEADLINE' })).map((i) => i.task_id)).toEqual(
    [task.id],
  );
  clock.set('2026-01-27T04:00:00Z');
  return { engine, clock, task };
}

describe('patches from a language model', () => {
  it('proposes procedure and prompt patches beside the offline one, through the review queue, applied, rolled back', async () => {
    const { engine, clock, task } = await missedDeadline(() => GOOD);
    const report = await engine.tasks.improve();
    expect(report.llm).toEqual({ status: 'ok', notes: [] });
    expect(
      report.proposed.map((p) => [
        p.patch_id,
        p.change.key,
        p.change.to,
        p.proposed_by ?? 'offline',
      ]),
    ).toEqual([
      ['PATCH-20260127-001', 'due_soon_hours', 36, 'offline'],
      [
        'PATCH-20260127-002',
        'procedure.send-reports-a-day-early',
        [PROCEDURE],
        'llm:openai-compatible/local',
      ],
      ['PATCH-20260127-003', 'prompt.guidance', [GUIDANCE], 'llm:openai-compatible/local'],
    ]);
    // Our own instructions and the failure's evidence went to the model, once.
    const [request] = server?.requests ?? [];
    expect(server?.requests).toHaveLength(1);
    expect(JSON.stringify(request?.body)).toContain('keeps its commitments');
    expect(JSON.stringify(request?.body)).toContain(task.id);
    expect((await engine.tasks.reviewItems()).patches.map((p) => p.patch_id)).toEqual([
      'PATCH-20260127-001',
      'PATCH-20260127-002',
      'PATCH-20260127-003',
    ]);

    await engine.tasks.reviewPatch('PATCH-20260127-002', 'approved');
    await engine.tasks.reviewPatch('PATCH-20260127-003', 'approved');
    const pack = await engine.recall.recallPack({ query: 'send the report to the accountant' });
    expect(pack.sections.map((s) => s.key)[0]).toBe('guidance');
    // Each guidance line names the patch that put it there, in the pack and in recall/guidance.md.
    expect(pack.markdown).toContain(
      `## Standing guidance\n- ${GUIDANCE} (patch PATCH-20260127-003)`,
    );
    expect(pack.markdown).toContain(
      `## Relevant procedures\n- ${PROCEDURE} (patch PATCH-20260127-002)`,
    );
    await engine.tasks.writeWorkspace(opened?.dir ?? '');
    const record = readFileSync(
      join(opened?.dir ?? '', 'ops', 'patches', 'applied', 'PATCH-20260127-002.md'),
      'utf8',
    );
    expect(record).toContain('Proposed by llm:openai-compatible/local.');
    expect(record).toContain('completion_rate below 0.5 for 3 consecutive days');
    const guidanceFile = () =>
      readFileSync(join(opened?.dir ?? '', 'recall', 'guidance.md'), 'utf8');
    expect(guidanceFile()).toContain(`\n- ${GUIDANCE} (patch PATCH-20260127-003)\n`);

    // The report stays overdue: completion is 0 on each of the next three days.
    clock.set('2026-01-31T04:00:00Z');
    const later = await engine.tasks.improve();
    expect(later.rolled_back.map((p) => p.patch_id).sort()).toEqual([
      'PATCH-20260127-002',
      'PATCH-20260127-003',
    ]);
    const after = await engine.recall.recallPack({ query: 'send the report to the accountant' });
    expect(after.markdown).not.toContain(GUIDANCE);
    expect(after.markdown).not.toContain(PROCEDURE);
    await engine.tasks.writeWorkspace(opened?.dir ?? '');
    expect(guidanceFile()).not.toContain(GUIDANCE);
    expect(guidanceFile()).toContain('_No guidance in force._');

    const asked = server?.requests.length ?? 0;
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    expect(server?.requests).toHaveLength(asked);
  });

  it('drops what breaks the bounds and keeps the rest', async () => {
    const { engine } = await missedDeadline(() =>
      JSON.stringify({
        patches: [
          { kind: 'procedure', title: 'Too long', root_cause: 'x', text: 'a '.repeat(400) },
          { kind: 'prompt', title: 'Look ahead', root_cause: 'late', text: GUIDANCE, extra: 1 },
          { kind: 'prompt', title: 'Third', root_cause: 'late', text: GUIDANCE },
        ],
      }),
    );
    const report = await engine.tasks.improve();
    expect(report.proposed.map((p) => p.change.key)).toEqual(['due_soon_hours']);
    expect(report.llm).toEqual({
      status: 'invalid',
      notes: [
        'patch 1 dropped: text not within 20–600 characters',
        'patch 2 dropped: unknown fields extra',
        '1 patch(es) beyond the limit dropped',
      ],
    });
  });

  it('keeps the offline patch when the model fails', async () => {
    const { engine } = await missedDeadline(() => ({ status: 500, body: '{"error":"down"}' }));
    const report = await engine.tasks.improve();
    expect(report.proposed.map((p) => p.change.key)).toEqual(['due_soon_hours']);
    expect(report.llm?.status).toBe('failed');
    expect(report.llm?.notes[0]).toMatch(/^model call failed: /);
    expect(await engine.tasks.patches()).toHaveLength(1);
  });
});
