import { describe, it } from 'vitest';
import {
  asReading,
  expectEachRead,
  expectNothingRead,
  readMessage,
} from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';
import type { KnownSlot } from './types.js';

// A change of status stated about a project on record by its name ("Apollo is unblocked",
// "Apollo status: on track again", "Project Apollo is on track again"): the status vocabulary
// read from the clause, said of the named project (tryout 3, finding 4: the project stayed
// blocked for the whole run). Written before the reading, per the near-miss protocol of ADR
// 2026-11-27-held-out-anatomy: each near-miss keeps the construction with another subject,
// mood, tense, polarity or speaker's stance, and must read nothing firm. Every sentence was
// written for this test (in no benchmark file).

const project = readingsUnder('project.');

/** A user's own thread with the project `slug` on record as blocked. */
const blocked = (slug: string): KnownSlot[] => [
  { entityId: 'user:primary', field: `project.${slug}.status`, value: 'blocked' },
];

/**
 * The readings that could commit or ask (strong or moderate evidence, said as a fact or a plan):
 * a question, a supposition or an old story may be read, but never firmly.
 */
const firm = (text: string, known: readonly KnownSlot[]): string[] =>
  readMessage(text, { known })
    .filter(
      (o) =>
        o.field.startsWith('project.') &&
        o.evidence !== 'weak' &&
        (o.intent === 'assertive' || o.intent === 'planning'),
    )
    .map(asReading);

describe('a change of status said of a named project on record', () => {
  it('reads the new status in several registers', () => {
    const read = (text: string): string[] => project(text, blocked('osprey'));
    expectEachRead(read, [
      ['Osprey is unblocked as of this morning.', 'project.osprey.status=in_progress (strong)'],
      ['osprey status: on track again', 'project.osprey.status=in_progress (strong)'],
      ['Project Osprey is back on track.', 'project.osprey.status=in_progress (strong)'],
      ['Great news, Osprey is on track again!', 'project.osprey.status=in_progress (strong)'],
      ['fyi osprey is unblocked now 🎉', 'project.osprey.status=in_progress (strong)'],
      ['OSPREY: on track', 'project.osprey.status=in_progress (strong)'],
      ['Osprey shipped yesterday, finally.', 'project.osprey.status=shipped (strong)'],
      [
        'The Osprey campaign is back in progress as of today.',
        'project.osprey.status=in_progress (strong)',
      ],
    ]);
  });

  it('reads it of a project on record under a longer name', () => {
    expectEachRead(
      (text: string) => project(text, blocked('project_osprey')),
      [
        [
          'Osprey is unblocked, legal signed off.',
          'project.project_osprey.status=in_progress (strong)',
        ],
      ],
    );
  });
});

describe('near-misses of a status change said of a named project', () => {
  const read = (text: string): string[] => firm(text, blocked('osprey'));

  it('reads nothing for a one-word name that is no project on record', () => {
    expectNothingRead(read, [
      'Priya is unblocked, she has the credentials now.',
      'Marcus is on track for the half marathon.',
      'Kestrel status: on track',
    ]);
  });

  it('reads nothing firm for a question, a hope, a plan or a supposition', () => {
    expectNothingRead(read, [
      'Is Osprey unblocked yet?',
      'Osprey status: on track?',
      'I hope Osprey is on track again by Friday.',
      'Osprey should be unblocked next week once legal signs.',
      'If legal signs off, Osprey is unblocked.',
      'Imagine Osprey were on track, we could ship in May.',
    ]);
  });

  it('reads nothing for a negation or an old story', () => {
    expectNothingRead(read, [
      "Osprey isn't on track, legal is still reviewing.",
      'Osprey is not unblocked yet.',
      'Back in 2024 Osprey was on track until the audit.',
    ]);
  });

  it('reads nothing when the one on track is a person of the project', () => {
    expectNothingRead(read, [
      "Osprey's designer is unblocked now.",
      'the Osprey intern is on track with onboarding docs',
    ]);
  });
});
