import { describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../testing/index.js';
import { toolText, useMcpSession } from './__fixtures__/mcp-client.js';

const clock: ManualClock = createManualClock('2026-01-28T09:00:00Z');

const mcp = useMcpSession({
  prefix: 'verity-mcp-tasks-',
  engine: (dir) => ({ home: dir, clock, embeddings: { model: null } }),
});
/** Calls `tool` for the primary user, the entity every case here works on. */
const call = (tool: string, args: Record<string, unknown> = {}) =>
  mcp.call(tool, { entity_id: 'user:primary', ...args });

/** Expects `result` to be a tool error whose text contains `message`. */
function expectToolError(result: Awaited<ReturnType<typeof call>>, message: string): void {
  expect(result.isError).toBe(true);
  expect(toolText(result)).toContain(message);
}

describe('task tools over MCP', () => {
  it('adds, moves and lists a task, and refuses an illegal move with a clear error', async () => {
    const added = await call('add_task', { title: 'Pay the VAT' });
    expect(added.structuredContent).toMatchObject({
      task: { id: 'TASK-20260128-001', state: 'CAPTURED' },
    });
    const refused = await call('move_task', { task_id: 'TASK-20260128-001', to: 'PLANNED' });
    expectToolError(refused, 'cannot move from CAPTURED to PLANNED');
    const triaged = await call('move_task', {
      task_id: 'TASK-20260128-001',
      to: 'TRIAGED',
      priority: 'P0',
      due: '2026-01-28T12:00:00Z',
      definition_of_done: ['paid'],
    });
    expect(triaged.isError).toBeFalsy();

    clock.set('2026-01-28T13:00:00Z');
    const reconciled = await call('reconcile_tasks');
    expect(reconciled.structuredContent).toMatchObject({ dead_man: ['TASK-20260128-001'] });
    const list = await call('list_tasks');
    expect(list.structuredContent).toMatchObject({ blocked_by: ['TASK-20260128-001'] });
    expect(toolText(list)).toContain('BLOCKED: P0 task TASK-20260128-001');
  });

  it('logs an incident and reports it in the day metrics', async () => {
    const logged = await call('log_incident', {
      type: 'WRONG_RECALL',
      detail: 'forgot the client prefers net-15',
    });
    expect(logged.structuredContent).toMatchObject({ type: 'WRONG_RECALL' });
    const metrics = await call('list_tasks', { view: 'metrics', date: '2026-01-28' });
    expect(metrics.structuredContent).toMatchObject({
      metrics: { incidents_by_type: { WRONG_RECALL: 1, MISSED_DEADLINE: 1 } },
    });
  });

  it('lists the incidents by type, and the patches with their experiments', async () => {
    const wrong = await call('list_tasks', { view: 'incidents', type: 'WRONG_RECALL' });
    expect(wrong.structuredContent).toMatchObject({
      incidents: [{ type: 'WRONG_RECALL', detail: 'forgot the client prefers net-15' }],
    });
    const all = await call('list_tasks', { view: 'incidents' });
    expect(
      (all.structuredContent as { incidents: { type: string }[] }).incidents.map((i) => i.type),
    ).toEqual(['MISSED_DEADLINE', 'WRONG_RECALL']);
    const later = await call('list_tasks', { view: 'incidents', since: '2026-01-29T00:00:00Z' });
    expect(later.structuredContent).toEqual({ incidents: [] });
    const patches = await call('list_tasks', { view: 'patches' });
    expect(patches.structuredContent).toEqual({ patches: [], experiments: [] });
    expect(toolText(patches)).toBe('no patches');
    const stray = await call('list_tasks', { view: 'patches', date: '2026-01-28' });
    expectToolError(stray, 'date does not apply to view patches');
    const unknown = await call('list_tasks', { view: 'incidents', type: 'TYPO' });
    expectToolError(unknown, 'unknown incident type TYPO');
  });

  it('get_context with pack: true cites a relevant procedure with its source', async () => {
    const recorded = await call('record_memory', {
      text: 'Invoices go out with net-15 terms and the PO number in the subject line',
      tags: ['procedure', 'invoice'],
    });
    const id = (recorded.structuredContent as { memory: { memory_id: string } }).memory.memory_id;
    const context = await call('get_context', { query: 'Draft the invoice for Acme', pack: true });
    expect(context.isError).toBeFalsy();
    const pack = (context.structuredContent as { recall_pack: { markdown: string } }).recall_pack;
    expect(pack.markdown).toContain(
      `## Relevant procedures\n- Invoices go out with net-15 terms and the PO number in the subject line (memory ${id})`,
    );
    const elsewhere = await call('get_context', {
      query: 'Book the flights to Lisbon',
      pack: true,
    });
    const other = (elsewhere.structuredContent as { recall_pack: { markdown: string } })
      .recall_pack;
    expect(other.markdown).toContain('## P0 constraints');
    expect(other.markdown).not.toContain('Relevant procedures');
  });

  it('rejects unknown parameters', async () => {
    const result = await call('list_tasks', { colour: 'red' });
    expect(result.isError).toBe(true);
  });
});
