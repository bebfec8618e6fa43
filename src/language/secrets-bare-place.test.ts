import { describe, expect, it } from 'vitest';
import {
  expectEntriesSaid,
  keepsLastTurns,
  masksLastTurns,
  shownLast,
} from './__fixtures__/masked-chat.js';
import { CODE_TALK_WORDS, VALUE_ASK_WORDS } from './secrets.js';

describe('a bare place asked after getting in or arriving is asked for its code (rv-sec10)', () => {
  masksLastTurns(
    [
      // The codes the first narrowing (e13220f) showed, and the same said otherwise.
      [['Heading to your place now', 'door?', '4471#']],
      [["I'm at the cottage, it's locked", 'gate?', '2608']],
      [['Haustür?', '1357']],
      [['Leaving now, heading to your place', 'door?', '3382#']],
      [["Got to the cabin but it's locked", 'gate?', '7164']],
      [['Bin gleich da', 'Haustür?', '2468']],
      [['Stehe vor dem Haus', 'die Haustür?', '1 3 5 7']],
      // Getting in or arriving said after a question for another value: the code is still one.
      [['What time can I come over tonight?', 'after 7', 'door?', '5172']],
      [['How wide is the hall?', '1100', 'on my way now', 'and the door?', '8820']],
      [['When does the cleaner start?', 'Tuesday, she has no key', 'back door?', '6 6 1 8']],
      // Code talk said in the same message as the place, after it.
      [['How deep are the cupboards?', '600', "door? I'm outside", '7041']],
    ],
    'masks the code in %j',
  );

  masksLastTurns(
    [
      // A place asked with nothing said before it: no telling, so a code-shaped reply is masked.
      [['front door?', '2210']],
      [['and the gate?', '1958']],
      // Opened with '¿' as Spanish writes it, a place all the same.
      [['Mi hermano pasa a recoger la bici', '¿el portón?', '7070']],
      // Place talk without a question the place goes on with.
      [["We're redoing the hall at the cottage this month.", 'door?', '820']],
      // A time, a duration, a distance or a count asked: a visit is arranged by them.
      [['What time should I come?', '7 is good', 'door?', '4471']],
      [['When are you free this weekend?', 'Saturday from 10', 'gate?', '2291']],
      [['How long will you be?', '20 min', 'and the door?', '8053']],
      [['How far are you?', '2 stops away', 'front door?', '6 1 4 0']],
      [['How many of you are coming?', '3', 'gate?', '6655']],
      [['What time do they shut up for the night?', 'the gate?', '2230']],
      // A value asked and not answered with a number: the place goes on with none.
      [['How much do I owe you for the weekend?', 'nothing, enjoy', 'door?', '3916']],
      // Or the chat moved on after the value's answer: the place is asked afresh.
      [
        [
          'how tall is your sofa btw',
          'about 85',
          "ok I'll bring the van round at 5",
          'garage?',
          '7765',
        ],
      ],
      [['How wide is the hall?', '1100', 'Is that with the skirting?', 'yes', 'door?', '820']],
    ],
    'masks a code-shaped reply in %j (a leak costs more than a masked width)',
  );
});

describe('a bare place going on with a question for another value keeps its number', () => {
  keepsLastTurns([
    [['How deep are the cupboards?', 'the pantry is 600', 'door?', '820']],
    [['What did the new lock set you back?', 'the hinge was 30', 'and the lock?', '135']],
    [['How old is the barn?', 'built 1911', 'and the gate?', '1958']],
    [['How thick is the old wall?', '450', 'the gate?', '120']],
    [['How wide is the hallway at the cottage?', 'about 1100', 'front door?', '910']],
    [['What year did they fit the new windows?', '2009', 'the door?', '2012']],
    [['Wie breit ist das Fenster im Flur?', '1200', 'Haustür?', '1010']],
    [['Quelle est la hauteur de la fenêtre ?', '1350 mm', 'la porte ?', '2040']],
    [['窗户多宽？', '1200', '大门？', '1500']],
    [['¿Qué tamaño tiene la ventana?', '1200', '¿y la puerta?', '2030']],
  ]);
});

describe('an ask earlier in the same message counts', () => {
  masksLastTurns([
    [["Door code? I'm outside.", '4471']],
    [['What is the gate code? Running late, sorry.', '5 0 3 8']],
    [["Wifi password? I'm setting up the printer.", 'Pinecone-Harbor-19']],
  ]);

  keepsLastTurns([
    // A question after the ask is what the reply answers.
    [['Door code? And what time is dinner?', '1930']],
    // An ask in an earlier message, not this one, is read as before: the reply answers the last.
    [['What is the gate code?', '4471', 'Thanks. How many are coming tonight?', '12']],
  ]);
});

/** [entry, a turn of our own said by it]: said before "door?", it makes a code of the reply. */
const TALK: readonly [string, string][] = [
  // English: getting in
  ['locked(?: out)?', "it's locked, nobody answered"],
  ['(?:let|buzz) (?:me|us|him|her|them) in', 'could someone let us in'],
  ["(?:can['’]?t|cannot|can not|couldn['’]?t) get in(?:side)?", "we can't get in, it's jammed"],
  ['keys?', 'I left my keys at work'],
  ['buzz(?:er)?', "the buzzer isn't working"],
  ['door ?bell', 'nobody answers the doorbell'],
  ['ring the bell', 'should I ring the bell'],
  ['knock(?:ed|ing)?', 'I knocked twice'],
  ['open (?:up|the (?:door|gate))', "open up, it's me"],
  ['unlock(?:ed)?', 'can you unlock it from your phone'],
  ['lockbox(?:es)?', "where's the lockbox"],
  ['intercom', 'the intercom is dead'],
  // English: being there, or on the way
  [
    "(?:i['’]?m|i am|we['’]?re|we are|im) (?:at|outside|here|downstairs|out front|in front|in the lobby)",
    "I'm downstairs",
  ],
  ['on (?:my|our) way', 'on my way'],
  ['(?:heading|headed|driving|walking) (?:to|over|round)', 'heading over after work'],
  ['(?:just )?(?:got here|made it)', 'just got here'],
  ['arriv\\p{L}*', 'arriving with the kids'],
  ['coming', 'coming with the van'],
  ['see you', 'see you soon'],
  ['downstairs|outside now', 'outside now'],
  ['stay(?:ing)?|visit(?:ing)?|guests?', 'thanks for letting us stay'],
  ['(?:almost|nearly) there', 'almost there'],
  ['be (?:there|over|round)', "I'll be there in ten"],
  ['pulling (?:up|in)', 'pulling up now'],
  ['parked (?:outside|out front)', 'parked outside'],
  ['come (?:over|round|by)', "I'll come round later"],
  ['check[- ]?in', 'check-in was smooth'],
  // German
  ['abgeschlossen|zugesperrt|verschlossen', 'Es ist abgeschlossen'],
  ['(?:lass|lässt|lasst) (?:mich|uns) rein', 'Lass mich rein'],
  ['komm(?:e|en)? nicht rein', 'Ich komme nicht rein'],
  ['mach(?:st)? (?:mir )?auf|aufmachen', 'Kannst du aufmachen'],
  ['schl(?:ü|ue)ssel', 'Mein Schlüssel ist weg'],
  ['bin (?:gleich |schon )?(?:da|hier|unten|unterwegs)', 'Bin gleich da'],
  ['vor (?:dem|der|deinem|deiner|eurem|eurer) (?:haus|t(?:ü|ue)r|wohnung)', 'Stehe vor dem Haus'],
  ['angekommen|ankommen|ankunft', 'Sind gerade angekommen'],
  ['bei (?:dir|euch|ihnen)', 'Wir sind um acht bei euch'],
  // French
  ['verrouill(?:é|e)e?', "C'est verrouillé"],
  ['ferm(?:é|e)e? (?:à|a) cl(?:é|e)', "C'est fermé à clé"],
  ['peux pas entrer', 'Je ne peux pas entrer'],
  ['laisse[- ]moi entrer|ouvre[- ]moi', 'Ouvre-moi stp'],
  ['cl(?:é|e)s?', "J'ai oublié mes clés"],
  ['je suis (?:là|devant|en bas)', 'je suis en bas'],
  ['en route', 'en route, vingt minutes'],
  // Spanish
  ['cerrad[oa] con llave', 'Está cerrada con llave'],
  ['no puedo entrar', 'No puedo entrar'],
  ['(?:á|a)breme|d(?:é|e)jame entrar', 'Ábreme porfa'],
  ['llaves?', 'Perdí las llaves'],
  ['estoy (?:aqu(?:í|i)|afuera|fuera|abajo)', 'Estoy abajo'],
  ['lleg\\p{L}*', 'Llegamos a las ocho'],
  ['de camino|voy para all(?:á|a)', 'Voy de camino'],
  // Italian
  ['chiuso a chiave', 'È chiuso a chiave'],
  ['non riesco (?:a )?entrare|aprimi|fammi entrare', 'Fammi entrare'],
  ['chiav[ei]', 'Ho dimenticato le chiavi'],
  ['sono (?:qui|fuori|sotto)', 'Sono fuori'],
  // Portuguese
  ['trancad[oa]', 'Está trancado'],
  ['n(?:ã|a)o consigo entrar|deixa[- ]me entrar', 'Não consigo entrar'],
  ['chaves?', 'Esqueci a chave'],
  ['estou (?:aqui|l(?:á|a) fora)|a caminho', 'Estou lá fora'],
  ['cheg\\p{L}*', 'Cheguei'],
  // Dutch
  ['op slot', 'Het is op slot'],
  ['kan er niet in|laat (?:me|mij|ons) (?:er )?(?:binnen|in)', 'Laat me binnen'],
  ['sleutels?', 'Ik ben mijn sleutel kwijt'],
  ['ik ben er|we zijn er|ik sta (?:voor|beneden|buiten)|onderweg', 'Ik ben onderweg'],
  ['aankomst|kom(?:en)? (?:aan|langs)', 'Ik kom langs na het werk'],
  // Polish
  ['zamkni(?:ę|e)t[eay]', 'Jest zamknięte'],
  ['nie mog(?:ę|e) wej(?:ść|sc)|otw(?:ó|o)rz|wpu(?:ść|sc) mnie', 'Wpuść mnie'],
  ['klucz(?:e|a|y|ami)?', 'Zgubiłem klucze'],
  ['jestem (?:na miejscu|pod|na dole|ju(?:ż|z))|w drodze', 'Jestem pod blokiem'],
  ['b(?:ę|e)d(?:ę|e)|przyjad(?:ę|e)|przyjd(?:ę|e)', 'Będę o ósmej'],
  // Swedish, Danish, Indonesian
  ['l(?:å|aa)st|nyckel(?:n)?', 'Dörren är låst'],
  ['jag (?:är|ar) (?:här|utanför)', 'Jag är utanför'],
  ['n(?:ø|o)gle(?:n)?|jeg er (?:her|udenfor)', 'Jeg er udenfor'],
  ['terkunci|kunci', 'Pintunya terkunci'],
  ['sudah sampai|di depan', 'Saya sudah sampai'],
  // Chinese and Japanese (read without word edges)
  ['锁了|锁着|鎖了|鎖著', '门锁了'],
  ['进不去|進不去', '我进不去'],
  ['开门|開門', '帮我开门'],
  ['钥匙|鑰匙', '我忘带钥匙'],
  ['到了|楼下|樓下|门口|門口|在路上', '我在楼下'],
  ['鍵|入れない|開けて', '鍵がない'],
  ['着いた|向かって', '今着いた'],
  ['过来|過來|来了|來了', '我们八点过来'],
];

/** [entry, a question for a value, its answer]: "door?" after them asks the same value. */
const VALUE: readonly [string, string, string][] = [
  // English
  [
    'how (?:deep|wide|tall|high|big|heavy|thick)',
    'How deep are the cupboards?',
    'the pantry is 600',
  ],
  [
    '(?:width|height|depth|length|size|weight)s?',
    "What's the ceiling height in the basement?",
    '2400',
  ],
  ['how old|what year', 'What year was the house built?', '1934'],
  [
    'how much|price|cost|set (?:you|me|us) back',
    'What did the new lock set you back?',
    'the hinge was 30',
  ],
  ['fares?|fees?', "What was the locksmith's call-out fee?", 'the parts were 45'],
  // German, French, Spanish, Italian, Portuguese, Dutch, Polish
  [
    'wie (?:breit|tief|hoch|lang|alt|gro(?:ß|ss)|schwer)',
    'Wie breit ist das Fenster im Flur?',
    '1200',
  ],
  ['wie ?viel|was kostet|wie teuer', 'Was kostet das neue Fenster?', '780'],
  ['combien', 'Combien a coûté la clôture ?', '240'],
  [
    'hauteur|largeur|profondeur|longueur|taille|prix|poids',
    'Quelle est la hauteur de la fenêtre ?',
    '1350',
  ],
  ['cu(?:á|a)nto|qu(?:é|e) tama(?:ñ|n)o', '¿Cuánto costó la reforma del baño?', '3200'],
  ['quant[oaie]s?', 'Quanto è larga la finestra?', '1200'],
  ['hoeveel|hoe (?:breed|diep|hoog|oud|zwaar|groot)', 'Hoe hoog is het raam?', '1400'],
  [
    'ile|jak (?:szerok|g(?:łę|le)bok|wysok|d(?:ł|l)ug|star)\\p{L}*',
    'Ile kosztowało ogrodzenie?',
    '2300',
  ],
  // Chinese and Japanese (read without word edges)
  ['多少|多宽|多寬|多高|多长|多長|多大', '窗户多宽？', '1200'],
  ['いくら|何年|何センチ', '窓の幅は何センチ？', '120'],
];

describe('code talk and value questions, one chat of our own per entry', () => {
  it('has a case for every entry, and each case is said by its entry', () => {
    expectEntriesSaid(CODE_TALK_WORDS, TALK);
    expectEntriesSaid(VALUE_ASK_WORDS, VALUE);
  });

  it.each(TALK)(
    '"%s" makes a code of "4471" after "%s" | a width asked | "door?"',
    (_entry, said) => {
      // Without the talk the place goes on with the width asked; with it, it asks for the code.
      const width = ['How wide is the hall?', '1100'];
      expect(shownLast([...width, 'door?', '4471'])).toBe('4471');
      expect(shownLast([said, ...width, 'door?', '4471'])).toBe('[secret]');
    },
  );

  it.each(VALUE)('"%s": "%s" | "%s" | "door?" keeps "820"', (_entry, question, answer) => {
    expect(shownLast([question, answer, 'door?', '820'])).toBe('820');
    expect(shownLast([answer, 'door?', '820'])).toBe('[secret]');
  });
});
