import { describe, expect, it } from 'vitest';
import { PRIVATE_WORDS, SHARED_THREAD_JSONL } from '../__fixtures__/shared-thread.js';
import { atInstant, useHttpApp } from './__fixtures__/temp-engine.js';

const TOKEN = 'shared-thread-token-0123456789';
const AUTH = { Authorization: `Bearer ${TOKEN}` };

const http = useHttpApp({
  prefix: 'verity-http-shared-thread-',
  engine: (dir) => atInstant(dir, '2026-06-01T12:00:00Z'),
  seed: async (engine) => {
    const report = await engine.ingest(SHARED_THREAD_JSONL);
    expect(report.rejected).toBe(0);
  },
  app: { token: TOKEN },
});

async function markdownOf(path: string): Promise<string> {
  const response = await http.app.request(path, { headers: AUTH });
  expect(response.status).toBe(200);
  return ((await response.json()) as { markdown: string }).markdown;
}

describe('GET /api/context for a thread two people write in', () => {
  it("shows both speakers' lines by name and nothing of one speaker's private thread", async () => {
    for (const query of ['', '&query=necklace%20pawnshop']) {
      const markdown = await markdownOf(`/api/context?thread_id=kitchen-chat${query}`);
      expect(markdown).toContain('user (user:ben): I cancelled the repair visit');
      expect(markdown).toContain('user (user:ana): Fine, I will ask my cousin');
      for (const word of PRIVATE_WORDS) expect(markdown).not.toContain(word);
    }
  });

  it('still shows the private thread to its own speaker', async () => {
    const markdown = await markdownOf('/api/context?thread_id=ana-dm');
    expect(markdown).toContain('pawnshop');
  });
});
