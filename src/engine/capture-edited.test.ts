import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../observer/index.js';
import type { Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { captureNow, dailyLog } from './__fixtures__/observed-session.js';
import { closeTestEngine, observerOnly, openTestEngine } from './__fixtures__/test-engine.js';
import {
  entryId,
  lineNumberedTranscript,
  unnumberedTranscript,
} from './__fixtures__/transcript.js';
import type { Engine } from './types.js';

// A transcript whose lines carry no ids is captured again after an edit (a line added above the
// others, one removed, or compaction then shutdown of a growing file): each line stays one
// message, a new line is stored and observed once, and a forget takes the line it names, not the
// one that now stands where it stood. Issue #13 (review finding M2).

const HOUR = '2026-04-07T09:';

const TURNS: readonly (readonly [string, string])[] = [
  ['user', 'Our team moved the weekly sync to Tuesday mornings.'],
  ['assistant', 'Got it, Tuesday mornings for the sync.'],
  ['user', 'My aunt Marguerite restores old kayaks in Annecy.'],
  ['user', 'We decided to drop the legacy importer in June.'],
  ['user', 'The hallway gets repainted in sage green next week.'],
];

const SESSION = unnumberedTranscript(HOUR, TURNS);

const STANDUP = 'We decided to move the standup to half past nine.';

/** `text` with a line written at 09:00, before its first, above all the others. */
const withLineAbove = (text: string): string =>
  [unnumberedTranscript(HOUR, [['user', STANDUP]], 0), text].join('\n');

/** `SESSION` without its second line. */
const DELETED = SESSION.split('\n')
  .filter((_, i) => i !== 1)
  .join('\n');

interface Opened {
  readonly engine: Engine;
  /** The session's stored messages, `[id, text]`, in order. */
  readonly messages: () => Promise<(readonly [string, string])[]>;
  /** The daily log, every file joined. */
  readonly log: () => string;
}

async function withEngine(run: (opened: Opened) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'verity-capture-edited-store-'));
  const store: Store = await createSqliteStore({ path: join(folder, 'verity.db') });
  const opened = await openTestEngine('verity-capture-edited-', '2026-04-07T12:00:00Z', (dir) => ({
    ...observerOnly()(dir),
    store,
  }));
  try {
    await run({
      engine: opened.engine,
      messages: async () =>
        (await store.listMessages({ threadId: 'session:s1', limit: 100 })).map(
          (m) => [m.messageId, m.content] as const,
        ),
      log: () => dailyLog(opened.dir).join('\n'),
    });
  } finally {
    await closeTestEngine(opened);
    rmSync(folder, { recursive: true, force: true });
  }
}

const texts = (messages: readonly (readonly [string, string])[]): string[] =>
  messages.map(([, text]) => text).sort();

/** How many daily-log bullets (`* 🔴 (09:04) We decided…`) in `log` are of the line `said`. */
const bullets = (log: string, said: string): number =>
  log.split('\n').filter((l) => l.startsWith('* ') && l.endsWith(`) ${said}`)).length;

const IMPORTER = 'We decided to drop the legacy importer in June.';

const ids = (text: string): string[] => {
  const parsed = parseTranscript(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.entries.map((e) => e.id);
};

describe('a transcript without ids captured again after an edit (engine)', () => {
  it('stores a line added above the others once and repeats nothing', async () => {
    await withEngine(async ({ engine, messages, log }) => {
      await captureNow(engine, SESSION, 's1', 'compaction');
      expect(bullets(log(), IMPORTER)).toBe(1);

      const again = await captureNow(engine, withLineAbove(SESSION), 's1', 'shutdown');
      expect(again.status).toBe('captured');
      expect(texts(await messages())).toEqual([STANDUP, ...TURNS.map(([, t]) => t)].sort());
      // The new line is observed; what the first capture observed is not written again.
      expect(bullets(log(), STANDUP)).toBe(1);
      expect(bullets(log(), IMPORTER)).toBe(1);
      // Every line kept its id; only the new one is new.
      expect(ids(withLineAbove(SESSION)).slice(1)).toEqual(ids(SESSION));
    });
  });

  it('leaves every other line as it was when a line is removed', async () => {
    await withEngine(async ({ engine, messages, log }) => {
      await captureNow(engine, SESSION, 's1', 'compaction');
      const before = { messages: await messages(), log: log() };
      expect(before.messages).toHaveLength(TURNS.length);

      await captureNow(engine, DELETED, 's1', 'shutdown');
      expect(await messages()).toEqual(before.messages);
      expect(log()).toBe(before.log);
      // The lines below the removed one keep their ids (by line number, each would take the id
      // of the line above it).
      expect(ids(DELETED)).toEqual(ids(SESSION).filter((_, i) => i !== 1));
    });
  });

  it('keeps two identical lines, of one minute or of none, as two messages', async () => {
    const line = (content: string, at?: string) =>
      JSON.stringify({ role: 'user', content, ...(at === undefined ? {} : { created_at: at }) });
    const sameMinute = [
      line('Shall I archive the old invoices?', '2026-04-07T09:01:00Z'),
      line('ok', '2026-04-07T09:02:00Z'),
      line('ok', '2026-04-07T09:02:00Z'),
    ].join('\n');
    const untimed = [line('Shall I archive the old invoices?'), line('ok'), line('ok')].join('\n');
    for (const text of [sameMinute, untimed]) {
      await withEngine(async ({ engine, messages }) => {
        await captureNow(engine, text, 's1');
        expect(texts(await messages())).toEqual(['Shall I archive the old invoices?', 'ok', 'ok']);
        // Sent again, nothing is added: the two are the same two.
        expect((await captureNow(engine, text, 's1')).status).toBe('duplicate');
        expect(await captureNow(engine, text, 's1', 'shutdown')).toMatchObject({
          status: 'captured',
        });
        expect(texts(await messages())).toEqual(['Shall I archive the old invoices?', 'ok', 'ok']);
      });
    }
    // Near miss: two different short lines of one minute are two ids, not one.
    const differing = [line('ok', '2026-04-07T09:02:00Z'), line('no', '2026-04-07T09:02:00Z')];
    expect(new Set(ids(differing.join('\n'))).size).toBe(2);
  });

  it('forgets the line named after an edit, not its new neighbour', async () => {
    await withEngine(async ({ engine, messages }) => {
      await captureNow(engine, SESSION, 's1', 'compaction');
      const edited = withLineAbove(SESSION);
      await captureNow(engine, edited, 's1', 'shutdown');
      // The fourth line of the edited file, the third of the original one.
      await engine.forget({
        kind: 'message',
        threadId: 'session:s1',
        messageId: entryId(edited, 4),
      });
      const left = texts(await messages()).join('\n');
      expect(left).not.toContain('Marguerite');
      expect(left).toContain('Tuesday mornings for the sync');
      expect(left).toContain('legacy importer');
      const hits = (await engine.search('Marguerite kayaks', { mode: 'text' })).hits;
      expect(hits.map((h) => h.text)).not.toContainEqual(expect.stringContaining('Marguerite'));
    });
  });

  it('keeps the dedupe key of a redelivered capture: session, trigger, first entry time', async () => {
    await withEngine(async ({ engine, messages }) => {
      const first = await captureNow(engine, SESSION, 's1', 'compaction');
      const again = await captureNow(engine, SESSION, 's1', 'compaction');
      expect(again.status).toBe('duplicate');
      expect(again.capture_key).toBe(first.capture_key);
      expect(first.capture_key).toBe(
        createHash('sha256').update('s1compaction2026-04-07T09:01:00.000Z').digest('hex'),
      );
      expect(await messages()).toHaveLength(TURNS.length);
    });
  });
});

describe('a store whose captures name lines by number (before derived ids)', () => {
  /** `SESSION` as it was captured then: each entry `line-N`. */
  const OLD = lineNumberedTranscript(HOUR, TURNS);

  it('adds only the new line when the edited transcript is captured again', async () => {
    await withEngine(async ({ engine, messages, log }) => {
      await captureNow(engine, OLD, 's1', 'compaction');
      expect((await messages()).map(([id]) => id)).toEqual(TURNS.map((_, i) => `line-${i + 1}`));
      expect(bullets(log(), IMPORTER)).toBe(1);

      await captureNow(engine, withLineAbove(SESSION), 's1', 'shutdown');
      const now = await messages();
      expect(texts(now)).toEqual([STANDUP, ...TURNS.map(([, t]) => t)].sort());
      expect(now.filter(([id]) => !id.startsWith('line-')).map(([, t]) => t)).toEqual([STANDUP]);
      expect(bullets(log(), IMPORTER)).toBe(1);
      expect(bullets(log(), STANDUP)).toBe(1);
    });
  });

  it('takes a redelivery of the same file, now read with derived ids, as the capture it repeats', async () => {
    await withEngine(async ({ engine, messages }) => {
      const first = await captureNow(engine, OLD, 's1', 'compaction');
      const again = await captureNow(engine, SESSION, 's1', 'compaction');
      expect(again).toMatchObject({ status: 'duplicate', capture_key: first.capture_key });
      expect(await messages()).toHaveLength(TURNS.length);
    });
  });

  it('keeps the dedupe key of a capture without times, keyed by its first line-N', async () => {
    const untimed = (numbered: boolean) =>
      TURNS.map(([role, content], i) =>
        JSON.stringify({ ...(numbered ? { message_id: `line-${i + 1}` } : {}), role, content }),
      ).join('\n');
    await withEngine(async ({ engine, messages }) => {
      const first = await captureNow(engine, untimed(true), 's1', 'compaction');
      expect(first.capture_key).toBe(
        createHash('sha256').update('s1compactionid:line-1').digest('hex'),
      );
      const again = await captureNow(engine, untimed(false), 's1', 'compaction');
      expect(again).toMatchObject({ status: 'duplicate', capture_key: first.capture_key });
      expect(await messages()).toHaveLength(TURNS.length);
    });
  });

  it('forgets line-3 after an edit moved another line to line 3', async () => {
    await withEngine(async ({ engine, messages }) => {
      await captureNow(engine, OLD, 's1', 'compaction');
      await captureNow(engine, withLineAbove(SESSION), 's1', 'shutdown');
      await engine.forget({ kind: 'message', threadId: 'session:s1', messageId: 'line-3' });
      const left = texts(await messages()).join('\n');
      expect(left).not.toContain('Marguerite');
      expect(left).toContain('Tuesday mornings for the sync');
      // Captured once more, the forgotten line stays out and nothing is stored twice.
      await captureNow(engine, withLineAbove(SESSION), 's1', 'manual');
      const after = await messages();
      expect(texts(after).join('\n')).not.toContain('Marguerite');
      expect(after).toHaveLength(TURNS.length);
    });
  });
});
