import { describe, expect, it } from 'vitest';
import { entity, field } from './__fixtures__/context-fixtures.js';
import { canonicalLines, renderCanonicalState } from './canonical-state.js';
import type { ContextField } from './context-sources.js';

const NOW = '2026-11-25T10:00:00Z';
const options = { now: NOW, primary: 'user:primary' };
const review = { value: 'completed', confidence: 0.72, prompt_id: 'p_1' };

describe('renderCanonicalState', () => {
  it('renders nothing when no entity has a field or a prompt', () => {
    expect(renderCanonicalState([], options)).toBe('');
    expect(renderCanonicalState([entity('user:primary', {})], options)).toBe('');
  });

  it('opens with the freshness header and lists the primary entity first', () => {
    const text = renderCanonicalState(
      [
        entity('family:smith', { 'family.schedule.piano': field('Tue 5pm') }),
        entity('user:primary', {
          'travel.status': field('in_progress'),
          'travel.destination': field('Tahoe'),
        }),
      ],
      options,
    );
    expect(text).toMatchInlineSnapshot(`
      "## Canonical state (as of 2026-11-25T10:00Z)
      user:primary
      - travel.destination: Tahoe
      - travel.status: in_progress
      family:smith
      - family.schedule.piano: Tue 5pm"
    `);
  });

  const markers: readonly [string, ContextField, string][] = [
    [
      'a stale value, with the date it became true',
      field('Tahoe', { stale: true, valid_from: '2026-10-01T08:00:00Z' }),
      '- travel.destination: Tahoe [STALE: value from 2026-10-01]',
    ],
    [
      'a proposal that disagrees with the committed value as a conflict',
      field('planned', { pending: review }),
      '- travel.destination: planned [CONFLICT: proposed completed (0.72), review p_1]',
    ],
    [
      'a proposal for an empty field as pending review',
      field(null, { status: 'pending_review', confidence: null, pending: review }),
      '- travel.destination: (unconfirmed) [PENDING REVIEW: proposed completed (0.72), review p_1]',
    ],
    [
      'uncommitted evidence as tentative',
      field('Reno', { status: 'tentative', confidence: 0.41 }),
      '- travel.destination: Reno [TENTATIVE]',
    ],
    [
      'a value committed on weak evidence as low confidence',
      field('Reno', { low_confidence: true }),
      '- travel.destination: Reno [LOW CONFIDENCE]',
    ],
    [
      'several markers in a fixed order',
      field('Tahoe', { stale: true, valid_from: null, low_confidence: true, pending: review }),
      '- travel.destination: Tahoe [STALE] [LOW CONFIDENCE] [CONFLICT: proposed completed (0.72), review p_1]',
    ],
  ];

  it.each(markers)('marks %s', (_name, view, line) => {
    const text = renderCanonicalState(
      [entity('user:primary', { 'travel.destination': view })],
      options,
    );
    expect(text.split('\n')[2]).toBe(line);
  });

  it('lists a prompt awaiting review for a field the entity does not show', () => {
    const text = renderCanonicalState(
      [
        entity('user:primary', { 'travel.status': field('planned', { pending: review }) }, [
          {
            prompt_id: 'p_1',
            field: 'travel.status',
            proposed_value: 'completed',
            current_value: 'planned',
            confidence: 0.72,
          },
          {
            prompt_id: 'p_2',
            field: 'family.schedule.school',
            proposed_value: 'Mon 8am',
            current_value: null,
            confidence: 0.66,
          },
        ]),
      ],
      options,
    );
    expect(text.split('\n').slice(2)).toEqual([
      '- family.schedule.school: (none) [PENDING REVIEW: proposed Mon 8am (0.66), review p_2]',
      '- travel.status: planned [CONFLICT: proposed completed (0.72), review p_1]',
    ]);
  });

  it('leaves out fields with nothing known', () => {
    const lines = canonicalLines(
      [entity('user:primary', { 'travel.status': field(null, { status: 'none' }) })],
      'user:primary',
    );
    expect(lines).toEqual([]);
  });

  it('ranks reviews and conflicts before stale values before the rest', () => {
    const lines = canonicalLines(
      [
        entity('user:primary', {
          'a.plain': field('x'),
          'b.stale': field('y', { stale: true }),
          'c.conflict': field('z', { pending: review }),
        }),
      ],
      'user:primary',
    );
    expect(lines.map((line) => [line.field, line.urgency])).toEqual([
      ['a.plain', 2],
      ['b.stale', 1],
      ['c.conflict', 0],
    ]);
  });
});
