import { describe, expect, it } from 'vitest';
import { GUIDANCE_KEY, guidanceInForce, renderGuidanceFile } from './llm-patches.js';
import type { Patch } from './patch.js';

function patch(id: string, status: Patch['status'], from: string[] | null, to: string[]): Patch {
  return {
    patch_id: id,
    title: id,
    incident_type: 'MISSED_DEADLINE',
    evidence: '',
    root_cause: '',
    change: { key: GUIDANCE_KEY, from, to },
    rollback_condition: { metric: 'completion_rate', below: 0.5, days: 3 },
    metrics_to_watch: [],
    status,
    proposed_at: '2026-01-27T04:00:00.000Z',
    reviewed_at: null,
    reviewer: null,
    review_note: null,
    applied_at: null,
    rolled_back_at: null,
    rollback_reason: null,
  };
}

describe('guidanceInForce', () => {
  it('names the applied patch that added each line; a line set by hand has none', () => {
    const config = { [GUIDANCE_KEY]: ['set by hand', 'name due tasks first', 'ask before paying'] };
    const patches = [
      patch(
        'PATCH-20260127-001',
        'applied',
        ['set by hand'],
        ['set by hand', 'name due tasks first'],
      ),
      // Rejected and rolled-back patches put nothing in force.
      patch('PATCH-20260127-002', 'rejected', null, ['ask before paying']),
      patch(
        'PATCH-20260128-001',
        'applied',
        ['set by hand', 'name due tasks first'],
        ['set by hand', 'name due tasks first', 'ask before paying'],
      ),
    ];
    const lines = guidanceInForce(config, patches);
    expect(lines).toEqual([
      { text: 'set by hand', patch_id: null },
      { text: 'name due tasks first', patch_id: 'PATCH-20260127-001' },
      { text: 'ask before paying', patch_id: 'PATCH-20260128-001' },
    ]);
    expect(renderGuidanceFile(lines)).toContain(
      '\n- set by hand\n- name due tasks first (patch PATCH-20260127-001)\n',
    );
    expect(guidanceInForce({}, patches)).toEqual([]);
    expect(renderGuidanceFile([])).toContain('_No guidance in force._\n');
  });
});
