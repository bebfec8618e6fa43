import { describe, expect, it } from 'vitest';
import { useTestEngine } from './__fixtures__/test-engine.js';

const t = useTestEngine('verity-context-trusted-', '2026-05-11T12:00:00Z', {
  embeddings: { model: null },
  items: { extractor: null },
});

let next = 0;
function observation(
  field: string,
  value: string,
  source: 'static_markdown' | 'user_statement',
  at: string,
) {
  next += 1;
  return {
    type: 'observation',
    event_id: `0190b000-0000-7000-8000-${String(next).padStart(12, '0')}`,
    event_ts: at,
    domain: field.split('.')[0],
    entity_id: 'user:primary',
    field,
    candidate_value: value,
    intent: 'assertive',
    source: { type: source, ref: source === 'user_statement' ? 'thread:k:msg:1' : 'notes.md' },
  };
}

describe('context budget over canonical state', () => {
  it("keeps the user's fresh statements over weak bootstrapped values when not all fit", async () => {
    const report = await t().engine.ingest([
      observation(
        'profile.preference.breakfast',
        'porridge with blueberries',
        'static_markdown',
        '2026-05-01T08:00:00Z',
      ),
      observation(
        'profile.preference.lodging',
        'a lakeside cabin',
        'static_markdown',
        '2026-05-01T08:00:00Z',
      ),
      observation(
        'family.schedule.chess_club',
        'cancelled',
        'static_markdown',
        '2026-05-01T08:00:00Z',
      ),
      observation('travel.location', 'Queenstown', 'user_statement', '2026-05-11T11:00:00Z'),
      observation('travel.status', 'in_progress', 'user_statement', '2026-05-11T11:00:00Z'),
    ]);
    expect(report.applied).toBe(5);
    const full = await t().engine.buildContext({ budget: 2000 });
    expect(full.markdown).toContain('profile.preference.breakfast');
    // 138: the room of the fresh two and one weak value after the system text (its marker legend
    // grew by some eight tokens when it learned "(retired)"; the room for values is as it was at 130).
    const small = await t().engine.buildContext({ budget: 138 });
    expect(small.markdown).toContain('- travel.location: Queenstown');
    expect(small.markdown).toContain('- travel.status: in_progress');
    // The room left after them goes to the weak values, each still marked as such.
    expect(small.markdown).toContain('[LOW CONFIDENCE]');
    expect(small.markdown).toContain('[… 2 more fields omitted]');
  });
});
