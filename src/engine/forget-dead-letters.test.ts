import { describe, expect, it } from 'vitest';
import { useTestEngine } from './__fixtures__/test-engine.js';

const t = useTestEngine('verity-forget-dlq-', '2026-04-05T12:00:00Z', {
  embeddings: { model: null },
});

const line = (fields: Record<string, unknown>): string =>
  JSON.stringify({ type: 'message', thread_id: 'home', role: 'user', ...fields });

describe('forget erases the dead letters that kept what it forgets', () => {
  it('an entity forget erases a rejected line naming the person, and leaves the others', async () => {
    const { engine } = t();
    const report = await engine.ingest(
      [
        line({
          message_id: 'm1',
          content: 'My son Theo has the flu today.',
          created_at: '2026-04-01T09:00:00Z',
        }),
        // Rejected (not a date): the text about Theo is kept only in the dead-letter queue.
        line({
          message_id: 'm2',
          content: 'Theo still has a fever of 39.',
          created_at: 'yesterday',
        }),
        line({ message_id: 'm3', content: 'The boiler is fixed.', created_at: 'last week' }),
        line({ message_id: 'm4', content: 'Theodora from work says hi.', created_at: 'today' }),
      ].join('\n'),
    );
    expect(report.rejected).toBe(3);
    const forgotten = await engine.forget({ kind: 'entity', entityId: 'user:theo' });
    expect(forgotten.dead_letters).toBe(1);
    const letters = await engine.listDlq();
    expect(letters.map((d) => d.raw).join('\n')).not.toContain('fever');
    const erased = letters.filter((d) => d.status === 'discarded');
    expect(erased).toHaveLength(1);
    expect(JSON.stringify(erased[0]?.errors)).not.toContain('yesterday');
    // A rejected line about something else, or another name that merely starts the same, stays.
    expect(
      letters
        .filter((d) => d.status !== 'discarded')
        .map((d) => d.raw)
        .sort(),
    ).toEqual([expect.stringContaining('boiler'), expect.stringContaining('Theodora')]);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('an event forget erases a refused rewrite of that message', async () => {
    const { engine } = t();
    await engine.ingest(
      line({ message_id: 'm1', content: 'Door code is 4471.', created_at: '2026-04-01T09:00:00Z' }),
    );
    const rewrite = await engine.ingest(
      line({
        message_id: 'm1',
        content: 'Door code is 4471, gate 9920.',
        created_at: '2026-04-01T09:00:00Z',
      }),
    );
    expect(rewrite.rejected).toBe(1);
    const events = await engine.readLedger(0, 100);
    const messageEvent = events.find((e) => e.payload['message_id'] === 'm1');
    const forgotten = await engine.forget({ kind: 'event', eventId: messageEvent?.eventId ?? '' });
    expect(forgotten.dead_letters).toBe(1);
    expect((await engine.listDlq()).map((d) => d.raw).join('\n')).not.toContain('4471');
  });

  it('finds nothing to forget only when neither the ledger nor the dead letters name it', async () => {
    const { engine } = t();
    await engine.ingest(
      line({ message_id: 'm9', content: 'Ask Priya about the lease.', created_at: 'soon' }),
    );
    await expect(engine.forget({ kind: 'entity', entityId: 'user:omar' })).rejects.toThrow(
      /nothing in the ledger/,
    );
    const forgotten = await engine.forget({ kind: 'entity', entityId: 'user:priya' });
    expect(forgotten).toMatchObject({ covered_events: 0, dead_letters: 1 });
    expect((await engine.listDlq())[0]?.raw).not.toContain('lease');
  });

  it('names an entity by a whole id and a real name: no longer ids, months or modal verbs', async () => {
    const { engine } = t();
    const entityLine = (entity: string, content: string, id: string) =>
      JSON.stringify({
        type: 'observation',
        event_id: id,
        entity_id: entity,
        field: 'family.schedule.swim',
        candidate_value: content,
        confidence: 'high',
        source: { type: 'user_statement', ref: `thread:home:msg:${id}` },
        observed_at: 'not a time',
      });
    await engine.ingest(
      [
        entityLine('family:osei', 'Tuesday 17:00', 'o1'),
        entityLine('family:osei-sarpong', 'Friday 16:00', 'o2'),
        entityLine('family:oseisarpong', 'Monday 15:00', 'o3'),
        line({ message_id: 'm5', content: 'We fly to Lisbon in May.', created_at: 'soon' }),
        line({ message_id: 'm6', content: 'Will you call the landlord?', created_at: 'soon' }),
      ].join('\n'),
    );
    expect((await engine.listDlq()).length).toBe(5);
    expect((await engine.forget({ kind: 'entity', entityId: 'family:osei' })).dead_letters).toBe(1);
    await expect(engine.forget({ kind: 'entity', entityId: 'user:may' })).rejects.toThrow(
      /nothing in the ledger/,
    );
    await expect(engine.forget({ kind: 'entity', entityId: 'user:will' })).rejects.toThrow(
      /nothing in the ledger/,
    );
    const kept = (await engine.listDlq()).filter((d) => d.status !== 'discarded');
    expect(kept.map((d) => d.raw).join('\n')).not.toContain('Tuesday 17:00');
    expect(kept).toHaveLength(4);
  });

  it('a slot forget erases a rejected observation of that slot, by field and entity', async () => {
    const { engine } = t();
    await engine.ingest(
      line({
        message_id: 'm1',
        content: 'Swim is at 5pm on Tuesdays.',
        created_at: '2026-04-01T09:00:00Z',
      }),
    );
    const observation = (field: string, id: string) =>
      JSON.stringify({
        type: 'observation',
        event_id: id,
        entity_id: 'user:primary',
        field,
        candidate_value: 'Tuesday 17:30',
        confidence: 'high',
        source: { type: 'user_statement', ref: 'thread:other:msg:x' },
        observed_at: 'not a time',
      });
    await engine.ingest(
      [
        observation('family.schedule.swim', 'o1'),
        observation('family.schedule.swimming_gala', 'o2'),
      ].join('\n'),
    );
    const forgotten = await engine.forget({
      kind: 'slot',
      entityId: 'user:primary',
      field: 'family.schedule.swim',
    });
    const letters = await engine.listDlq();
    const kept = letters.filter((d) => d.status !== 'discarded').map((d) => d.raw);
    expect(forgotten.dead_letters).toBe(1);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain('swimming_gala');
  });
});
