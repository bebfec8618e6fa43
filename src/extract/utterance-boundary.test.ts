import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';

// An emoji or an exclamation mark closes an utterance in chat: the words before it are not the
// subject of the verb after it. Every sentence was written for this test (in no benchmark file).

describeSentences(committingReadings, {
  'an emoji or "!" between a noun phrase and a verb': {
    'leaves the speaker as the subject of the verb after it': {
      read: (text) =>
        committingReadings(text).filter((r) => r.startsWith('user:primary travel.status=')),
      something: [
        'wedding week 🎉 landed in Accra',
        'yalla, engagement week 🎉 just touched down in Beirut',
        'long day!! landed in Hanoi finally',
        'conference season 😩 arrived in Nairobi',
        'big news! flying to Lima on friday',
      ],
    },
    'keeps a name right before the mark, or a subject after it, as the subject': {
      nothing: [
        'Mira 🎉 landed in Accra',
        'so proud! my sister landed in Accra',
        'what a week 😩 Tomas flew to Oslo',
        'omg 😍 their flight to Rome is booked',
        'wow! the parcel arrived in Leeds',
      ],
    },
  },

  // "in <place>, <a clause with a subject of its own>": the place sets the scene for that clause.
  'a fronted locative': {
    'is not where the speaker is when the next clause has a subject of its own': {
      nothing: [
        'in Paris, the cafés close late',
        'in Rome, the kids are asleep by 9 there',
        'in Tokyo, people queue for everything',
        'in Oslo now, Mia says hi',
        'In Lagos, everyone eats jollof at weddings',
      ],
    },
    'is still a presence before a remark, a return or the speaker': {
      read: (text) => committingReadings(text).filter((r) => r.includes('travel.location=')),
      something: [
        'finally in Nairobi, what a flight',
        'In Bergen now, back Thursday.',
        "in Tokyo, we're shattered",
        'still in lisbon, so hot',
        'in Kraków now, finally',
      ],
    },
  },
});
