import { describe, expect, it } from 'vitest';
import { observation, toJsonl } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

const NOW = '2026-03-02T09:00:00Z';

/** Four committed fields: the aisle seat is the most trusted and the freshest of them. */
const RECORDS = [
  ['travel.destination', 'Lisbon', 'user_statement', '2026-03-01T09:00:00Z'],
  ['profile.preference.milk', 'oat', 'user_statement', '2026-03-01T09:00:00Z'],
  ['profile.preference.seat', 'aisle', 'user_statement', '2026-03-02T08:00:00Z'],
  ['profile.preference.diet', 'vegan', 'static_markdown', '2026-03-01T09:00:00Z'],
].map(([field, value, source, at], index) =>
  observation({
    id: index + 1,
    field: field ?? '',
    value: value ?? '',
    source: source ?? '',
    at: at ?? '',
  }),
);

/** `verity context` with a budget smaller than the system text and all the state. */
describe('verity context --budget (small)', () => {
  const cli = useCliHome('verity-cli-context-small-', {
    scope: 'all',
    now: NOW,
    records: toJsonl(RECORDS),
  });

  it.each([50, 80])(
    'still shows the most trusted, freshest fact at --budget %i and says how many were cut',
    async (budget) => {
      const result = await cli.verity(['context', '--budget', String(budget), '--md']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('- profile.preference.seat: aisle');
      expect(result.stdout).not.toContain('profile.preference.diet');
      expect(result.stdout).toMatch(/\[… 3 more fields omitted\]/);
    },
  );

  it('keeps the system text whole when the budget has room for it and the state', async () => {
    const result = await cli.verity(['context', '--budget', '400', '--md']);
    expect(result.stdout).toMatch(/^Verity context\..*marks text cut to fit\.\n/);
    expect(result.stdout).toContain('- profile.preference.diet: vegan');
  });
});
