import { describe, expect, it } from 'vitest';
import { contentHash, sha256Hex } from '../core/index.js';
import { EVENT_TYPES, newLedgerEvent } from './events.js';

const payload = { kind: 'example', created_at: '2026-01-02T03:04:05.000Z' };
const base = {
  eventId: '0190f0e0-0000-7000-8000-000000000001',
  type: EVENT_TYPES.message,
  entityId: 'user:primary',
  recordedAt: '2026-01-02T03:04:06.000Z',
  payload,
};

describe('newLedgerEvent', () => {
  it('stamps an event Verity produces as happening when recorded, hashed whole, with no key', () => {
    expect(newLedgerEvent(base)).toEqual({
      ...base,
      eventTs: base.recordedAt,
      payloadHash: contentHash(payload),
      dedupeKey: null,
    });
  });

  it.each([
    ['the hashed part', { hashed: { kind: 'example' } }, contentHash({ kind: 'example' })],
    ['a hash given outright', { payloadHash: sha256Hex('{}'), hashed: {} }, sha256Hex('{}')],
  ])('hashes %s when given', (_name, extra, expected) => {
    expect(newLedgerEvent({ ...base, ...extra }).payloadHash).toBe(expected);
  });

  it('keeps an event time and a dedupe key when given', () => {
    const event = newLedgerEvent({ ...base, eventTs: '2026-01-01T00:00:00.000Z', dedupeKey: 'k' });
    expect(event.eventTs).toBe('2026-01-01T00:00:00.000Z');
    expect(event.recordedAt).toBe(base.recordedAt);
    expect(event.dedupeKey).toBe('k');
  });
});
