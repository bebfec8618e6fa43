import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// A preference said together with the value it replaces ("no more window seats for me, aisle
// from now on", "swap my oat milk for almond"): the value taken back ("not", "no more", "no
// longer", "never", "instead of", "from", "swap", "replace", "ditch" right before it) is never
// the reading, and the one value left is, even when it is said without its noun ("aisle",
// "almond"). Before rules 2.23 the first value named won, so each of the first group committed
// the old value: confidently wrong. Every sentence was written for this test (in no benchmark
// file); the near-misses keep the construction and must commit nothing.

const profile = readingsUnder('profile.');

describeSentences(committingReadings, {
  'a preference said with the value it replaces': {
    'reads the value kept, never the one taken back': {
      read: profile,
      reads: [
        [
          'No more window seats for me, aisle from now on',
          'profile.preference.seat=aisle (strong)',
        ],
        ['aisle from now on pls, not window', 'profile.preference.seat=aisle (strong)'],
        [
          'Swap my oat milk for almond going forward',
          'profile.preference.milk=almond milk (strong)',
        ],
        [
          'going forward replace the soy milk with oat',
          'profile.preference.milk=oat milk (strong)',
        ],
        ['I switched from oat milk to almond', 'profile.preference.milk=almond milk (strong)'],
        ['i switched from window seats to aisle ones', 'profile.preference.seat=aisle (strong)'],
        [
          'from now on I will take the aisle instead of a window seat',
          'profile.preference.seat=aisle (strong)',
        ],
      ],
    },
  },
  'near-misses of a replaced preference': {
    'commits nothing when every value named is taken back, or two are kept': {
      nothing: [
        'No more window seats for me',
        'no longer oat milk, not soy either',
        'aisle or window seat, I honestly do not mind',
        'Not a fan of window seats anymore',
      ],
    },
    'reads no milk from a kind word that heads another noun': {
      read: profile,
      nothing: ['an almond croissant and an oat milk latte for me today'],
    },
    'commits nothing for someone else’s switch': {
      nothing: ['My sister switched from oat milk to almond', 'Dev swapped his oat milk for soy'],
    },
  },
});
