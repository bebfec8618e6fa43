import { describe, expect, it } from 'vitest';
import { observeTranscript } from './rule-observer.js';
import { takenUp } from './taken-up.js';
import type { TranscriptEntry } from './transcript.js';
import type { Observation } from './types.js';

function entry(
  id: string,
  role: TranscriptEntry['role'],
  text: string,
  minute: number,
): TranscriptEntry {
  return { id, role, text, at: new Date(Date.UTC(2026, 5, 2, 9, minute)).toISOString() };
}

/** The rules' observations (no scorer) of a short exchange. */
function observe(entries: TranscriptEntry[]): Observation[] {
  return observeTranscript({
    captureKey: 'u'.repeat(64),
    sessionId: 's',
    entries,
    fallbackDate: '2026-06-02',
    scorer: null,
  }).segments.flatMap((s) => s.observations);
}

const red = (obs: readonly Observation[]) =>
  obs.filter((o) => o.priority === 'red').map((o) => [o.speaker, o.text, o.source_message_ids]);

describe('takenUp', () => {
  it("makes an action the user accepts the user's decision, citing both messages", () => {
    const obs = observe([
      entry('1', 'user', 'The invoice export keeps timing out on big months.', 0),
      entry('2', 'assistant', 'Changed the export batch size to 500 rows in exporter.toml.', 2),
      entry('3', 'user', 'k thanks', 3),
    ]);
    expect(red(obs)).toEqual([
      ['user', 'Changed the export batch size to 500 rows in exporter.toml', ['2', '3']],
    ]);
    expect(obs.find((o) => o.priority === 'red')?.time).toBe('09:03');
  });

  it('writes an accepted plan as the action it takes', () => {
    const obs = observe([
      entry('1', 'assistant', "Let's put the staging database on port 5433 from now on.", 0),
      entry('2', 'user', 'perfect, ship it', 1),
    ]);
    expect(red(obs)).toContainEqual([
      'user',
      'Put the staging database on port 5433 from now on',
      ['1', '2'],
    ]);
  });

  it('promotes nothing on a hedged, deferred, declined or missing reply', () => {
    const said = entry('1', 'assistant', 'Changed the export batch size to 500 rows.', 0);
    for (const reply of ['yes but not yet', 'maybe, let me check with Ines', 'no, put it back']) {
      expect(red(observe([said, entry('2', 'user', reply, 1)]))).toEqual([]);
    }
    expect(red(observe([said]))).toEqual([]);
    expect(red(observe([said, entry('2', 'user', 'How long does an export take?', 1)]))).toEqual(
      [],
    );
  });

  it('leaves a description or a report of the moment the user only nods at', () => {
    for (const said of [
      'The hosting plan includes 3,000 build minutes a month.',
      'Removed 214 duplicate rows.',
      'The import failed on row 88 again.',
    ]) {
      const obs = observe([entry('1', 'assistant', said, 0), entry('2', 'user', 'ok', 1)]);
      expect(red(obs)).toEqual([]);
    }
  });

  it('promotes only the option the user chooses and sets the others aside', () => {
    const assistant = entry(
      '1',
      'assistant',
      'Two ways to run it:\n1. Keep the nightly job on cron at 02:00\n2. Move the nightly job to a systemd timer at 03:00',
      0,
    );
    const user = entry('2', 'user', 'the systemd one', 1);
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
      at: assistant.at,
      text,
      speaker: 'assistant',
      source_message_ids: ['1'],
      resolved_by: null,
    }));
    const [cron, timer] = takenUp([assistant, user], drafts);
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
