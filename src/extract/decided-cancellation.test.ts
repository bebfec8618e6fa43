import { describe, expect, it } from 'vitest';
import { onRecord, readerIn } from './__fixtures__/read-chat.js';

// A project called off by a decision ("… has decided to discontinue X") was never read: the verb
// is not in the past form the status rules look for and its subject is a group, so the project
// kept the status on record (in progress) after it was stopped.
const TEAM = 'team:orchard';

describe('a project called off by a decision', () => {
  const read = readerIn(TEAM, {
    known: onRecord({ 'project.marlin.status': 'in_progress' }, TEAM),
  });

  it('reads a group deciding to discontinue the project as cancelled', () => {
    expect(
      read('After the budget round the board has decided to discontinue the Marlin project.'),
    ).toContain('project.marlin.status=cancelled (strong)');
  });

  it('reads "we\'ve decided to shelve" as cancelled', () => {
    expect(read("We've decided to shelve Marlin for good.")).toContain(
      'project.marlin.status=cancelled (strong)',
    );
  });

  it('reads nothing from a proposal, a condition, a question or a refusal', () => {
    for (const text of [
      'We could decide to scrap Marlin next quarter.',
      'If the board has decided to axe Marlin, we should hear by Friday.',
      'Has leadership decided to cancel Marlin?',
      'The board has decided not to cancel Marlin.',
      'I heard the board decided to scrap Marlin.',
    ]) {
      expect(read(text), text).not.toContain('project.marlin.status=cancelled (strong)');
    }
  });

  it('reads nothing from a decision told as a story', () => {
    for (const text of [
      'Back in 2019 the board decided to scrap Marlin, and we revived it a year later.',
      'Two years ago the board decided to scrap Marlin.',
    ]) {
      expect(read(text), text).not.toContain('project.marlin.status=cancelled (strong)');
    }
  });

  it('reads nothing when another party decides about its own work', () => {
    expect(read('Our supplier decided to discontinue the blue casing.')).not.toContain(
      'project.marlin.status=cancelled (strong)',
    );
    expect(read('Their startup decided to shelve the Kestrel app.')).toEqual([]);
  });
});
