import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/interfaces/cli/__fixtures__/run-cli.js';

/**
 * The incident of DESIGN.md §1, end to end through the CLI: a stale HEARTBEAT.md note is migrated
 * (planned), the user says "we are in Tahoe" (in progress, location Tahoe), the projection
 * rewrites HEARTBEAT.md inside its zone only, and the explanation names the winning message.
 */
let dir: string;
let home: string;
let heartbeat: string;

const HAND_WRITTEN_TOP = [
  '# HEARTBEAT',
  '',
  'Kept by hand; Verity writes only inside the zone below.  ',
  '',
  '- Sunday 7-8 AM: Leave for Tahoe',
  '- Return the Amazon package before the trip',
  '',
  '## Active Reminders',
  '',
  '<!-- STATE:BEGIN zone_id=active_reminders schema=v1 -->',
].join('\r\n');
const HAND_WRITTEN_BOTTOM = [
  '<!-- STATE:END zone_id=active_reminders -->',
  '',
  'Footer __kept__ as is.',
  '',
].join('\r\n');

async function verity(
  args: readonly string[],
  now: string,
): Promise<{ code: number; out: string; err: string }> {
  const run = await runCli(['--home', home, '--now', now, ...args]);
  return { code: run.code ?? 1, out: run.stdout, err: run.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-tahoe-'));
  home = join(dir, 'home');
  heartbeat = join(dir, 'HEARTBEAT.md');
  writeFileSync(
    heartbeat,
    `\uFEFF${HAND_WRITTEN_TOP}\r\n<!-- STATE:END zone_id=active_reminders -->\r\n\r\nFooter __kept__ as is.\r\n`,
  );
  const friday = new Date('2026-02-13T09:00:00Z');
  utimesSync(heartbeat, friday, friday);
  writeFileSync(
    join(dir, 'chat.jsonl'),
    `${JSON.stringify({
      type: 'message',
      thread_id: 'thread-646',
      message_id: 'msg-1842',
      role: 'user',
      content: 'we are in Tahoe',
      created_at: '2026-02-15T18:00:00Z',
    })}\n`,
  );
  // Commands other than init no longer create a store (surface #12).
  expect((await runCli(['--home', home, 'init'])).code).toBe(0);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the Tahoe incident, through the CLI', () => {
  it('migrates the note as a planned trip, believes the user, and rewrites only the zone', async () => {
    const dry = await verity(['migrate', heartbeat, '--dry-run', '--json'], '2026-02-13T10:00:00Z');
    expect(dry.code, dry.err).toBe(0);
    expect(JSON.parse(dry.out)).toMatchObject({ dry_run: true, committed: expect.any(Number) });
    const empty = await verity(['state', 'get', 'user:primary', '--json'], '2026-02-13T10:00:00Z');
    expect(JSON.parse(empty.out).state).toEqual({});

    const migrated = await verity(['migrate', heartbeat], '2026-02-13T10:00:00Z');
    expect(migrated.code, migrated.err).toBe(0);
    expect(migrated.out).toMatch(/committed\s+user:primary travel\.status = planned/);
    const planned = await verity(
      ['state', 'get', 'user:primary', 'travel.status', '--json'],
      '2026-02-13T10:00:00Z',
    );
    expect(JSON.parse(planned.out)).toMatchObject({ value: 'planned', source: 'static_markdown' });

    const said = await verity(['ingest', join(dir, 'chat.jsonl')], '2026-02-15T18:05:00Z');
    expect(said.code, said.err).toBe(0);
    const state = await verity(['state', 'get', 'user:primary', '--json'], '2026-02-15T18:05:00Z');
    const fields = JSON.parse(state.out).state;
    expect(fields['travel.status']).toMatchObject({
      value: 'in_progress',
      source: 'user_statement',
    });
    expect(fields['travel.location']).toMatchObject({ value: 'Tahoe', source: 'user_statement' });

    const projected = await verity(['project', '--target', heartbeat], '2026-02-15T18:06:00Z');
    expect(projected.code, projected.err).toBe(0);
    const text = readFileSync(heartbeat, 'utf8');
    expect(text.startsWith(`\uFEFF${HAND_WRITTEN_TOP}\r\n`)).toBe(true);
    expect(text.endsWith(`\r\n${HAND_WRITTEN_BOTTOM}`)).toBe(true);
    const zone = text.slice(
      `\uFEFF${HAND_WRITTEN_TOP}\r\n`.length,
      text.length - HAND_WRITTEN_BOTTOM.length,
    );
    expect(zone).toContain(
      '- [ ] **Travel** [user:primary]: travel.status = in_progress (domain: travel)',
    );
    expect(zone).toContain('travel.location = Tahoe');
    expect(zone).not.toContain('planned');

    const explain = await verity(
      ['state', 'explain', 'user:primary', 'travel.status', '--json'],
      '2026-02-15T18:06:00Z',
    );
    const why = JSON.parse(explain.out);
    expect(why.winning_event).toMatchObject({
      source_type: 'user_statement',
      source_ref: 'thread:thread-646:msg:msg-1842',
    });
    expect(why.text).toMatch(/user_statement thread:thread-646:msg:msg-1842/);
    expect(why.text).toMatch(/"planned" from static_markdown .* is superseded/);

    const verify = await verity(['rebuild', '--verify'], '2026-02-15T18:07:00Z');
    expect(verify.code, verify.out).toBe(0);
  });
});
