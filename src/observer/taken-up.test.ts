import { describe, expect, it } from 'vitest';
import { chat, observeEntries, type Turn } from './__fixtures__/sentences.js';
import { takenUp } from './taken-up.js';
import type { Observation } from './types.js';

const from = '2026-06-02T09:00:00.000Z';

/** The rules' observations (no scorer) of a short exchange, one message a minute from 09:00. */
const observe = (...turns: Turn[]): Observation[] =>
  observeEntries(chat(turns, from), { from, scorer: null });

const red = (obs: readonly Observation[]) =>
  obs.filter((o) => o.priority === 'red').map((o) => [o.speaker, o.text, o.source_message_ids]);

describe('takenUp', () => {
  it("makes an action the user accepts the user's decision, citing both messages", () => {
    const obs = observe(
      ['user', 'The invoice export keeps timing out on big months.'],
      ['assistant', 'Changed the export batch size to 500 rows in exporter.toml.'],
      ['user', 'k thanks'],
    );
    expect(red(obs)).toEqual([
      ['user', 'Changed the export batch size to 500 rows in exporter.toml', ['2', '3']],
    ]);
    expect(obs.find((o) => o.priority === 'red')?.time).toBe('09:02');
  });

  it('writes an accepted plan as the action it takes', () => {
    const obs = observe(
      ['assistant', "Let's put the staging database on port 5433 from now on."],
      ['user', 'perfect, ship it'],
    );
    expect(red(obs)).toContainEqual([
      'user',
      'Put the staging database on port 5433 from now on',
      ['1', '2'],
    ]);
  });

  it('promotes nothing on a hedged, deferred, declined or missing reply', () => {
    const said: Turn = ['assistant', 'Changed the export batch size to 500 rows.'];
    for (const reply of ['yes but not yet', 'maybe, let me check with Ines', 'no, put it back']) {
      expect(red(observe(said, ['user', reply]))).toEqual([]);
    }
    expect(red(observe(said))).toEqual([]);
    expect(red(observe(said, ['user', 'How long does an export take?']))).toEqual([]);
  });

  it('leaves a description or a report of the moment the user only nods at', () => {
    for (const said of [
      'The hosting plan includes 3,000 build minutes a month.',
      'Removed 214 duplicate rows.',
      'The import failed on row 88 again.',
    ]) {
      const obs = observe(['assistant', said], ['user', 'ok']);
      expect(red(obs)).toEqual([]);
    }
  });

  it('promotes only the option the user chooses and sets the others aside', () => {
    const entries = chat(
      [
        [
          'assistant',
          'Two ways to run it:\n1. Keep the nightly job on cron at 02:00\n2. Move the nightly job to a systemd timer at 03:00',
        ],
        ['user', 'the systemd one'],
      ],
      from,
    );
    const listed = [
      'Keep the nightly job on cron at 02:00',
      'Move the nightly job to a systemd timer at 03:00',
    ];
    const drafts: Observation[] = listed.map((text, i) => ({
      observation_id: `o-${i}`,
      priority: 'yellow',
      memory_priority: 'P2',
      type: 'fact',
      time: '09:00',
      at: from,
      text,
      speaker: 'assistant',
      source_message_ids: ['1'],
      resolved_by: null,
    }));
    const [cron, timer] = takenUp(entries, drafts);
    expect(cron?.priority).toBe('green');
    expect(timer).toMatchObject({
      priority: 'red',
      speaker: 'user',
      type: 'decision',
      text: 'Move the nightly job to a systemd timer at 03:00',
      source_message_ids: ['1', '2'],
    });
  });
});
