import { describe, expect, it } from 'vitest';
import { deriveUuid } from '../core/index.js';
import { createRuleExtractor } from '../extract/index.js';
import { toJsonl } from '../testing/index.js';
import { useTestEngine } from './__fixtures__/test-engine.js';
import { messagesBy, threadMessages } from './__fixtures__/thread-messages.js';

const NOW = '2026-08-10T20:00:00Z';
const REGISTRY = {
  members: {},
  we: { 'user:primary': 'family:moor', 'user:tomas': 'family:moor' },
  aliases: {},
};

/** Words of Sela's own thread that no thread context asked for without her may show. */
const PRIVATE = ['cardiologist', 'Antwerp', 'inheritance'];

/** Sela's own thread (she is `user:primary`, whom a thread of no one falls back to), a family thread both write in, and Tomas's thread. */
const SEED = [
  ...messagesBy('user:primary', 'sela-dm', '2026-08-09T07:00:00Z', [
    ['s1', 'user', 'Between us: I see a cardiologist on Thursday about the palpitations.'],
    ['s2', 'assistant', 'Understood, that stays here.'],
    ['s3', 'user', 'I am flying to Antwerp on Friday to sort out the inheritance.'],
  ]),
  ...messagesBy('user:primary', 'moor-chat', '2026-08-09T09:00:00Z', [
    ['m1', 'user', 'The boiler man comes on Wednesday morning.'],
  ]),
  ...messagesBy('user:tomas', 'moor-chat', '2026-08-09T09:30:00Z', [
    ['m2', 'user', 'Then I will stay home on Wednesday and let him in.'],
  ]),
  // Wren belongs to no group; one of her threads is her own, the other is named after the group.
  ...messagesBy('user:wren', 'wren-notes', '2026-08-09T11:00:00Z', [
    ['w1', 'user', 'My parole officer meets me on Monday.'],
  ]),
  ...messagesBy('user:wren', 'family:moor', '2026-08-09T12:00:00Z', [
    ['g1', 'user', 'I can lend you the ladder on Sunday.'],
  ]),
  // Wren and Xavier, both in no group, share a thread; Wren spoke last.
  ...messagesBy('user:xavier', 'wren-xavier', '2026-08-09T13:00:00Z', [
    ['x1', 'user', 'Can you water my tomatoes while I am away?'],
  ]),
  ...messagesBy('user:wren', 'wren-xavier', '2026-08-09T13:30:00Z', [
    ['x2', 'user', 'Sure, I will water them every evening.'],
  ]),
  ...messagesBy('user:tomas', 'tomas-dm', '2026-08-09T10:00:00Z', [
    ['t1', 'user', 'Remind me to renew the parking permit.'],
  ]),
];

describe('Engine.buildContext for a thread asked without an entity', () => {
  const opened = useTestEngine('verity-context-thread-view-', NOW, {
    embeddings: { model: null },
    extraction: { extractor: createRuleExtractor(), registry: REGISTRY },
  });

  async function seeded() {
    const { engine } = opened();
    const report = await engine.ingest(toJsonl(SEED));
    expect(report.rejected).toBe(0);
    return engine;
  }

  function expectNothingPrivate(markdown: string): void {
    for (const word of PRIVATE) expect(markdown).not.toContain(word);
  }

  it("stays the thread's own view after the other member is forgotten", async () => {
    const engine = await seeded();
    await engine.forget({ kind: 'entity', entityId: 'user:tomas' });
    const result = await engine.buildContext({
      thread: 'moor-chat',
      query: 'cardiologist Antwerp inheritance',
    });
    expect(result.markdown).toContain('boiler man');
    expect(result.included.messageIds).toEqual(['m1']);
    expectNothingPrivate(result.markdown);
  });

  it("keeps a groupless person's shared thread shared after the other speaker is forgotten, rebuilt too", async () => {
    const engine = await seeded();
    const before = await engine.buildContext({ thread: 'wren-xavier', query: 'parole officer' });
    expect(before.markdown).not.toContain('parole');
    await engine.forget({ kind: 'entity', entityId: 'user:xavier' });
    const after = await engine.buildContext({ thread: 'wren-xavier', query: 'parole officer' });
    expect(after.markdown).toContain('water them every evening');
    expect(after.markdown).not.toContain('tomatoes');
    expect(after.markdown).not.toContain('parole');
    // What the forget kept is a ledger event: a rebuild folds it again, and replay agrees.
    await engine.rebuild();
    const rebuilt = await engine.buildContext({ thread: 'wren-xavier', query: 'parole officer' });
    expect(rebuilt.markdown).not.toContain('parole');
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    // Her own thread is still hers.
    const own = await engine.buildContext({ thread: 'wren-notes', query: 'tomatoes water' });
    expect(own.markdown).toContain('water them every evening');
  });

  it('refuses to forget the mark that keeps a thread shared, and the view stays narrow', async () => {
    const engine = await seeded();
    await engine.forget({ kind: 'entity', entityId: 'user:xavier' });
    // The mark's id is derived from the thread's, so anyone can name it.
    const mark = deriveUuid('thread.shared', 'wren-xavier');
    await expect(engine.forget({ kind: 'event', eventId: mark })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const after = await engine.buildContext({ thread: 'wren-xavier', query: 'parole officer' });
    expect(after.markdown).not.toContain('parole');
  });

  it("keeps the thread shared when only the other speaker's message is forgotten", async () => {
    const engine = await seeded();
    await engine.forget({ kind: 'message', threadId: 'wren-xavier', messageId: 'x1' });
    const result = await engine.buildContext({ thread: 'wren-xavier', query: 'parole officer' });
    expect(result.included.messageIds).toEqual(['x2']);
    expect(result.markdown).not.toContain('parole');
  });

  it('shows nothing of anyone for a brand-new thread no one has written in yet', async () => {
    const engine = await seeded();
    const result = await engine.buildContext({
      thread: 'moor-holiday',
      query: 'cardiologist Antwerp inheritance',
    });
    expect(result.included.messageIds).toEqual([]);
    expectNothingPrivate(result.markdown);
  });

  it("shows nothing of its member's other threads once a thread is emptied", async () => {
    const engine = await seeded();
    await engine.forget({ kind: 'message', threadId: 'tomas-dm', messageId: 't1' });
    const result = await engine.buildContext({
      thread: 'tomas-dm',
      query: 'cardiologist Antwerp inheritance',
    });
    expect(result.included.messageIds).toEqual([]);
    expect(result.markdown).not.toContain('parking permit');
    expectNothingPrivate(result.markdown);
  });

  it("keeps a thread named after a group shared, and one groupless person's own thread theirs", async () => {
    const engine = await seeded();
    const group = await engine.buildContext({ thread: 'family:moor', query: 'parole officer' });
    expect(group.markdown).toContain('ladder');
    expect(group.markdown).not.toContain('parole');
    const own = await engine.buildContext({ thread: 'wren-notes', query: 'ladder Sunday' });
    expect(own.markdown).toContain('ladder');
  });

  it('gives one person their own view, memories from other threads too, when named', async () => {
    const engine = await seeded();
    const result = await engine.buildContext({
      thread: 'moor-chat',
      entity: 'user:primary',
      query: 'Antwerp',
    });
    expect(result.markdown).toContain('Antwerp');
  });
});

describe('Engine.buildContext for a new thread on an install with no household or team', () => {
  const opened = useTestEngine('verity-context-thread-solo-', NOW, {
    embeddings: { model: null },
    extraction: {
      extractor: createRuleExtractor(),
      registry: { members: {}, we: {}, aliases: {} },
    },
  });

  it("gives the user's own state in a thread no one has written in yet (a new session)", async () => {
    const { engine } = opened();
    const report = await engine.ingest(
      toJsonl(
        threadMessages(
          'morning-chat',
          '2026-08-09T07:00:00Z',
          [['a1', 'user', 'We are in Porto now, flying home on Monday.']],
          1,
        ),
      ),
    );
    expect(report.rejected).toBe(0);
    const fresh = await engine.buildContext({ thread: 'evening-chat', query: 'where am I' });
    expect(fresh.markdown).toContain('Porto');
  });

  it("shows no one's state in a thread two people wrote in once it is emptied", async () => {
    const { engine } = opened();
    const records = [
      ...threadMessages(
        'morning-chat',
        '2026-08-09T07:00:00Z',
        [['a1', 'user', 'We are in Porto now, flying home on Monday.']],
        1,
      ),
      ...messagesBy('user:guest', 'porch-chat', '2026-08-09T08:00:00Z', [
        ['p1', 'user', 'Is the porch light on a timer?'],
      ]),
      ...threadMessages(
        'porch-chat',
        '2026-08-09T08:10:00Z',
        [['p2', 'user', 'Yes, it goes off at midnight.']],
        1,
      ),
    ];
    expect((await engine.ingest(toJsonl(records))).rejected).toBe(0);
    await engine.forget({ kind: 'message', threadId: 'porch-chat', messageId: 'p1' });
    await engine.forget({ kind: 'message', threadId: 'porch-chat', messageId: 'p2' });
    const emptied = await engine.buildContext({ thread: 'porch-chat', query: 'where am I' });
    expect(emptied.included.messageIds).toEqual([]);
    expect(emptied.markdown).not.toContain('Porto');
  });
});
