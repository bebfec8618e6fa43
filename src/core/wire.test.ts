import { describe, expect, it } from 'vitest';
import { isWireJson, toSnakeCaseKey, toWireJson } from './wire.js';

describe('toSnakeCaseKey', () => {
  it.each([
    ['dlqId', 'dlq_id'],
    ['schemaName', 'schema_name'],
    ['lastSeenAt', 'last_seen_at'],
    ['already_snake', 'already_snake'],
    ['plain', 'plain'],
    ['WRONG_RECALL', 'WRONG_RECALL'],
    ['Lisbon', 'Lisbon'],
    ['profile.preference.seat', 'profile.preference.seat'],
    ['user:alex', 'user:alex'],
  ])('maps %s to %s', (key, expected) => {
    expect(toSnakeCaseKey(key)).toBe(expected);
  });
});

describe('toWireJson', () => {
  it('converts camelCase field names deeply and keeps data keys', () => {
    const wire = toWireJson({
      dlqItems: [{ dlqId: 'a', schemaName: 's' }],
      incidentsByType: { WRONG_RECALL: 1, MISSED_DEADLINE: 2 },
      triggers: { Tahoe: ['user:primary'] },
    });
    expect(wire).toEqual({
      dlq_items: [{ dlq_id: 'a', schema_name: 's' }],
      incidents_by_type: { WRONG_RECALL: 1, MISSED_DEADLINE: 2 },
      triggers: { Tahoe: ['user:primary'] },
    });
    expect(isWireJson(wire)).toBe(true);
    expect(isWireJson({ nested: [{ lastSeenAt: 1 }] })).toBe(false);
  });
});
