// One sentence of our own for every entry of the lists `takenUp` reads (issue #13, review of
// rules@20), each beside a control that differs only in that entry, in a table per list.
import { describe, expect, it } from 'vitest';
import { takenUp } from './taken-up.js';
import type { TranscriptEntry } from './transcript.js';
import type { Observation } from './types.js';

const at = (minute: number) => new Date(Date.UTC(2026, 5, 2, 9, minute)).toISOString();

/** What becomes of an assistant's 🟡 statement the user answers with `reply`: its text if 🔴. */
function promotedText(text: string, reply = 'sounds good'): string | null {
  const said: TranscriptEntry = { id: 'a', role: 'assistant', text, at: at(0) };
  const answer: TranscriptEntry = { id: 'u', role: 'user', text: reply, at: at(1) };
  const draft: Observation = {
    observation_id: 'o-1',
    priority: 'yellow',
    memory_priority: 'P2',
    type: 'fact',
    time: '09:00',
    at: said.at,
    text,
    speaker: 'assistant',
    source_message_ids: ['a'],
    resolved_by: null,
  };
  const [out] = takenUp([said, answer], [draft]);
  return out?.priority === 'red' ? out.text : null;
}

describe('takenUp, entry by entry', () => {
  // PLAN_OPENING: each opening is read as a plan and left out of the decision's text.
  const action = 'keep the staging database on port 5433';
  it.each([
    ["i'll", "I'll"],
    ['i will', 'I will'],
    ['let me', 'Let me'],
    ["let's", "Let's"],
    ["i'd", "I'd"],
    ['i would', 'I would'],
    ["we'll", "We'll"],
    ['we will', 'We will'],
    ['we could', 'We could'],
    ['we can', 'We can'],
    ['we should', 'We should'],
    ['i suggest (we)', 'I suggest we'],
    ['i recommend (you)', 'I recommend you'],
    ['i propose (we)', 'I propose we'],
    ['you could', 'You could'],
    ['also', "I'll also"],
    ['just', 'We should just'],
    ['now', "Let's now"],
  ])('reads the plan opening "%s"', (_, opening) => {
    expect(promotedText(`${opening} ${action}.`)).toBe('Keep the staging database on port 5433');
  });

  it('reads "how about" as a plan opening, leaving the action as it is worded', () => {
    expect(promotedText('How about moving the standup to 10:00.')).toBe(
      'Moving the standup to 10:00',
    );
  });

  it('promotes no description the user nods at, the control the openings are set against', () => {
    expect(promotedText('The staging database listens on port 5433.')).toBeNull();
  });

  // FAILED: each word makes the report the moment's; the control says the same without it.
  const control = 'Moved the photo sync to the NAS after the old job lagged.';
  it('promotes the control report the failure words are set against', () => {
    expect(promotedText(control)).toBe(control.replace(/\.$/, ''));
  });
  it.each([
    ['fail', 'would fail'],
    ['fails', 'fails'],
    ['failed', 'failed'],
    ['failing', 'kept failing'],
    ['failure', 'hit a failure'],
    ['failures', 'hit failures'],
    ['broken', 'was broken'],
    ['crash', 'hit a crash'],
    ['crashes', 'crashes'],
    ['crashed', 'crashed'],
    ['crashing', 'kept crashing'],
    ['error', 'hit an error'],
    ['errors', 'threw errors'],
    ['denied', 'was denied'],
    ['refused', 'was refused'],
    ['not working', 'was not working'],
    ["doesn't work", "doesn't work"],
    ['stopped', 'stopped'],
  ])('promotes nothing of a report with "%s"', (_, words) => {
    expect(promotedText(control.replace('lagged', words))).toBeNull();
  });

  // COUNTED: a report done once to a counted batch; the control names the batch uncounted.
  const batch = 'Removed duplicate rows from the nightly import.';
  it('promotes the uncounted control report', () => {
    expect(promotedText(batch)).toBe(batch.replace(/\.$/, ''));
  });
  it.each([
    '214',
    '1,200',
    'a dozen',
    'a couple of',
    'a few',
    'a handful of',
    'a hundred',
    'a thousand',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'twenty',
    'thirty',
    'forty',
    'fifty',
    'hundred',
    'dozens of',
    'hundreds of',
    'thousands of',
    'both',
    'several',
  ])('promotes nothing of a report counting its batch with "%s"', (count) => {
    expect(promotedText(batch.replace('duplicate', `${count} duplicate`))).toBeNull();
  });

  it('still promotes a counted value a change sets, not a batch it acts on', () => {
    expect(promotedText('Changed the reminder to 10 minutes before the class.')).toBe(
      'Changed the reminder to 10 minutes before the class',
    );
  });
});
