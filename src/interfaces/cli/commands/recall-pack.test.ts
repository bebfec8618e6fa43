import { describe, expect, it } from 'vitest';
import { useCliHome } from '../__fixtures__/cli-home.js';

/** `verity context --pack`: the recall pack first, with the procedures the prompt is about. */
describe('verity context --pack', () => {
  const cli = useCliHome('verity-cli-recall-', {
    config: () => ({ embeddings: { provider: 'none' } }),
  });
  const verity = (args: readonly string[]) => cli.verity(args, { now: '2026-01-28T09:00:00Z' });

  it('lists a procedure recorded with --tag procedure when the query is about it', async () => {
    const added = await verity([
      'memories',
      'add',
      'Publishing a blog post: proofread it, add the cover image, schedule it for 9am',
      '--tag',
      'procedure,blog',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const id = JSON.parse(added.stdout).memory.memory_id as string;

    const result = await verity([
      'context',
      '--pack',
      '--query',
      'publish the blog post',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const parsed = JSON.parse(result.stdout) as {
      recall_pack: { sections: { key: string; entries: { id: string; source?: string }[] }[] };
      markdown: string;
    };
    const procedures = parsed.recall_pack.sections.find((s) => s.key === 'procedures');
    expect(procedures?.entries).toMatchObject([{ id, source: `memory ${id}` }]);
    expect(
      parsed.markdown.startsWith('# Recall pack — 2026-01-28\n\n## Relevant procedures\n'),
    ).toBe(true);

    const other = await verity(['context', '--pack', '--query', 'book the flights', '--md']);
    expect(other.code, other.stderr).toBe(0);
    // The context below the pack may still show it as a memory; the pack does not cite it.
    expect(other.stdout).not.toContain('## Relevant procedures');
  });
});
