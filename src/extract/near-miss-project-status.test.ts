import { describe, expect, it } from 'vitest';
import {
  asReading,
  expectEachRead,
  expectNothingRead,
  onRecord,
  readMessage,
} from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// A later status of a project already on record (issue #10): "Project Apollo is blocked on legal
// review." stayed blocked for two weeks after "Project Apollo is on track again.", "Apollo
// status: on track again." and "Good news, Apollo is unblocked, legal signed off.". Written
// before the reading, per the near-miss protocol of ADR 2026-11-27-held-out-anatomy: the reverted
// session-14 reading turned a son, a show and a story named like the project into `shipped`, so
// each near-miss keeps a status word beside the project's name with another bearer, project,
// mood, tense or polarity, and must read nothing. Every sentence was written for this test.

const project = readingsUnder('project.');

const blocked = onRecord({ 'project.apollo.status': 'blocked' });
const underway = onRecord({ 'project.apollo.status': 'in_progress' });

describe('a status change of a project on record', () => {
  it('reads the explicit project forms, in several registers', () => {
    expectEachRead(
      (text) => project(text, blocked),
      [
        ['Project Apollo is on track again.', 'project.apollo.status=in_progress (strong)'],
        ['Apollo status: on track again.', 'project.apollo.status=in_progress (strong)'],
        [
          'Good news, Apollo is unblocked, legal signed off.',
          'project.apollo.status=in_progress (strong)',
        ],
        ['the apollo project is back on track now', 'project.apollo.status=in_progress (strong)'],
        ['APOLLO STATUS: SHIPPED', 'project.apollo.status=shipped (strong)'],
        ["fyi project apollo's unblocked 🎉", 'project.apollo.status=in_progress (strong)'],
      ],
    );
    expectEachRead(
      (text) => project(text, underway),
      [['Update: Project Apollo is on hold.', 'project.apollo.status=blocked (strong)']],
    );
  });
});

describe('near-misses of a project status change', () => {
  // A reading that changes state: a statement or plan with more than weak evidence. A
  // hypothetical ("If legal signs off, …") or a story ("… was shipped years ago") is kept as
  // what it is and moves no status.
  const changes = (text: string): string[] =>
    readMessage(text, { known: blocked })
      .filter(
        (o) =>
          o.field.startsWith('project.') &&
          o.evidence !== 'weak' &&
          (o.intent === 'assertive' || o.intent === 'planning'),
      )
      .map(asReading);
  const nothing = (texts: readonly string[]): void => expectNothingRead(changes, texts);

  it('reads nothing for a person, a pet or a show named like the project', () => {
    nothing([
      'My son Apollo is done with school for the summer.',
      'Apollo is live on Netflix tonight, popcorn ready.',
      'Our dog Apollo is on track to win best in show.',
      'Apollo is unblocked on the climbing wall now, he got past the overhang.',
      'my nephew apollo is finally on track with his reading',
    ]);
  });

  it('reads nothing for another project, or for a project not on record', () => {
    nothing(['Project Hermes is on track again.', 'Hermes status: on track again.']);
    expect(project('Project Apollo is on track again.')).toEqual([]);
  });

  it('reads nothing for a question, a hope, a plan, a hypothetical or a negation', () => {
    nothing([
      'Is Project Apollo on track again?',
      'Apollo status: on track again?',
      'Hopefully Project Apollo is on track again by Friday.',
      'We plan to have Project Apollo on track again next week.',
      'If legal signs off, Project Apollo is unblocked.',
      'Project Apollo would be on track if legal signed off.',
      'Project Apollo is not on track again yet.',
      'Apollo status: still not on track.',
      "Apollo isn't unblocked yet, legal is still reading.",
    ]);
  });

  it('reads nothing for a story of the past, quoted text or an outcome still to come', () => {
    nothing([
      'Back in 2019, Project Apollo was on track until the budget cuts.',
      'Project Apollo was shipped once before, years ago.',
      'Dana wrote "Project Apollo is on track again" but she was joking.',
      'Apollo status: on track to miss the deadline.',
      'Project Apollo is on track to slip another month.',
      'Project Apollo is on track again, according to Dana.',
      'Project Apollo is unblocked, or so the vendor claims.',
      'Project Apollo is stuck in traffic on the ring road.',
      'Project Apollo is done for today, see you tomorrow.',
      'Project Apollo is live, but only in staging.',
      'Project Apollo is live, in staging for now.',
      'Project Apollo is complete, except for the legal review.',
    ]);
  });

  it('reads nothing from the looser forms about a project whose status is on record', () => {
    nothing([
      'Apollo is done, the vet says he can go home.',
      'We shipped Apollo to the kennel this morning.',
      'The Apollo reboot is live on Netflix now.',
    ]);
  });
});
