import { describe, expect, it } from 'vitest';
import { shownChat } from './__fixtures__/masked-chat.js';
import { askedBefore, maskSecrets } from './secrets.js';
import {
  ACCESS_CONCEPTS,
  accessConcept,
  CONFIRMED_WORDS,
  codeShapedTokens,
  confirmsAccess,
} from './secrets-situation.js';

/** Whether `entry` (a regex alternation of `ACCESS_CONCEPTS` or `CONFIRMED_WORDS`) says `text`. */
const says = (entry: string, text: string) => new RegExp(`(?:${entry})`, 'iu').test(text);

/** [concept, a sentence of our own naming it, in no bench file]. */
const CONCEPTS: readonly [string, string][] = [
  ['door or entrance', 'Die Haustür klemmt seit gestern.'],
  ['gate', 'The gate by the allotments sticks in the rain.'],
  ['keypad, key box or parcel locker', 'La boîte à clés est sous la fenêtre.'],
  ['lock or safe', 'Il lucchetto della cantina è arrugginito.'],
  ['alarm', 'De alarm van de winkel gaat om zes uur aan.'],
  ['wifi, router or modem', 'O router novo fica na sala.'],
  ['logging in to an account', "Je n'arrive pas à me connecter à mon espace client."],
  ['password or PIN', 'Unutmuşum şifre neydi?'],
  ['one-time or verification code', 'Het wachten op de verificatiecode duurt lang.'],
  ['unlocking or getting in', 'Nie mogę dostać się do piwnicy.'],
  ['connecting a device', 'Comment je peux connecter la console ?'],
];

/** A turn of our own confirming access, one for each line of `CONFIRMED_WORDS`, in its order. */
const CONFIRMATIONS: readonly string[] = [
  "sorted, I'm in now",
  'super, ging auf',
  'ça a marché du premier coup',
  'listo, funcionó',
  'perfetto, ha funzionato',
  'top, gelukt!',
  '好了，连上了',
];

describe('the concepts of access, one sentence of our own per concept', () => {
  it('has a sentence for every concept, and each names its concept', () => {
    expect(ACCESS_CONCEPTS.map((c) => c.concept)).toEqual(CONCEPTS.map(([c]) => c));
    for (const [concept, sentence] of CONCEPTS)
      expect(accessConcept(sentence), sentence).toBe(concept);
  });

  it.each([
    ['Log on with the shared account first.'],
    ['you need to log in as admin'],
    ['I logged on from the hotel'],
  ])('still reads logging in in "%s" (the near-misses of a log file)', (sentence) => {
    expect(accessConcept(sentence)).toBe('logging in to an account');
  });

  it('names where each concept comes from', () => {
    for (const c of ACCESS_CONCEPTS) expect(c.source.length).toBeGreaterThan(20);
  });

  it.each([
    ['Is it safe to pay by card here?'],
    ['The red one is mine.'],
    ['Die Parola ist ein Wort.'],
    ['We meet at the station at noon.'],
    // A log file, not logging in: an article, a possessive or a kind of log before "log on/in".
    ['Have a look at the error log on the build box.'],
    ['Their audit log in the bucket rotates daily.'],
  ])('names no concept in "%s"', (sentence) => {
    expect(accessConcept(sentence)).toBeNull();
  });

  it('has a confirmation of our own for every line of CONFIRMED_WORDS', () => {
    expect(CONFIRMATIONS.length).toBe(CONFIRMED_WORDS.length);
    CONFIRMED_WORDS.forEach((entry, i) => {
      expect(says(entry, CONFIRMATIONS[i] ?? ''), `${entry} in ${CONFIRMATIONS[i]}`).toBe(true);
      expect(confirmsAccess(CONFIRMATIONS[i] ?? '')).toBe(true);
    });
    for (const said of ['the train is late again', 'ok thanks', 'お疲れさまでした'])
      expect(confirmsAccess(said), said).toBe(false);
  });
});

describe('code shape, whatever the language', () => {
  const values = (text: string) => codeShapedTokens(text).map((s) => text.slice(s.start, s.end));

  it.each([
    ['try 5 0 2 7 on the pad', ['5 0 2 7']],
    ['it was 63-18 last time', ['63-18']],
    ['dice *8810#', ['*8810#']],
    ['quelque chose comme Vt7Rq2Lp', ['Vt7Rq2Lp']],
    ['hasło: Krowa&Mleko5', ['Krowa&Mleko5']],
    ['tab Q4mz-88tc-Lp3w', ['Q4mz-88tc-Lp3w']],
    ['turn it L24 R9 L31', ['L24 R9 L31']],
    ['パスワードはMomo4477です', ['Momo4477']],
  ])('reads a code in "%s"', (text, found) => {
    expect(values(text)).toEqual(found);
  });

  it.each([
    ['the flat roof cost £3200'],
    ['flight BA 2490 lands at 0815'],
    ['room 412, third floor'],
    ['order 558812 arrived'],
    ['seat 14C, gate D41'],
    ['it was built in 1987'],
    ['call 0161 496 0728'],
    ['Durchwahl 3318'],
    ['1200 mm wide'],
    ['I use 1Password for work'],
    ['the 2024-05-12 delivery'],
    ['the Fritz!Box 7590 router'],
    ['the MacBook 2019 charger'],
    ['reach 300 signups this week'],
    ['12:45 at the latest'],
  ])('reads no code in "%s"', (text) => {
    expect(values(text)).toEqual([]);
  });
});

describe('a bare code inside access talk, read across turns', () => {
  // Each positive has a near-miss of the same wording where the stretch is no access talk, or
  // the value is an ordinary one.
  it.each([
    // English: asked by the situation, confirmed after
    [
      [
        "can't get into the bike store at work",
        'Did facilities give you anything?',
        '6 2 0 9',
        'sorted',
      ],
      "can't get into the bike store at work | Did facilities give you anything? | [secret] | sorted",
    ],
    [
      ['which bus is it to the depot', 'Did dispatch give you anything?', '6209', 'sorted'],
      'which bus is it to the depot | Did dispatch give you anything? | 6209 | sorted',
    ],
    // German: a key box
    [
      [
        'Wo ist der Schlüsselkasten bei euch?',
        'Links neben dem Tor. Was hat die Vermieterin geschickt?',
        'nur 3381',
      ],
      'Wo ist der Schlüsselkasten bei euch? | Links neben dem Tor. Was hat die Vermieterin geschickt? | nur [secret]',
    ],
    [
      [
        'Wie teuer war der neue Schlüsselkasten?',
        'Weiß ich nicht. Was stand auf der Rechnung?',
        'nur 3381',
      ],
      'Wie teuer war der neue Schlüsselkasten? | Weiß ich nicht. Was stand auf der Rechnung? | nur 3381',
    ],
    // Spanish: no place named before, the value confirmed after
    [
      ['¿me lo repites?', 'Claro, ¿qué parte?', 'lo del jefe: 7714', 'ya abrió, gracias'],
      '¿me lo repites? | Claro, ¿qué parte? | lo del jefe: [secret] | ya abrió, gracias',
    ],
    [
      ['¿me lo repites?', 'Claro, ¿qué parte?', 'lo del jefe: 7714', 'vale, gracias'],
      '¿me lo repites? | Claro, ¿qué parte? | lo del jefe: 7714 | vale, gracias',
    ],
    // Portuguese: a wifi password with no label
    [
      [
        'como ligo o portátil ao wifi do escritório?',
        'O que diz o autocolante?',
        'Pato7Azul',
        'conectou!',
      ],
      'como ligo o portátil ao wifi do escritório? | O que diz o autocolante? | [secret] | conectou!',
    ],
    [
      ['qual é o modelo do portátil?', 'O que diz o autocolante?', 'Pato7Azul', 'obrigado'],
      'qual é o modelo do portátil? | O que diz o autocolante? | Pato7Azul | obrigado',
    ],
    // Turkish: a modem, a code shaped by letters and digits
    [
      ['modeme bağlanamıyorum', 'Etikette ne yazıyor?', 'kedi42mavi'],
      'modeme bağlanamıyorum | Etikette ne yazıyor? | [secret]',
    ],
    [
      ['kargom nerede?', 'Etikette ne yazıyor?', 'kedi42mavi'],
      'kargom nerede? | Etikette ne yazıyor? | kedi42mavi',
    ],
    // Chinese: a one-time code, confirmed by "登上了"
    [['收到了吗？', '收到了，558021', '好，登上了'], '收到了吗？ | 收到了，[secret] | 好，登上了'],
    [['收到了吗？', '收到了，558021', '好，谢谢'], '收到了吗？ | 收到了，558021 | 好，谢谢'],
    // Access talk, yet an ordinary value: a price, a room, a time asked
    [
      ['the lockbox is by the garage', 'What did the locksmith charge?', '£180'],
      'the lockbox is by the garage | What did the locksmith charge? | £180',
    ],
    [
      ['I locked myself out of the hotel room', 'Which room are you in?', 'room 4117'],
      'I locked myself out of the hotel room | Which room are you in? | room 4117',
    ],
    [
      ['the gate at the park', 'What time does it close?', '2230'],
      'the gate at the park | What time does it close? | 2230',
    ],
  ] as const)('%j', (said, expected) => {
    expect(shownChat(said)).toBe(expected);
  });

  it('reads a long text by sentence: the value beside the concept, not one far from it', () => {
    const note = 'Dad left a note for the shed padlock, it says 2 9 4 1 now.';
    expect(maskSecrets(`${note} We fed the cat. The bus is the 407.`)).toBe(
      'Dad left a note for the shed padlock, it says [secret] now. We fed the cat. The bus is the 407.',
    );
  });

  it('reads a trail of dots as inside a sentence, a space after a mark as its end', () => {
    expect(
      maskSecrets('The alarm panel beeps. It was 5 5 1 2... no, he crossed it out, 6 0 4 8 now.'),
    ).toBe('The alarm panel beeps. It was [secret]... no, he crossed it out, [secret] now.');
  });

  it('reads a speaker going on after a remark by its own words, not as a reply', () => {
    const turns = [
      { side: 'user:', text: 'The courtyard gate was repainted today.' },
      { side: 'user:', text: '4410' },
    ];
    expect(maskSecrets(turns[1]?.text ?? '', askedBefore(turns, 1))).toBe(turns[1]?.text);
  });
});
