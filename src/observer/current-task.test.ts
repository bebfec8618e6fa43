import { describe, expect, it } from 'vitest';
import { observeTranscript } from './rule-observer.js';
import type { TranscriptEntry } from './transcript.js';

function taskOf(turns: readonly (readonly [TranscriptEntry['role'], string])[]): string | null {
  const entries = turns.map(([role, text], i) => ({
    id: `m${i + 1}`,
    role,
    text,
    at: new Date(Date.UTC(2026, 4, 12, 14, i)).toISOString(),
  }));
  return observeTranscript({
    captureKey: 'c'.repeat(64),
    sessionId: 's',
    entries,
    fallbackDate: '2026-05-12',
  }).current_task;
}

describe('the current task of a session', () => {
  it('is the last request, not the musing after it', () => {
    expect(
      taskOf([
        ['user', 'Please migrate the invoice tables to the new schema.'],
        ['assistant', 'On it: three tables, starting with invoice_lines.'],
        ['user', 'Just thinking out loud.'],
      ]),
    ).toBe('Please migrate the invoice tables to the new schema.');
  });

  it('takes a request put as a question over a remark that follows it', () => {
    expect(
      taskOf([
        ['user', 'Can you set up a staging database for the demo on Friday?'],
        ['assistant', 'Sure. Should it be a copy of production?'],
        ['user', 'No copies of production, ever. That is a hard rule.'],
      ]),
    ).toBe('Can you set up a staging database for the demo on Friday?');
  });

  it('skips go-aheads and acknowledgements back to what they approve', () => {
    expect(
      taskOf([
        ['user', 'Draft the release notes for version 3.2.'],
        ['assistant', 'Here is a first draft with the four headline changes.'],
        ['user', 'Looks good.'],
        ['user', 'Go ahead.'],
      ]),
    ).toBe('Draft the release notes for version 3.2.');
  });

  it('reads wants and proposals as requests', () => {
    expect(
      taskOf([
        ['user', 'The search ranker shipped last week.'],
        ['user', 'I need you to review the pull request for the ranker weights.'],
      ]),
    ).toBe('I need you to review the pull request for the ranker weights.');
    expect(taskOf([['user', "Let's split the onboarding emails into three steps."]])).toBe(
      "Let's split the onboarding emails into three steps.",
    );
  });

  it('is absent when the user asked for nothing', () => {
    expect(
      taskOf([
        ['user', 'Thanks!'],
        ['assistant', 'You are welcome. Anything else?'],
        ['user', 'Just thinking out loud.'],
        ['user', "That's a hard rule."],
        ['user', 'Maybe we could look at caching at some point.'],
      ]),
    ).toBeNull();
  });

  it('never takes the assistant words for the task', () => {
    expect(
      taskOf([
        ['user', 'Hello there.'],
        ['assistant', 'Let me rebuild the search index for the docs site.'],
      ]),
    ).toBeNull();
  });

  it('takes a follow-up that opens with now, next or after that over the finished request', () => {
    for (const follow of [
      'Now add a changelog entry for the fix.',
      'Next, bump the version in package.json.',
      'Okay, now run the smoke tests against staging.',
      'After that, tag the release.',
    ]) {
      expect(
        taskOf([
          ['user', 'Fix the flaky login test on CI.'],
          ['assistant', 'Fixed: the test waited on a stale selector.'],
          ['user', follow],
        ]),
      ).toBe(follow.replace(/^Okay, now run/, 'Now run'));
    }
  });

  it.each([
    'Order more printer paper.',
    'Clean the oven before the guests arrive.',
    'Top up the transit card.',
    'Reply to the school about the trip.',
    'Tidy up the shared drive.',
    'Book the van for Friday.',
    'Now order more printer paper.',
    'Next, price out three laptops for the interns.',
    'Clear out the spare room.',
  ])('takes the bare imperative %s over the finished request before it', (follow) => {
    expect(
      taskOf([
        ['user', 'Please draft the quarterly report for the board.'],
        ['assistant', 'Done, the draft is in the shared folder.'],
        ['user', follow],
      ]),
    ).toBe(follow);
  });

  it.each([
    'Lunch at noon.',
    'Order confirmed.',
    'Book club tonight.',
    'Long day at the office.',
    'Paper jam again.',
    'Water everywhere in the kitchen.',
    'Order of the slides is wrong.',
    // A noun with a particle and no object after it is a remark (review of session 16).
    'Frost up to the windowsills.',
    'Prices up again this week.',
    'Roadworks up ahead.',
    'Congratulations to the whole crew.',
    'Respect to the night shift.',
    // Appreciation and greetings ask for nothing.
    'Love that, thanks.',
    'Appreciate it!',
    'Nice one, thank you!',
    'Really like it, cheers.',
    'Good morning everyone.',
  ])('keeps the request when the remark %s follows it', (remark) => {
    expect(
      taskOf([
        ['user', 'Please draft the quarterly report for the board.'],
        ['assistant', 'Working on it.'],
        ['user', remark],
      ]),
    ).toBe('Please draft the quarterly report for the board.');
  });
});
