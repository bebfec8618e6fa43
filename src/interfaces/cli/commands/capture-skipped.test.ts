import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliHome } from '../__fixtures__/cli-home.js';

const CLAUDE_CODE = readFileSync(
  new URL('../../../observer/__fixtures__/claude-code-session.jsonl', import.meta.url),
  'utf8',
);

/** The recorded Claude Code session with a torn line and a line of no known shape after line 2. */
function brokenTranscript(): string {
  const lines = CLAUDE_CODE.trimEnd().split('\n');
  return [
    ...lines.slice(0, 2),
    '{"type":"user","message":{"role":"user","content":"torn',
    '{"hello":1}',
    ...lines.slice(2),
  ].join('\n');
}

/** Issue #13 M4: `verity capture` says what it skipped and exits 0 when it captured the rest. */
describe('verity capture of a transcript with broken lines', () => {
  const cli = useCliHome('verity-cli-capture-skipped-', { now: '2026-03-02T18:00:00Z' });

  it('captures the rest, lists the skipped lines, and warns on stderr', async () => {
    const file = join(cli.dir, 'broken.jsonl');
    writeFileSync(file, brokenTranscript());
    const run = await cli.verity(['capture', file, '--trigger', 'manual', '--no-observe']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('captured 6 entries (claude-code)');
    expect(run.stdout).toContain('line 3: not JSON');
    expect(run.stdout).toContain('line 4: no known entry shape');
    expect(run.stderr).toMatch(/warning: 2 transcript line\(s\) skipped .*line\(s\) 3, 4/);
  });

  it('gives the skipped lines in --json, with the warning still on stderr', async () => {
    const run = await cli.verity(
      ['capture', '-', '--trigger', 'compaction', '--no-observe', '--json'],
      { stdin: brokenTranscript() },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: 'captured',
      entries: 6,
      skipped_lines: 2,
      skipped: [
        { line: 3, reason: 'not JSON' },
        { line: 4, reason: 'no known entry shape (no "type")' },
      ],
    });
    expect(run.stderr).toContain('warning: 2 transcript line(s) skipped');
  });

  it('prints no warning for a clean transcript', async () => {
    const run = await cli.verity(['capture', '-', '--trigger', 'manual', '--no-observe'], {
      stdin: CLAUDE_CODE,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('skipped');
  });

  it('fails with a clear error and stores nothing when no line holds an entry', async () => {
    const header = CLAUDE_CODE.split('\n')[0] ?? '';
    const run = await cli.verity(['capture', '-', '--trigger', 'manual', '--session', 's1'], {
      stdin: `${header}\n{"type":"user","sessionId":"s1","uuid":"u1","message":{"role":"user","content":""}}\nnot json\n`,
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      'the transcript holds no messages (1 line(s) skipped: line 3 (not JSON))',
    );
    const captures = await cli.verity(['observer', 'captures', '--json']);
    expect(JSON.parse(captures.stdout)).toMatchObject({ captures: [] });
  });
});
