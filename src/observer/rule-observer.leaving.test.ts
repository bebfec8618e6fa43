// rules@13: the speaker leaving or turning to something else now ("now I must feed the goats",
// "gotta dash", "off to teach", "standup in 5") is the moment, not a memory; a durable clause
// beside it is still kept, and obligations that stand keep their reading. Sentences of our own,
// not from the observe sets.
import { describe, it } from 'vitest';
import { chatsFrom } from './__fixtures__/sentences.js';

const { keeps, keepsWithout, keepsNothing } = chatsFrom({ from: '2026-03-04T10:00:00.000Z' });

describe('rules@13: the speaker leaving now', () => {
  it.each([
    'Now I must feed the goats before the storm',
    'Right, I have to sleep, it is 1am in Auckland',
    'Gotta dash, dentist at 4',
    'Off to teach the 10:15 seminar',
    'Thanks, off to open the café, first delivery at 7',
    'Now I go lock up the workshop, 40 minutes of sweeping first',
    'Back to real work, retro in 3 min',
    'Sorry, my 2pm call is starting',
    'Standup in 5',
    'ok now I need to go pick up Lotte from Kita 3',
  ])('"%s" gives nothing durable', keepsNothing);

  it.each([
    ['gotta run, the billing repo is owned by Oksana Petrenko', 'Oksana Petrenko'],
    ['I have to leave now, the spare keys are at 14 Elm Road with Mrs Adeyemi', '14 Elm Road'],
    ['Off to bed, the rsync job runs at 03:30 on vault-02', 'vault-02'],
  ])('"%s" keeps its durable clause', keepsWithout(/^(?:gotta|i have|off)/i));

  // Positive neighbours: the same cue words inside a standing rule, fact or deadline.
  it.each([
    ['Never deploy on Fridays, gotta go', 'Fridays'],
    ['Membership is £60 per year, I must pay the club before 1 March.', '£60'],
    ['Backups now go to s3://kiln-backups every night.', 's3://kiln-backups'],
    ['Every new member has to go through the induction on Tuesdays at 18:00', '18:00'],
    ['The night class runs in room 4.12 on Thursdays.', '4.12'],
    ['From now on I go through the Friday invoices myself before 16:00.', '16:00'],
  ])('"%s" stays durable', keeps);
});
