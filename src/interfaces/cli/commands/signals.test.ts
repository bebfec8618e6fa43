import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { icsCalendar } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

const cli = useCliHome('verity-cli-signals-', { now: '2026-04-13T09:00:00Z' });
const verity = (args: readonly string[]) => cli.verity(args);

const ICS = icsCalendar([
  {
    uid: 'trip-9@example.com',
    summary: 'Banff trip',
    start: '20260418',
    end: '20260421',
    modified: '20260410T080000Z',
  },
]);

describe('verity poll', () => {
  it('polls a calendar idempotently and exits 2 without any calendar', async () => {
    const ics = join(cli.dir, 'cal.ics');
    writeFileSync(ics, ICS);
    const first = await verity(['poll', '--calendar', ics]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/1 event\(s\): applied 1, duplicate 0, rejected 0/);
    const second = await verity(['poll', '--calendar', ics, '--json']);
    expect(JSON.parse(second.stdout).calendars[0]).toMatchObject({ applied: 0, duplicate: 1 });
    const destination = await verity([
      'state',
      'get',
      'user:primary',
      'travel.destination',
      '--json',
    ]);
    const view = JSON.parse(destination.stdout);
    expect(view.pending?.value ?? view.value).toBe('Banff');
    expect((await verity(['poll'])).code).toBe(2);
  });
});

describe('verity extract and migrate', () => {
  it('labels intents, reports metrics, confirms aliases and dry-runs a migration', async () => {
    const note = join(cli.dir, 'MEMORY.md');
    writeFileSync(note, '# Preferences\n\nSeat: aisle.\n');
    const dry = await verity(['migrate', note, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(
      /would commit 1, would ask 0, left tentative 0 \(dry run: nothing written\)/,
    );
    const label = await verity(['extract', 'label', 't1', 'm1', 'hypothetical']);
    expect(label.code).toBe(0);
    const metrics = await verity(['extract', 'metrics']);
    expect(metrics.stdout).toMatch(/1 labelled message\(s\), accuracy 0\.0 %/);
    expect((await verity(['extract', 'label', 't1', 'm1', 'sure'])).code).toBe(3);
    const alias = await verity(['extract', 'alias', 'CITY POWER UTIL', 'financial.power_bill']);
    expect(alias.stdout).toContain('"CITY POWER UTIL" now reads as financial.power_bill');
    expect((await verity(['extract', 'alias', 'x', 'power bill'])).code).toBe(3);
  });
});
