import { describe, expect, it } from 'vitest';
import { createRuleExtractor } from '../extract/index.js';
import { toJsonl } from '../testing/index.js';
import { sectionText } from './__fixtures__/context-sections.js';
import { useSuiteTestEngine } from './__fixtures__/test-engine.js';
import { messagesBy } from './__fixtures__/thread-messages.js';

const NOW = '2026-05-04T20:00:00Z';
const REGISTRY = {
  members: {},
  we: { 'user:nora': 'family:lund', 'user:ivo': 'family:lund' },
  aliases: {},
};

/** Words of Ivo's private thread that no shared context may show. */
const PRIVATE = ['recruiter', 'resignation', 'Bergen'];

/** Two adults in one family thread, and Ivo's own thread with the assistant beside it. */
const SEED = [
  ...messagesBy('user:ivo', 'ivo-dm', '2026-05-03T21:00:00Z', [
    ['p1', 'user', 'Keep this between us: a recruiter called and I am drafting my resignation.'],
    ['p2', 'assistant', 'Understood, I will keep it private.'],
    ['p3', 'user', 'I am flying to Bergen on Friday for the interview.'],
  ]),
  ...messagesBy('user:nora', 'lund-chat', '2026-05-04T08:00:00Z', [
    ['f1', 'user', "Let's take the ferry to the island on Saturday."],
  ]),
  ...messagesBy('user:ivo', 'lund-chat', '2026-05-04T09:00:00Z', [
    ['f2', 'user', 'The ferry is cancelled on Saturday, storm warning. Nobody book tickets.'],
  ]),
  ...messagesBy('user:nora', 'lund-chat', '2026-05-04T09:30:00Z', [
    ['f3', 'user', 'Then I will call the cabin owner about Sunday.'],
  ]),
  ...messagesBy('user:ivo', 'lund-chat', '2026-05-04T10:00:00Z', [
    ['f4', 'user', 'Good, and the recruiter question can wait until Monday.'],
  ]),
  ...messagesBy('user:nora', 'lund-chat', '2026-05-04T10:30:00Z', [
    ['f5', 'user', 'I am flying to Oslo on Thursday for the conference.'],
  ]),
  // Ivo speaks last, so a context built for the newest speaker would be his.
  ...messagesBy('user:ivo', 'lund-chat', '2026-05-04T11:00:00Z', [
    ['f6', 'user', 'See you both at dinner then.'],
    ['f7', 'assistant', 'Noted, I will keep the cabin owner call on the list.'],
  ]),
];

describe('Engine.buildContext for a thread several people write in', () => {
  const opened = useSuiteTestEngine(
    'verity-context-shared-',
    NOW,
    {
      embeddings: { model: null },
      extraction: { extractor: createRuleExtractor(), registry: REGISTRY },
    },
    async ({ engine }) => {
      const report = await engine.ingest(toJsonl(SEED));
      expect(report.rejected).toBe(0);
    },
  );

  it("shows every speaker's recent lines, each with who said it", async () => {
    const result = await opened().engine.buildContext({ thread: 'lund-chat' });
    const tail = sectionText(result, 'tail');
    expect(tail).toContain("user (user:nora): Let's take the ferry to the island on Saturday.");
    expect(tail).toContain('user (user:ivo): The ferry is cancelled on Saturday');
    expect(tail).toContain('user (user:nora): Then I will call the cabin owner about Sunday.');
    // The assistant's lines are filed under whoever it served: they are not named as that person.
    expect(tail).toContain('\nassistant: Noted, I will keep the cabin owner call on the list.');
    expect(result.included.messageIds).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7']);
  });

  it('shows the state said in the thread, of whoever said it', async () => {
    const result = await opened().engine.buildContext({ thread: 'lund-chat' });
    expect(sectionText(result, 'canonical_state')).toContain('user:nora\n- travel.departure_date');
    expect(sectionText(result, 'canonical_state')).toContain('travel.destination: Oslo');
  });

  it("never shows another thread's text, its state or its memories, even when asked about it", async () => {
    const { engine } = opened();
    // The precondition: Ivo's own context does carry the private thread.
    const own = await engine.buildContext({ entity: 'user:ivo', query: 'recruiter resignation' });
    expect(own.markdown).toContain('resignation');
    expect(sectionText(own, 'canonical_state')).toContain('travel.destination: Bergen');
    for (const query of [undefined, 'recruiter resignation', 'Bergen flight Friday']) {
      const result = await engine.buildContext({ thread: 'lund-chat', query });
      for (const word of PRIVATE.filter((w) => w !== 'recruiter')) {
        expect(result.markdown).not.toContain(word);
      }
      // 'recruiter' was also said in the family thread (f4): only that line may carry it.
      expect(result.markdown.split('recruiter').length - 1).toBeLessThanOrEqual(
        result.markdown.split('the recruiter question can wait').length - 1,
      );
      expect(result.included.messageIds.filter((id) => id.startsWith('p'))).toEqual([]);
    }
  });

  it("shows the thread's own items from every speaker", async () => {
    const { engine } = opened();
    const { items } = await engine.listStateItems({ threadId: 'lund-chat' });
    expect(items.length).toBeGreaterThan(0);
    const result = await engine.buildContext({ thread: 'lund-chat' });
    expect(result.included.stateItemUids.toSorted()).toEqual(items.map((i) => i.uid).toSorted());
  });

  it("keeps --entity's meaning: a member sees only their own and their group's lines", async () => {
    const result = await opened().engine.buildContext({ thread: 'lund-chat', entity: 'user:nora' });
    expect(result.included.messageIds).toEqual(['f1', 'f3', 'f5']);
    expect(sectionText(result, 'tail')).not.toContain('(user:');
  });

  it("shows a group member's own thread as the thread: other threads' memories need --entity", async () => {
    const shared = await opened().engine.buildContext({ thread: 'ivo-dm', query: 'ferry' });
    expect(shared.entity).toBe('user:ivo');
    expect(shared.included.messageIds).not.toContain('f2');
    // One person to tell apart: their lines are not named.
    expect(sectionText(shared, 'tail')).toContain('user: Keep this between us');
    expect(sectionText(shared, 'tail')).not.toContain('(user:ivo)');
    const own = await opened().engine.buildContext({
      thread: 'ivo-dm',
      entity: 'user:ivo',
      query: 'ferry',
    });
    expect(own.included.messageIds).toContain('f2');
    expect(sectionText(own, 'tail')).not.toContain('(user:ivo)');
  });
});
