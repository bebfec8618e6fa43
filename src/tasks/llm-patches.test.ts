import { describe, expect, it } from 'vitest';
import { GUIDANCE_KEY, guidanceInForce, renderGuidanceFile } from './llm-patches.js';
import type { Patch } from './patch.js';
import { type ImprovementAnalysis, toPatches } from './plan-improvement.js';

const ANALYSIS: ImprovementAnalysis = {
  window: ['2026-01-26'],
  incidents_by_type: { MISSED_DEADLINE: 1 },
  top_failure: 'MISSED_DEADLINE',
  completion_rate: 0,
  recall_hit_rate: null,
};

/** A guidance patch as the nightly loop records it, then in `status`. */
function patch(id: string, status: Patch['status'], from: string[] | null, to: string[]): Patch {
  const rollback = { metric: 'completion_rate', below: 0.5, days: 3 } as const;
  const change = { key: GUIDANCE_KEY, from, to };
  const [made] = toPatches(
    [{ title: id, root_cause: '', change, rollback, watch: [] }],
    ANALYSIS,
    0,
    0,
  );
  if (made === undefined) throw new Error('no patch');
  return { ...made, patch_id: id, status };
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
