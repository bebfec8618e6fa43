import { describe, expect, it } from 'vitest';
import { messageRecord } from '../testing/index.js';
import { type TestEngine, useSuiteTestEngine } from './__fixtures__/test-engine.js';
import { type Turn, threadLine } from './__fixtures__/thread-messages.js';
import type { Engine } from './types.js';

/** One engine for the suite, with `lines` (JSON lines) ingested before its tests. */
function useIngested(prefix: string, at: string, lines: readonly string[]): () => TestEngine {
  return useSuiteTestEngine(prefix, at, {}, (t) =>
    t.engine.ingest(lines.join('\n')).then(() => undefined),
  );
}

/** The hits search gives for `query` (ten at most), checked to hold `secret` nowhere. */
async function hitsWithout(engine: Engine, query: string, secret: string) {
  const hits = (await engine.search(query, { limit: 10 })).hits;
  expect(JSON.stringify(hits)).not.toContain(secret);
  return hits;
}

/** One message line of thread `home`, `minute` minutes after 18:00. */
const line = threadLine('home', '2026-05-04T18:');

// A code given alone after the assistant asks for it, and numbers that answer other questions.
const CHAT = [
  line('m1', 'user', 'The side gate keypad was reset this morning.', 1),
  line('m2', 'assistant', "What's the new side gate code?", 2),
  line('m3', 'user', '6093', 3),
  line('m4', 'assistant', 'How many side gate remotes do you have?', 4),
  line('m5', 'user', '3', 5),
  line('m6', 'user', 'The side gate code for deliveries is different.', 6),
  line('m7', 'user', '8812', 7),
].join('\n');

describe('search and ask show no code given alone in reply to a question about it', () => {
  const opened = useIngested('verity-search-secrets-', '2026-05-04T19:00:00Z', [CHAT]);

  it('masks the reply in search hits, and only the reply that answers a question', async () => {
    const { engine } = opened();
    const hits = (await engine.search('6093 side gate code 3 8812', { limit: 20 })).hits;
    const byId = new Map(hits.map((h) => [h.id, h]));
    expect(byId.get('m3')?.text).toBe('[secret]');
    expect(byId.get('m3')?.snippet).not.toContain('6093');
    expect(JSON.stringify(hits)).not.toContain('6093');
    // A count answering "how many", and a number the same side wrote after its own remark.
    expect(byId.get('m5')?.text).toBe('3');
    expect(byId.get('m7')?.text).toBe('8812');
  });

  it('masks the reply in what ask cites', async () => {
    const { engine } = opened();
    // The question names only the code, so full text finds the reply alone; unmasked, it
    // would be cited word for word.
    const answer = await engine.observer.ask('was it 6093?');
    expect(JSON.stringify(answer.citations)).not.toContain('6093');
  });
});

/** One message line of thread `thread` by `entity`, `minute` minutes after 10:00. */
function said(
  thread: string,
  id: string,
  role: 'user' | 'assistant',
  entity: string,
  content: string,
  minute: number,
): string {
  const at = new Date(Date.UTC(2026, 4, 5, 10, minute)).toISOString();
  return JSON.stringify(messageRecord(thread, id, role, content, at, { entity_id: entity }));
}

/** The lines of `thread`, every turn by `user:primary`, one a minute from 10:01. */
function primaryThread(thread: string, turns: readonly Turn[]): string[] {
  return turns.map(([id, role, content], i) =>
    said(thread, id, role, 'user:primary', content, i + 1),
  );
}

describe('context shows no code given alone in reply, wherever its question is', () => {
  // The reply is the oldest of the 40 recent messages; its question is the 41st.
  const filler = Array.from({ length: 39 }, (_, i) =>
    said(
      'shed',
      `f${i}`,
      'user',
      'user:primary',
      `Note ${i}: the hedge by the shed needs trimming.`,
      3 + i,
    ),
  );
  const opened = useIngested('verity-context-secrets-', '2026-05-05T12:00:00Z', [
    said('shed', 'q', 'assistant', 'user:primary', "What's the shed padlock code now?", 1),
    said('shed', 'a', 'user', 'user:primary', '6093', 2),
    ...filler,
    said('porch', 'p1', 'user', 'user:tomas', "What's the side gate code again?", 1),
    said('porch', 'p2', 'user', 'user:primary', '7720', 2),
  ]);

  it('masks a reply whose question fell off the recent messages', async () => {
    const { engine } = opened();
    const context = await engine.buildContext({ thread: 'shed', budget: 8000 });
    expect(context.markdown).toContain('the hedge by the shed');
    expect(context.markdown).not.toContain('6093');
  });

  it("masks one person's reply to another's question in a shared thread, summary included", async () => {
    const { engine } = opened();
    const context = await engine.buildContext({ thread: 'porch', budget: 8000 });
    expect(context.markdown).toContain('side gate code again');
    expect(context.markdown).not.toContain('7720');
  });
});

describe('search masks a reply past one acknowledgement of its own side', () => {
  const opened = useIngested(
    'verity-search-ack-',
    '2026-05-06T12:00:00Z',
    primaryThread('lock', [
      ['k1', 'user', 'I changed the bike lock code.'],
      ['k2', 'assistant', 'What is it now?'],
      ['k3', 'user', 'one sec'],
      ['k4', 'user', '5817'],
    ]),
  );

  it('reads back past "one sec" to the question and the code it names', async () => {
    const { engine } = opened();
    const hits = await hitsWithout(engine, '5817 bike lock code', '5817');
    expect(hits.map((h) => h.id)).toContain('k4');
  });
});

describe('search masks a correction as far back as the context does', () => {
  const opened = useIngested(
    'verity-search-reach-',
    '2026-05-08T12:00:00Z',
    primaryThread('loft', [
      ['l0', 'assistant', 'I reset the loft keypad code.'],
      ['l1', 'user', 'What is it now?'],
      ['l2', 'assistant', 'one sec'],
      ['l3', 'assistant', 'hang on, checking'],
      ['l4', 'assistant', '6204'],
      ['l5', 'assistant', 'no wait 6240'],
    ]),
  );

  it('reads back past two held turns and a value to the question and the code it names', async () => {
    const { engine } = opened();
    const hits = await hitsWithout(engine, '6240 loft keypad code wait', '6240');
    expect(hits.map((h) => h.id)).toContain('l5');
    const context = await engine.buildContext({ thread: 'loft', budget: 8000 });
    expect(context.markdown).not.toContain('6240');
  });
});

describe('search masks a reply to a question of the same role, past two turns holding the floor', () => {
  const opened = useIngested(
    'verity-search-same-role-',
    '2026-05-07T12:00:00Z',
    primaryThread('shed', [
      ['s1', 'user', 'what is the shed padlock code again?'],
      ['s2', 'user', 'one sec'],
      ['s3', 'user', 'hang on, finding it'],
      ['s4', 'user', '3 9 0 6'],
      ['s5', 'user', 'how many bikes fit in the shed?'],
      ['s6', 'user', '4'],
    ]),
  );

  it('reads back to the question whoever asked it, and keeps a count', async () => {
    const { engine } = opened();
    const hits = await hitsWithout(engine, '3 9 0 6 shed padlock code bikes 4', '3 9 0 6');
    const byId = new Map(hits.map((h) => [h.id, h]));
    expect(byId.get('s4')?.text).toBe('[secret]');
    expect(byId.get('s6')?.text).toBe('4');
  });
});

describe('state items carry no secret the message masking hides', () => {
  const opened = useIngested(
    'verity-items-secrets-',
    '2026-05-09T12:00:00Z',
    primaryThread('gym', [
      ['g1', 'assistant', "What's the locker room door code?"],
      ['g2', 'user', '5280'],
      ['g3', 'user', 'no wait 5820'],
      ['g4', 'user', 'We must renew the gym pass before June.'],
    ]),
  );

  it('keeps an ordinary item and shows the correction nowhere', async () => {
    const { engine } = opened();
    const items = (await engine.listStateItems({ threadId: 'gym', status: 'all' })).items;
    expect(items.map((i) => i.text).join('\n')).toContain('Renew the gym pass');
    expect(JSON.stringify(items)).not.toContain('5820');
    await hitsWithout(engine, 'no wait 5820 locker room', '5820');
    const context = await engine.buildContext({ thread: 'gym', budget: 8000 });
    expect(context.markdown).not.toContain('5820');
  });
});
