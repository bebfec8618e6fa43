import { describe, expect, it } from 'vitest';
import {
  answers,
  expectEntriesSaid,
  keepsChats,
  keepsReplies,
  masksReplies,
  shownChat,
} from './__fixtures__/masked-chat.js';
import { ACCESS_TALK_WORDS, maskSecrets, ONE_FOR_WORDS } from './secrets.js';

/**
 * One chat of our own per `ACCESS_TALK_WORDS` entry: access talked of in a turn, then a reply of
 * nothing but a short code, with no label naming it. The code is the last turn's value.
 */
const ACCESS: readonly (readonly [string, readonly string[], string])[] = [
  [
    'log(?:ged|ging)? ?(?:in|on)(?:to)?',
    ['trying to log into the council portal again', 'ok 772140'],
    '772140',
  ],
  ['login', ['it wants a fresh code for the bank login', 'yeah 304918'], '304918'],
  [
    'sign(?:ed|ing)? ?in(?:to)?',
    ['can you sign in on the smart tv for me, it sent something', '5531'],
    '5531',
  ],
  [
    'locked out',
    ['im locked out of the laptop what did you change it to', 'oops 820614'],
    '820614',
  ],
  ['unlock(?:ed|ing|s)?', ['what unlocks the kids tablet these days', '1 9 0 7'], '1 9 0 7'],
  [
    '(?:how|need(?:s|ed)?|want(?:s|ed)?|trying) to get in(?:side)?',
    ['the plumber needs to get in tomorrow morning', '4417#'],
    '4417#',
  ],
  [
    'einlogg\\p{L}*|eingeloggt|ausgesperrt|entsperr\\p{L}*',
    ['Ich bin aus dem Handy ausgesperrt, was war das nochmal', 'ja 9146'],
    '9146',
  ],
  [
    'me connecter|se connecter|d(?:é|e)verrouill\\p{L}*',
    ["Je n'arrive pas à me connecter sur la box", 'oui 6620'],
    '6620',
  ],
  [
    'iniciar sesi(?:ó|o)n|desbloque\\p{L}*|fazer login',
    ['no puedo iniciar sesión en la tele', '7 3 5 1'],
    '7 3 5 1',
  ],
  ['accedere|sblocc\\p{L}*', ['come si sblocca il telefono della nonna', '250519'], '250519'],
  [
    'inlogg\\p{L}*|ingelogd|ontgrendel\\p{L}*|buitengesloten',
    ['ik ben buitengesloten van de laptop', '4826'],
    '4826',
  ],
  [
    'zalogowa\\p{L}*|odblokowa\\p{L}*',
    ['nie mogę się zalogować do banku, przyszło coś?', 'tak 518204'],
    '518204',
  ],
  ['登录|登錄|登入|解锁|解鎖|ログイン|ロック解除', ['电视登录要验证', '663201'], '663201'],
];

describe('a short code after talk of getting access is the access code (sec12)', () => {
  it.each(ACCESS)('%s: masks the code in %j', (_entry, said, code) => {
    const out = shownChat(said);
    expect(out).not.toContain(code);
    expect(out).toContain('[secret]');
  });

  it('has a chat of its own for every ACCESS_TALK_WORDS entry, the entry found in it', () => {
    expectEntriesSaid(ACCESS_TALK_WORDS, ACCESS);
  });

  it.each([
    // The situations of conv-tuning, written afresh.
    [['locked out of the car pc again, what did u set it to', 'sorry!! 604410']],
    [['need it for the hulu login on the projector', 'yep 118822']],
    [
      [
        "She'll need to get in while I'm away",
        'What does she need: a key safe, a fob?',
        'key safe by the shed, 7 7 2 0, big key for the top lock',
      ],
    ],
    // A code spelled digit by digit beside a lock in its own sentence.
    [['the lockbox on the gate post is 4 0 9 1 these days']],
  ])('masks the code in %j', (said) => {
    expect(shownChat(said)).toMatch(/\[secret\]/u);
    expect(shownChat(said)).not.toMatch(/\d{4}|\d \d \d \d/u);
  });
});

describe('ordinary values beside access talk stay (sec12)', () => {
  keepsChats([
    // Another value asked for: a time, a number that is no lock's, a price, a count.
    [['I logged in to the airline site, what is the flight number?', '4521']],
    [['I need to get in early, what time does the office open?', '0830']],
    [['logged into the shop, what was the order number?', '778213']],
    [['signed in to the energy account, how much is the bill?', '1240']],
    [['locked out again, when can the locksmith come?', '1430']],
    // A phone number is too long for a code.
    [['locked out of the flat, who do I call?', '07700 900123']],
    // Access talk, a reply that says more than a code.
    [['how do I log in to the portal', 'use the link in the email from 2024']],
    // A number spelled out with a lock in another sentence, or counting down.
    [['The bike lock is new. My lucky numbers are 3 1 4 1 though.']],
    [['I logged in and it counted down 10 9 8 7 6 5 4 3 2 1']],
    // Bold model numbers and a hash after words, no access talk.
    [['**The 1975** and **Zipp 303**: a band and a wheel']],
    [['the train gets in at platform 4, seats 1 2 3 4 are ours']],
  ]);
});

describe('two things asked together, given as one reply (sec12)', () => {
  answers(
    [
      // A name and its credential: the credential masked, the name kept.
      [
        'Which wifi should the guests pick, and what do they type to connect?',
        'Hollyhock / Q7tr-88mz-PPk2',
        'Hollyhock / [secret]',
      ],
      [
        'What network is it and what do I enter to get online?',
        'BarnLoft, 4hh2Lq9wZ',
        'BarnLoft, [secret]',
      ],
      // A key's id and its secret, asked as credentials.
      [
        'Can you paste your AWS credentials?',
        'AKIAZ7EXAMPLEQ2W9 and Vb8kQz/3mPL0xT7uYw2RcN5dHe4FsGj1aIo9',
        '[secret]',
      ],
    ],
    '%j → %j reads %j',
  );

  keepsReplies(
    [
      // A name alone, two names, or a pair where the first is the credential-shaped one.
      [
        'Which network do they pick, and what do they type to connect?',
        'Ferncroft, ask me for the rest',
      ],
      ['What do they type to connect, and which room are they in?', 'Garden room / the blue one'],
      ['Can you paste your AWS credentials?', 'default and eu-west-2'],
    ],
    '%j → %j keeps the reply',
  );
});

describe('what is typed to get on or in is a password, named or not (sec12)', () => {
  masksReplies(
    [
      ['What do I type to log in on the shared laptop?', 'Kettle-Moor-21'],
      ['what should guests enter to unlock the bike?', '7310'],
    ],
    '%j → %j masked',
  );

  it('keeps what is typed for another thing', () => {
    expect(maskSecrets('Blue Spruce 4', 'What do I type in the name field?')).toBe('Blue Spruce 4');
  });
});

/** One chat of our own per `ONE_FOR_WORDS` entry: "the one" of a place asked, then its code. */
const ONE_FOR: readonly (readonly [string, readonly string[], string])[] = [
  [
    "what(?:['’]s| is| was) the one (?:for|on|of)",
    ["what's the one for the side gate?", '5 5 0 2'],
    '5 5 0 2',
  ],
  ['and (?:for|on)', ['I have the flat key now', 'and for the garage?', '8013'], '8013'],
  ['(?:qual (?:é|e|era)|e) (?:o|a) d(?:o|a)', ['qual era o da porta?', '4420'], '4420'],
  [
    '(?:cu(?:á|a)l es|y) (?:el|la) de(?:l| la)',
    ['ya tengo la llave', '¿y el del portón?', '9 1 1 7'],
    '9 1 1 7',
  ],
  ['(?:qual (?:è|e)|e) quello d(?:el|ella)', ['qual è quello del cancello?', '3350'], '3350'],
  [
    'und (?:f(?:ü|u)rs|f(?:ü|u)r (?:das|die|den)|vom|von der)',
    ['Schlüssel hab ich', 'und fürs Tor?', '6120'],
    '6120',
  ],
  [
    "(?:c['’]est quoi|et) (?:celui|celle) d(?:u|e la|e l['’])",
    ["c'est quoi celui du portail ?", '2904'],
    '2904',
  ],
  ['en (?:die|dat) van (?:de|het)', ['en die van de poort?', '7781'], '7781'],
];

describe('"the one" of a place asked is its code, as a bare place is (sec12)', () => {
  it.each(ONE_FOR)('%s: masks the code in %j', (_entry, said, code) => {
    expect(shownChat(said)).not.toContain(code);
  });

  it('has a chat of its own for every ONE_FOR_WORDS entry, the entry found in it', () => {
    expectEntriesSaid(ONE_FOR_WORDS, ONE_FOR);
  });

  keepsChats([
    // A gate at an airport has a number; a size asked first goes on with the place.
    [['what is the number for the gate?', '214']],
    [['How wide is the hall?', '1100', 'and for the door?', '820']],
  ]);
});

describe('a reply opening with a word of assent, and places asked with a word more (sec12)', () => {
  it.each([
    // Assent before a value asked for by its label.
    [['der Code aus der SMS?', 'ja 551907']],
    [["what's the alarm code now?", 'yep 3 3 0 8']],
    // "the one" of a place named by one more word, or whose it is.
    [['e o do portão da garagem?', '7 7 3 1']],
    [['I have the flat key', 'and for the bike shed?', '2218']],
    // A question how to get in, a word between: a code spelled out in the reply is the door's.
    [['wie komme ich nochmal ins Büro rein am Samstag', 'Haupteingang, 4 0 0 3 und dann Raute']],
  ])('masks the code in %j', (said) => {
    expect(shownChat(said)).toContain('[secret]');
    expect(shownChat(said)).not.toMatch(/\d \d \d \d|\d{4}/u);
  });

  keepsChats([
    // Assent before words keeps them: a password of words is not cut at "yes".
    [["what's the wifi password?", 'yes it is on the fridge']],
    // Assent before a value for another thing keeps it.
    [['what time does the shop open?', 'yeah 0900']],
  ]);
});

describe('the number of a device that locks is its passcode (sec12)', () => {
  it.each([
    [['Was ist nochmal die Nummer vom Rechner im Flur?', 'Moment', '2 6 0 8']],
    [["what's the number for the kids' laptop?", '190044']],
    [['¿cuál es el número de la tableta?', '7715']],
  ])('masks the code in %j', (said) => {
    expect(shownChat(said)).toContain('[secret]');
  });

  keepsChats([
    // A model or serial number, and a phone's number: not a passcode.
    [["what's the model number of the laptop?", 'A2337']],
    [["what's the serial number on the tablet?", 'DMPX41220']],
    [['what is the number for the phone in the hall?', '0161 496 0321']],
  ]);
});

describe("a wallet's seed words read out after wallet talk (sec12)", () => {
  const seed = 'lantern pebble orchid canyon mango violet hammer ribbon cactus wander salmon quiet';
  it('masks twelve seed words after talk of the wallet', () => {
    expect(shownChat(['dug out the backup sheet for my ledger', 'ok, read it to me', seed])).toBe(
      'dug out the backup sheet for my ledger | ok, read it to me | [secret]',
    );
  });

  keepsChats([
    // Eleven words is no seed; a sentence has words a seed never has; no wallet talk, no seed.
    [['found my ledger backup', seed.split(' ').slice(0, 11).join(' ')]],
    [
      [
        'my wallet went missing',
        'it was in the pocket of the coat I wore to the bus stop on monday',
      ],
    ],
    [['what should I buy at the market?', seed]],
  ]);
});

describe('a short yes-or-no question after a sentence naming what is needed (sec12)', () => {
  masksReplies(
    [
      ['The app wants the three digits on the back of the card. Got it?', '318'],
      ['Die Seite will die drei Ziffern hinten auf der Karte. Hast du sie?', '907'],
      ['It wants the master PIN now. Got it handy?', '2 2 4 0'],
    ],
    '%j → %j masked',
  );

  keepsReplies(
    [
      // A question word asks a thing of its own; a sentence naming nothing asks for nothing.
      ['The shed padlock code is on the fridge. Which shed?', '2'],
      ['The site wants the card. How many?', '3'],
      ['We leave at noon. Ready?', '1200'],
    ],
    '%j → %j kept',
  );
});
