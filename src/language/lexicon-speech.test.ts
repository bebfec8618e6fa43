import { describe, expect, it } from 'vitest';
import { HEARSAY, OFFERED_OPTION, REPORTING_SPEAKER, SAYING_VERB, SUPPOSITION } from './lexicon.js';

// Sentences written for these tests; none is in a benchmark file. These entries are read by the
// intent classifier (extract) and by the session observer, their one home.
describe('lexicon entries for second-hand and supposed claims', () => {
  const cases = [
    [
      'HEARSAY',
      HEARSAY,
      [
        'apparently the depot closes at 4',
        'According to Nadia, it ships Monday',
        'I heard that the lease ends',
      ],
      ['I heard the kettle', 'the depot closes at 4'],
    ],
    [
      'REPORTING_SPEAKER (case matters: a capitalised word is a name)',
      REPORTING_SPEAKER,
      [
        'Tomek says the van is free',
        'my landlord reckons it is fine',
        'the invoice shows 40 hours',
      ],
      ['tomek says the van is free', 'I said nothing'],
    ],
    [
      'SAYING_VERB (case ignored)',
      SAYING_VERB,
      ['tomek says the van is free', 'someone told me it was fixed', 'the log shows two retries'],
      ['the van is free', 'tell me when it is fixed'],
    ],
    [
      'SUPPOSITION',
      SUPPOSITION,
      ['if the van is free we go Friday', 'what if we moved it', 'assuming the lease ends in May'],
      ['the lease ends in May', 'we shifted it to Friday'],
    ],
    [
      'OFFERED_OPTION',
      OFFERED_OPTION,
      [
        'you can now swap your return leg online',
        "You're welcome to pick another seat",
        'you may cancel within 24 hours',
        "you'll be able to upgrade at the gate",
      ],
      [
        "you can't change this fare",
        'you can see the lake from here',
        'I can fly on Friday',
        'you can call me Sol',
      ],
    ],
  ] as const;
  it.each(cases)('%s', (_name, entry, matches, misses) => {
    expect(entry.phenomenon.length).toBeGreaterThan(0);
    for (const t of matches) expect(entry.pattern.test(t), t).toBe(true);
    for (const t of misses) expect(entry.pattern.test(t), t).toBe(false);
  });
});
