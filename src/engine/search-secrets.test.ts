import { describe, expect, it } from 'vitest';
import { useSuiteTestEngine } from './__fixtures__/test-engine.js';

/** One message line of a chat thread. */
function line(id: string, role: 'user' | 'assistant', content: string, minute: number): string {
  return JSON.stringify({
    type: 'message',
    thread_id: 'home',
    message_id: id,
    role,
    content,
    created_at: `2026-05-04T18:${String(minute).padStart(2, '0')}:00Z`,
  });
}

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
  const opened = useSuiteTestEngine('verity-search-secrets-', '2026-05-04T19:00:00Z', {}, (t) =>
    t.engine.ingest(CHAT).then(() => undefined),
  );

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
  role: string,
  entity: string,
  content: string,
  minute: number,
): string {
  const at = new Date(Date.UTC(2026, 4, 5, 10, minute)).toISOString();
  return JSON.stringify({
    type: 'message',
    thread_id: thread,
    message_id: id,
    role,
    entity_id: entity,
    content,
    created_at: at,
  });
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
  const opened = useSuiteTestEngine('verity-context-secrets-', '2026-05-05T12:00:00Z', {}, (t) =>
    t.engine
      .ingest(
        [
          said('shed', 'q', 'assistant', 'user:primary', "What's the shed padlock code now?", 1),
          said('shed', 'a', 'user', 'user:primary', '6093', 2),
          ...filler,
          said('porch', 'p1', 'user', 'user:tomas', "What's the side gate code again?", 1),
          said('porch', 'p2', 'user', 'user:primary', '7720', 2),
        ].join('\n'),
      )
      .then(() => undefined),
  );

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
  const opened = useSuiteTestEngine('verity-search-ack-', '2026-05-06T12:00:00Z', {}, (t) =>
    t.engine
      .ingest(
        [
          said('lock', 'k1', 'user', 'user:primary', 'I changed the bike lock code.', 1),
          said('lock', 'k2', 'assistant', 'user:primary', 'What is it now?', 2),
          said('lock', 'k3', 'user', 'user:primary', 'one sec', 3),
          said('lock', 'k4', 'user', 'user:primary', '5817', 4),
        ].join('\n'),
      )
      .then(() => undefined),
  );

  it('reads back past "one sec" to the question and the code it names', async () => {
    const { engine } = opened();
    const hits = (await engine.search('5817 bike lock code', { limit: 10 })).hits;
    expect(hits.map((h) => h.id)).toContain('k4');
    expect(JSON.stringify(hits)).not.toContain('5817');
  });
});

describe('search masks a correction as far back as the context does', () => {
  const opened = useSuiteTestEngine('verity-search-reach-', '2026-05-08T12:00:00Z', {}, (t) =>
    t.engine
      .ingest(
        [
          said('loft', 'l0', 'assistant', 'user:primary', 'I reset the loft keypad code.', 1),
          said('loft', 'l1', 'user', 'user:primary', 'What is it now?', 2),
          said('loft', 'l2', 'assistant', 'user:primary', 'one sec', 3),
          said('loft', 'l3', 'assistant', 'user:primary', 'hang on, checking', 4),
          said('loft', 'l4', 'assistant', 'user:primary', '6204', 5),
          said('loft', 'l5', 'assistant', 'user:primary', 'no wait 6240', 6),
        ].join('\n'),
      )
      .then(() => undefined),
  );

  it('reads back past two held turns and a value to the question and the code it names', async () => {
    const { engine } = opened();
    const hits = (await engine.search('6240 loft keypad code wait', { limit: 10 })).hits;
    expect(hits.map((h) => h.id)).toContain('l5');
    expect(JSON.stringify(hits)).not.toContain('6240');
    const context = await engine.buildContext({ thread: 'loft', budget: 8000 });
    expect(context.markdown).not.toContain('6240');
  });
});

describe('search masks a reply to a question of the same role, past two turns holding the floor', () => {
  const opened = useSuiteTestEngine('verity-search-same-role-', '2026-05-07T12:00:00Z', {}, (t) =>
    t.engine
      .ingest(
        [
          said('shed', 's1', 'user', 'user:primary', 'what is the shed padlock code again?', 1),
          said('shed', 's2', 'user', 'user:primary', 'one sec', 2),
          said('shed', 's3', 'user', 'user:primary', 'hang on, finding it', 3),
          said('shed', 's4', 'user', 'user:primary', '3 9 0 6', 4),
          said('shed', 's5', 'user', 'user:primary', 'how many bikes fit in the shed?', 5),
          said('shed', 's6', 'user', 'user:primary', '4', 6),
        ].join('\n'),
      )
      .then(() => undefined),
  );

  it('reads back to the question whoever asked it, and keeps a count', async () => {
    const { engine } = opened();
    const hits = (await engine.search('3 9 0 6 shed padlock code bikes 4', { limit: 10 })).hits;
    const byId = new Map(hits.map((h) => [h.id, h]));
    expect(byId.get('s4')?.text).toBe('[secret]');
    expect(JSON.stringify(hits)).not.toContain('3 9 0 6');
    expect(byId.get('s6')?.text).toBe('4');
  });
});

describe('state items carry no secret the message masking hides', () => {
  const opened = useSuiteTestEngine('verity-items-secrets-', '2026-05-09T12:00:00Z', {}, (t) =>
    t.engine
      .ingest(
        [
          said('gym', 'g1', 'assistant', 'user:primary', "What's the locker room door code?", 1),
          said('gym', 'g2', 'user', 'user:primary', '5280', 2),
          said('gym', 'g3', 'user', 'user:primary', 'no wait 5820', 3),
          said('gym', 'g4', 'user', 'user:primary', 'We must renew the gym pass before June.', 4),
        ].join('\n'),
      )
      .then(() => undefined),
  );

  it('keeps an ordinary item and shows the correction nowhere', async () => {
    const { engine } = opened();
    const items = (await engine.listStateItems({ threadId: 'gym', status: 'all' })).items;
    expect(items.map((i) => i.text).join('\n')).toContain('Renew the gym pass');
    expect(JSON.stringify(items)).not.toContain('5820');
    const hits = (await engine.search('no wait 5820 locker room', { limit: 10 })).hits;
    expect(JSON.stringify(hits)).not.toContain('5820');
    const context = await engine.buildContext({ thread: 'gym', budget: 8000 });
    expect(context.markdown).not.toContain('5820');
  });
});
