import { describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../testing/index.js';
import { toolText, useMcpSession } from './__fixtures__/mcp-client.js';

const clock: ManualClock = createManualClock('2026-01-28T09:00:00Z');

const mcp = useMcpSession({
  prefix: 'verity-mcp-tasks-',
  engine: (dir) => ({ home: dir, clock, embeddings: { model: null } }),
});
const call = mcp.call;

describe('task tools over MCP', () => {
  it('adds, moves and lists a task, and refuses an illegal move with a clear error', async () => {
    const added = await call('add_task', { entity_id: 'user:primary', title: 'Pay the VAT' });
    expect(added.structuredContent).toMatchObject({
      task: { id: 'TASK-20260128-001', state: 'CAPTURED' },
    });
    const refused = await call('move_task', {
      entity_id: 'user:primary',
      task_id: 'TASK-20260128-001',
      to: 'PLANNED',
    });
    expect(refused.isError).toBe(true);
    expect(toolText(refused)).toContain('cannot move from CAPTURED to PLANNED');
    const triaged = await call('move_task', {
      entity_id: 'user:primary',
      task_id: 'TASK-20260128-001',
      to: 'TRIAGED',
      priority: 'P0',
      due: '2026-01-28T12:00:00Z',
      definition_of_done: ['paid'],
    });
    expect(triaged.isError).toBeFalsy();

    clock.set('2026-01-28T13:00:00Z');
    const reconciled = await call('reconcile_tasks', { entity_id: 'user:primary' });
    expect(reconciled.structuredContent).toMatchObject({ dead_man: ['TASK-20260128-001'] });
    const list = await call('list_tasks', { entity_id: 'user:primary' });
    expect(list.structuredContent).toMatchObject({ blocked_by: ['TASK-20260128-001'] });
    expect(toolText(list)).toContain('BLOCKED: P0 task TASK-20260128-001');
  });

  it('logs an incident and reports it in the day metrics', async () => {
    const logged = await call('log_incident', {
      entity_id: 'user:primary',
      type: 'WRONG_RECALL',
      detail: 'forgot the client prefers net-15',
    });
    expect(logged.structuredContent).toMatchObject({ type: 'WRONG_RECALL' });
    const metrics = await call('list_tasks', {
      entity_id: 'user:primary',
      view: 'metrics',
      date: '2026-01-28',
    });
    expect(metrics.structuredContent).toMatchObject({
      metrics: { incidents_by_type: { WRONG_RECALL: 1, MISSED_DEADLINE: 1 } },
    });
  });

  it('lists the incidents by type, and the patches with their experiments', async () => {
    const wrong = await call('list_tasks', {
      entity_id: 'user:primary',
      view: 'incidents',
      type: 'WRONG_RECALL',
    });
    expect(wrong.structuredContent).toMatchObject({
      incidents: [{ type: 'WRONG_RECALL', detail: 'forgot the client prefers net-15' }],
    });
    const all = await call('list_tasks', { entity_id: 'user:primary', view: 'incidents' });
    expect(
      (all.structuredContent as { incidents: { type: string }[] }).incidents.map((i) => i.type),
    ).toEqual(['MISSED_DEADLINE', 'WRONG_RECALL']);
    const later = await call('list_tasks', {
      entity_id: 'user:primary',
      view: 'incidents',
      since: '2026-01-29T00:00:00Z',
    });
    expect(later.structuredContent).toEqual({ incidents: [] });
    const patches = await call('list_tasks', { entity_id: 'user:primary', view: 'patches' });
    expect(patches.structuredContent).toEqual({ patches: [], experiments: [] });
    expect(toolText(patches)).toBe('no patches');
    const stray = await call('list_tasks', {
      entity_id: 'user:primary',
      view: 'patches',
      date: '2026-01-28',
    });
    expect(stray.isError).toBe(true);
    expect(toolText(stray)).toContain('date does not apply to view patches');
    const unknown = await call('list_tasks', {
      entity_id: 'user:primary',
      view: 'incidents',
      type: 'TYPO',
    });
    expect(unknown.isError).toBe(true);
    expect(toolText(unknown)).toContain('unknown incident type TYPO');
  });

  it('get_context with pack: true cites a relevant procedure with its source', async () => {
    const recorded = await call('record_memory', {
      entity_id: 'user:primary',
      text: 'Invoices go out with net-15 terms and the PO number in the subject line',
      tags: ['procedure', 'invoice'],
    });
    const id = (recorded.structuredContent as { memory: { memory_id: string } }).memory.memory_id;
    const context = await call('get_context', {
      entity_id: 'user:primary',
      query: 'Draft the invoice for Acme',
      pack: true,
    });
    expect(context.isError).toBeFalsy();
    const pack = (context.structuredContent as { recall_pack: { markdown: string } }).recall_pack;
    expect(pack.markdown).toContain(
      `## Relevant procedures\n- Invoices go out with net-15 terms and the PO number in the subject line (memory ${id})`,
    );
    const elsewhere = await call('get_context', {
      entity_id: 'user:primary',
      query: 'Book the flights to Lisbon',
      pack: true,
    });
    const other = (elsewhere.structuredContent as { recall_pack: { markdown: string } })
      .recall_pack;
    expect(other.markdown).toContain('## P0 constraints');
    expect(other.markdown).not.toContain('Relevant procedures');
  });

  it('rejects unknown parameters', async () => {
    const result = await call('list_tasks', { entity_id: 'user:primary', colour: 'red' });
    expect(result.isError).toBe(true);
  });
});
