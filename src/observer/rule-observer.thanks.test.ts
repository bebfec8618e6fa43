// rules@23: thanks that praise the listener for the speaker's day ("you've saved my Sunday") are
// chatter, though they name a weekday; what the listener saved, and a durable statement beside
// the thanks, keep their reading. Sentences of our own, not from the observe sets.
import { describe, it } from 'vitest';
import { chatsFrom } from './__fixtures__/sentences.js';

const { keeps, keepsNothing } = chatsFrom({ from: '2026-07-19T18:00:00.000Z' });

describe("rules@23: thanks for the speaker's day", () => {
  it.each([
    "Cheers, you've saved my Sunday",
    'Thanks so much, you just made my whole week 🙏',
    'ta, you rescued my evening!',
    'Honestly you have saved my bacon',
  ])('"%s" gives nothing durable', keepsNothing);

  // Positive neighbours: what was saved, and a fact said with the thanks.
  it.each([
    ['You saved my export settings in /etc/kiln/export.toml', '/etc/kiln/export.toml'],
    ["Thanks, you've saved my Sunday. The choir rota at St Jude's starts at 9:30 now", '9:30'],
  ])('"%s" stays durable', keeps);
});
