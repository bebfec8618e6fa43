import {
  analyzeChoice,
  type BatchMessage,
  type CandidateItem,
  collapseWhitespace,
  comparableText,
  defaultStatusFor,
  escapeRegExp,
  type ItemConfidence,
  normalizeTopicTag,
  ok,
  STATE_ITEM_LIMITS,
  type StateItemType,
} from '../core/index.js';
import {
  analyseClause,
  findDates,
  isVocabularyWord,
  RELATIONAL_NOUN,
  splitSentences,
} from '../language/index.js';
import {
  addressedTo,
  binderOf,
  bindsAPlan,
  clauseWith,
  LIMIT_WORDS,
  readConstraint,
  tiedToAPlan,
} from './clause-reading.js';
import type { ItemExtractor } from './item-extractor.js';
import { readLaughter } from './laughter.js';
import { materialSentences } from './pasted-material.js';

/** What the rules read from one sentence, before refs and tags are attached. */
interface SentenceItem {
  readonly typeTag: StateItemType;
  readonly text: string;
  readonly confidence: ItemConfidence;
}

type Role = BatchMessage['role'];

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(' '));
}

/** Verbs that pick something: their sentences are decisions, never actions. */
const CHOICE =
  '(?:use|go with|choose|pick|adopt|switch(?: over)?(?: to)?|move to|migrate to|stick with|' +
  'stay with|settle on|standardi[sz]e on|opt for|keep using)';
const CHOICE_PAST =
  '(?:switched(?: over)?(?: to)?|changed to|moved to|migrated to|chose|chosen|picked(?! up)|adopted|' +
  'went with|gone with|settled on|opted for|standardi[sz]ed on|decided on)';
const COMMIT =
  "(?:let's|let us|we'll|we will|we're going to|we are going to|we shall|we should|i'll|i will|" +
  "i'm going to|i am going to|(?:going forward|from now on),? we(?:'ll| will)?)";
const ADVERB = '(?:just |now |probably |definitely |then |also |instead |actually )?';

const LABEL = /^([a-z][a-z -]{0,20}?)(?:\s*[:\u2013\u2014]|\s+-)\s*(.+)$/;
const LABELS: Readonly<Record<string, StateItemType>> = {
  decision: 'decision',
  decided: 'decision',
  'final decision': 'decision',
  resolution: 'decision',
  agreed: 'decision',
  constraint: 'constraint',
  requirement: 'constraint',
  'hard requirement': 'constraint',
  rule: 'constraint',
  limit: 'constraint',
  todo: 'action',
  'to-do': 'action',
  'to do': 'action',
  action: 'action',
  'action item': 'action',
  'next step': 'action',
  'next steps': 'action',
  'follow-up': 'action',
  'follow up': 'action',
  question: 'question',
  'open question': 'question',
  risk: 'risk',
  concern: 'risk',
  warning: 'risk',
  caveat: 'risk',
};

const FILLER =
  /^(?:(?:ok(?:ay)?|so|alright|all right|right|well|yes|yeah|yep|sure|great|cool|good|fine|perfect|hmm+|also|and|but|then|anyway|btw|by the way|oh|ah|hey|hi|hello|thanks|thank you|got it|understood|sounds good|makes sense|in that case|actually|honestly|basically|ultimately|finally)\b[,.!:;\u2014-]*\s+|no[,.!;]+\s+)+/;
const HEDGE =
  /\b(?:maybe|perhaps|probably|possibly|i think|i guess|i suppose|might want to|not sure|should)\b/;
const REASON = /,?\s+(?:because|since|as it|so that|given that|which means)\b.*$/;

const DECIDED =
  /\b(?:we|i)(?:'ve| have)? (?:decided|agreed|(?:am|are) agree)(?: (?:to|that|on))?(?: we(?:'ll| will| should| must)?)?\s+(.+)$/;
/** "I decided it was time…": a judgement about a state, not a choice. */
const DECIDED_CLAUSE =
  /^(?:(?:it|this|that|he|she|they|i|you)(?:'s| was| were| is| had| would)|with|about)\b/;
/** "I'll keep using my voice": a habit of one's own, not a choice among options. */
const HABIT = /\bkeep using (?:my|your|his|her|their)\b/;
const SETTLED = /\b(?:it's|it is|that's|that is) (?:decided|settled|agreed)[:,]?\s+(.+)$/;
const FUTURE_CHOICE = new RegExp(`\\b${COMMIT} ${ADVERB}${CHOICE}\\b`);
const PAST_CHOICE = new RegExp(
  `\\b(?:we|i)(?:'ve| have)?(?: now| just| already| finally)? ${CHOICE_PAST}\\b`,
);
const PRESENT_CHOICE = /\b(?:we're|we are) (?:now )?(?:using|switching to|moving to|going with)\b/;
const IMPERATIVE_CHOICE = new RegExp(`^(?:please )?${CHOICE} \\S`);
const IT_IS = /^(.+?) it is$/;
/** A head of "… it is" that is a clause, not a choice ("I love how simple it is", "so nice it is"). */
const IT_IS_CLAUSE =
  /\b(?:i|you|we|they|he|she|how|what|that|so|such|too|very|really|whatever|wherever)\b/;
const REPLACING_CUES = new Set(['replaced with', 'replaced by', 'from … to']);
const NO_LONGER_ACTIVE = /\b(?:we|i)(?:'ll| will)? no longer (use|need|support|run|want)\b/;
const NO_LONGER_PASSIVE = /\bis no longer (needed|used|supported|required)\b/;

const RISK_PHRASE =
  /\b(?:the|one|my|our|main|big|biggest|key|only|real) (?:risk|concern|danger|downside|caveat|worry)(?: here| with (?:this|that))? (?:is|being|would be)(?: that)?\s+(.+)$/;
const RISK_MODAL =
  /\b(?:might|could|may|can|would|will probably)(?: \w+ly)? (?:break|fail|crash|lose|leak|corrupt|overload|time out|go down|slow down|exceed|run out of|expire|stall|regress|cause|block|be lost|be exposed|be compromised|get lost|get corrupted)\b/;
/** A plan's bad outcome in everyday words, said of a thing (not "we might close early"). */
const RISK_EVENT =
  /^(?!(?:i|we|you)\b).*\b(?:might|could|may|would)(?: \w+ly)? (?:be cancell?ed|get cancell?ed|be delayed|get delayed|sell out|close|be closed|flood|wash out|fall through)\b/;
const RISK_OUTCOME =
  /^(?!(?:i|we|you)\b).*\b(?:might|could|may|would)\b.*\b(?:stale|outdated|inconsistent|duplicated?|wrong|corrupt(?:ed)?|missing|out of sync|lost|downtime|outage|errors?|regressions?|slower|expensive|costly|leaks?)\b/;
const RISK_WORRY = /\b(?:i'm|i am|we're|we are) (?:worried|concerned) (?:that|about)\s+(.+)$/;
const RISK_WORD =
  /\b(?:risky|dangerous|single point of failure|bottleneck|race condition|data loss|security (?:hole|vulnerabilit(?:y|ies)))\b/;
/**
 * "a vulnerability in the login form", "vulnerabilities in openssl 3.0": a flaw in software, whose
 * object within a few words is a software or security noun or a version ("a vulnerability in how I
 * trust people" is a feeling).
 */
const SOFTWARE_VULNERABILITY =
  /\bvulnerabilit(?:y|ies) in (?:(?:the|a|an|our|my|their|this|that|its|your) )?(?:[\w.-]+ ){0,3}?(?:(?:systems?|librar(?:y|ies)|versions?|login|api|apis|servers?|endpoints?|packages?|app|apps|code|codebase|firmware|plugins?|modules?|dependenc(?:y|ies)|kernel|sdk|drivers?|routers?|software|framework|database|website|browser|auth|authentication)\b|v?\d+(?:\.\d+)+\b)/;

/** Verbs after which a commitment is not a task ("I'll be late", "we'll see"). */
const NOT_TASK = words(
  'be have see think consider need never not let talk know wait like love want hope remember ' +
    'probably maybe get do go',
);
/** Verbs describing a property rather than a task: their obligations are constraints. */
const STATIVE = words(
  'be stay remain support comply handle fit work keep have include respect follow meet match ' +
    'pass allow accept cost last use respond',
);
/** Verbs that name a task someone can be asked to do. */
const TASK = words(
  'send email mail call text message write draft fix update review schedule book buy order ask ' +
    'tell check finish prepare submit pay file publish merge install set clean contact reach ' +
    'follow remind share upload create add remove delete refactor rename document investigate ' +
    'look test deploy ship release build plan cancel confirm renew sign post reply organize ' +
    'migrate backup back rotate archive export import clear open close invite collect compile ' +
    'translate summarize run restart upgrade bring',
);
const ACTION_COMMIT =
  /\b(?:i|we)(?:'ll| will| am going to|'m going to| are going to|'re going to| shall)\s+(?:also |then |just |quickly |first |now |definitely )?(?:to )?([a-z]+)\b(.*)$/;
/** An obligation on a person (or, note-style, on nobody: "need to rotate the keys") is a task. */
const OBLIGATION =
  /(?:^|\b(?:i|we|someone|somebody) |\byou (?!should))(?:(?:need|needs|have|has) to|must|should|gotta) ([a-z]+)\b(.*)$/;
const NAMED_COMMIT = /\b([A-Z][a-z]+) (?:will|'ll|is going to) ([a-z]+)\b(.*)$/;
const REQUEST = /^(?:can|could|would|will) you (?:please )?([a-z]+)\b(.*)\?$/;
const REMIND = /\b(?:remind me to|(?:don't|do not) forget to)\s+(.+)$/;
const PLEASE = /^(?:please|pls) ([a-z]+)\b(.*)$/;
const LETS = /^(?:let's|let us) ([a-z]+)\b(.*)$/;
/** An object that is only a pronoun (and a particle): "check it out", "add it to my list". */
const NOT_AN_OBJECT =
  /^ (?:it|them|that|this|those|these)(?: out| up| over| back)?(?: (?:to|on) my (?:list|radar))?(?:\s*[-\u2013\u2014,;:!.?].*)?$/;
/**
 * "fix things up in our community", "sort stuff out": an object that names nothing in particular
 * is an aspiration, unless a day or a limit pins it down ("send something to Dana by Friday").
 */
const VAGUE_OBJECT = /^ (?:up |out |over )?(?:things|stuff|something|everything|anything)\b/;
/** A wish with no time to it ("one day", "sometime"): not yet a commitment. */
const SOMEDAY = /\b(?:one day|someday|some day|sometime|one of these days|eventually)\b/;
/** "Tell me more about…", "tell you about…": conversation, not a task. */
const TELL_CHAT =
  /^ (?:me|us)\b(?! to\b)|^ you\b(?: (?:more|all|a bit|a little))?(?: about| what| how| why| when| who| if)\b/;
/**
 * "I'll check out those brands", "look into some of these": taking up the other party's
 * suggestions, whose object points back at what was said (a demonstrative, "the X you mentioned"),
 * is politeness, not a task with an object of its own.
 */
const SUGGESTION_TAKEN =
  /^ (?:out |into |up )?(?:(?:some|all|a few|one|each) of )?(?:those|these|them|the ones|the (?:[\w'-]+ ){1,4}(?:you|you've|u) (?:mentioned|suggested|recommended|listed|shared|gave))\b/;
const NOT_NAMES = words('I It This That There We You They Which What Who When Where How Nothing');

const CONSTRAINT_MODAL =
  /\b(?:must|must not|mustn't|has to|have to|needs? to be|cannot|can't|can not|may not|shall not|should never|should not|shouldn't|is not allowed|are not allowed|not allowed to|is required|are required|required to|is mandatory|no more than|at (?:most|least)(?= (?:\d|one|two|three|four|five|ten|a few|once|twice|half|an? (?:hour|day|week|month)))|no later than|under no circumstances|at all times)\b/;
const NEVER = /\bnever\b(?!-)/;
/**
 * Modal words that state no limit or obligation, removed before the constraint tests: a guess
 * about the past or about a feeling ("must have been", "must be awesome"), "a must"/"must-see",
 * excitement and inability-to-stop ("can't wait", "can't stop", "can't imagine"), a resolve or a
 * memory about oneself ("never give up", "never forget", "never saw"), and a casual "I'll have to
 * check it out".
 */
const NOT_DEONTIC = [
  /\b(?:can't|cannot) (?:go wrong|put a price|complain|blame)\b/g,
  /\b(?:has to|have to|must) (?:go on|move on|carry on|go now|run now|head out)\b/g,
  /\ba must\b|\bmust-\w+/g,
  /\b(?:has|have) to be said\b|^never again\b|\bnever\b(?=[^.!?]*\banymore\b)|\balways (?:have|has) to\b|\b(?:shouldn't|should not|must not|mustn't) have\b/g,
  /\b(?:can't|cannot)(?= right now| yet| anymore|[.!,;]|$)/g,
  /\bnever(?:-\w+| ever)?\b(?= (?:give|gave|given|quit|forget|forgot|cease|ceases|know|knew|saw|seen|say|said|want|wanted|shy|stop|stopped|get|got|gets|fail|fails|been|had|heard|used|thought|imagined|felt|let|lose|lost|miss|missed|realized|expected|dreamed|dreamt|tried|knew|leave|left|thought|back down|lets|seems)\b)/g,
  /\b(?:i'll|i will|you'll|you will|i might|you might|maybe i'll) (?:just |definitely |probably )?have to\b/g,
];

/** `lower` without the modal uses of `NOT_DEONTIC`, so "must", "can't" and "never" mean a limit. */
function deonticForm(lower: string): string {
  return NOT_DEONTIC.reduce((text, pattern) => text.replace(pattern, ' '), lower);
}
const NOT_NEVER =
  /\b(?:never mind|never heard|never been|never seen|never had|never used|never knew|never thought|i've never|i have never|had never|never got)\b/;
const ONLY =
  /^only\b(?! (?:you|i|me|he|she|they|we|a few|one|just|then|when|if|because|time)\b)|\b(?:can|may|must|should|will|to|we|you) only\b|\bonly (?:allow|use|accept|support|deploy|run|ship|store|send|admins?|owners?|approved|signed|internal|https)\b/;
const PROHIBITION =
  /^(?:(?:don't|do not|never|avoid) (?!worry|know|think|care|mind|remember|forget|feel|be\b|give up|ever|stress|hesitate|let|get|lose|stop|quit|wanna|want|have|need|you|we|i\b|it\b|they|miss)\w+|no,? (?!problem|worries|idea|thanks|way|doubt|need|wonder|matter|offen[cs]e|rush|pressure|kidding|joke|clue|chance|one|big deal|(?:you|i|it|we|they|he|she|that|this|not)\b)\w+)/;
const LETS_NOT = /^(?:let's|let us) (?:not|never)\b/;
const LIMIT = /\b(?:budget|deadline|cap|maximum|minimum)\b.{0,20}\b(?:is|of|at|by)\b/;

/** A closing "…, done." (or "— done!") that settles what the sentence said. */
const SETTLED_TAIL = /\s*(?:[,;:]|\s[\u2013\u2014-])\s*done[.!]*$/i;
const QUESTION_PHATIC =
  /^(?:how are you|how's it going|what's up|are you there|right|ok|okay|really|huh|you know|got it|does that make sense|makes sense|sound good|sounds good|any questions)\b/;
/** A question that deliberates: what we should do, whether to, who owns, is it allowed or worth it. */
const QUESTION_CUE =
  /\b(?:should|shall|whether|we|our|us|need|needs|must|worth|allowed|who(?:'s| is) going to|who will|who'll)\b/;
/** Small talk and rhetoric: tag questions, offers of help, and "have you ever…" and the like. */
const QUESTION_SMALL_TALK =
  /(?:,? (?:huh|right|you know|no|eh|yeah|isn't it|don't you think)\?$)|^(?:need|want) (?:any|some)?\s*(?:help|anything)\b|\bhow do you think\b|\b(?:have you ever|did you ever)\b|\bsince we (?:last )?(?:talked|spoke|chatted|caught up)\b|\bneeds? (?:any |some )?help\b/;
/** A choice verb or a plan word that makes even a tag question ask for something to decide. */
const QUESTION_DECIDES = new RegExp(`\\b(?:${CHOICE}|${CHOICE_PAST}|going with|using)\\b`);
const OPEN_QUESTION =
  /\b(?:not sure|unsure) (?:whether|if|about)\b|\bi wonder (?:whether|if)\b|\b(?:tbd|to be decided|undecided|still open)\b/;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerForm(sentence: string): string {
  return (
    sentence
      .replace(/[\u2018\u2019]/g, "'")
      // Contractions typed without the apostrophe ("cant", "dont", "shouldnt").
      .replace(/\b(can|don|couldn|shouldn|didn|doesn|isn|aren|mustn)t\b/gi, "$1't")
      .replace(/[\u201c\u201d]/g, '"')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The part of `sentence` (original case) that `lower`'s suffix `tail` corresponds to. */
function tailOf(sentence: string, lower: string, tail: string): string {
  if (sentence.length === lower.length) return sentence.slice(lower.length - tail.length).trim();
  // The lower form is longer or shorter ("cant" → "can't", "İ"): the tail as written is the
  // shortest suffix of the sentence whose lower form it is; the lower form only when none is.
  // Only suffixes with about as many non-space characters as the tail can lower to it (the lower
  // form adds an apostrophe per contraction, and a non-ASCII letter may lower to two), so the
  // search stays linear on a long sentence instead of lowering every suffix.
  const wanted = tail.trim();
  const target = wanted.replace(/\s/g, '').length;
  const slack = [...wanted].filter((c) => c === "'" || c.charCodeAt(0) > 0x7f).length;
  let solid = 0;
  for (let at = sentence.length - 1; at >= 0; at -= 1) {
    if (!/\s/.test(sentence.charAt(at))) solid += 1;
    if (solid > target) break;
    if (solid < target - slack) continue;
    const suffix = sentence.slice(at);
    if (lowerForm(suffix) === wanted) return suffix.trim();
  }
  return wanted;
}

function cleanText(text: string): string {
  return capitalize(
    text
      .replace(REASON, '')
      .replace(/[\s.,;:!]+$/, '')
      .trim(),
  );
}

/** The phrase as written in `sentence` (matched case-insensitively), or the phrase itself. */
function asWritten(sentence: string, phrase: string): string {
  const pattern = phrase.split(' ').map(escapeRegExp).join('[\\s\'"\u2019]*\\s+');
  return new RegExp(pattern, 'iu').exec(sentence)?.[0] ?? phrase;
}

/** True when `text` opens with a thing rather than a verb ("Kafka for the event bus"). */
function opensWithObject(text: string): boolean {
  const [first, second] = comparableText(text).split(' ');
  return (
    first !== undefined &&
    !TOPIC_VERBS.has(first) &&
    !TOPIC_STOP.has(first) &&
    !DETERMINER_AFTER.has(second ?? '')
  );
}

/**
 * A decision in canonical words, "Use X for P instead of Y", so that restatements share a uid; a
 * decision that chooses no object keeps its own words. `verbLed` (the rest of "decided to …")
 * opens with a verb, so it is never read as a bare object ("treat myself" is not a thing to use).
 */
function decisionText(sentence: string, verbLed = false): string {
  let choice = analyzeChoice(sentence);
  if (!verbLed && choice.chosen === null && choice.replaced === null && opensWithObject(sentence)) {
    choice = analyzeChoice(`use ${sentence}`);
  }
  if (choice.chosen !== null) {
    const purpose = choice.purpose ? ` for ${asWritten(sentence, choice.purpose)}` : '';
    const instead = choice.replaced ? ` instead of ${asWritten(sentence, choice.replaced)}` : '';
    return `Use ${asWritten(sentence, choice.chosen)}${purpose}${instead}`;
  }
  return cleanText(sentence);
}

function noLongerText(sentence: string, lower: string): string | null {
  const active = NO_LONGER_ACTIVE.exec(lower);
  const passive = NO_LONGER_PASSIVE.exec(lower);
  const replaced = analyzeChoice(sentence).replaced;
  if (replaced === null || (active === null && passive === null)) return null;
  const verb =
    active?.[1] ??
    { needed: 'need', used: 'use', supported: 'support' }[passive?.[1] ?? ''] ??
    'need';
  return `No longer ${verb} ${asWritten(sentence, replaced)}`;
}

function labelled(sentence: string, lower: string): SentenceItem | null {
  const match = LABEL.exec(lower);
  const typeTag = match?.[1] === undefined ? undefined : LABELS[match[1].trim()];
  if (!match?.[2] || typeTag === undefined) return null;
  const rest = tailOf(sentence, lower, match[2]);
  if (typeTag === 'question') return { typeTag, text: capitalize(rest), confidence: 'high' };
  const text = typeTag === 'decision' ? decisionText(rest) : cleanText(rest);
  return { typeTag, text, confidence: 'high' };
}

function question(sentence: string, lower: string, role: Role): SentenceItem | null {
  if (
    role !== 'user' ||
    QUESTION_PHATIC.test(lower) ||
    /^(?:can|could|would|will) you\b/.test(lower)
  ) {
    return null;
  }
  // The clause that asks ("… - what was it like?"), not a remark before it, must deliberate.
  const asking = lower.split(/\s[\u2013\u2014-]\s|[;:]\s/).at(-1) ?? lower;
  if (lower.split(' ').length < 4 || !QUESTION_CUE.test(deonticForm(asking))) return null;
  if (QUESTION_SMALL_TALK.test(lower) && !QUESTION_DECIDES.test(lower)) return null;
  return { typeTag: 'question', text: capitalize(sentence), confidence: 'medium' };
}

/** A verb that makes a choice, in the forms a taken-back choice uses ("let's not book X"). */
const TAKE_BACK_CHOICE =
  '(?:do|use|go with|book|take|get|pick|choose|going with|doing|using|booking|taking|picking|choosing)';
const TAKE_BACK_OPENER = '^(?:actually,? |on second thought,? )?';
/**
 * A clause that takes a choice back: "let's not do X", "we won't use X" (a negated choice verb:
 * "we're not sure yet" takes nothing back), "scrap X" (a bare object: "drop the kids at school"
 * and "forget it" choose nothing), "no X" (a bare noun phrase: "no milk left" is a shortage).
 */
const TAKE_BACK: readonly RegExp[] = [
  new RegExp(
    `${TAKE_BACK_OPENER}(?:(?:let's|lets|let us) not|we(?:'ll| will)? not|we won't|we're not|we are not)\\s+${TAKE_BACK_CHOICE}\\s+(.+?)(?:\\s+after all)?$`,
  ),
  new RegExp(
    `${TAKE_BACK_OPENER}(?:let's |lets |let us )?(?:scrap|drop|ditch|forget|skip)\\s+(?:${TAKE_BACK_CHOICE}\\s+)?(?!(?:it|that|this|them)$)((?:[\\w'-]+\\s+){0,3}?[\\w'-]+)(?:\\s+after all)?$`,
  ),
  new RegExp(
    `${TAKE_BACK_OPENER}no(?! (?:problem|worries|idea|thanks|way|doubt|need|wonder|matter|rush|pressure|one|big deal)\\b)\\s+((?:[\\w'-]+\\s+){0,2}?[\\w'-]+)(?:\\s+after all)?$`,
  ),
];
/** Words that make "X …" after "scrap" or "no" more than a noun phrase ("no milk left"). */
const NOT_BARE =
  /\b(?:left|more|longer|anymore|yet|needed|at|in|on|to|for|with|from|of|about|into|off|by|until|after|before|is|are|was|were)\b/;

/** The particle of a phrasal verb left at the end of its object ("pick the kids up"). */
const PARTICLE = /\s+(?:up|off|out|back|down|over|along|away|around)$/;

/**
 * The object a clause takes back, or undefined. A "no X" (no verb) takes back only an option the
 * conversation named before (`earlier`, lower case): "No regrets, we'll take the job" drops no
 * earlier choice, "(the hotel by the lake?) no hotel, cabin it is" does.
 */
function takenBack(part: string, earlier: string): string | undefined {
  for (const pattern of TAKE_BACK) {
    const object = pattern.exec(part.replace(FILLER, ''))?.[1]?.replace(PARTICLE, '');
    if (object === undefined || (pattern !== TAKE_BACK[0] && NOT_BARE.test(object))) continue;
    if (pattern === TAKE_BACK[2] && !namedBefore(object, earlier)) continue;
    return object;
  }
  return undefined;
}

/** Whether the head word of `object` (singular or plural) occurs in `earlier`. */
function namedBefore(object: string, earlier: string): boolean {
  const head = object.split(' ').pop() ?? '';
  const stem = head.replace(/(?:es|s)$/, '');
  if (stem.length < 2) return false;
  return new RegExp(`\\b${stem.replace(/[^\w'-]/g, '')}(?:e?s)?\\b`).test(earlier);
}
/** A clause that commits to the replacement: "we'll take Y (instead)", "let's go with Y", "Y it is". */
const TAKE_INSTEAD =
  /^(?:(?:we'll|we will|let's|lets|let us|i'll|i will|we're going to|we are going to)\s+|instead,?\s+)(?:just\s+)?(?:do|use|go with|book|take|get|pick|choose|stick with|switch to)\s+(.+?)(?:\s+instead)?$|^(.+?) it is$/;

/**
 * A reworded reversal in one sentence: a clause taking a choice back followed by a clause
 * committing to another ("actually let's not do the hotel, we'll take the cabin instead"). Read as
 * "Use Y instead of X" so that reconciliation supersedes the item that chose X.
 */
function reversal(sentence: string, lower: string, earlier: string): SentenceItem | null {
  const parts = lower.split(/\s*(?:[,;:]|\s[\u2013\u2014-])\s*|\s+(?:but|so)\s+/);
  const at = parts.findIndex((part) => takenBack(part, earlier) !== undefined);
  if (at === -1) return null;
  const dropped = takenBack(parts[at] ?? '', earlier);
  const taken = parts
    .slice(at + 1)
    .map((part) => TAKE_INSTEAD.exec(part.replace(/[.!]+$/, '')))
    .find((m) => m !== null);
  const chosen = taken?.[1] ?? taken?.[2];
  if (dropped === undefined || chosen === undefined) return null;
  const text = `Use ${asWritten(sentence, chosen)} instead of ${asWritten(sentence, dropped)}`;
  // "maybe let's not do the hotel, we'll probably take the cabin": a hedged reversal is weak.
  return {
    typeTag: 'decision',
    text: decisionText(text),
    confidence: HEDGE.test(lower) ? 'low' : 'high',
  };
}

function decision(sentence: string, lower: string, earlier: string): SentenceItem | null {
  const reversed = reversal(sentence, lower, earlier);
  if (reversed !== null) return reversed;
  const hedged = HEDGE.test(lower);
  const decided = DECIDED.exec(lower) ?? SETTLED.exec(lower);
  if (decided?.[1] && !DECIDED_CLAUSE.test(decided[1])) {
    const rest = tailOf(sentence, lower, decided[1]);
    const restLower = lowerForm(rest);
    if (CONSTRAINT_MODAL.test(restLower) || (NEVER.test(restLower) && !NOT_NEVER.test(restLower))) {
      return { typeTag: 'constraint', text: cleanText(rest), confidence: 'high' };
    }
    const verbLed = /\b(?:decided|agreed|agree) to $/.test(
      lower.slice(0, lower.length - decided[1].length),
    );
    return { typeTag: 'decision', text: decisionText(rest, verbLed), confidence: 'high' };
  }
  const noLonger = noLongerText(sentence, lower);
  if (noLonger !== null) return { typeTag: 'decision', text: noLonger, confidence: 'high' };
  const itIs = IT_IS.exec(lower.replace(/[.!]+$/, ''));
  if (itIs?.[1] && itIs[1].split(' ').length <= 4 && !IT_IS_CLAUSE.test(itIs[1])) {
    const choice = tailOf(sentence.replace(/\s*it is[.!]*$/i, ''), itIs[1], itIs[1]);
    return { typeTag: 'decision', text: decisionText(choice), confidence: 'high' };
  }
  if (HABIT.test(lower)) return null;
  const choice = analyzeChoice(sentence);
  const replacing = choice.replaced !== null && REPLACING_CUES.has(choice.cue ?? '');
  const future = FUTURE_CHOICE.exec(lower);
  const committed = future !== null && !future[0].includes('should');
  const stated = PAST_CHOICE.test(lower) || PRESENT_CHOICE.test(lower) || replacing;
  if (choice.chosen === null || !(future !== null || stated || IMPERATIVE_CHOICE.test(lower))) {
    return null;
  }
  // "I went with my parents (last summer)", "… with my best friend": company, not a choice among
  // options; but "team" or "family" before another noun modifies it ("the family plan").
  const chosenWords = choice.chosen.replace(/[,.;:!?]+$/, '').split(' ');
  const [first = '', ...more] = chosenWords;
  const modifier = /^(?:team|family)$/i.test(first) && more.length > 0;
  const company =
    (RELATIONAL_NOUN.pattern.test(first) && !modifier) ||
    RELATIONAL_NOUN.pattern.test(chosenWords.at(-1) ?? '');
  if (company) return null;
  const confidence: ItemConfidence = hedged ? 'low' : committed || stated ? 'high' : 'medium';
  return { typeTag: 'decision', text: decisionText(sentence), confidence };
}

/** The modal that says what may happen, first in the clause. */
const OUTCOME_MODAL = /\b(might|could|may|can|would|will probably)\b/;
/** A party of the conversation or what is theirs: "your boots", "our server", "you", "we". */
const PARTY_OWNED = /\b(?:you|your|we|our|i|my)\b/;

/**
 * "These pills can cause dizziness", "Over-tightening can strip the screws": the assistant's "can"
 * says what a thing does in general (advice), not what may happen to the user's plan; it is a
 * risk only when what it is said of is a party's ("your boots can crack in the heat").
 */
function generalCapacity(clause: string): boolean {
  const lower = lowerForm(clause);
  const modal = OUTCOME_MODAL.exec(lower);
  if (modal?.[1] !== 'can') return false;
  // The modal's own subject: "As you turn, the weight shifts, which can cause…" is said of a thing.
  const subject = lower
    .slice(0, modal.index)
    .split(/[,;:]|\b(?:which|as|because|since|so|and|but)\b/);
  return !PARTY_OWNED.test(subject.at(-1) ?? '');
}

/**
 * A risk word ("dangerous", "risky", "bottleneck") said of a plan or a thing in play, not of a
 * story in the past ("the road was dangerous back then"), of others ("they are dangerous for
 * kids"), or, by the assistant, of a class in general ("skiing can be dangerous").
 */
function riskWordOfAPlan(sentence: string, role: Role): boolean {
  const analysis = analyseClause(clauseWith(sentence, (c) => RISK_WORD.test(lowerForm(c))));
  const binder = binderOf(analysis);
  if (analysis.tense === 'past' || binder === 'third-person') return false;
  return !(role === 'assistant' && binder === 'generic');
}

function risk(sentence: string, lower: string, role: Role): SentenceItem | null {
  const phrase = RISK_PHRASE.exec(lower) ?? RISK_WORRY.exec(lower);
  if (phrase?.[1] && phrase[1].split(' ').length >= 3) {
    return {
      typeTag: 'risk',
      text: cleanText(tailOf(sentence, lower, phrase[1])),
      confidence: 'high',
    };
  }
  const modal = (c: string) => {
    const l = lowerForm(c);
    return RISK_MODAL.test(l) || RISK_EVENT.test(l) || RISK_OUTCOME.test(l);
  };
  // A possible outcome said with a modal counts when it is tied to a plan, not a generic fact.
  const outcomeClause = clauseWith(sentence, modal);
  const outcome =
    modal(lower) &&
    tiedToAPlan(outcomeClause) &&
    !(role === 'assistant' && generalCapacity(outcomeClause));
  const riskWord = RISK_WORD.test(lower) && riskWordOfAPlan(sentence, role);
  if (outcome || riskWord || SOFTWARE_VULNERABILITY.test(lower) || phrase) {
    return { typeTag: 'risk', text: cleanText(sentence), confidence: 'medium' };
  }
  return null;
}

function task(sentence: string, lower: string, verb: string, rest: string): string {
  return cleanText(tailOf(sentence, lower, `${verb}${rest}`));
}

function request(sentence: string, lower: string): SentenceItem | null {
  const match = REQUEST.exec(lower);
  if (!isTask(match?.[1], match?.[2])) return null;
  return {
    typeTag: 'action',
    text: task(sentence.replace(/\?$/, ''), lower.replace(/\?$/, ''), match[1], match[2] ?? ''),
    confidence: 'high',
  };
}

/**
 * True when `verb` names a task someone can be held to and `rest` gives it an object ("send the
 * deck", not "keep going", "have fun" or "need them"): chat's promises and pep talk are not tasks.
 */
function isTask(verb: string | undefined, rest: string | undefined): verb is string {
  const object = rest ?? '';
  return (
    verb !== undefined &&
    TASK.has(verb) &&
    /[a-z0-9]/.test(object) &&
    !NOT_AN_OBJECT.test(object) &&
    // "prepare emotionally", "finish strong, since …": a manner with nothing to act on.
    !/^ \w+ly(?:[.!?]*$|\s*[,;:\u2013\u2014]|\s+(?:since|because|as|so|and|but)\b)/.test(object) &&
    // "Tell me the benefits…" asks for information; "tell you about…" is conversation.
    !(verb === 'tell' && TELL_CHAT.test(object)) &&
    !(SUGGESTION_TAKEN.test(object) && !timedObject(object)) &&
    !(verb === 'reach' && !/^ out to \w/.test(object)) &&
    !SOMEDAY.test(object) &&
    !(
      VAGUE_OBJECT.test(object) &&
      !LIMIT_WORDS.test(object) &&
      findDates(object, ANY_DAY).length === 0
    )
  );
}

/** An anchor for `findDates` when only whether a sentence names a time matters, not which. */
const ANY_DAY = '2000-01-03T12:00:00Z';

/**
 * "those flats on Saturday", "these invoices by Friday": a demonstrative with a noun of its own and
 * a day, a time or a deadline is a task planned for then, not politeness about a suggestion.
 */
function timedObject(object: string): boolean {
  if (
    !/\b(?:those|these|the)\s+(?!(?:today|tomorrow|tonight|on|at|by|this|next|later|soon|before|after)\b)[a-z]/.test(
      object,
    )
  ) {
    return false;
  }
  return LIMIT_WORDS.test(object) || findDates(object, ANY_DAY).length > 0;
}

/**
 * "You have to follow your heart": an obligation on the addressee is advice, not a task, unless it
 * is owed to the speaker ("you need to send me the invoice") or names a limit ("by Friday").
 */
function adviceToAddressee(obligation: RegExpExecArray): boolean {
  const rest = obligation[2] ?? '';
  return (
    /^you\b/.test(obligation[0]) && !/\b(?:me|us|our|my)\b/.test(rest) && !LIMIT_WORDS.test(rest)
  );
}

/**
 * "Followers will share…", "Customers will create…": a plural common noun opening the sentence is
 * a class of people, not a named person who commits to a task.
 */
function classOfPeople(word: string, index: number): boolean {
  return index === 0 && /[^s]s$/.test(word) && isVocabularyWord(word.toLowerCase());
}

function action(sentence: string, lower: string, role: Role): SentenceItem | null {
  // The assistant's "don't forget to …" is advice to the user, not a task anyone took on.
  const remind = role === 'assistant' ? null : REMIND.exec(lower);
  const remindVerb = remind?.[1]?.split(' ')[0];
  if (remind?.[1] && isTask(remindVerb, remind[1].slice(remindVerb?.length ?? 0))) {
    return {
      typeTag: 'action',
      text: cleanText(tailOf(sentence, lower, remind[1])),
      confidence: 'high',
    };
  }
  const commit = ACTION_COMMIT.exec(lower);
  if (isTask(commit?.[1], commit?.[2])) {
    return {
      typeTag: 'action',
      text: task(sentence, lower, commit[1], commit[2] ?? ''),
      confidence: 'high',
    };
  }
  const obligation = OBLIGATION.exec(lower);
  // The assistant's "we need to add the digits" walks through steps: only a limit makes it a task.
  const steps = role === 'assistant' && !LIMIT_WORDS.test(obligation?.[2] ?? '');
  if (isTask(obligation?.[1], obligation?.[2]) && !adviceToAddressee(obligation) && !steps) {
    return {
      typeTag: 'action',
      text: task(sentence, lower, obligation[1], obligation[2] ?? ''),
      confidence: /\bshould\b/.test(obligation[0]) ? 'medium' : 'high',
    };
  }
  const named = NAMED_COMMIT.exec(sentence);
  if (
    named?.[1] &&
    named[2] &&
    !NOT_NAMES.has(named[1]) &&
    !classOfPeople(named[1], named.index) &&
    TASK.has(named[2])
  ) {
    return { typeTag: 'action', text: cleanText(sentence.slice(named.index)), confidence: 'high' };
  }
  if (role === 'user') {
    const please = PLEASE.exec(lower) ?? (LETS_NOT.test(lower) ? null : LETS.exec(lower));
    if (isTask(please?.[1], please?.[2])) {
      return {
        typeTag: 'action',
        text: task(sentence, lower, please[1], please[2] ?? ''),
        confidence: 'high',
      };
    }
  }
  return null;
}

/** Whether `lower`, without its non-deontic modals, states a limit or an obligation. */
function constraintCue(lower: string): boolean {
  const deontic = deonticForm(lower);
  return (
    CONSTRAINT_MODAL.test(deontic) ||
    (NEVER.test(deontic) && !NOT_NEVER.test(deontic)) ||
    ONLY.test(deontic) ||
    PROHIBITION.test(deontic) ||
    LETS_NOT.test(deontic) ||
    LIMIT.test(deontic)
  );
}

/**
 * A constraint: a modal or limiting cue (`constraintCue`) whose clause binds a plan of a party
 * (`bindsAPlan`: not a story in the past, not a feeling, not someone else's life or advice to the
 * addressee unless it names a limit).
 */
function constraint(sentence: string, lower: string): SentenceItem | null {
  if (!constraintCue(lower)) return null;
  const clause = clauseWith(sentence, (c) => constraintCue(lowerForm(c)));
  const reading = readConstraint(clause);
  if (reading.habit || !bindsAPlan(reading, addressedTo(clause))) return null;
  return {
    typeTag: 'constraint',
    text: cleanText(sentence),
    confidence: HEDGE.test(lower) ? 'low' : 'high',
  };
}

/**
 * Classifies one sentence by the phenomenon it shows, first match wins:
 * 1. a label (`TODO:`, `Decision:`, `Risk:`, `Constraint:`, `Question:`, ...);
 * 2. a question (user only; ends with `?` and asks something to decide) or a request ("can you
 *    send…?", an action);
 * 3. a decision (user only): a commitment to a choice ("let's use X", "we'll go with X", "we
 *    switched to X instead of Y", "we decided to …", "X it is", "we no longer use Y"), rewritten
 *    to a canonical "Use X for P instead of Y" so restatements share a uid;
 * 4. a risk ("the risk is …", "might break", "could fail", "worried that …");
 * 5. an action ("I'll …", "need to …", "Dana will send …", "remind me to …", "please …");
 * 6. a constraint (user only): obligations and prohibitions ("must", "never", "only", "has to",
 *    "don't …", budgets and deadlines).
 * Assistant sentences yield only risks and actions; system messages yield nothing. `earlier`:
 * what the thread said before the sentence, lower case (a "no X" reversal needs X named there).
 */
export function classifySentence(sentence: string, role: Role, earlier = ''): SentenceItem | null {
  if (role === 'system') return null;
  // A laugh never becomes part of an item; the clause it belongs to is dropped only as a joke.
  const laughed = readLaughter(sentence);
  if (laughed !== null) return laughed.joke ? null : classifySentence(laughed.plain, role, earlier);
  // "…, done." after a choice is the speaker settling it, not part of what was decided: the
  // decision is read without it (so it has the words of the one it restates or replaces).
  const settled = SETTLED_TAIL.exec(sentence);
  if (settled !== null) {
    const found = classifySentence(sentence.slice(0, settled.index), role, earlier);
    if (found?.typeTag === 'decision') return found;
  }
  const trimmed = collapseWhitespace(sentence);
  const lowerFull = lowerForm(trimmed);
  const stripped = lowerFull.replace(FILLER, '');
  const body = tailOf(trimmed, lowerFull, stripped);
  const lower = lowerForm(body);
  const wordCount = lower.split(' ').length;
  if (wordCount < 2 || wordCount > 60) return null;
  const label = labelled(body, lower);
  if (label !== null) {
    return role === 'user' || label.typeTag === 'action' || label.typeTag === 'risk' ? label : null;
  }
  if (lower.endsWith('?')) return request(body, lower) ?? question(body, lower, role);
  if (OPEN_QUESTION.test(lower) && role === 'user') {
    return { typeTag: 'question', text: cleanText(body), confidence: 'medium' };
  }
  if (role === 'user') {
    const found = decision(body, lower, earlier);
    if (found !== null) return found;
    // "No regrets, we'll take the job": a "no X" that took back no earlier option is an
    // interjection, not a prohibition; the rest of the sentence is read on its own.
    // Matched on the text as written: `lower` may differ in length ("cant" → "can't").
    const rest = /^no\s+(?:[\w'-]+\s+){0,2}?[\w'-]+\s*(?:[,;:]|\s[\u2013\u2014-])\s*/i.exec(body);
    const tail = rest ? body.slice(rest[0].length) : '';
    if (rest && TAKE_INSTEAD.test(lowerForm(tail).replace(/[.!]+$/, ''))) {
      return classifySentence(tail, role, earlier);
    }
  }
  return (
    risk(body, lower, role) ??
    action(body, lower, role) ??
    (role === 'user' ? constraint(body, lower) : null)
  );
}

const TOPIC_STOP = words(
  'a about across after again all also am an and any anything are as at be because been before ' +
    'being but by can could did do does doing done during each either else ever every everything ' +
    'for from going gonna had has have having he her here him his how i if in instead into is it ' +
    'its just least let lets like lot make may me might more most must my need needs never no not ' +
    'nothing now of ok okay on once one only or other our out over per please really right same ' +
    'shall she should so some something still such than that the their them then there these ' +
    'they thing things this those though through time to today tomorrow too under until up us ' +
    'use used using very via want was way we well were what when where whether which while who ' +
    'why will with within without would yes yesterday yet you your ' +
    'monday tuesday wednesday thursday friday saturday sunday week weekend month year morning ' +
    'afternoon evening tonight asap soon later longer anywhere everywhere somewhere dont doesnt ' +
    'cant wont isnt arent shouldnt couldnt wouldnt mustnt didnt wasnt werent havent hasnt sure ' +
    'worth whatever two three four five',
);
const TOPIC_VERBS = new Set([
  ...TASK,
  ...STATIVE,
  ...NOT_TASK,
  ...words(
    'go goes went choose chose pick picked adopt adopted switch switched move moved stick ' +
      'settle opt decide decided agree agreed break fail crash lose leak cause block expire ' +
      'exceed happen seem become store log avoid allow make get take give put try start stop ' +
      'help show say ask tell lock host push depend own return risk raise',
  ),
]);

const DETERMINER_AFTER = words('the a an our my your their this these those');

function isInflectedVerb(token: string, afterNoun: boolean): boolean {
  if (token.endsWith('ing')) {
    const stems = [token.slice(0, -3), `${token.slice(0, -3)}e`, token.slice(0, -4)];
    if (stems.some((stem) => TOPIC_VERBS.has(stem))) return true;
  }
  if (!afterNoun || !token.endsWith('s')) return false;
  return TOPIC_VERBS.has(token.slice(0, -1)) || TOPIC_VERBS.has(token.slice(0, -2));
}

function headPhrase(text: string): string | null {
  const tokens = comparableText(text)
    .replace(/[^\p{L}\p{N}+#._\s-]/gu, ' ')
    .split(/\s+/)
    .map((t) => t.replace(/^[._-]+|[._-]+$/g, ''))
    .filter((t) => t !== '');
  const run: string[] = [];
  for (const [index, token] of tokens.entries()) {
    // A word right before a determiner is most likely a verb ("postpone the launch"), and so is
    // an inflected verb right after a noun ("the certificate expires").
    const verbLike =
      DETERMINER_AFTER.has(tokens[index + 1] ?? '') ||
      isInflectedVerb(token, run.length > 0) ||
      (token.length >= 5 && token.endsWith('ly'));
    const skip = TOPIC_STOP.has(token) || TOPIC_VERBS.has(token) || /^\d+$/.test(token) || verbLike;
    if (!skip && token.length >= 2) run.push(token);
    else if (run.length > 0) break;
  }
  return run.length > 0 ? run.slice(-2).join(' ') : null;
}

/**
 * Up to three topic tags for an item's text: what a choice is for, the chosen and replaced objects,
 * then the head of its first noun phrase ("deck" in "Send the deck to Dana").
 */
export function topicTagsFor(typeTag: StateItemType, text: string): string[] {
  const choice = analyzeChoice(text);
  const candidates =
    typeTag === 'decision'
      ? [choice.purpose, choice.chosen, choice.replaced, headPhrase(text)]
      : [choice.purpose, headPhrase(text), choice.chosen];
  const tags = candidates
    .filter((t): t is string => t !== null)
    .map(normalizeTopicTag)
    .filter((t) => t !== '');
  const distinct = tags.filter(
    (tag, i) => !tags.slice(0, i).some((earlier) => earlier.split('-').includes(tag)),
  );
  return [...new Set(distinct)].slice(0, STATE_ITEM_LIMITS.maxTopicTags);
}

/**
 * Candidates from a batch by the rules of `classifySentence`, one per matching sentence, in message
 * order, each citing its message. A batch without a user message yields nothing.
 */
export function extractRuleCandidates(batch: readonly BatchMessage[]): CandidateItem[] {
  if (!batch.some((m) => m.role === 'user')) return [];
  const candidates: CandidateItem[] = [];
  // What the thread said before each sentence: a "no X" reversal needs X named there.
  let earlier = '';
  for (const message of batch) {
    const sentences = splitSentences(message.content, { typography: false }).map((s) => s.text);
    // A user's pasted article or story: its sentences are no item of anyone in the conversation.
    const material = message.role === 'user' ? materialSentences(sentences) : new Set<number>();
    for (const [index, sentence] of sentences.entries()) {
      const found = material.has(index) ? null : classifySentence(sentence, message.role, earlier);
      earlier += ` ${lowerForm(sentence)}`;
      if (found === null) continue;
      const choice = analyzeChoice(found.text);
      candidates.push({
        typeTag: found.typeTag,
        text: found.text,
        status: defaultStatusFor(found.typeTag),
        confidence: found.confidence,
        topicTags: topicTagsFor(found.typeTag, found.text),
        refs: [message.messageId],
        supersedes: null,
        replaces: choice.replaced,
        chosen: choice.chosen,
        conflict: false,
      });
    }
  }
  return candidates;
}

/** Id of the rule-based extractor, recorded as the `source` of its items. */
const RULE_EXTRACTOR_ID = 'rules';

/**
 * Version of the item rules, recorded with each extraction (`rules@<version>`). Bump it when the
 * rules change what they extract: 2 = reversals need a choice verb or a bare object and keep
 * their hedge, a vulnerability is a risk only in software, a suggestion taken with a day is a task;
 * 3 = a "no X" reversal needs X named earlier in the batch (else "no X," is an interjection), and
 * the particle of a phrasal verb is no part of the object taken back; 4–6 named a reverted attempt
 * (session 15); 7 = laughter is no part of an item, and a laughed-at clause that overstates or has
 * nothing concrete to stand on is a joke, no item (`readLaughter`); 8 = only the laughed clause is
 * judged, a month, weekend or part of the day holds a plan, a concession or reported choice holds
 * wherever the laugh stands, and more laughter markers are read; 9 = a laughed remark of its own
 * with nothing to stand on no longer took the plain clause beside it down; 10 = 9 undone (a
 * laughed remark beside a plan is often the joke the plan belongs to: "we're moving to Mars, the
 * kids will love it lol"), so the readings are 8's again; 11 = the assistant's "can" of a thing
 * not the user's is general advice, no risk; a risk word needs a clause not past nor of others
 * (nor, from the assistant, of a class); a manner adverb is no task's object; the sentences of a
 * user's pasted material (`materialSentences`) yield nothing; the assistant's "don't forget to"
 * and its obligations without a limit are advice or worked steps, no task; a plural common noun
 * opening a sentence ("Customers will …") is no named person; "things", "stuff" or "something"
 * with no day or limit is no task's object; company named by its head noun ("my best friend") is
 * no choice, and "team" or "family" before a noun ("the family plan") no company.
 */
export const RULE_ITEM_EXTRACTOR_VERSION = '11';

/** The offline rule-based extractor: deterministic, no model, the default path. */
export function createRuleItemExtractor(): ItemExtractor {
  return {
    id: RULE_EXTRACTOR_ID,
    version: RULE_ITEM_EXTRACTOR_VERSION,
    extract: async (batch) => ok(extractRuleCandidates(batch)),
  };
}
