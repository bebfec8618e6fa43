import { describe, expect, it } from 'vitest';
import { describeField } from './views.js';

const SEEDED = {
  value: 'cabin',
  status: 'committed' as const,
  confidence: 0.6,
  stale: false,
  source: 'static_markdown',
  event_id: 'e1',
  valid_from: '2026-06-01T09:00:00Z',
  low_confidence: true,
  rule: 'bootstrap' as const,
  pending: null,
};

describe('describeField', () => {
  it('marks a value seeded at low confidence as the CLI does', () => {
    expect(describeField('travel.destination', SEEDED)).toBe(
      'travel.destination = cabin [committed, confidence 0.60, low confidence]',
    );
    expect(describeField('travel.destination', { ...SEEDED, low_confidence: false })).toBe(
      'travel.destination = cabin [committed, confidence 0.60]',
    );
  });
});
