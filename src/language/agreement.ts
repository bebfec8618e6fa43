/**
 * How a reply answers the turn before it, read from its opening words: it accepts, accepts with a
 * hedge, deferral, condition or amendment (qualified), hedges from its first word, refuses, or is
 * no answer (a new question, another subject, a yes said in irony). One table of entries, each
 * with a sentence of its own, read by every reader of agreement (issue #13: the rule observer's
 * confirmations and approvals, and the uptake of an assistant's proposal). English only: the
 * qualifiers are English, so a "Ja, aber nicht jetzt" would pass as a plain yes; refusals in other
 * languages are read, since a refusal never promotes anything. Pure and deterministic.
 */

/** What a reply does with the turn before it. */
export type Agreement = 'accept' | 'qualified' | 'hedge' | 'refusal' | 'none';

/**
 * How an accepting opener agrees: `yes` says yes to what was said or offered ("yes", "correct");
 * `go` tells the other to go ahead ("do it", "ship it"); `nod` approves without saying yes ("ok",
 * "sounds good", "👍").
 */
export type Assent = 'yes' | 'go' | 'nod';

/** One entry of the table: the words, what they do, and a sentence of our own that shows it. */
export interface AgreementEntry {
  /** The words, as a regular-expression source (case ignored). */
  readonly words: string;
  /**
   * `accept`, `hedge`, `refusal` and `irony` open a reply; a `qualifier` anywhere after an
   * accepting opener (or in the next two sentences) makes the yes a qualified one, and so does a
   * `hedge` there ("Sure, maybe in May"): a hedge is listed once, as a hedge.
   */
  readonly reading: 'accept' | 'hedge' | 'refusal' | 'irony' | 'qualifier';
  /** How an accepting opener agrees (accept entries only). */
  readonly assent?: Assent;
  /** A reply this entry alone decides, read as the entry's reading. */
  readonly example: string;
}

const yes = (words: string, example: string): AgreementEntry => ({
  words,
  reading: 'accept',
  assent: 'yes',
  example,
});
const go = (words: string, example: string): AgreementEntry => ({
  words,
  reading: 'accept',
  assent: 'go',
  example,
});
const nod = (words: string, example: string): AgreementEntry => ({
  words,
  reading: 'accept',
  assent: 'nod',
  example,
});
const of =
  (reading: AgreementEntry['reading']) =>
  (words: string, example: string): AgreementEntry => ({ words, reading, example });
const hedge = of('hedge');
const refusal = of('refusal');
const irony = of('irony');
const qualifier = of('qualifier');

/** Every entry, openers and qualifiers alike. */
export const AGREEMENT_ENTRIES: readonly AgreementEntry[] = [
  // Saying yes.
  yes('yes', 'Yes, the shed key is on the hook.'),
  yes('yep', 'Yep, twelve chairs.'),
  yes('yeah', 'Yeah, the green folder.'),
  yes('yup', 'Yup, Tuesday works.'),
  yes('sure', 'Sure, rename the tab.'),
  yes('agreed', 'Agreed, the porch light stays on.'),
  yes('right', 'Right, the spare tyre is in the boot.'),
  yes('correct', 'Correct, three litres.'),
  yes('exactly', 'Exactly, the east gate.'),
  yes('indeed', 'Indeed, the choir meets upstairs.'),
  yes('true', 'True, the tram stops there.'),
  yes('confirmed', 'Confirmed, forty guests.'),
  yes("that'?s (?:right|correct|it)", "That's right, the blue van."),
  // Telling the other to go ahead.
  go('please do', 'Please do, and tell Ilse.'),
  go('do it', 'Do it, the hall is free.'),
  go('do that', 'Do that for the two kitchens.'),
  go('go ahead', 'Go ahead with the repaint.'),
  go('go for it', 'Go for it, the quote is fine.'),
  go("let'?s do (?:it|that|this)", "Let's do that before the fair."),
  // "let's go" alone: "lets go courier" picks an option rather than agrees.
  go("let'?s go(?![ \\t]+\\p{L})", "Let's go, the boxes are packed."),
  go('ship it', 'Ship it to the test shop.'),
  go('approved', 'Approved, open at nine.'),
  go('no (?:worries|problem),? go ahead', 'No problem, go ahead and lock it.'),
  // Approving without saying yes.
  nod('ok(?:ay)?', 'Okay, move the sofa.'),
  nod('k', 'k, reboot the kiosk.'),
  nod('alright', 'Alright, the late train.'),
  nod('all right', 'All right, seal the boxes.'),
  nod('perfect', 'Perfect, frame both prints.'),
  nod('great', 'Great, send it to Bogdan.'),
  nod('good', 'Good, file it under rent.'),
  nod('excellent', 'Excellent, post the flyer.'),
  nod('fine', 'Fine, the spare room.'),
  nod('cool', 'Cool, keep the old kettle.'),
  nod('nice', 'Nice, the oak table.'),
  nod('lgtm', 'lgtm, tag the release.'),
  nod('sounds? (?:good|great|right|fine|perfect)', 'Sounds fine, book the cabin.'),
  nod('looks? (?:good|great|right|fine)', 'Looks right, the sums add up.'),
  nod('works for me', 'Works for me, the early slot.'),
  nod('that works', 'That works, order two.'),
  nod('fine by me', 'Fine by me, split the fuel.'),
  nod('makes sense', 'Makes sense, add the shelf.'),
  nod('deal', 'Deal, I bring the lamps.'),
  nod('done', 'Done, the form is posted.'),
  nod('👍', '👍 order it'),
  nod('✅', '✅ sent'),
  nod('👌', '👌 the corner table'),
  nod('🙌', '🙌 at last'),
  nod('💯', '💯 keep it'),
  // Hedging from the first word: even a pick that follows is held back.
  hedge('maybe', 'Maybe the quiet carriage.'),
  hedge('perhaps', 'Perhaps the smaller tent.'),
  hedge('possibly', 'Possibly the north route.'),
  hedge('probably', 'Probably the later ferry.'),
  hedge('hmm+', 'Hmm, the corner desk.'),
  hedge("i(?:'ll| will) think", "I'll think about the hedge."),
  hedge('let me think', 'Let me think, the red one.'),
  hedge("(?:i'?m )?not sure", "I'm not sure about the awning."),
  hedge("we'?ll see", "We'll see after the vote."),
  hedge('not yet', 'Not yet, the paint is wet.'),
  hedge('later', 'Later, after the market.'),
  hedge("i don'?t know", "I don't know, the blue tiles."),
  hedge('dunno', 'dunno, the cheaper one'),
  hedge('good question', 'Good question, the tall vase.'),
  // Turning it down ("no worries" and "no problem" open consent, not refusal).
  refusal('no(?! (?:worries|problem)\\b)', 'No, the hedge stays.'),
  refusal('nope', 'Nope, the old sign stays.'),
  refusal('nah', 'Nah, the boat is too small.'),
  refusal('naw', 'Naw, leave the curtains.'),
  refusal('not (?:that|this|it|now|really)', 'Not now, the shop is full.'),
  refusal("let'?s not", "Let's not repaint the gate."),
  refusal("(?:i'?d )?rather not", "I'd rather not move the piano."),
  refusal("don'?t(?: do (?:it|that))?", "Don't, the glue is drying."),
  refusal('do not', 'Do not unplug the freezer.'),
  refusal('skip (?:it|that|this)', 'Skip it, the hall is shut.'),
  // "pass" alone: "Pass the keys to Ana" asks, it does not refuse.
  refusal('pass(?![ \\t]+\\p{L})', 'Pass, the current rota stays.'),
  refusal('never mind|nevermind', 'Never mind, Oskar found it.'),
  refusal('forget it', 'Forget it, the bakery closed.'),
  refusal('scrap (?:it|that)', 'Scrap that, the old logo stays.'),
  refusal('nein', 'Nein, der Zaun bleibt.'),
  refusal('non', 'Non, la porte reste fermée.'),
  refusal('não', 'Não, o portão fica.'),
  refusal('いいえ', 'いいえ、結構です。'),
  refusal('不要', '不要，谢谢。'),
  refusal('不用', '不用，我来。'),
  refusal('👎', '👎 too loud'),
  // A yes said in irony.
  irony('(?:yeah|yes|sure),? right', 'Yeah, right, as if the lift works.'),
  irony('nice try', 'Nice try, Ewa.'),
  // What makes a yes less than one besides a hedge (every hedge above qualifies a yes too): a
  // deferral, a condition, an amendment, a negation.
  qualifier('but', 'Sure, but after the fair.'),
  qualifier('though', 'Yes, though the hall is cold.'),
  qualifier('however', 'Ok, however the van is out.'),
  qualifier('except', 'Fine, except the Friday slot.'),
  qualifier('unless', 'Yes, unless Hana minds.'),
  qualifier('if', 'Sure, if the quote holds.'),
  qualifier('might', 'Ok, we might do that in May.'),
  qualifier('for now', 'Ok, the old hose for now.'),
  qualifier('wait', 'Yes, wait for the receipt.'),
  qualifier('hold on', 'Ok, hold on a second.'),
  qualifier('instead', 'Sure, the short route instead.'),
  qualifier('rather', 'Yes, or rather the small crate.'),
  qualifier('think about it', 'Ok, I will think about it.'),
  qualifier('although', 'Good, although the tone is off.'),
  qualifier('let me (?:think|check|ask)', 'Sure, let me check the diary.'),
  qualifier('not', 'Yes, not the grey one.'),
  qualifier("don'?t", "Sure, don't hurry."),
  qualifier('no', 'Ok, no rush on the plans.'),
  qualifier('never', 'Sure, never on a Sunday.'),
];

const sources = (reading: AgreementEntry['reading'], assent?: Assent) =>
  AGREEMENT_ENTRIES.filter(
    (e) => e.reading === reading && (assent === undefined || e.assent === assent),
  ).map((e) => e.words);

// An opener ends at the end of the reply, a space, a punctuation mark or an emoji; a hyphen before
// a letter joins a word ("non-blocking", "no-op", "ok-ish"), it ends no opener.
const OPENER_END = '(?=$|[\\s,.!:;—–、。！，]|-(?!\\p{L})|\\p{Extended_Pictographic})';
const opener = (words: readonly string[]) =>
  new RegExp(`^(?:${words.join('|')})${OPENER_END}`, 'iu');

const ASSENTS: readonly (readonly [Assent, RegExp])[] = (['yes', 'go', 'nod'] as const).map(
  (a) => [a, opener(sources('accept', a))] as const,
);
const HEDGE = opener(sources('hedge'));
const REFUSAL = opener(sources('refusal'));
const IRONY = opener(sources('irony'));
// A qualifier or a hedge anywhere after a yes; "?" anywhere asks rather than agrees.
const QUALIFIER = new RegExp(
  `\\b(?:${[...sources('qualifier'), ...sources('hedge')].join('|')})\\b|\\?`,
  'i',
);

/** How a reply reads, and how its accepting opener agrees (null when it opens with none). */
export interface AgreementReading {
  readonly agreement: Agreement;
  readonly assent: Assent | null;
  /** The opening after its accepting opener ("always" of "yes always"); all of it without one. */
  readonly rest: string;
}

/** The accepting opener of `sentence` and how it agrees, if it opens with one. */
function assentOf(sentence: string): { assent: Assent; rest: string } | null {
  let best: { assent: Assent; rest: string } | null = null;
  for (const [assent, pattern] of ASSENTS) {
    const match = pattern.exec(sentence);
    if (match === null) continue;
    const rest = sentence.slice(match[0].length);
    // The longest opener decides ("no problem, go ahead" over nothing, "sounds good" over none).
    if (best === null || rest.length < best.rest.length) best = { assent, rest };
  }
  return best;
}

/**
 * How a reply answers the turn before it, from its first sentence (`opening`) and the sentences
 * after it (`following`, where a "Sounds good. But only after the audit." takes the yes back):
 * a hedge from the first word, a refusal, a yes said in irony (no answer), or an accepting opener,
 * qualified when a qualifier follows it; anything else is no answer.
 */
export function readAgreement(opening: string, following = ''): AgreementReading {
  const first = opening.trim();
  const without = (agreement: Agreement) => ({ agreement, assent: null, rest: first });
  if (first === '') return without('none');
  if (HEDGE.test(first)) return without('hedge');
  if (REFUSAL.test(first)) return without('refusal');
  if (IRONY.test(first)) return without('none');
  const opened = assentOf(first);
  if (opened === null) return without('none');
  const qualified = QUALIFIER.test(opened.rest) || QUALIFIER.test(following);
  return { agreement: qualified ? 'qualified' : 'accept', ...opened };
}

/** Whether `text` opens with a refusal ("no", "not that", "skip it", "👎"). */
export function opensWithRefusal(text: string): boolean {
  return REFUSAL.test(text.trim());
}

/** Whether `text` holds a qualifier that makes a yes less than one ("but", "later", "?"). */
export function isQualifying(text: string): boolean {
  return QUALIFIER.test(text);
}
