// rules@36: a sentence of the user's reply to the assistant's direct question that states, with
// specifics, how the user's own things are ("Where is the list kept?" → "… it lives in airtable,
// base "pantry stock"") is a durable fact: the question gives the subject, the reply the value
// (issue #13, the priority stage of the even-numbered observe sets). A reply to an offer answers
// with its first sentence after a yes; thinking aloud, doubt, a state for the moment, an option
// turned down and a slip taken back stay context. Sentences of our own, not from the observe sets.
// rules@37 (second block): a capital inside a short answer to a who/which/what question names
// something ("Ana for pt, Jonas for de"); found in the even-numbered sets, odd sets unchanged.
// rules@38 (third block): a plain-worded answer in the question's own words to a which/what/who/
// where question; found in the even-numbered sets, checked on the odd ones.
// rules@39 (fourth block): the same to a question that is only a noun phrase ("Power source?").
import { describe, expect, it } from 'vitest';
import { observedIn, type Turn } from './__fixtures__/sentences.js';

const RULES = { from: '2026-07-02T10:00:00.000Z', scorer: null } as const;

/** The 🔴 observations of a chat, by the rules alone, that hold `words`. */
const keptHolding = (turns: readonly Turn[], words: string) =>
  observedIn(turns, RULES).filter((o) => o.priority === 'red' && o.text.includes(words));

describe('rules@36: the user’s answer about their own setup is kept', () => {
  it.each<[string, readonly Turn[], string]>([
    // Positive: the answer to "where" comes after another answer, in a sentence of its own.
    [
      'where a list is kept',
      [
        ['assistant', 'Happy to set that up. Where do you keep the stock list?'],
        ['user', 'about 40 lines. it lives in airtable, base "pantry stock"'],
      ],
      'pantry stock',
    ],
    // Reworded positive: which broker, answered after a count.
    [
      'the broker after a count',
      [
        ['assistant', 'Which broker does the weather station publish to?'],
        ['user', 'two stations. it is emqx on the nuc 2'],
      ],
      'emqx on the nuc 2',
    ],
    // Reworded positive: a part number after the size the question asked for.
    [
      'the part beside the size asked for',
      [
        ['assistant', 'The image is 300 KB of — how much flash does the board have?'],
        ['user', '1M. NRF52840'],
      ],
      'NRF52840',
    ],
    // Positive: a yes to an offer, with the value that says how.
    [
      'a yes to an offer, with where it goes',
      [
        ['assistant', 'Nice. Do you want a message when the whole thing finishes?'],
        ['user', 'yes, teams channel #stock-alerts. the bot is already in there'],
      ],
      '#stock-alerts',
    ],
  ])('keeps %s', (_, turns, words) => {
    expect(keptHolding(turns, words).length).toBeGreaterThan(0);
  });

  it.each<[string, readonly Turn[], string]>([
    // Near-miss: after an offer turned down, a later sentence does not answer it.
    [
      'a later sentence after an offer',
      [
        ['assistant', 'Do you want a reminder before each shift?'],
        ['user', 'nah. it lives in airtable, base "shift rota"'],
      ],
      'shift rota',
    ],
    // Near-miss: the user thinks aloud before saying anything.
    [
      'what follows "let me think"',
      [
        ['assistant', 'Should the cutter be bookable by students, or staff only?'],
        ['user', 'hmm let me think. it lives in notion, page "cutter log"'],
      ],
      'cutter log',
    ],
    // Near-miss: a state for the moment.
    [
      'a state for the moment',
      [
        ['assistant', 'Kiln 4 did not answer. Is it plugged in?'],
        ['user', "kiln 4 is unplugged, we're relining it"],
      ],
      'relining',
    ],
    // Near-miss: the user's own doubt.
    [
      'a doubtful answer',
      [
        ['assistant', 'Which broker does the weather station publish to?'],
        ['user', 'two stations. I think it is emqx on the nuc 2'],
      ],
      'emqx',
    ],
    // Near-miss: a slip the user takes back in the next breath.
    [
      'a slip taken back',
      [
        ['assistant', 'Where do the parcel labels get printed?'],
        ['user', 'two printers. it is the zebra, tray 2... no sorry that is wrong. the shed one'],
      ],
      'tray 2',
    ],
  ])('leaves %s out', (_, turns, words) => {
    expect(keptHolding(turns, words)).toEqual([]);
  });
});

// rules@37: a capital inside a short answer, not at its start, names someone or something.
describe('rules@37: a short answer naming someone mid-reply is kept', () => {
  it.each<[string, readonly Turn[], string]>([
    // Positive: two people, each named after a comma or word.
    [
      'two approvers',
      [
        ['assistant', 'Who approves new words for the glossary?'],
        ['user', 'Ana for pt, Jonas for de'],
      ],
      'Jonas for de',
    ],
    // Reworded positive: a which-question, the name last.
    [
      'a greeting chosen',
      [
        ['assistant', 'Which greeting should the letters use?'],
        ['user', 'english, formal with Dear'],
      ],
      'formal with Dear',
    ],
    // Reworded positive: a who-question answered with a place and a person.
    [
      'an addressee',
      [
        ['assistant', 'Who should get the invoices?'],
        ['user', 'the office, attention Bruno'],
      ],
      'attention Bruno',
    ],
  ])('keeps %s', (_, turns, words) => {
    expect(keptHolding(turns, words).length).toBeGreaterThan(0);
  });

  it.each<[string, readonly Turn[], string]>([
    // Near-miss: a name in the reply to a question about what happened, not a who/which.
    [
      'a name in a report of what happened',
      [
        ['assistant', 'Did the rota go out?'],
        ['user', 'the kitchen got it, Tomas forgot the bar'],
      ],
      'Tomas',
    ],
    // Near-miss: the name is a guess.
    [
      'a guessed name',
      [
        ['assistant', 'Who approves new words for the glossary?'],
        ['user', 'probably Ana for pt'],
      ],
      'Ana',
    ],
  ])('leaves %s out', (_, turns, words) => {
    expect(keptHolding(turns, words)).toEqual([]);
  });
});

// rules@38: to a which/what/who/where question, a reply sentence in the question's own words is an
// answer even without a name or number.
describe('rules@38: a plain-worded answer that takes up the question’s words is kept', () => {
  it.each<[string, readonly Turn[], string]>([
    // Positive: where a list lives, in plain words.
    [
      'where a list lives',
      [
        ['assistant', 'Sure. Where does the stock list live?'],
        ['user', 'it is in the pantry binder, the stock sheet at the back'],
      ],
      'pantry binder',
    ],
    // Reworded positive: what the site is built with, after an "ok".
    [
      'what a site is built with',
      [
        ['assistant', 'What do you build the site with?'],
        ['user', 'ok. the site builds with hugo and the theme from the old repo'],
      ],
      'hugo',
    ],
  ])('keeps %s', (_, turns, words) => {
    expect(keptHolding(turns, words).length).toBeGreaterThan(0);
  });

  it.each<[string, readonly Turn[], string]>([
    // Near-miss: a sentence that shares no word with the question says something else.
    [
      'a sentence on another subject',
      [
        ['assistant', 'What do you build the site with?'],
        ['user', 'ok. my sister did the design'],
      ],
      'sister',
    ],
    // Near-miss: the same words, but to a yes/no question, which asks for no value.
    [
      'an answer to a yes/no question',
      [
        ['assistant', 'Does the site build on push?'],
        ['user', 'ok. the site builds with hugo and the theme from the old repo'],
      ],
      'hugo',
    ],
    // Near-miss: the same subject, guessed.
    [
      'a guess',
      [
        ['assistant', 'Where does the stock list live?'],
        ['user', 'two lists. the stock one is probably in the binder'],
      ],
      'binder',
    ],
  ])('leaves %s out', (_, turns, words) => {
    expect(keptHolding(turns, words)).toEqual([]);
  });
});

// rules@39: a question that is only a noun phrase asks "what is it", as a what-question does.
describe('rules@39: a plain-worded answer to a noun-phrase question is kept', () => {
  it.each<[string, readonly Turn[], string]>([
    // Positive: after a "no", the sentence gives what the power is.
    [
      'a power source',
      [
        ['assistant', 'That covers the lights. Power source?'],
        ['user', 'no battery, the power comes from the porch socket'],
      ],
      'porch socket',
    ],
    // Reworded positive: where the spare copy goes, after an "ok".
    [
      'a spare copy',
      [
        ['assistant', 'Good. Spare copy?'],
        ['user', 'ok. the spare copy goes to the old laptop in the hall cupboard'],
      ],
      'hall cupboard',
    ],
  ])('keeps %s', (_, turns, words) => {
    expect(keptHolding(turns, words).length).toBeGreaterThan(0);
  });

  it.each<[string, readonly Turn[], string]>([
    // Near-miss: no word of the question taken up.
    [
      'a sentence on another subject',
      [
        ['assistant', 'That covers the lights. Power source?'],
        ['user', 'no battery, my neighbour set it up'],
      ],
      'neighbour',
    ],
    // Near-miss: the answer guessed.
    [
      'a guess',
      [
        ['assistant', 'That covers the lights. Power source?'],
        ['user', 'no battery. the power is probably off the porch socket'],
      ],
      'porch socket',
    ],
  ])('leaves %s out', (_, turns, words) => {
    expect(keptHolding(turns, words)).toEqual([]);
  });
});
