import { analyseClause } from '../language/index.js';
import {
  isChatter,
  isHedged,
  isQuestion,
  splitSentences,
  stripNonProse,
  trimInterjection,
} from './text-rules.js';
import type { TranscriptEntry } from './transcript.js';
import { clipMasked } from './without-secrets.js';

/** A request put as a question: "Can you …", "Could you please …", "Would you mind …". */
const ASKED_TO = /^(?:please\s+)?(?:can|could|would|will) you\s+(?:please\s+)?\S+\s+\S/i;
/** A want or a proposal: "I need you to …", "we want to …", "help me …", "let's …". */
const WANTED =
  /^(?:please\b|(?:i|we)(?:'d| would)? (?:need|want|like)(?: you)? to\s+\S+\s+\S|(?:i|we) need (?:a|an|some|help with)\s+\S|help me\s+\S+\s+\S|let'?s\s+\S+\s+\S+\s+\S)/i;
/** Go-aheads, not tasks: "Go ahead.", "Keep going.", "Do it.", "Ship that." */
const GO_AHEAD =
  /^(?:please\s+)?(?:go ahead|carry on|keep going|continue|proceed|go for it|do it|ship it|(?:\w+) (?:it|that|this|them)(?: (?:then|now|please))?)[.!]*$/i;

/** A step word that orders a follow-up request: "Now …", "Next, …", "After that, …", "Then …". */
const FOLLOW_UP = /^(?:now|next|then|after that|and then|and now|finally)\b,?\s+(?!that\b)(?=\S)/i;

/**
 * What opens a verb's object: a determiner, a possessive, a quantifier, an object pronoun or a
 * number ("the", "more", "my", "them", "3").
 */
const OBJECT_OPENER =
  /^(?:the|a|an|more|some|all|any|every|each|both|several|my|our|your|his|her|their|its|this|that|these|those|it|them|him|me|us|\d[\w.:]*)$/i;

/**
 * A phrasal verb's particle or a verb's "to" ("Top up the card", "Reply to the school"): it counts
 * only with an object after it, since a noun with a particle is often a remark ("Snow up to our knees", "Rent
 * up again", "Trouble up ahead").
 */
const PARTICLE = /^(?:up|out|down|off|over|back|away|to)$/i;
/** A count in words, an object only after a particle ("price out three laptops"; "Round two"). */
const COUNT_WORD = /^(?:two|three|four|five|six|seven|eight|nine|ten|twelve)$/i;

/**
 * Appreciation, praise or a toast with nothing asked ("Love that, thanks.", "Appreciate it!", "Nice
 * one, thank you", "Respect to the team"): read before the interjection is trimmed, so "Nice one" is not left as "One".
 */
const APPRECIATION =
  /^(?:(?:(?:i|we)\s+)?(?:really\s+|totally\s+)?(?:love|loved|like|liked|appreciate|appreciated|enjoyed|adore)\s+(?:it|that|this|them|these|those|you)(?:\s+(?:so much|a lot))?|(?:nice|great|good|excellent|awesome|lovely|brilliant|amazing)\s+(?:one|job|work|stuff|catch)|well done|(?:respect|congrats|congratulations|kudos|props|cheers|thanks|hats off|shout-?out)\s+to\s+[^,.!?]+)[\s,.!]*(?:(?:thanks|thank you|cheers|ta)(?:\s+(?:so much|a lot))?[\s.!]*)?$/i;

/** A word that opens another clause: a subordinator or a coordinator. */
const CLAUSE_OPENER =
  /^(?:before|after|until|till|when|while|once|so|because|since|if|unless|and|but|or|as|,|;)$/i;

/**
 * A bare imperative the clause analyser reads as a statement, because its verb is also a noun or
 * an adjective ("Order more printer paper", "Clean the oven", "Top up the card"): set in an
 * infinitive frame ("You need to order …"), the first word is a verb in its base form, the next
 * word opens its object, and no other verb follows in its own clause ("Order confirmed", "Order
 * of the slides is wrong" are remarks; "… before the guests arrive" is another clause).
 */
function isBareImperative(sentence: string): boolean {
  const words = sentence.split(/\s+/);
  const first = words[0]?.toLowerCase() ?? '';
  const opens = (word: string | undefined) =>
    OBJECT_OPENER.test((word ?? '').replace(/[.,!;:]+$/, ''));
  const second = words[1] ?? '';
  const objectFollows = PARTICLE.test(second)
    ? opens(words[2]) || COUNT_WORD.test(words[2] ?? '')
    : opens(second);
  if (!/^[a-z]+$/.test(first) || !objectFollows) return false;
  const tokens = analyseClause(sentence).tokens;
  const clauseEnd = tokens.findIndex((token, index) => index > 0 && CLAUSE_OPENER.test(token.text));
  const verbs = tokens
    .slice(1, clauseEnd === -1 ? tokens.length : clauseEnd)
    .filter((token) => token.pos === 'VERB' || token.pos === 'AUX');
  if (verbs.length > 0) return false;
  const framed = analyseClause(`You need to ${first}${sentence.slice(first.length)}`).tokens.filter(
    (token) => token.pos !== 'PUNCT',
  )[3];
  return framed?.pos === 'VERB' && framed.lemma === first && framed.text.toLowerCase() === first;
}

/** Whether a user sentence asks for work to be done (a request, not small talk or a nod). */
function isRequest(said: string): boolean {
  // The step word is no part of the request: "Now translate it" is read as "translate it".
  const stripped = said.replace(FOLLOW_UP, '');
  const sentence = stripped.charAt(0).toUpperCase() + stripped.slice(1);
  if (isChatter(sentence) || GO_AHEAD.test(sentence)) return false;
  if (ASKED_TO.test(sentence)) return !isHedged(sentence.replace(ASKED_TO, ''));
  if (isQuestion(sentence) || isHedged(sentence)) return false;
  if (WANTED.test(sentence)) return true;
  if (sentence.split(/\s+/).length < 2) return false;
  return analyseClause(sentence).mood === 'imperative' || isBareImperative(sentence);
}

/**
 * The daily log's "Current task": the user's last substantive request (an instruction, "can you
 * …", "I need …", "let's …"), searching back from the end of the session; null when the user
 * asked for nothing, so the line is left out rather than filled with small talk.
 */
export function currentTask(entries: readonly TranscriptEntry[]): string | null {
  for (const entry of [...entries].reverse()) {
    if (entry.role !== 'user') continue;
    const sentences = splitSentences(stripNonProse(entry.text))
      .filter((sentence) => !APPRECIATION.test(sentence.trim()))
      .map(trimInterjection);
    const request = sentences.findLast(isRequest);
    if (request === undefined) continue;
    return clipMasked(request, 160);
  }
  return null;
}
