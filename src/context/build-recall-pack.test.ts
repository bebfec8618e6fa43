import { describe, expect, it } from 'vitest';
import type { Task } from '../core/index.js';
import { sampleTask } from '../stores/conformance/index.js';
import { entity, field, stateItem } from './__fixtures__/context-fixtures.js';
import {
  buildRecallPack,
  buildRecallPackFitting,
  type RecallPackInput,
} from './build-recall-pack.js';

const NOW = '2026-11-25T10:00:00Z';

const input: RecallPackInput = {
  entity: 'user:primary',
  now: NOW,
  items: [
    stateItem({ uid: 'c_000000000001', typeTag: 'constraint', text: 'Monthly tool budget is $0' }),
    stateItem({
      uid: 'c_000000000002',
      typeTag: 'constraint',
      text: 'Never email Client X on weekends',
      pinned: true,
    }),
    stateItem({
      uid: 'c_000000000003',
      typeTag: 'constraint',
      text: 'Old rule',
      status: 'superseded',
    }),
    stateItem({
      uid: 'a_000000000001',
      typeTag: 'action',
      status: 'open',
      text: 'Send the Q4 report to the accountant',
      lastSeenAt: '2026-11-18T09:00:00Z',
    }),
    stateItem({
      uid: 'a_000000000002',
      typeTag: 'action',
      status: 'open',
      text: 'Draft the pricing page',
      lastSeenAt: '2026-11-25T08:00:00Z',
    }),
    stateItem({
      uid: 'a_000000000003',
      typeTag: 'action',
      status: 'blocked',
      text: 'Book shipping with BuckyDrop',
    }),
    stateItem({ uid: 'a_000000000004', typeTag: 'action', status: 'done', text: 'Create repo' }),
    stateItem({
      uid: 'q_000000000001',
      typeTag: 'question',
      status: 'open',
      text: 'Which carrier is cheaper?',
      conflict: true,
    }),
    stateItem({ uid: 'd_000000000001', text: 'Adopt tiered pricing' }),
  ],
  entities: [
    entity(
      'user:primary',
      {
        'travel.departure_date': field('2026-11-26'),
        'travel.return_date': field('2026-12-02'),
        'family.schedule.dentist': field('2026-11-25 15:00'),
        'travel.status': field('planned', {
          pending: { value: 'cancelled', confidence: 0.7, prompt_id: 'p_1' },
        }),
      },
      [
        {
          prompt_id: 'p_2',
          field: 'project.site.status',
          proposed_value: 'shipped',
          current_value: 'in_progress',
          confidence: 0.68,
        },
      ],
    ),
  ],
  procedures: ['Publishing a blog post', 'Publishing a blog post', '  '],
};

describe('buildRecallPack', () => {
  it('groups constraints, commitments, waits, focus and procedures by fixed rules', () => {
    const result = buildRecallPack(input);
    if (!result.ok) throw result.error;
    expect(result.value.date).toBe('2026-11-25');
    expect(result.value.markdown).toMatchInlineSnapshot(`
      "# Recall pack — 2026-11-25

      ## P0 constraints
      - Never email Client X on weekends
      - Monthly tool budget is $0

      ## Open commitments
      - Send the Q4 report to the accountant

      ## Open questions
      - your confirmation: user:primary travel.status → cancelled (review p_1)
      - your confirmation: user:primary project.site.status → shipped (review p_2)
      - Which carrier is cheaper? (CONFLICT)

      ## Waiting on
      - Book shipping with BuckyDrop (blocked)

      ## Today's focus
      - user:primary family.schedule.dentist: 2026-11-25 15:00 (today)
      - user:primary travel.departure_date: 2026-11-26 (tomorrow)
      - Draft the pricing page

      ## Relevant procedures
      - Publishing a blog post"
    `);
  });

  it("lists under Waiting on what others owe the user, never the user's own questions", () => {
    const result = buildRecallPack({
      entity: 'user:primary',
      now: NOW,
      items: [
        stateItem({
          uid: 'q_000000000009',
          typeTag: 'question',
          status: 'open',
          text: 'Should we move the offsite to Porto?',
        }),
      ],
      entities: [],
      tasks: [
        sampleTask('TASK-20261124-007', {
          title: 'Signed lease from the landlord',
          state: 'WAITING_EXTERNAL',
          who_waiting_on: 'Mrs Okafor',
          last_followup: '2026-11-24T16:00:00Z',
        }),
      ],
    });
    if (!result.ok) throw result.error;
    const section = (key: string) =>
      result.value.sections.find((s) => s.key === key)?.entries.map((e) => e.text);
    expect(section('waiting_on')).toEqual([
      'Mrs Okafor: TASK-20261124-007 Signed lease from the landlord (last follow-up 2026-11-24)',
    ]);
    expect(section('open_questions')).toEqual(['Should we move the offsite to Porto?']);
  });

  it('renders nothing when there is nothing to recall', () => {
    const result = buildRecallPack({ entity: 'user:primary', now: NOW, items: [], entities: [] });
    expect(result.ok && result.value).toEqual({ date: '2026-11-25', sections: [], markdown: '' });
  });

  it("masks a secret's value in what it shows, keeping the rest of the entry", () => {
    const result = buildRecallPack({
      entity: 'user:primary',
      now: NOW,
      items: [],
      entities: [],
      triggered: [{ id: 'message:t1:m4', text: 'storage room: the alarm code is 5519, not 5518' }],
      procedures: ['Rotate PINs every 90 days'],
    });
    if (!result.ok) throw result.error;
    expect(result.value.markdown).toContain('storage room: the alarm code is [secret], not 5518');
    expect(result.value.markdown).toContain('Rotate PINs every 90 days');
    expect(JSON.stringify(result.value.sections)).not.toContain('5519');
  });

  it('caps each section and counts what it left out', () => {
    const items = Array.from({ length: 4 }, (_, index) =>
      stateItem({ uid: `c_00000000000${index}`, typeTag: 'constraint', text: `Rule ${index}` }),
    );
    const result = buildRecallPack(
      { entity: 'user:primary', now: NOW, items, entities: [] },
      { maxPerSection: 2 },
    );
    if (!result.ok) throw result.error;
    expect(result.value.sections).toHaveLength(1);
    expect(result.value.sections[0]?.entries).toHaveLength(2);
    expect(result.value.sections[0]?.omitted).toBe(2);
    expect(result.value.markdown.endsWith('- … 2 more')).toBe(true);
  });

  it('uses the date written in now, offset included, as today', () => {
    const result = buildRecallPack({
      ...input,
      now: '2026-11-26T01:00:00+09:00',
      items: [],
      procedures: [],
    });
    if (!result.ok) throw result.error;
    expect(result.value.markdown).toContain('travel.departure_date: 2026-11-26 (today)');
  });

  it('refuses a now that is not RFC 3339', () => {
    const result = buildRecallPack({ ...input, now: 'tomorrow' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('VALIDATION_FAILED');
  });

  it('shows the most entries per section that fit, the same pack as with that cap', () => {
    const items = [1, 2, 3, 4, 5, 6].map((index) =>
      stateItem({ uid: `c_00000000000${index}`, typeTag: 'constraint', text: `Rule ${index}` }),
    );
    const base = { entity: 'user:primary', now: NOW, items, entities: [] };
    const fitting = buildRecallPackFitting(base, (markdown) => markdown.split('\n').length <= 7);
    const three = buildRecallPack(base, { maxPerSection: 3 });
    if (!fitting.ok || !three.ok) throw new Error('expected packs');
    expect(fitting.value).toEqual(three.value);
    const none = buildRecallPackFitting(base, () => false);
    if (!none.ok) throw none.error;
    expect(none.value.sections[0]?.entries).toHaveLength(1);
  });

  it('marks an overdue task and lists an action item a task was captured from once', () => {
    const task = (id: string, over: Partial<Task>): Task =>
      sampleTask(id, { title: 'Send the deck', ...over });
    const recent = { status: 'open' as const, lastSeenAt: '2026-11-25T08:00:00.000Z' };
    const items = [
      stateItem({
        uid: 'a_000000000001',
        typeTag: 'action',
        text: 'Send the deck by Monday',
        refs: ['m1'],
        ...recent,
      }),
      stateItem({
        uid: 'a_000000000002',
        typeTag: 'action',
        text: 'Call the bank on Friday',
        refs: ['m2'],
        ...recent,
      }),
      // Rests on the same message as the first task but is another action: kept.
      stateItem({
        uid: 'a_000000000003',
        typeTag: 'action',
        text: 'Book the hotel',
        refs: ['m1'],
        ...recent,
      }),
    ];
    const tasks = [
      task('TASK-20261124-001', {
        due: '2026-11-24T17:00:00.000Z',
        provenance: { source: 'message', ref: 'thread:work:msg:m1', quote: null },
      }),
      task('TASK-20261124-002', {
        title: 'Call the bank',
        due: '2026-11-25T17:00:00.000Z',
        provenance: { source: 'state_item', ref: 'item:work:a_000000000002', quote: null },
      }),
    ];
    const pack = buildRecallPack({ entity: 'user:primary', now: NOW, items, entities: [], tasks });
    if (!pack.ok) throw pack.error;
    const focus = pack.value.sections.find((s) => s.key === 'todays_focus');
    expect(focus?.entries.map((e) => e.text)).toEqual([
      'TASK-20261124-001 Send the deck (due 2026-11-24 17:00) [CAPTURED, OVERDUE]',
      'TASK-20261124-002 Call the bank (due 2026-11-25 17:00) [CAPTURED]',
      'Book the hotel',
    ]);
  });

  it('says why a P0 task holds the dead-man switch, as HEARTBEAT.md does', () => {
    const held = (over: Partial<Task>): Task =>
      sampleTask('TASK-20261120-001', {
        title: 'Renew the passport',
        priority: 'P0',
        escalation_level: 4,
        ...over,
      });
    const p0Line = (task: Task): string | undefined => {
      const pack = buildRecallPack({
        entity: 'user:primary',
        now: NOW,
        items: [],
        entities: [],
        tasks: [task],
      });
      if (!pack.ok) throw pack.error;
      return pack.value.sections.find((s) => s.key === 'p0_constraints')?.entries[0]?.text;
    };
    expect(p0Line(held({ due: '2026-11-24T17:00:00.000Z', deadline_missed: true }))).toContain(
      'is overdue (due 2026-11-24T17:00:00.000Z)',
    );
    // The deadline was moved after it was missed: never "overdue" before the new date.
    const moved = p0Line(held({ due: '2026-12-24T17:00:00.000Z', deadline_missed: false }));
    expect(moved).toContain('missed an earlier deadline; now due 2026-12-24T17:00:00.000Z');
    expect(moved).not.toContain('overdue');
  });
});

describe('approved P0 rules', () => {
  const withRules = (rulesShownAbove?: boolean) =>
    buildRecallPack({
      ...(rulesShownAbove === undefined ? {} : { rulesShownAbove }),
      entity: 'user:primary',
      now: NOW,
      items: [
        stateItem({
          uid: 'c_000000000010',
          typeTag: 'constraint',
          text: 'Never email Client X on weekends.',
        }),
        stateItem({
          uid: 'c_000000000011',
          typeTag: 'constraint',
          text: 'Monthly tool budget is $0',
        }),
      ],
      entities: [],
      rules: [
        {
          id: 'm-20261125-001',
          text: 'Never email Client X on weekends',
          source: 'MEMORY.md m-20261125-001',
        },
      ],
    });
  const p0 = (pack: ReturnType<typeof withRules>) => {
    if (!pack.ok) throw pack.error;
    return pack.value.sections.find((s) => s.key === 'p0_constraints')?.entries;
  };

  it('lists them under P0 constraints with their source, and a constraint item saying the same once', () => {
    expect(p0(withRules())).toEqual([
      {
        id: 'm-20261125-001',
        text: 'Never email Client X on weekends (MEMORY.md m-20261125-001)',
        source: 'MEMORY.md m-20261125-001',
      },
      { id: 'c_000000000011', text: 'Monthly tool budget is $0' },
    ]);
  });

  it('lists them not at all when they are shown above the pack, and still not the item saying the same', () => {
    expect(p0(withRules(true))).toEqual([
      { id: 'c_000000000011', text: 'Monthly tool budget is $0' },
    ]);
    // Near miss: false is the default, the rules listed.
    expect(p0(withRules(false))).toEqual(p0(withRules()));
  });
});
