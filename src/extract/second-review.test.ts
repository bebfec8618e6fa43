import { findDates } from '../language/index.js';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';

// Readings a second reviewer found confidently wrong in this session's rules (verbless plans and
// presence, the utterance split before a subject, ordinals, bills), each with sentences of our
// own, in no benchmark file. Negatives give no committing reading for the speaker; positives
// keep the reading the rule exists for.

const AT = '2026-05-04T09:00:00Z';

describeSentences(committingReadings, {
  'a subject before an emoji or "!" is still the subject': {
    "someone else's arrival stays theirs": {
      read: (text) => committingReadings(text).filter((r) => r.startsWith('user:primary travel.')),
      nothing: [
        'my parents 🎉 landed in Oslo',
        'the kids ✈️ just landed in Lisbon',
        'our neighbours 🙌 got to Madrid last night',
      ],
    },
    "the speaker's own arrival after a remark is still the speaker's": {
      reads: [
        ['engagement week 🎉 just landed in Oslo', 'user:primary travel.location=Oslo (strong)'],
        ['phew! landed in Lisbon', 'user:primary travel.location=Lisbon (strong)'],
      ],
    },
  },

  'a capitalised English word, a memory or a caption is not a place the speaker is in': {
    'reads no committed presence': {
      nothing: [
        'Still In Progress.',
        'Still In Limbo.',
        'in Rome years ago, best pasta ever',
        'Paris for the weekend, years ago.',
      ],
    },
  },

  'an ordinal after back/till/through is a day only when no noun follows it': {
    'reads no day from "1st thing", "3rd grade", "3rd period"': {
      read: (text) => findDates(text, AT).filter((d) => d.date !== null),
      nothing: ['back 1st thing', 'homeschooled through 3rd grade', 'till 3rd period'],
    },
    'still reads "back 10th" as a day': {
      read: (text) => findDates(text, AT).map((d) => d.date),
      reads: [['flying out tomorrow, back 10th', '2026-05-10']],
    },
  },

  "a bill's state said in the past is no current state": {
    'reads nothing from a past bill': {
      nothing: ['council tax was overdue last year', "the tv licence fee wasn't paid in 2019"],
    },
    "still reads a bill's present state": {
      read: (text) => committingReadings(text).filter((r) => r.includes('water_bill.status=paid')),
      something: ["water bill's paid"],
    },
  },
});
