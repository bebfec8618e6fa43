import type { Engine } from '../../../engine/index.js';
import { observation, toJsonl } from '../../../testing/index.js';

/** Entities the fixture fills: each gets state, an open review prompt and a searchable message. */
export const ENTITIES = ['user:alex', 'family:smith'] as const;

/** Ingest lines for one entity, `offset` keeping event ids unique. */
export function entityRecords(entity: string, offset: number): Record<string, unknown>[] {
  return [
    observation({
      id: offset + 1,
      entity,
      field: 'travel.status',
      value: 'in_progress',
      extra: { corroborators: [{ type: 'calendar', ref: `event:${offset}` }] },
    }),
    // A preference changed twice in a minute waits for the person: an open review prompt.
    observation({ id: offset + 2, entity, field: 'profile.preference.seat', value: 'aisle' }),
    observation({
      id: offset + 3,
      entity,
      field: 'profile.preference.seat',
      value: 'window',
      at: '2026-02-19T15:01:00Z',
    }),
    {
      type: 'message',
      thread_id: `thread-${entity.replace(':', '-')}`,
      message_id: `m-${offset}`,
      role: 'user',
      content: `${entity} booked the lighthouse ferry for Saturday`,
      created_at: '2026-02-19T15:02:00Z',
      entity_id: entity,
    },
    {
      type: 'message',
      thread_id: `thread-${entity.replace(':', '-')}`,
      message_id: `m-${offset}-2`,
      role: 'user',
      content: 'I need to renew my passport before March.',
      created_at: '2026-02-19T15:03:00Z',
      entity_id: entity,
    },
  ];
}

/** Fills `engine` with both entities' records. */
export async function seedTwoEntities(engine: Engine): Promise<void> {
  const report = await engine.ingest(
    toJsonl([...entityRecords('user:alex', 100), ...entityRecords('family:smith', 200)]),
  );
  if (report.rejected > 0)
    throw new Error(`fixture rejected: ${JSON.stringify(report.rejections)}`);
}
