import { describe, expect, it } from 'vitest';
import { feedUserMessages } from '../engine/__fixtures__/test-engine.js';
import { useRulesEngine } from './__fixtures__/rules-engine.js';

// A retraction whose own words read nothing (a reason, a complaint), then a sentence that restores
// the value the withdrawn statement replaced: the whole message is a bare retraction.
const TRIP = 'I booked a trip to Portland, leaving March 4 and back March 9.';
const CHANGE = "Actually we're going to Seattle instead.";

const t = useRulesEngine('verity-retract-restore-', '2026-02-10T09:00:00Z');

async function destinationAfter(...messages: string[]): Promise<string | null> {
  await feedUserMessages(t(), messages);
  const view = await t().engine.getField('user:primary', 'travel.destination');
  return view.status === 'committed' ? view.value : null;
}

describe('a retraction with a reason, then a restore in the next sentence', () => {
  it.each([
    'Scratch that, the ferry there is far too slow. Back to Portland.',
    'Forget that, the hotels there are wildly overpriced. Stick with Portland.',
    "never mind, my sister just vetoed it. let's go back to Portland",
  ])('withdraws the change and keeps what it replaced: %s', async (sentence) => {
    expect(await destinationAfter(TRIP, CHANGE, sentence)).toBe('Portland');
  });
});

describe('near misses', () => {
  it('a retraction with a reason and no restore leaves the change alone', async () => {
    expect(
      await destinationAfter(TRIP, CHANGE, 'Scratch that, the ferry there is far too slow.'),
    ).toBe('Seattle');
  });

  it('a restore a sentence later than the retraction is no part of it', async () => {
    expect(
      await destinationAfter(
        TRIP,
        CHANGE,
        'Scratch that, the ferry there is far too slow. My feet hurt. Back to Portland.',
      ),
    ).toBe('Seattle');
  });

  it('a restore with no retraction before it withdraws nothing', async () => {
    expect(await destinationAfter(TRIP, CHANGE, 'The rain is awful. Back to Portland.')).toBe(
      'Seattle',
    );
  });

  it('going back to work after a retraction restores nothing', async () => {
    expect(
      await destinationAfter(TRIP, CHANGE, 'Never mind, the ferry is slow. Back to work for me.'),
    ).toBe('Seattle');
  });
});
