import { describe, expect, it, vi } from 'vitest';
import { useStdioChild } from './__fixtures__/stdio-child.js';

/** The stdio server started with a `members` entry that matches no one (rv-misc finding 10). */
const child = useStdioChild('verity-mcp-warning-', {
  config: {
    embeddings: { provider: 'none' },
    members: { 'family:ekdal': ['Hedda', 'USER:tove'] },
  },
  env: () => ({ VERITY_NOW: '2026-02-19T15:05:00Z' }),
});

describe('verity mcp (stdio) with a mistyped member', () => {
  it('serves, and names the entry on stderr with the id it may have meant', async () => {
    const { tools } = await child.client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    // stderr is a pipe of its own: wait for it rather than assume it came before the answer.
    await vi.waitFor(() => {
      expect(child.stderr).toContain('members["family:ekdal"][1] ("USER:tove") matches no one');
    });
    expect(child.stderr).toContain('did you mean "user:tove"?');
  });
});
