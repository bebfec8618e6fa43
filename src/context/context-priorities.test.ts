import { describe, expect, it } from 'vitest';
import { entity, field, hit, message, stateItem, words } from './__fixtures__/context-fixtures.js';
import { assembleContext, type ContextInputs, type ContextResult } from './assemble-context.js';
import { createGptTokenizer } from './tokenizer.js';

const tokenizer = createGptTokenizer();

/** An entity with five current fields, one pending review and one conflict, and a long thread. */
const INPUTS: ContextInputs = {
  entities: [
    entity(
      'user:primary',
      {
        'travel.status': field('in_progress'),
        'travel.location': field('Tahoe'),
        'travel.return_date': field('2026-11-23', { low_confidence: true }),
        'family.leo.status': field('sick'),
        'project.apollo.status': field('blocked', {
          pending: { value: 'shipped', confidence: 0.8, prompt_id: 'p-apollo' },
        }),
        'profile.preference.lodging': field('cabin', {
          pending: { value: 'hotel', confidence: 0.9, prompt_id: 'p-lodging' },
        }),
      },
      [
        {
          prompt_id: 'p-lodging',
          field: 'profile.preference.lodging',
          current_value: 'cabin',
          proposed_value: 'hotel',
          confidence: 0.9,
        },
      ],
    ),
  ],
  stateItems: [
    stateItem({ uid: 'd_000000000001', text: 'Book the ski rental for Saturday' }),
    stateItem({
      uid: 'd_000000000002',
      text: 'Leo stays home until the fever is gone',
      typeTag: 'constraint',
    }),
  ],
  summaries: { short: words('summary', 60), long: null },
  skills: words('skill', 80),
  // Half the memories show messages of the tail (m8..m11), half older ones (x0..x3).
  memories: Array.from({ length: 8 }, (_, i) =>
    hit(
      `h${i}`,
      `${words(`memory${i}`, 25)}`,
      1 - i / 10,
      i % 2 === 0 ? `m${11 - i / 2}` : `x${i}`,
    ),
  ),
  tail: Array.from({ length: 12 }, (_, i) =>
    message(`m${i}`, `${words(`old${i}`, 30)}`, i, i % 2 === 0 ? 'user' : 'assistant'),
  ),
};

function assemble(budget: number): ContextResult {
  const result = assembleContext(
    { entity: 'user:primary', thread: 't1', now: '2026-11-25T10:00:00Z', budget },
    INPUTS,
    { tokenizer },
  );
  if (!result.ok) throw result.error;
  return result.value;
}

describe('context priorities under any budget', () => {
  for (const budget of [300, 600, 2000]) {
    it(`keeps every current field, marker and open item at budget ${budget}`, () => {
      const result = assemble(budget);
      expect(result.total).toBeLessThanOrEqual(budget);
      const canonical = result.sections.find((s) => s.name === 'canonical_state');
      expect(canonical?.truncated).toBe(false);
      for (const name of Object.keys(INPUTS.entities[0]?.state ?? {})) {
        expect(result.markdown).toContain(`- ${name}:`);
      }
      expect(result.markdown).toMatch(/CONFLICT: proposed hotel/);
      expect(result.markdown).toContain('p-apollo');
      expect(result.included.stateItemUids).toEqual(['d_000000000001', 'd_000000000002']);
      // Whatever older text is kept, it never displaced the state above.
      const tailTokens = result.sections.find((s) => s.name === 'tail')?.tokens ?? 0;
      const memoryTokens = result.sections.find((s) => s.name === 'memories')?.tokens ?? 0;
      if (budget >= 600) expect(tailTokens).toBeGreaterThan(0);
      if (budget === 2000) expect(memoryTokens).toBeGreaterThan(0);
    });

    it(`shows no message twice at budget ${budget}`, () => {
      const result = assemble(budget);
      const memoryIds = new Set(
        result.included.memoryIds.map((id) => INPUTS.memories.find((h) => h.id === id)?.message_id),
      );
      const tailIds = result.sections.find((s) => s.name === 'tail')?.includedIds ?? [];
      for (const id of tailIds) expect(memoryIds.has(id)).toBe(false);
      expect(new Set(result.included.messageIds).size).toBe(result.included.messageIds.length);
    });
  }
});
