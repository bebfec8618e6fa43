import { z } from 'zod';
import { defined, defineTool, reply } from './define-tool.js';
import { entityIdInput } from './views.js';

const STATUSES = ['proposed', 'rejected', 'applied', 'rolled_back'] as const;

/** `list_patches`: the nightly loop's patches and the experiments their metrics make. */
export const listPatches = defineTool({
  name: 'list_patches',
  title: 'List patches',
  description:
    'Call to see what the nightly loop changed or proposes, and how each applied change measures.',
  input: { entity_id: entityIdInput, status: z.enum(STATUSES).optional() },
  output: {
    patches: z.array(
      z
        .object({
          patch_id: z.string(),
          title: z.string(),
          status: z.enum(STATUSES),
          change: z.object({ key: z.string() }).loose(),
        })
        .loose(),
    ),
    experiments: z.array(
      z.object({ id: z.string(), patch_id: z.string(), status: z.string() }).loose(),
    ),
  },
  scope: 'read',
  async handler(args, engine) {
    const patches = await engine.tasks.patches({ ...defined('status', args.status) });
    const experiments = await engine.tasks.experiments();
    const text =
      patches.length === 0
        ? 'no patches'
        : patches
            .map(
              (p) =>
                `${p.patch_id} [${p.status}] ${p.title}: ${p.change.key} → ${JSON.stringify(p.change.to)}`,
            )
            .join('\n');
    return reply(
      {
        patches: patches.map((p) => ({ ...p })),
        experiments: experiments.map((e) => ({ ...e })),
      },
      text,
    );
  },
});
