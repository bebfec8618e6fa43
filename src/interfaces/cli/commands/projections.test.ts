import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type ProjectionReport } from '../../../engine/index.js';
import { createManualClock, messageRecord } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';
import { watchProjections } from './projections.js';

const cli = useCliHome('verity-cli-project-', { now: '2026-02-19T15:00:00Z' });
const verity = (args: readonly string[]) => cli.verity(args);

describe('verity project with the targets config lists', () => {
  const listed = useCliHome('verity-cli-project-targets-', {
    now: '2026-02-19T15:00:00Z',
    config: (dir) => ({
      workspace: dir,
      projections: {
        targets: ['HEARTBEAT.md', 'MEMORY.md', 'state-changes.md', 'state-tracker.json'],
      },
    }),
  });

  it('writes HEARTBEAT.md, MEMORY.md, state-changes.md and state-tracker.json', async () => {
    const first = await listed.verity(['project']);
    expect(first.code, first.stderr).toBe(0);
    for (const name of ['HEARTBEAT.md', 'MEMORY.md', 'state-changes.md']) {
      expect(first.stdout).toContain(`${join(listed.dir, name)}: created (ast_zones)`);
    }
    expect(first.stdout).toContain(`${join(listed.dir, 'state-tracker.json')}: created (json)`);
    expect(readFileSync(join(listed.dir, 'state-changes.md'), 'utf8')).toContain(
      'zone_id=state_changes',
    );
  });
});

describe('verity project and drift', () => {
  it('says how to add zones to an existing file that has none, and leaves it as it is', async () => {
    const own = join(cli.dir, 'HEARTBEAT.md');
    writeFileSync(own, '# My heartbeat\n\n- water the plants\n');
    const result = await verity(['project', '--target', own]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`${own}: unchanged (ast_zones); warning: no STATE zones`);
    expect(result.stdout).toContain('<!-- STATE:BEGIN zone_id=active_reminders schema=v1 -->');
    expect(readFileSync(own, 'utf8')).toBe('# My heartbeat\n\n- water the plants\n');
  });

  it('creates the targets, reports what it wrote, and lists reverted manual edits', async () => {
    const heartbeat = join(cli.dir, 'HEARTBEAT.md');
    const tracker = join(cli.dir, 'state-tracker.json');
    const first = await verity(['project', '--target', heartbeat, '--target', tracker]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`${heartbeat}: created (ast_zones)`);
    expect(first.stdout).toContain(`${tracker}: created (json)`);
    const again = await verity(['project', '--target', heartbeat, '--json']);
    expect(JSON.parse(again.stdout).files[0]).toMatchObject({ written: false });

    writeFileSync(
      heartbeat,
      readFileSync(heartbeat, 'utf8').replace('_No active reminders._', 'typed by hand'),
    );
    const drifted = await verity(['project', '--target', heartbeat]);
    expect(drifted.stdout).toContain('manual edit reverted in active_reminders');
    const drift = await verity(['drift', '--json']);
    expect(JSON.parse(drift.stdout)).toEqual([
      expect.objectContaining({ error_type: 'state_zone_edit', query: 'zone:active_reminders' }),
    ]);
  });

  it('exits 1 and writes nothing for a file with broken zones', async () => {
    const broken = join(cli.dir, 'broken.md');
    writeFileSync(broken, '<!-- STATE:BEGIN zone_id=x schema=v1 -->\nno end\n');
    const result = await verity(['project', '--target', broken]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/not projected: line 1: zone x has no END marker/);
    expect(readFileSync(broken, 'utf8')).toBe('<!-- STATE:BEGIN zone_id=x schema=v1 -->\nno end\n');
  });
});

describe('watchProjections', () => {
  let engine: Engine;

  beforeEach(async () => {
    engine = await createEngine({
      home: join(cli.dir, 'watch-home'),
      clock: createManualClock('2026-02-19T15:00:00Z'),
      embeddings: { model: null },
    });
  });

  afterEach(async () => {
    await engine.close();
  });

  it('projects at start, after a file change, and after a commit, until stopped', async () => {
    const target = join(cli.dir, 'MEMORY.md');
    const reports: ProjectionReport[] = [];
    const hooks: { changed: ((path: string) => void) | null } = { changed: null };
    let stopped = false;
    const controller = new AbortController();
    const running = watchProjections(engine, {
      targets: [target],
      mode: 'ast_zones',
      intervalMs: 20,
      signal: controller.signal,
      onReport: (report) => reports.push(report),
      onError: (error) => {
        throw error;
      },
      watch: (_paths, onChange) => {
        hooks.changed = onChange;
        return () => {
          stopped = true;
        };
      },
    });
    await expect.poll(() => reports.length).toBe(1);
    await engine.ingest([
      messageRecord('t', 'm1', 'user', "We're in Tahoe.", '2026-02-19T15:00:00Z'),
    ]);
    await expect.poll(() => readFileSync(target, 'utf8')).toContain('travel.location: Tahoe');
    writeFileSync(target, readFileSync(target, 'utf8').replace('Tahoe (', 'Reno ('));
    hooks.changed?.(target);
    await expect.poll(() => readFileSync(target, 'utf8')).toContain('travel.location: Tahoe');
    controller.abort();
    await running;
    expect(stopped).toBe(true);
    expect(reports.some((r) => r.files.some((f) => f.drifted.length > 0))).toBe(true);
  });
});
