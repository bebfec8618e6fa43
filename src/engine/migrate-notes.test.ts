import { describe, expect, it } from 'vitest';
import { useTestEngine } from './__fixtures__/test-engine.js';

const t = useTestEngine('verity-migrate-notes-', '2026-03-04T10:00:00Z', {
  embeddings: { model: null },
});

const at = '2026-03-04T09:00:00Z';

/** Migrates one note at `path` holding `content`, last changed at `at`. */
const migrateNote = (path: string, content: string) =>
  t().engine.migrate([{ path, content, updatedAt: at }]);

/** The `field=value` of every item `report` read, sorted. */
const fieldsOf = (report: { readonly items: readonly { field: string; value: unknown }[] }) =>
  report.items.map((i) => `${i.field}=${i.value}`).sort();

describe('engine.migrate reading notes', () => {
  it('commits no state from the ordinary keys of a note, and says why for each line', async () => {
    const content = [
      '# Scratch',
      '',
      'Standup: pushed to Friday',
      'Errand: pick up the dry cleaning',
      'Locker code hint: the usual one',
      'Status: waiting on the lawyers',
      '',
    ].join('\n');
    const report = await migrateNote('scratch.md', content);
    expect(report.items.filter((i) => i.outcome === 'committed')).toEqual([]);
    expect(report.not_read.map((n) => [n.line, n.text])).toEqual([
      [3, 'Standup: pushed to Friday'],
      [4, 'Errand: pick up the dry cleaning'],
      [5, 'Locker code hint: the usual one'],
      [6, 'Status: waiting on the lawyers'],
    ]);
    expect(await t().engine.history('user:primary')).toEqual([]);
  });

  it('reads a key naming a preference as that preference, and keys under Preferences', async () => {
    const content = [
      '# Memory',
      '',
      '## Preferences',
      '- Hotel chain: Marriott',
      '',
      '## Other',
      '- Lodging preference: cabin',
      '- Gate code: 4411',
      '',
    ].join('\n');
    const report = await migrateNote('MEMORY.md', content);
    const fields = fieldsOf(report);
    expect(fields).toEqual([
      'profile.preference.hotel_chain=Marriott',
      'profile.preference.lodging=cabin',
    ]);
    expect(report.not_read.map((n) => n.text)).toEqual(['- Gate code: [secret]']);
  });

  it("does not take Verity's own file name for a project's", async () => {
    const content = [
      '# Memory',
      '',
      '## Preferences',
      '- Hotel chain: Marriott',
      '',
      '## Errands',
      '- Status: planned',
      '',
    ].join('\n');
    const report = await migrateNote('MEMORY.md', content);
    expect(report.items.map((i) => `${i.entity_id} ${i.field}=${i.value}`)).toEqual([
      'user:primary profile.preference.hotel_chain=Marriott',
    ]);
    expect(report.not_read).toEqual([
      expect.objectContaining({
        line: 7,
        reason: expect.stringMatching(/^"memory" names Verity's own file, not a project, and/),
      }),
    ]);
  });

  it.each([
    {
      name: 'names each project by its own heading under a list of projects, not by the list',
      lines: [
        '# Projects',
        '',
        '## Heron',
        'Owner: Dana',
        'Status: blocked',
        '',
        '## Kite',
        'Owner: Malik',
        '',
        '## Notes',
        'Status: shipped',
        '',
      ],
      fields: [
        'project.heron.owner=Dana',
        'project.heron.status=blocked',
        'project.kite.owner=Malik',
      ],
      // Under "## Notes" of a list of projects, no project is named: nothing is guessed.
      notRead: ['Status: shipped'],
    },
    {
      name: 'reads a key that names its project and a tracked attribute as that attribute',
      lines: [
        '# Projects',
        'Project Heron status: blocked',
        'Billing migration owner: Malik',
        'Hosting provider: Fly.io',
        '',
      ],
      fields: ['project.billing_migration.owner=Malik', 'project.heron.status=blocked'],
      // A modifier before the attribute names no project, and "Projects" titles the list.
      notRead: ['Hosting provider: Fly.io'],
    },
  ])('$name', async ({ lines, fields, notRead }) => {
    const report = await migrateNote('work.md', lines.join('\n'));
    expect(fieldsOf(report)).toEqual(fields);
    expect(report.not_read.map((n) => n.text)).toEqual(notRead);
  });

  it('takes a title made of words for work and a version for a name, not a section', async () => {
    const content = ['# Platform migration v4', 'Status: in progress', 'Owner: Dana', ''].join(
      '\n',
    );
    const report = await migrateNote('platform.md', content);
    expect(fieldsOf(report)).toEqual([
      'project.platform_migration_v4.owner=Dana',
      'project.platform_migration_v4.status=in_progress',
    ]);
  });

  it("skips the help line of Verity's own HEARTBEAT.md template", async () => {
    const path = `${t().dir}/HEARTBEAT.md`;
    await t().engine.project({ targets: [path] });
    const { readFileSync } = await import('node:fs');
    const content = readFileSync(path, 'utf8');
    const report = await migrateNote(path, content);
    expect(report.items).toEqual([]);
    expect(report.not_read.map((n) => n.reason)).toEqual(["Verity's own help text"]);
  });
});

describe('engine.migrate keeps secrets and identity data out of state', () => {
  it('reads no address, PIN or password hint, even under About me, Profile or Preferences', async () => {
    const content = [
      '# About me',
      '- Address: 14 Rua das Flores, Lisbon',
      '- Password hint: my first dog',
      '- Bank PIN: 4471',
      '',
      '## Profile of the Apollo project',
      '- Meeting: moved to Thursday',
      '',
      '## Preferences',
      '- Door code: 9T4Q',
      '- Seat: aisle',
      '',
    ].join('\n');
    const report = await migrateNote('me.md', content);
    const fields = report.items.map((i) => `${i.field}=${i.value}`);
    expect(fields).toEqual(['profile.preference.seat=aisle']);
    // The report is printed: a secret's value is shown masked, the rest of the line as written.
    expect(report.not_read.map((n) => n.text)).toEqual([
      '- Address: 14 Rua das Flores, Lisbon',
      '- Password hint: my first dog',
      '- Bank PIN: [secret]',
      '- Meeting: moved to Thursday',
      '- Door code: [secret]',
    ]);
    expect(report.not_read[4]?.reason).toContain('secret');
  });
});
