import { beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, transcriptLine } from '../testing/index.js';
import { approveSaid, seedRetiredBilling } from './__fixtures__/retired-memory.js';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import type { Engine } from './types.js';

/** After the retirement (2026-04-02T12:00:00Z). */
const AGAIN = '2026-04-02T12:30:00Z';

/** The memory lines of a context's markdown, in order. */
function memoryLines(markdown: string): string[] {
  const section = markdown.split('## Relevant memories\n')[1] ?? '';
  return section
    .split('\n\n')[0]
    ?.split('\n')
    .filter((line) => line.startsWith('- ')) as string[];
}

/** Issue #13 M5: `verity context` (no pack) never gives a retired MEMORY.md entry as current. */
describe('a retired MEMORY.md entry in the context memories', () => {
  const opened = useTestEngine('verity-context-retired-', '2026-04-02T12:00:00Z', observerOnly());
  let engine: Engine;
  let clock: ManualClock;

  beforeEach(async () => {
    ({ engine, clock } = opened());
    await seedRetiredBilling(engine, ['2026-04-01', '2026-04-02']);
  });

  it('marks what the retired entry came from, after the current memories', async () => {
    const context = await engine.buildContext({ query: 'What do we use for billing?' });
    const lines = memoryLines(context.markdown);
    const postgres = lines.filter((line) => line.includes('PostgreSQL 15'));
    expect(postgres.length).toBeGreaterThan(0);
    for (const line of postgres) expect(line).toContain('(retired) ');
    const mysql = lines.findIndex((line) => line.includes('MySQL'));
    expect(mysql).toBeGreaterThanOrEqual(0);
    expect(lines[mysql]).not.toContain('(retired)');
    expect(mysql).toBeLessThan(lines.findIndex((line) => line.includes('PostgreSQL 15')));
  });

  it('leaves words said again after the retirement unmarked', async () => {
    clock.advance(3_600_000);
    const said = transcriptLine('m1', 'user', 'We use PostgreSQL 15 for billing.', AGAIN);
    await engine.observer.capture({
      text: said,
      sessionId: 'again',
      trigger: 'manual',
      observe: 'sync',
    });
    const context = await engine.buildContext({ query: 'Which PostgreSQL version for billing?' });
    const lines = memoryLines(context.markdown).filter((line) => line.includes('PostgreSQL 15'));
    expect(lines.some((line) => line.includes('[2026-04-02] We use PostgreSQL 15'))).toBe(true);
    expect(lines.some((line) => line.includes('(retired)'))).toBe(true);
  });

  it('marks only the retired sentence of a message that says a current thing too', async () => {
    const said = {
      sessionId: 'cache-1',
      messageId: 'm1',
      content: 'We use Memcached 1.6 for the page cache. Payroll is exported every Monday at nine.',
      at: '2026-04-02T10:00:00Z',
    };
    const memoryId = await approveSaid(engine, said, 'Memcached 1.6');
    await engine.observer.retireMemory(memoryId, 'the cache moved to Redis');
    const context = await engine.buildContext({ query: 'When is payroll exported?' });
    const line = memoryLines(context.markdown).find((l) => l.includes('Payroll is exported'));
    expect(line).toContain('(retired) We use Memcached 1.6 for the page cache.');
    expect(line).toMatch(/cache\. Payroll is exported every Monday at nine\./);
    expect(line).not.toContain('(retired) Payroll');
  });
});
