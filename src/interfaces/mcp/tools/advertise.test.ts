import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { advertise, advertisedInput } from './advertise.js';
import { MCP_TOOLS } from './index.js';

describe('advertise', () => {
  it('keeps every input property and every required one of each tool', () => {
    for (const tool of MCP_TOOLS) {
      const full = z.toJSONSchema(z.object(tool.input), { io: 'input' });
      const shown = advertise(tool).inputSchema;
      expect(Object.keys(shown.properties ?? {}), tool.name).toEqual(
        Object.keys(full.properties ?? {}),
      );
      expect(shown.required ?? [], tool.name).toEqual(full.required ?? []);
    }
  });

  it('drops enforcement detail, keeps enums, and defines a repeated sub-schema once', () => {
    const source = z.object({ type: z.enum(['calendar', 'webhook']), ref: z.string().max(300) });
    const shown = advertisedInput({
      entity_id: z.string().default('user:primary'),
      value: z.string().min(1).max(500).nullable(),
      source,
      corroborators: z.array(source).max(20).optional(),
    });
    expect(shown).toEqual({
      type: 'object',
      properties: {
        entity_id: { type: 'string' },
        value: { type: ['string', 'null'] },
        source: { $ref: '#/definitions/d0' },
        corroborators: { type: 'array', items: { $ref: '#/definitions/d0' } },
      },
      required: ['value', 'source'],
      definitions: {
        d0: {
          type: 'object',
          properties: { type: { enum: ['calendar', 'webhook'] }, ref: { type: 'string' } },
          required: ['type', 'ref'],
        },
      },
    });
  });

  it('derives read-only annotations from the scope', () => {
    const byName = new Map(MCP_TOOLS.map((tool) => [tool.name, advertise(tool)]));
    expect(byName.get('get_state')?.annotations).toEqual({
      readOnlyHint: true,
      openWorldHint: false,
    });
    // A write tool leaves readOnlyHint at its default (false); a destructive one leaves
    // destructiveHint at its default (true).
    expect(byName.get('forget_memory')?.annotations).toEqual({ openWorldHint: false });
    expect(byName.get('record_messages')?.annotations).toEqual({
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });
});
