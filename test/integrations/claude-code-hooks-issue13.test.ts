import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT, useClaudeCodeHome } from './__fixtures__/claude-code-home.js';

const home = useClaudeCodeHome('verity-claude-code-issue13-');
const { hook, payload, verity } = home;

function json<T>(run: { code: number | null; stdout: string; stderr: string }): T {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

/** Promotes what `content` proposes into MEMORY.md, as a user reviewing REVIEW.md does. */
function promote(session: string, content: string, phrase: string): void {
  const file = join(home.dir, `${session}.jsonl`);
  const line = { message_id: 'm1', role: 'user', content, created_at: '2026-03-02T08:00:00Z' };
  writeFileSync(file, `${JSON.stringify(line)}\n`);
  json(verity(['capture', file, '--session', session, '--trigger', 'manual', '--sync', '--json']));
  json(verity(['reflect', '--json']));
  const { proposals } = json<{ proposals: { proposal_id: string; text: string }[] }>(
    verity(['proposals', 'list', '--json']),
  );
  const proposal = proposals.find((p) => p.text.includes(phrase));
  expect(proposal, JSON.stringify(proposals)).toBeDefined();
  json(verity(['proposals', 'approve', proposal?.proposal_id ?? '', '--json']));
}

/** Issue #13, on the plugin's recorded hook payloads. */
describe('Claude Code plugin hooks (issue #13)', () => {
  it('passes on what a capture skipped, and still captures the rest (M4)', () => {
    const lines = readFileSync(TRANSCRIPT, 'utf8').trimEnd().split('\n');
    const broken = join(home.dir, 'broken.jsonl');
    writeFileSync(
      broken,
      [...lines.slice(0, 3), '{"type":"user","mess', ...lines.slice(3)].join('\n'),
    );
    const run = hook('pre-compact', payload('pre-compact', broken));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: 'captured',
      skipped_lines: 1,
      skipped: [{ line: 4, reason: 'not JSON' }],
    });
    expect(run.stderr).toContain('warning: 1 transcript line(s) skipped');
  });

  it('puts the Hard Rules first in the context of every prompt (H)', () => {
    const before = JSON.parse(hook('user-prompt', payload('user-prompt-submit')).stdout);
    expect(before.hookSpecificOutput.additionalContext).not.toContain('## Hard Rules');
    promote('rules', 'Never deploy on Fridays, that is a hard rule.', 'Fridays');
    const run = hook('user-prompt', payload('user-prompt-submit'));
    expect(run.code, run.stderr).toBe(0);
    const context: string = JSON.parse(run.stdout).hookSpecificOutput.additionalContext;
    expect(context).toMatch(/^## Hard Rules\n- Never deploy on Fridays.*\(MEMORY\.md m-/);
    expect(context).toContain('8443');
  });
});
