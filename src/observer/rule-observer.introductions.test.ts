// rules@11: the speaker saying who they are ("I'm Grete Halvorsen", "I'm the bursar at St Anne's
// College") is a fact. Sentences of our own, not from the observe sets.
import { describe, it } from 'vitest';
import { isA, isNo } from './__fixtures__/sentences.js';

describe('rules@11: the speaker saying who they are', () => {
  const INTRODUCTIONS = [
    "I'm Grete Halvorsen",
    'I am Tomasz, the only electrician on the site.',
    'Hi, I am Aurélie Dubois.',
    'We run a small cidery in Somerset, I am Piet.',
    "I'm the bursar at St Anne's College.",
    'I am a locksmith in Porto, mostly old mortise locks.',
    'I’m the treasurer of the Harbour Rowing Club, 40 members.',
    'My name is Kwabena Mensah.',
    // Two words are chatter unless the second is a name the model has never seen.
    "I'm Chidinma.",
    // A name that is also a common noun needs a full name or a role in apposition (rules@13).
    "I'm Grace, the new bookkeeper.",
    // rules@14: or a greeting before it, which opens an introduction and never a state.
    "Hi, I'm Grace.",
    'Hello, I am Joy.',
    "I'm Mark Fisher.",
    'Hi, I am Joy, a volunteer driver for the food bank.',
    // A role is a noun phrase at a named place.
    "I'm a senior data engineer at Monzo.",
    "I'm a nurse at Guy's.",
  ];
  it.each(INTRODUCTIONS)('"%s" is a fact', isA('fact'));

  const NOT_INTRODUCTIONS = [
    "I'm done for today.",
    'im back',
    "I'm sorry, that was my fault.",
    "I'm a bit late for Monday.",
    "I'm not sure about Hetzner.",
    "I'm in Lisbon until Friday.",
    "I'm the one who broke it yesterday at Heathrow.",
    "I'm a guest at Tomás's wedding next month.",
    "I'm a panellist at RustConf in September.",
    // A state written with a capital: the tagger reads it as an adjective, adverb or verb.
    "I'm Fine, just a long week at the stall.",
    "I'm Back, sorry, the courier came.",
    "I'm Home, at last.",
    "I'm Set, thanks.",
    "I'm Done.",
    "I'm Exhausted.",
    'I am a little worried about the launch in March.',
    // rules@13: a single word the tagger also reads as a common noun is a state as often as a
    // name ("Grace" is lost with "Toast"), and a degree or measure before a state is no role.
    "I'm Toast",
    // ("I'm Vegan.", "I'm Vegetarian, so …" are no names either, but since rules@18 a lasting
    // condition of the speaker, a fact: rule-observer.rules18.test.ts.)
    // Alone, "I'm Grace." cannot be told from "I'm Toast." (rules@14 keeps it out, precision first).
    "I'm Grace.",
    "Hi, I'm Done.",
    "I'm a bit annoyed at Dave.",
    "I'm an hour early at Paddington.",
    "I'm a little cross with Marta.",
    "I'm a day late with the Henley invoices.",
    // Who they are, said with the problem the sentence reports: the problem is the point.
    "I'm the caretaker at Elm Court and the boiler keeps failing.",
  ];
  it.each(NOT_INTRODUCTIONS)('"%s" is no fact', isNo('fact'));
});

describe('rules@11: someone named by their relation to the speaker', () => {
  it.each([
    'my sister Ines keeps the spare key',
    'the treasurer is my neighbour Halvard, he signs the cheques',
    'Birgit (my co-author) does the figures',
    'our vet is my cousin Tamsin so she squeezes us in',
    'my accountant Pedro Lobo files the quarterly VAT',
    // The relation's own clause is in the present; another clause's past does not matter.
    'my cousin Tamsin is our vet, she moved here in 2019',
  ])('"%s" is a fact', isA('fact'));

  it.each([
    "I'm helping my sister Ines move house",
    'my brother Olek says the garage is too small',
    'my flatmate Jonas fixed it two weeks ago',
    'talking to my uncle Ravi about it now',
    'my dad Piotr is furious, the boiler keeps failing',
    'my sister Ines is in Porto tomorrow',
    'Sorry, my granddaughter rang',
    // Met once, in the past: who they are is not what the sentence tells.
    'Ran into my old flatmate Oskar at the ferry terminal.',
    'Had coffee with my former manager Leticia on the quay',
  ])('"%s" is no fact', isNo('fact'));
});

// rules@13: each sentence below is left as context by every other cue, so only the relation
// reading makes it a fact (checked with that reading switched off: all fail). Sentence-initial
// "My" is read as "my" is.
describe('rules@13: a relation is what makes the sentence a fact', () => {
  it.each([
    'My cousin Samira runs the bakery.',
    'My sister Ines keeps the spare key',
    'my neighbour Bogdan waters the plants when we travel',
    'My aunt Fenella lives in Galway.',
    'my flatmate Ebuka works nights',
    'Oyelaran (My nephew) walks the dog',
  ])('"%s" is a fact', isA('fact'));

  it.each([
    'My brother Olek says the garage is too small',
    'My sister Ines is in Porto tomorrow',
    'My dad Piotr is furious, the boiler keeps failing',
    'My neighbour Bogdan waved at me this morning',
    'My cousin Samira rang two hours ago',
  ])('"%s" is no fact', isNo('fact'));
});
