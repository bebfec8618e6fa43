import { z } from 'zod';
import { EngineError } from '../../../core/index.js';
import { access } from '../access.js';
import { defineTool } from './define-tool.js';
import { SECTIONS } from './proposal-views.js';
import { entityIdInput } from './views.js';

const entry = z.object({
  memory_id: z.string(),
  section: z.enum(SECTIONS),
  text: z.string(),
  status: z.enum(['active', 'retired']),
  proposal_id: z.string(),
  promoted_at: z.string(),
  retired_at: z.string().nullable(),
});

/**
 * `retire_memory`: one promoted MEMORY.md entry leaves the file; its proposal, approval and
 * observations stay in the history (`forget_memory` redacts them instead). Takes the entry's
 * `m-…` id, or the id of the memory promoted from it.
 */
export const retireMemory = defineTool({
  name: 'retire_memory',
  title: 'Retire memory',
  description:
    'Call only when the user says a MEMORY.md entry no longer holds: it leaves MEMORY.md, its history stays.',
  input: {
    entity_id: entityIdInput,
    memory_id: z.string().min(1).max(100),
    reason: z.string().max(400).optional(),
  },
  output: { entry },
  ...access('memory_file_decide'),
  idempotent: false,
  async handler(args, engine, tool) {
    const entries = await engine.observer.listMemory(true);
    let id = args.memory_id;
    if (!entries.some((e) => e.memory_id === id)) {
      const promoted = (await engine.vault.listMemories()).find((m) => m.memory_id === id);
      if (promoted?.source.kind !== 'promotion' || promoted.source.ref === null) {
        throw new EngineError('NOT_FOUND', `No MEMORY.md entry ${args.memory_id}`, {
          operation: 'memory',
        });
      }
      id = promoted.source.ref;
    }
    const retired = await engine.observer.retireMemory(id, args.reason);
    return tool.reply({ entry: retired }, `retired ${retired.memory_id}: ${retired.text}`);
  },
});
