import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createManualClock,
  createSequentialIds,
  messageRecord,
  toJsonl,
} from '../testing/index.js';
import { createEngine } from './create-engine.js';

const SECRET = 'quorvantide';

const MESSAGES = toJsonl([
  messageRecord(
    'home',
    'm1',
    'user',
    `The alarm code for the back door is ${SECRET} 5512.`,
    '2026-04-01T09:00:00Z',
  ),
  messageRecord(
    'home',
    'm2',
    'user',
    'The plumber comes to fix the boiler on Thursday.',
    '2026-04-02T09:00:00Z',
  ),
]);

/** The bytes of the SQLite file and its write-ahead log that contain `text`, counted. */
function occurrences(home: string, text: string): number {
  let count = 0;
  for (const file of ['verity.db', 'verity.db-wal']) {
    const path = join(home, file);
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    for (let at = bytes.indexOf(text); at !== -1; at = bytes.indexOf(text, at + 1)) count += 1;
  }
  return count;
}

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

/** An engine on a SQLite file in a new folder (removed after the test), without models. */
async function openEngine(prefix: string) {
  const home = mkdtempSync(join(tmpdir(), prefix));
  homes.push(home);
  const engine = await createEngine({
    home,
    clock: createManualClock('2026-04-05T12:00:00Z'),
    ids: createSequentialIds(),
    items: { extractor: null },
    embeddings: { model: null },
  });
  return { home, engine };
}

describe('forget on a SQLite file', () => {
  it('leaves no copy of the forgotten text in the file or its log while the engine stays open', async () => {
    const { home, engine } = await openEngine('verity-forget-file-');
    try {
      await engine.ingest(MESSAGES);
      // Later messages in transactions of their own: the full-text index then holds the secret in
      // an older segment that the delete does not rewrite.
      for (let i = 0; i < 12; i += 1) {
        const text = `Reminder number ${i}: water the plants and check the mailbox.`;
        const at = `2026-04-03T1${i % 10}:00:00Z`;
        await engine.ingest(toJsonl([messageRecord('home', `later-${i}`, 'user', text, at)]));
      }
      expect(occurrences(home, SECRET.slice(0, 8))).toBeGreaterThan(0);
      const quoting = async () =>
        (await engine.search(SECRET, { mode: 'text' })).hits.filter((h) => h.text.includes(SECRET));
      expect(await quoting()).toHaveLength(1);
      const event = (await engine.readLedger(0, 50)).find(
        (e) => e.type === 'message.received' && JSON.stringify(e.payload).includes(SECRET),
      );
      if (!event) throw new Error('the message event was not found');
      const forgotten = await engine.forget({ kind: 'event', eventId: event.eventId });
      expect(forgotten.redacted).toBe(1);
      expect(await quoting()).toHaveLength(0);
      expect(occurrences(home, SECRET.slice(0, 8))).toBe(0);
      const boiler = (await engine.search('boiler', { mode: 'text' })).hits;
      expect(boiler.some((h) => h.text.includes('plumber'))).toBe(true);
    } finally {
      await engine.close();
    }
    expect(occurrences(home, SECRET.slice(0, 8))).toBe(0);
  });

  it('takes a task captured from the forgotten message with it: no title, quote or bytes left', async () => {
    const { home, engine } = await openEngine('verity-forget-task-');
    try {
      const said = `I will wire the ${SECRET} deposit to Tom by April 9.`;
      await engine.ingest(
        toJsonl([
          messageRecord('home', 'm1', 'user', said, '2026-04-05T09:00:00Z'),
          messageRecord(
            'home',
            'm2',
            'user',
            'I will call the plumber by April 8.',
            '2026-04-05T09:01:00Z',
          ),
        ]),
      );
      const titles = async () => (await engine.tasks.list({ state: 'all' })).map((t) => t.title);
      expect((await titles()).some((t) => t.includes(SECRET))).toBe(true);
      const event = (await engine.readLedger(0, 50)).find(
        (e) => e.type === 'message.received' && JSON.stringify(e.payload).includes(SECRET),
      );
      if (!event) throw new Error('the message event was not found');
      await engine.forget({ kind: 'event', eventId: event.eventId });
      const left = await engine.tasks.list({ state: 'all' });
      expect(JSON.stringify(left)).not.toContain(SECRET);
      expect(left.map((t) => t.title).some((t) => /plumber/i.test(t))).toBe(true);
      expect(JSON.stringify(await engine.tasks.proposals())).not.toContain(SECRET);
      expect(occurrences(home, SECRET.slice(0, 8))).toBe(0);
    } finally {
      await engine.close();
    }
  });
});
