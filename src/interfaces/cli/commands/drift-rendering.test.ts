import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliHome } from '../__fixtures__/cli-home.js';

const cli = useCliHome('verity-cli-drift-rendering-');

describe('verity drift list', () => {
  it("indents a multi-line passage's further lines under its label", async () => {
    const notes = join(cli.dir, 'notes');
    mkdirSync(notes, { recursive: true });
    const note = (first: string) => `# Backups\n\n- ${first}\n- Snapshots kept 30 days\n`;
    writeFileSync(join(notes, 'backups.md'), note('Nightly to the NAS'));
    const at = (minute: number) => ({ now: `2026-03-02T09:0${minute}:00Z` });
    expect((await cli.verity(['vault', 'add', notes], at(0))).code).toBe(0);
    expect((await cli.verity(['vault', 'index'], at(0))).code).toBe(0);
    const added = await cli.verity(
      ['memories', 'add', 'Backups go nightly per [[backups]]'],
      at(1),
    );
    expect(added.code, added.stderr).toBe(0);
    writeFileSync(join(notes, 'backups.md'), note('Hourly to the cloud bucket'));
    expect((await cli.verity(['vault', 'index'], at(2))).code).toBe(0);

    const listed = await cli.verity(['drift', 'list', '--unresolved'], at(3));
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.split('\n');
    const then = lines.findIndex((line) => line.startsWith('  then: '));
    expect(lines[then]).toBe('  then: - Nightly to the NAS');
    expect(lines[then + 1]).toBe('        - Snapshots kept 30 days');
  });
});
