import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestEngine } from './__fixtures__/test-engine.js';

const t = useTestEngine('verity-capabilities-', '2026-02-19T15:00:00Z', {
  embeddings: { model: null },
});

function say(id: string, content: string, at = new Date(t().clock.now()).toISOString()) {
  return t().engine.ingest([
    { type: 'message', thread_id: 't', message_id: id, role: 'user', content, created_at: at },
  ]);
}

describe('engine.project', () => {
  it('creates HEARTBEAT.md from its template, then writes only when state changes', async () => {
    await say('m1', "We're in Tahoe.");
    const path = join(t().dir, 'HEARTBEAT.md');
    const first = await t().engine.project({ targets: [path] });
    expect(first.files[0]).toMatchObject({ created: true, written: true, error: null });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('travel.location = Tahoe');
    const again = await t().engine.project({ targets: [path] });
    expect(again.files[0]?.written).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('ingests STATE-INPUT edits as manual observations and withdraws removed lines', async () => {
    const path = join(t().dir, 'HEARTBEAT.md');
    await t().engine.project({ targets: [path] });
    const withLine = readFileSync(path, 'utf8').replace(
      '<!-- STATE-INPUT:END',
      '- [user:primary] travel.destination = Reno #intent=planning\n- garbage line\n<!-- STATE-INPUT:END',
    );
    writeFileSync(path, withLine);
    const report = await t().engine.project({ targets: [path] });
    expect(report.files[0]?.inputs).toEqual({ asserted: 1, retracted: 0, rejected: 1 });
    expect(await t().engine.getField('user:primary', 'travel.destination')).toMatchObject({
      value: 'Reno',
      source: 'manual_markdown',
    });
    expect((await t().engine.listDlq()).map((d) => d.schemaName)).toContain('state_input');
    expect((await t().engine.project({ targets: [path] })).files[0]?.inputs.asserted).toBe(0);

    t().clock.advance(60_000);
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        '- [user:primary] travel.destination = Reno #intent=planning\n',
        '',
      ),
    );
    const removed = await t().engine.project({ targets: [path] });
    expect(removed.files[0]?.inputs.retracted).toBe(1);
    expect((await t().engine.getField('user:primary', 'travel.destination')).status).toBe('none');
    expect((await t().engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('reverts a manual edit inside a STATE zone and records drift', async () => {
    await say('m1', "We're in Tahoe.");
    const path = join(t().dir, 'MEMORY.md');
    writeFileSync(
      path,
      '# My memory\n\nHand-written.\n\n<!-- STATE:BEGIN zone_id=canonical_state schema=v1 -->\n<!-- STATE:END zone_id=canonical_state -->\n',
    );
    await t().engine.project({ targets: [path] });
    const projected = readFileSync(path, 'utf8');
    writeFileSync(path, projected.replace('travel.location: Tahoe', 'travel.location: Reno'));
    const report = await t().engine.project({ targets: [path] });
    expect(report.files[0]?.drifted).toEqual(['canonical_state']);
    expect(readFileSync(path, 'utf8')).toBe(projected);
    expect(await t().engine.listDrift()).toEqual([
      expect.objectContaining({ zone_id: 'canonical_state' }),
    ]);
  });

  it('writes legacy sections only under exact anchors, with a backup and a warning', async () => {
    await say('m1', "We're in Tahoe.");
    const path = join(t().dir, 'HEARTBEAT.md');
    const original =
      '# HEARTBEAT\n\n## Active Reminders\n- [ ] **Travel**: leave for Tahoe Sunday\n\n## Notes\nkeep me\n';
    writeFileSync(path, original);
    const report = await t().engine.project({ targets: [path], mode: 'legacy_string' });
    expect(report.files[0]).toMatchObject({
      written: true,
      warnings: ['legacy_string_projection_used'],
    });
    const backup = report.files[0]?.backup ?? '';
    expect(readFileSync(backup, 'utf8')).toBe(original);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('travel.status = in_progress');
    expect(text.endsWith('\n## Notes\nkeep me\n')).toBe(true);
    writeFileSync(path, '# nothing anchored\n');
    const refused = await t().engine.project({ targets: [path], mode: 'legacy_string' });
    expect(refused.files[0]?.error).toMatch(/Active Reminders/);
    expect(readFileSync(path, 'utf8')).toBe('# nothing anchored\n');
  });

  it('writes the state-tracker snapshot deterministically', async () => {
    await say('m1', "We're in Tahoe.");
    const path = join(t().dir, 'state-tracker.json');
    await t().engine.project({ targets: [path] });
    const text = readFileSync(path, 'utf8');
    t().clock.advance(3_600_000);
    expect((await t().engine.project({ targets: [path] })).files[0]?.written).toBe(false);
    expect(JSON.parse(text)).toMatchObject({
      last_consistency_check: '2026-02-19T15:00:00.000Z',
      entities: { 'user:primary': { state: { travel: { location: 'Tahoe' } } } },
    });
  });

  it('changes nothing in a dry run', async () => {
    const path = join(t().dir, 'HEARTBEAT.md');
    const report = await t().engine.project({ targets: [path], dryRun: true });
    expect(report.files[0]?.written).toBe(true);
    expect(existsSync(path)).toBe(false);
  });
});

describe('engine.migrate', () => {
  const heartbeat = {
    path: 'HEARTBEAT.md',
    content: '## Active Reminders\n- Sunday 7-8 AM: Leave for Tahoe\n',
    updatedAt: '2026-02-19T09:00:00Z',
  };

  it('shows what would be committed without writing anything in a dry run', async () => {
    const before = await t().engine.lastSequence();
    const report = await t().engine.migrate([heartbeat], { dryRun: true });
    expect(report.dry_run).toBe(true);
    expect(report.items).toContainEqual(
      expect.objectContaining({ field: 'travel.status', value: 'planned', outcome: 'committed' }),
    );
    expect(await t().engine.lastSequence()).toBe(before);
    expect((await t().engine.getField('user:primary', 'travel.status')).status).toBe('none');
  });

  it('bootstraps low-reliability state that a later chat message outranks', async () => {
    const report = await t().engine.migrate([heartbeat]);
    expect(report.committed).toBeGreaterThan(0);
    expect(await t().engine.getField('user:primary', 'travel.status')).toMatchObject({
      value: 'planned',
      source: 'static_markdown',
    });
    t().clock.advance(3_600_000);
    await say('m1', 'we are in Tahoe');
    expect((await t().engine.getField('user:primary', 'travel.status')).value).toBe('in_progress');
  });
});

describe('engine.poll', () => {
  it('reads an ICS file once per poll and records an unchanged calendar only once', async () => {
    const ics = join(t().dir, 'family.ics');
    writeFileSync(
      ics,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:lesson-1@example.com',
        'DTSTAMP:20260219T080000Z',
        'LAST-MODIFIED:20260218T080000Z',
        'DTSTART:20260226T160000',
        'DTEND:20260226T164500',
        'SUMMARY:Piano lesson (Zara)',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const source = { location: ics, entityId: 'family:okoye', name: 'family' };
    const first = await t().engine.poll([source]);
    expect(first.calendars[0]).toMatchObject({ events: 1, applied: 1, duplicate: 0, error: null });
    t().clock.advance(600_000);
    const second = await t().engine.poll([source]);
    expect(second.calendars[0]).toMatchObject({ events: 1, applied: 0, duplicate: 1 });
    const slot = await t().engine.getField('family:okoye', 'family.schedule.piano_lesson');
    expect(slot.pending?.value ?? slot.value).toBe('2026-02-26 16:00');
    const missing = await t().engine.poll([
      { location: join(t().dir, 'nope.ics'), entityId: 'family:okoye' },
    ]);
    expect(missing.calendars[0]?.error).toMatch(/cannot read calendar/);
    expect(readdirSync(t().dir)).toContain('family.ics');
  });
});
