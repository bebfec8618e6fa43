import { z } from 'zod';
import { defineTool, reply } from './define-tool.js';
import { memoryIdInput, ownedMemory } from './memory-views.js';
import { entityIdInput } from './views.js';

/** `forget_memory`: deletes a memory and redacts its text in the ledger. */
export const forgetMemory = defineTool({
  name: 'forget_memory',
  title: 'Forget memory',
  description: 'Call when a memory is wrong: deletes it and redacts it in the ledger.',
  input: { entity_id: entityIdInput, memory_id: memoryIdInput },
  output: { memory_id: z.string(), forgotten: z.literal(true), redacted: z.number() },
  scope: 'write',
  destructive: true,
  idempotent: false,
  async handler(args, engine) {
    const own = await ownedMemory(engine, args.entity_id, args.memory_id);
    const result = await engine.vault.forgetMemory(own.memory_id);
    return reply({ ...result }, `forgot ${result.memory_id}`);
  },
});
