import { describe, expect, it } from 'vitest';
import { DEFAULT_FUSION, routedFusion } from './hybrid-search.js';

describe('routedFusion', () => {
  const fusion = {
    ...DEFAULT_FUSION,
    routes: {
      preference: { textWeight: 0.4, vectorWeight: 0.6 },
      temporal: { timeBoost: 2, vectorWeight: 0.3 },
    },
  };

  it("applies the route of the query's intent and leaves other queries alone", () => {
    const routed = routedFusion('Can you recommend a good sci-fi novel?', fusion);
    expect(routed.textWeight).toBe(0.4);
    expect(routed.vectorWeight).toBe(0.6);
    expect(routedFusion('Where did I park the car?', fusion)).toBe(fusion);
  });

  it('applies several routes in a fixed order, the later one winning on a shared setting', () => {
    const routed = routedFusion('When should I try the recipe you suggested?', fusion);
    expect(routed.timeBoost).toBe(2);
    expect(routed.vectorWeight).toBe(0.6);
  });
});
