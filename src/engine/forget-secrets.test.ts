import { describe, expect, it } from 'vitest';
import {
  approveThenForget,
  dailyLog,
  observeTurns,
  reviewFile,
  useObservingEngine,
} from './__fixtures__/observed-session.js';
import { useTestEngine } from './__fixtures__/test-engine.js';
import { threadLine } from './__fixtures__/thread-messages.js';
import type { Engine } from './types.js';

/** One message line of thread `garage`, `minute` minutes after 18:00. */
const line = threadLine('garage', '2026-05-04T18:');

// A code given alone in reply to a question about it, and a count given alone in reply to another.
const CHAT = [
  line('g1', 'user', 'The locksmith swapped the garage keypad this afternoon.', 1),
  line('g2', 'assistant', "What's the new garage door code?", 2),
  line('g3', 'user', '4471', 3),
  line('g4', 'assistant', 'How many bikes are in the garage now?', 4),
  line('g5', 'user', '3', 5),
  line('g6', 'user', 'The recycling goes out on Thursdays.', 6),
].join('\n');

/** What search, ask and the context (tail and summary) show of thread `garage`. */
async function shown(engine: Engine): Promise<string> {
  const hits = (await engine.search('4471 garage door code bikes 3', { limit: 20 })).hits;
  const answer = await engine.observer.ask('what is the garage door code now?');
  const context = await engine.buildContext({ thread: 'garage', budget: 8000 });
  const texts = hits.map((h) => `${h.text} ${h.snippet}`);
  return [...texts, ...answer.citations.map((c) => c.text), answer.answer, context.markdown].join(
    '\n',
  );
}

describe('forgetting a question keeps the secret it made readable masked', () => {
  const opened = useTestEngine('verity-forget-secrets-', '2026-05-04T19:00:00Z', {});

  it('shows the bare reply on no surface once its question is forgotten, after a rebuild too', async () => {
    const { engine } = opened();
    await engine.ingest(CHAT);
    expect(await shown(engine)).not.toContain('4471');
    await engine.forget({ kind: 'message', threadId: 'garage', messageId: 'g2' });
    const after = await shown(engine);
    expect(after).not.toContain('4471');
    expect(after).toContain('recycling goes out on Thursdays');
    await engine.rebuild({ verify: true });
    expect(await shown(engine)).not.toContain('4471');
  });

  it('keeps a reply the forgotten question did not make secret', async () => {
    const { engine } = opened();
    await engine.ingest(CHAT);
    const result = await engine.forget({ kind: 'message', threadId: 'garage', messageId: 'g4' });
    expect(result.covered_events).toBe(1);
    const hits = (await engine.search('bikes 3 recycling', { limit: 20 })).hits;
    expect(hits.map((h) => h.id)).toContain('g5');
  });
});

describe('memory forget of a captured question keeps its answer masked', () => {
  const opened = useObservingEngine('verity-forget-secrets-capture-');

  it('blanks the bare reply with the question it answered, on all five surfaces', async () => {
    const { engine, dir } = opened();
    await observeTurns(engine, 'shed', [
      ['user', 'The billing database runs on MariaDB 11 since March.'],
      [
        'assistant',
        'The billing database runs on MariaDB 11 since March. What is the new shed padlock code?',
      ],
      ['user', '8254'],
      ['user', 'The recycling goes out on Thursdays.'],
    ]);
    await approveThenForget(engine, 'MariaDB 11', 'expected a proposal about MariaDB 11');
    const hits = (await engine.search('8254 shed padlock code recycling', { limit: 20 })).hits;
    const answer = await engine.observer.ask('what is the shed padlock code?');
    const context = await engine.buildContext({ thread: 'session:shed', budget: 8000 });
    const proposals = await engine.observer.listProposals('all');
    const all = [...hits.map((h) => `${h.text} ${h.snippet}`), context.markdown, ...dailyLog(dir)];
    all.push(answer.answer, ...answer.citations.map((c) => c.text));
    all.push(...proposals.map((p) => p.text));
    all.push(reviewFile(dir));
    expect(all.join('\n')).not.toContain('8254');
    expect(hits.map((h) => h.text).join('\n')).toContain('recycling goes out on Thursdays');
  });
});
