import { beforeEach, describe, expect, it } from 'vitest';
import { approveSaid } from './__fixtures__/retired-memory.js';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import { packedContext, ruledContext } from './packed-context.js';
import type { Engine } from './types.js';

// A Hard Rule read four times in one prompt: in its block, again under the recall pack's P0
// constraints, and twice among the context's memories (the promoted entry and the message it came
// from). Each copy paid tokens out of the same budget. Shown once, first, it is paid for once.
const RULE = 'Never merge to main without a green pipeline';

/** How many lines of `markdown` say the rule. */
const timesSaid = (markdown: string): number =>
  markdown.split('\n').filter((line) => line.includes('green pipeline')).length;

describe("a Hard Rule in a turn's context", () => {
  const opened = useTestEngine('verity-rule-once-', '2026-05-06T12:00:00Z', observerOnly());
  let engine: Engine;

  beforeEach(async () => {
    ({ engine } = opened());
    await approveSaid(
      engine,
      {
        sessionId: 'once-1',
        messageId: 'm1',
        content: `${RULE}, that is a hard rule.`,
        at: '2026-05-05T09:01:00Z',
      },
      'green pipeline',
    );
    await approveSaid(
      engine,
      {
        sessionId: 'once-2',
        messageId: 'm1',
        content: 'We use Argo CD for billing deploys.',
        at: '2026-05-05T09:02:00Z',
      },
      'Argo',
    );
  });

  it('is said once in recall-pack mode, in the block first', async () => {
    const packed = await packedContext(engine, { query: 'merge to main pipeline', budget: 1500 });
    expect(packed.markdown.startsWith(`## Hard Rules\n- ${RULE}`)).toBe(true);
    expect(timesSaid(packed.markdown)).toBe(1);
    expect(packed.hard_rules.entries).toHaveLength(1);
  });

  it('is said once with the rules alone in front', async () => {
    const ruled = await ruledContext(engine, { query: 'merge to main pipeline', budget: 1500 });
    expect(timesSaid(ruled.markdown)).toBe(1);
  });

  it('still lets other memories the query finds show', async () => {
    const ruled = await ruledContext(engine, { query: 'how do we deploy billing', budget: 1500 });
    expect(ruled.markdown).toContain('Argo');
    expect(timesSaid(ruled.markdown)).toBe(1);
  });

  it('is still said by the context alone, which has no block above it', async () => {
    const context = await engine.buildContext({ query: 'merge to main pipeline', budget: 1500 });
    expect(timesSaid(context.markdown)).toBeGreaterThan(0);
  });
});
