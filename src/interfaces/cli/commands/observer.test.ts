import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { transcriptLine } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

/** A transcript line written at 09:`minute` on 2026-03-02 (UTC). */
const line = (id: string, role: string, content: string, minute: number): string =>
  transcriptLine(id, role, content, new Date(Date.UTC(2026, 2, 2, 9, minute)).toISOString());

const SESSION = [
  line('m1', 'user', 'The staging API returns 502 since the deploy.', 0),
  line(
    'm2',
    'tool',
    'connect() failed (111: Connection refused) upstream: "http://127.0.0.1:8080/"',
    1,
  ),
  line('m3', 'user', 'We moved the app to port 8443 when we enabled TLS.', 4),
  line('m4', 'user', 'From now on always run `nginx -t` before reloading nginx.', 6),
  line('m5', 'user', 'We decided to keep Redis 7.2 as the session store.', 8),
  line('m6', 'user', 'thanks', 9),
];

interface ProposalJson {
  readonly proposal_id: string;
  readonly section: string;
  readonly text: string;
  readonly status: string;
}

/** The session-memory commands end to end, in process, offline. */
describe('verity capture / reflect / proposals / memory / ask', () => {
  const cli = useCliHome('verity-cli-observer-', {
    now: '2026-03-02T18:00:00Z',
    config: (dir) => ({ workspace: join(dir, 'workspace') }),
  });
  let workspace: string;
  let transcript: string;

  async function pending(now?: string): Promise<ProposalJson[]> {
    return (
      JSON.parse(await cli.ok(['proposals', 'list', '--json'], now)) as {
        proposals: ProposalJson[];
      }
    ).proposals;
  }

  /** `verity capture` of the transcript as session s1, then `flags`. */
  function capture(trigger: string, ...flags: string[]): string[] {
    return ['capture', transcript, '--session', 's1', '--trigger', trigger, ...flags];
  }

  beforeEach(() => {
    workspace = join(cli.dir, 'workspace');
    transcript = join(cli.dir, 'session.jsonl');
    writeFileSync(transcript, `${SESSION.join('\n')}\n`);
  });

  it('captures once per dedupe key; compaction then shutdown are two captures', async () => {
    const first = JSON.parse(await cli.ok(capture('compaction', '--no-observe', '--json')));
    const again = JSON.parse(await cli.ok(capture('compaction', '--no-observe', '--json')));
    const shutdown = JSON.parse(await cli.ok(capture('shutdown', '--no-observe', '--json')));
    expect([first.status, again.status, shutdown.status]).toEqual([
      'captured',
      'duplicate',
      'captured',
    ]);
    expect(again.capture_key).toBe(first.capture_key);
    expect(shutdown.capture_key).not.toBe(first.capture_key);
    const captures = JSON.parse(await cli.ok(['observer', 'captures', '--json'])).captures;
    expect(captures).toHaveLength(2);
  });

  it('rejects a bad trigger and an unreadable transcript with a clear error', async () => {
    const bad = await cli.verity(capture('lunch'));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('compaction, shutdown, manual');
    writeFileSync(transcript, 'not json\n');
    const unreadable = await cli.verity(capture('manual'));
    expect(unreadable.code).not.toBe(0);
    expect(unreadable.stderr).toContain('transcript');
  });

  it('observes through the durable queue, writes the daily log in the workspace, and reflects into REVIEW.md', async () => {
    const captured = JSON.parse(await cli.ok(capture('shutdown', '--json')));
    expect(captured.job_id).not.toBeNull();
    expect(JSON.parse(await cli.ok(['observer', 'work', '--json'])).ran).toBe(1);
    const log = readFileSync(join(workspace, 'memory', '2026-03-02.md'), 'utf8');
    expect(log).toContain('### 🔭 Observations (session: s1, 18:00)');
    expect(log).toContain('* 🔴 (09:06) From now on always run `nginx -t` before reloading nginx.');
    expect(log).not.toContain('Connection refused');
    const reflected = JSON.parse(await cli.ok(['reflect', '--json']));
    expect(reflected.status).toBe('proposed');
    const texts = (await pending()).map((p) => p.text);
    expect(texts).toContain('From now on always run `nginx -t` before reloading nginx');
    expect(texts.some((t) => t.includes('8443'))).toBe(true);
    expect(texts.some((t) => /thanks|502|refused/.test(t))).toBe(false);
    const review = readFileSync(join(workspace, 'REVIEW.md'), 'utf8');
    expect(review).toMatch(/- \[ \] `p-20260302-\d{3}` From now on always run/);
    // A second reflection over the same observations proposes nothing new.
    expect(JSON.parse(await cli.ok(['reflect', '--json'])).status).toBe('nothing_new');

    // Ticking a line in REVIEW.md (after editing its text) approves the edited text.
    const edited = review.replace(
      /- \[ \] (`p-\d{8}-\d{3}`) From now on always run `nginx -t` before reloading nginx/,
      '- [x] $1 Always run `nginx -t` before any nginx reload',
    );
    writeFileSync(join(workspace, 'REVIEW.md'), edited);
    const synced = JSON.parse(await cli.ok(['proposals', 'sync', '--json'])).approved;
    expect(synced).toHaveLength(1);
    const memory = JSON.parse(await cli.ok(['memory', 'list', '--json'])).memory;
    expect(memory.map((m: { text: string }) => m.text)).toEqual([
      'Always run `nginx -t` before any nginx reload',
    ]);
    expect(readFileSync(join(workspace, 'MEMORY.md'), 'utf8')).toContain('before any nginx reload');
  });

  it('promotes into MEMORY.md zones, keeps user text, retires, forgets, expires, and replays identically', async () => {
    writeFileSync(join(cli.dir, 'x'), '');
    mkdirSync(workspace, { recursive: true });
    const mine = '# Memory\n\nMy own notes.\n\n## Hard Rules\n\n- hand-written rule\n';
    writeFileSync(join(workspace, 'MEMORY.md'), mine);
    await cli.ok(capture('shutdown', '--sync'));
    await cli.ok(['reflect']);
    const list = await pending();
    const rule = list.find((p) => p.section === 'Hard Rules');
    const decision = list.find((p) => p.section === 'Decisions');
    if (!rule || !decision) throw new Error('expected a rule and a decision proposal');
    await cli.ok(['proposals', 'approve', rule.proposal_id]);
    await cli.ok([
      'proposals',
      'edit',
      decision.proposal_id,
      '--text',
      'Redis 7.2 stays the session store',
    ]);
    await cli.ok(['proposals', 'approve', decision.proposal_id]);
    let memory = readFileSync(join(workspace, 'MEMORY.md'), 'utf8');
    expect(
      memory.startsWith('# Memory\n\nMy own notes.\n\n## Hard Rules\n\n- hand-written rule\n'),
    ).toBe(true);
    expect(memory).toContain(`\`m-${rule.proposal_id.slice(2)}\``);
    expect(memory).toContain('Redis 7.2 stays the session store');
    const again = await cli.verity(['proposals', 'approve', rule.proposal_id]);
    expect(again.code).not.toBe(0);
    // One list of memories: the promoted entries are vault memories with their source.
    const promoted = JSON.parse(await cli.ok(['memories', 'list', '--json'])) as {
      source: { kind: string; ref: string };
    }[];
    expect(promoted.map((m) => `${m.source.kind} ${m.source.ref}`).sort()).toEqual(
      [
        `promotion m-${rule.proposal_id.slice(2)}`,
        `promotion m-${decision.proposal_id.slice(2)}`,
      ].sort(),
    );

    await cli.ok(['memory', 'retire', `m-${rule.proposal_id.slice(2)}`]);
    await cli.ok(['memory', 'forget', `m-${decision.proposal_id.slice(2)}`]);
    memory = readFileSync(join(workspace, 'MEMORY.md'), 'utf8');
    expect(memory).not.toContain('nginx -t');
    expect(memory).not.toContain('Redis 7.2 stays');
    expect(memory).toContain('- hand-written rule');
    const entries = JSON.parse(await cli.ok(['memory', 'list', '--all', '--json'])).memory;
    expect(entries.map((m: { status: string }) => m.status)).toEqual(['retired']);
    expect(JSON.parse(await cli.ok(['memories', 'list', '--json']))).toEqual([]);

    // Unreviewed proposals expire after 7 days, not before.
    expect((await pending('2026-03-09T17:59:00Z')).length).toBeGreaterThan(0);
    const expired = JSON.parse(
      await cli.ok(['proposals', 'expire', '--json'], '2026-03-09T18:00:00Z'),
    ).expired;
    expect(expired.length).toBeGreaterThan(0);
    expect(await pending('2026-03-09T18:00:00Z')).toEqual([]);

    expect(await cli.ok(['rebuild', '--verify'])).toContain('verified: yes');
  });

  it('answers from memory with citations, and says so when nothing matches', async () => {
    await cli.ok(capture('shutdown', '--sync'));
    const answer = JSON.parse(
      await cli.ok(['ask', 'what did we decide about the session store?', '--json']),
    );
    expect(answer.mode).toBe('extractive');
    expect(answer.answer).toContain('Redis 7.2');
    expect(answer.citations[0]).toMatchObject({ ref: 1 });
    const none = JSON.parse(await cli.ok(['ask', 'which kubernetes version?', '--json']));
    expect(none).toMatchObject({ mode: 'none', citations: [] });
  });

  it('gates friction analysis on two weeks of history', async () => {
    await cli.ok(capture('shutdown', '--sync'));
    const gated = JSON.parse(await cli.ok(['friction', '--json']));
    expect(gated).toMatchObject({ status: 'gated', min_history_days: 14 });
    const later = JSON.parse(await cli.ok(['friction', '--json'], '2026-03-20T00:00:00Z'));
    expect(later.status).toBe('analyzed');
    expect(existsSync(join(workspace, 'REVIEW.md'))).toBe(true);
  });
});

/** When the commands of `verity memory resolve-edit`'s tests that must pass run. */
const AT = '2026-03-02T18:00:00Z';

/** A hand edit inside a MEMORY.md zone survives projection until resolved, through the CLI. */
describe('verity memory resolve-edit', () => {
  const cli = useCliHome('verity-cli-zone-edit-', {
    config: (dir) => ({ workspace: join(dir, 'workspace') }),
  });

  async function promoteAll(): Promise<void> {
    const transcript = join(cli.dir, 'session.jsonl');
    writeFileSync(transcript, `${SESSION.join('\n')}\n`);
    await cli.ok(['capture', transcript, '--session', 's1', '--trigger', 'shutdown', '--sync'], AT);
    await cli.ok(['reflect'], AT);
    const list = JSON.parse(await cli.ok(['proposals', 'list', '--json'], AT))
      .proposals as ProposalJson[];
    // The Hard Rules entry first; the others come later, while the zone holds an edit.
    const order = [...list].sort(
      (a, b) => Number(b.section === 'Hard Rules') - Number(a.section === 'Hard Rules'),
    );
    await cli.ok(['proposals', 'approve', order[0]?.proposal_id ?? ''], AT);
  }

  type Row = { error_type: string; query: string; resolved_at: string | null };
  const openRows = async () =>
    (JSON.parse(await cli.ok(['drift', 'list', '--unresolved', '--json'], AT)) as Row[]).filter(
      (r) => r.error_type === 'state_zone_edit',
    );

  it('keeps the edit, raises one drift row, and adopts the edited lines as memory', async () => {
    await promoteAll();
    const path = join(cli.dir, 'workspace', 'MEMORY.md');
    const before = readFileSync(path, 'utf8');
    expect(before).toContain('nginx -t');
    const edited = before
      .replace(
        /- \(2026-03-02\) From now on always run `nginx -t` before reloading nginx/,
        '- (2026-03-02) Run `nginx -t` before every reload',
      )
      .replace(
        '<!-- STATE:END zone_id=memory-hard-rules -->',
        '- Never edit nginx.conf on the box\n<!-- STATE:END zone_id=memory-hard-rules -->',
      );
    expect(edited).not.toBe(before);
    writeFileSync(path, edited);

    // Promotions and rewrites that follow leave the edited zone exactly as the user left it.
    const rest = JSON.parse(await cli.ok(['proposals', 'list', '--json'], AT))
      .proposals as ProposalJson[];
    for (const p of rest) await cli.ok(['proposals', 'approve', p.proposal_id], AT);
    const after = readFileSync(path, 'utf8');
    const zone = (text: string) =>
      /<!-- STATE:BEGIN zone_id=memory-hard-rules[^>]*-->([\s\S]*?)<!-- STATE:END/.exec(text)?.[1];
    expect(zone(after)).toBe(zone(edited));
    expect(after).toContain('zone_id=memory-decisions');
    expect(await openRows()).toEqual([
      expect.objectContaining({ query: 'zone:memory-hard-rules', resolved_at: null }),
    ]);

    // Both flags, or neither, is a usage error.
    const both = await cli.verity([
      'memory',
      'resolve-edit',
      'Hard Rules',
      '--adopt',
      '--overwrite',
    ]);
    expect(both.code).toBe(2);
    const adopted = JSON.parse(
      await cli.ok(['memory', 'resolve-edit', 'Hard Rules', '--adopt', '--json'], AT),
    );
    expect(adopted).toMatchObject({ zone_id: 'memory-hard-rules', action: 'adopted' });
    expect(adopted.retired).toHaveLength(1);
    expect(adopted.promoted).toHaveLength(2);
    const texts = (
      JSON.parse(await cli.ok(['memory', 'list', '--json'], AT)).memory as { text: string }[]
    ).map((m) => m.text);
    expect(texts).toContain('Run `nginx -t` before every reload');
    expect(texts).toContain('Never edit nginx.conf on the box');
    expect(texts).not.toContain('From now on always run `nginx -t` before reloading nginx');
    expect(await openRows()).toEqual([]);
    const final = readFileSync(path, 'utf8');
    expect(zone(final)).toContain('Run `nginx -t` before every reload');
    expect(final).not.toContain('- Never edit nginx.conf on the box\n');
    expect(final).toMatch(/Never edit nginx\.conf on the box `m-20260302-\d{3}`/);
    // Resolved: nothing is held any more, so there is nothing to resolve again.
    const again = await cli.verity(['memory', 'resolve-edit', 'memory-hard-rules', '--adopt']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('holds no unresolved edit');
    expect(JSON.parse(await cli.ok(['rebuild', '--verify', '--json'], AT)).verified).toBe(true);
  });

  it('overwrites the edit when asked, and then writes the zone from memory again', async () => {
    await promoteAll();
    const path = join(cli.dir, 'workspace', 'MEMORY.md');
    const before = readFileSync(path, 'utf8');
    writeFileSync(
      path,
      before.replace('before reloading nginx', 'before reloading nginx (typed by hand)'),
    );
    await cli.ok(
      [
        'memory',
        'retire',
        JSON.parse(await cli.ok(['memory', 'list', '--json'], AT)).memory[0].memory_id,
      ],
      AT,
    );
    expect(readFileSync(path, 'utf8')).toContain('(typed by hand)');
    const missing = await cli.verity(['memory', 'resolve-edit', 'Decisions', '--overwrite']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('holds no unresolved edit');
    await cli.ok(['memory', 'resolve-edit', 'Hard Rules', '--overwrite'], AT);
    const final = readFileSync(path, 'utf8');
    expect(final).not.toContain('typed by hand');
    expect(final).not.toContain('nginx -t');
    expect(await openRows()).toEqual([]);
  });

  it('takes a forgotten entry out of a held zone, keeping the rest of the edit', async () => {
    await promoteAll();
    const path = join(cli.dir, 'workspace', 'MEMORY.md');
    const entry = JSON.parse(await cli.ok(['memory', 'list', '--json'], AT)).memory[0] as {
      memory_id: string;
    };
    const edited = readFileSync(path, 'utf8').replace(
      '<!-- STATE:END zone_id=memory-hard-rules -->',
      '- Keep staging on its own VPC\n<!-- STATE:END zone_id=memory-hard-rules -->',
    );
    writeFileSync(path, edited);
    await cli.ok(['memory', 'forget', entry.memory_id], AT);
    const after = readFileSync(path, 'utf8');
    expect(after).not.toContain('nginx -t');
    expect(after).not.toContain(entry.memory_id);
    expect(after).toContain('- Keep staging on its own VPC');
    expect(await openRows()).toHaveLength(1);
  });
});
