import { describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

/** A deadline the words leave open ("next Wednesday" on a Monday) keeps its other reading. */
describe('verity tasks show: a deadline with two readings', () => {
  const cli = useCliHome('verity-cli-task-due-', {
    now: '2026-02-02T10:00:00Z',
    records: toJsonl([
      // Monday 2026-02-02.
      messageRecord(
        'home',
        'm1',
        'user',
        'I will return the ladder to Soren by next Wednesday.',
        '2026-02-02T09:00:00Z',
      ),
      messageRecord(
        'home',
        'm2',
        'user',
        'I will renew the parking permit by Friday.',
        '2026-02-02T09:01:00Z',
      ),
    ]),
  });

  it('shows the date taken and the other one the words may mean', async () => {
    const list = await cli.verity(['tasks', 'list', '--json']);
    const { tasks } = JSON.parse(list.stdout) as { tasks: { id: string; title: string }[] };
    const idOf = (word: string) => tasks.find((t) => t.title.includes(word))?.id ?? 'missing';
    const ladder = await cli.verity(['tasks', 'show', idOf('ladder')]);
    expect(ladder.stdout).toContain('due 2026-02-04T23:59:00.000Z');
    expect(ladder.stdout).toMatch(/description: .*2026-02-04.* may also mean 2026-02-11/);
    const permit = await cli.verity(['tasks', 'show', idOf('permit')]);
    expect(permit.stdout).toContain('due 2026-02-06T23:59:00.000Z');
    expect(permit.stdout).not.toContain('may also mean');
  });
});
