/**
 * One user line of a Claude Code transcript (`~/.claude/projects/**.jsonl`) in session `session`,
 * as Claude Code writes it; `extra` adds or replaces fields.
 */
export function claudeCodeLine(
  uuid: string,
  content: string,
  session: string,
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    type: 'user',
    sessionId: session,
    uuid,
    timestamp: '2026-04-01T10:00:00Z',
    message: { role: 'user', content },
    ...extra,
  });
}
