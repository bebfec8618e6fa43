import { describe, expect, it } from 'vitest';
import { fromWireEvidence, type SupersessionEvidence, toWireEvidence } from './state-item.js';

describe('toWireEvidence and fromWireEvidence', () => {
  const evidence: SupersessionEvidence = {
    trigger: 'instead',
    refMessageId: 'm-7',
    candidateUid: 'D-0123456789ab',
    basis: 'replaced_object',
    score: null,
  };

  it('spells the evidence in snake_case, keys in schema order', () => {
    const wire = toWireEvidence(evidence);
    expect(Object.keys(wire)).toEqual([
      'trigger',
      'ref_message_id',
      'candidate_uid',
      'basis',
      'score',
    ]);
    expect(wire).toEqual({
      trigger: 'instead',
      ref_message_id: 'm-7',
      candidate_uid: 'D-0123456789ab',
      basis: 'replaced_object',
      score: null,
    });
  });

  it('reads the wire spelling back to the same record, keys in record order', () => {
    const back = fromWireEvidence(
      toWireEvidence({ ...evidence, basis: 'similarity', score: 0.91 }),
    );
    expect(back).toEqual({ ...evidence, basis: 'similarity', score: 0.91 });
    expect(Object.keys(back)).toEqual(Object.keys(evidence));
  });
});
