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

/** Whether a user sentence asks for work to be done (a request, not small talk or a nod). */
function isRequest(said: string): boolean {
  // The step word is no part of the request: "Now translate it" is read as "translate it".
  const stripped = said.replace(FOLLOW_UP, '');
  const sentence = stripped.charAt(0).toUpperCase() + stripped.slice(1);
  if (isChatter(sentence) || GO_AHEAD.test(sentence)) return false;
  if (ASKED_TO.test(sentence)) return !isHedged(sentence.replace(ASKED_TO, ''));
  if (isQuestion(sentence) || isHedged(sentence)) return false;
  if (WANTED.test(sentence)) return true;
  return sentence.split(/\s+/).length >= 2 && analyseClause(sentence).mood === 'imperative';
}

/**
 * The daily log's "Current task": the user's last substantive request (an instruction, "can you
 * …", "I need …", "let's …"), searching back from the end of the session; null when the user
 * asked for nothing, so the line is left out rather than filled with small talk.
 */
export function currentTask(entries: readonly TranscriptEntry[]): string | null {
  for (const entry of [...entries].reverse()) {
    if (entry.role !== 'user') continue;
    const sentences = splitSentences(stripNonProse(entry.text)).map(trimInterjection);
    const request = sentences.findLast(isRequest);
    if (request === undefined) continue;
    return clipMasked(request, 160);
  }
  return null;
}
