import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestEngine } from './__fixtures__/test-engine.js';

const opened = useTestEngine('verity-heartbeat-', '2026-01-28T09:00:00Z');

describe('verity project on an existing HEARTBEAT.md', () => {
  it('adds the tasks zone at the end, keeps the bytes before it, and fills it', async () => {
    const { engine, dir } = opened();
    const path = join(dir, 'HEARTBEAT.md');
    const old = [
      '# Heartbeat',
      '',
      'My own notes, kept as they are.',
      '',
      '## Active Reminders',
      '',
      '<!-- STATE:BEGIN zone_id=active_reminders schema=v1 -->',
      '<!-- STATE:END zone_id=active_reminders -->',
      '',
    ].join('\n');
    writeFileSync(path, old);
    const task = await engine.tasks.add({ title: 'Renew the passport' });
    await engine.project({ targets: [path] });
    const text = readFileSync(path, 'utf8');
    const at = text.indexOf('\n## Tasks\n');
    expect(at).toBeGreaterThan(0);
    // The zone came after everything the file had; what Verity renders in its own zones may change.
    expect(text.slice(0, text.indexOf('## Active Reminders'))).toBe(
      old.slice(0, old.indexOf('## Active Reminders')),
    );
    expect(text.indexOf('<!-- STATE:END zone_id=active_reminders -->')).toBeLessThan(at);
    expect(text.slice(at)).toContain(task.id);
    // A second projection leaves the file as it is.
    await engine.project({ targets: [path] });
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
