import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixedClock } from '../../../core/index.js';
import { type McpSession, useMcpSession } from './mcp-client.js';

/** The recorded Claude Code session the observer tools are tried on (nginx, TLS, port 8443). */
export const CLAUDE_CODE_TRANSCRIPT = readFileSync(
  new URL('../../../observer/__fixtures__/claude-code-session.jsonl', import.meta.url),
  'utf8',
);

/**
 * An MCP session over an engine with the observer's workspace at `<dir>/workspace` (MEMORY.md,
 * REVIEW.md), no embedding model, and the clock at 2026-03-02T18:00:00Z.
 */
export function useObserverMcpSession(prefix: string): McpSession {
  return useMcpSession({
    prefix,
    engine: (dir) => ({
      home: join(dir, 'home'),
      clock: fixedClock(Date.parse('2026-03-02T18:00:00Z')),
      embeddings: { model: null },
      observer: { workspace: join(dir, 'workspace') },
    }),
  });
}
