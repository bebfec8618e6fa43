import { describe, expect, it } from 'vitest';
import { messageRecord } from '../testing/index.js';
import { openServerEngine } from './__fixtures__/both-stores.js';

const url = process.env['VERITY_TEST_PG_URL'];

describe.skipIf(url === undefined)('a mask kept by forget on a real PostgreSQL server', () => {
  it('shows the kept reply masked, after a verified rebuild too', async () => {
    const schema = `forget_kept_${process.pid}`;
    const engine = await openServerEngine(url ?? '', schema);
    try {
      const lines = [
        messageRecord(
          'porch',
          'p1',
          'assistant',
          "What's the new porch keypad code?",
          '2026-04-05T10:00:00Z',
        ),
        messageRecord(
          'porch',
          'p2',
          'user',
          "it's 6642, and the window cleaner comes Thursday",
          '2026-04-05T10:01:00Z',
        ),
      ];
      await engine.ingest(lines.map((l) => JSON.stringify(l)).join('\n'));
      const result = await engine.forget({ kind: 'message', threadId: 'porch', messageId: 'p1' });
      expect(result.masks_kept).toEqual(['porch/p2']);
      const shown = async () =>
        (await engine.search('window cleaner Thursday', { limit: 10 })).hits.map((h) => h.text);
      expect(await shown()).toEqual(["it's [secret], and the window cleaner comes Thursday"]);
      const rebuilt = await engine.rebuild({ verify: true });
      expect(rebuilt.verified).toBe(true);
      expect(await shown()).toEqual(["it's [secret], and the window cleaner comes Thursday"]);
    } finally {
      await engine.close();
    }
  });
});
