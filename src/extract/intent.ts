import type { Intent } from '../core/index.js';
import {
  HEARSAY,
  IMAGINED,
  OFFERED_OPTION,
  REPORTING_SPEAKER,
  SARCASM,
  SUPPOSITION,
  UNREALISED,
  VIRTUAL_PLACE,
} from '../language/index.js';
import { deliberates } from './deliberation.js';

/** What a clause does, before any domain rule looks at it. */
export interface ClauseIntent {
  readonly intent: Intent;
  /** Hedged or approximate ("I think", "pretty sure", "about 2k", "maybe"): never commits alone. */
  readonly hedged: boolean;
  /** Marked as a one-off exception ("just this once", "for this leg", "for now"). */
  readonly oneOff: boolean;
  /** A standing instruction ("from now on", "as my default", "that is still what I want"). */
  readonly standing: boolean;
  /** Explicit supersession language ("instead of", "switched to", "changed to", "no longer"). */
  readonly supersedes: boolean;
}

/**
 * Advice in the negative imperative ("Never take the night bus to X", "Don't fly via Y"): a
 * recommendation to the listener, not the speaker's plan. "Don't forget" and "don't worry"
 * introduce a statement instead.
 */
const NEGATIVE_ADVICE =
  /^(?:never|don't|dont|do not)\s+(?!forget\b|worry\b|panic\b|tell\b)[a-z]+\b/i;

/** Said in jest ("jk", "just kidding", "only joking"): nothing in it is meant. */
const IN_JEST = /\b(?:jk|j\/k|just kidding|only kidding|kidding|just joking|only joking)\b/i;

/**
 * Laughter ("lol", "lolol", "lmaooo", "haha", a crying-laughing or grinning-squinting face; not
 * "xD", which a case-blind match cannot tell from the product name "XD"): the clause may be a joke or an
 * overstatement ("allergic to Mondays lol"), so what it says never commits alone. The one list of
 * laughter markers; state items read it too (`items/laughter.ts`).
 */
export const LAUGHTER =
  /\b(?:lo+l(?:ol)*z?|lmf?a+o+|rofl+|ha(?:ha)+h?|he(?:he)+)\b|\u{1F602}|\u{1F923}|\u{1F606}/iu;

/**
 * A claim about people in general or a market price ("rent is due on the 1st for most people",
 * "typically the bill comes mid-month", "1,450 for a one-bed round here"): it describes a norm,
 * not the speaker's own state.
 */
const GENERIC =
  /\b(?:for (?:most|many|lots of|some|all) (?:people|folks|renters|tenants|families|students|parents|of them)|most people|in general|generally speaking|as a rule|typically|typical|on average|the going rate|(?:a)?round here|for an? (?:\w+[- ])?(?:bed|bedroom|bedroomed|flat|apartment|studio)\b)\b/i;

const QUESTION_START =
  /^(?:wait,?\s+|so,?\s+|and,?\s+|hmm,?\s+|quick question,?\s+)?(?:(?:how|what|when|where|why|who|which|whose)\s+(?:is|are|was|were|do|does|did|can|could|would|should|will|much|many|long|about|if)\b|(?:did|do|does|is|are|am|was|were|can|could|would|should|will|shall|have|has|had)\s+(?:i|you|we|they|he|she|it|the|my|our|your|this|that|there)\b|any idea|i wonder|wonder (?:if|whether))/i;
/** "Did Sam book it", "Is Leo home": an auxiliary then a name (case matters here). */
const NAMED_QUESTION =
  /^(?:Wait,?\s+|So,?\s+|And,?\s+)?(?:Did|Do|Does|Is|Are|Was|Were|Can|Could|Would|Should|Will|Has|Have|Had)\s+[A-Z][a-z]+\b/;
/**
 * An indirect question put to the assistant ("remind me when the rent is due", "let me know if
 * the Oslo trip is still on", "check whether I paid it"): it asks, it states nothing.
 */
const EMBEDDED_QUESTION =
  /^(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:remind me|tell me|let me know|check|find out|figure out|look up|ask \w+)\s+(?:when|what|where|whether|if|how|who|which)\b/i;
const WH_START = /^(?:wait,?\s+|so,?\s+|and,?\s+)?(?:how|what|when|where|why|who|which|whose)\b/i;
const REMINISCE =
  /^(?:remember (?:when|that|the|our|those|how)|do you remember)\b|\b(?:i|we) (?:still )?remember (?!to\b)/i;

// A modal that supposes ("might have to", "we'd probably", "would cost"); the words that open a
// supposition or condition are the language lexicon's SUPPOSITION.
const HYPOTHETICAL_MODAL =
  /\b(?:might|may|could|would)\s+(?:have to|need to|end up|probably|just|be able to)\b|\b(?:we|i|you|they|he|she|it)'d\s+(?:probably|just|have|need|be|save|go|take)\b|\bwould\s+(?:save|cost|be|mean)\b/i;

/**
 * Wishes and daydreams (irrealis): "I'd love to go to X", "wish I was in X", "someday", "one
 * day", "dreaming of". They describe no plan and no present state.
 */
const IRREALIS =
  /\b(?:(?:i|we)(?:'d| would) (?:love|like) to|would (?:love|like) to|(?:i|we) wish|wish (?:i|we) (?:was|were|could|had)|if only|dream(?:ing|t|ed)? (?:of|about)|some ?day|one day(?=,?\s+(?:i|we)\b|[.!]*$)|in (?:an|a perfect|an ideal) world|in another life|would be (?:nice|lovely|great|amazing|fun) to|bucket list|(?:is|are|'s) on my (?:\w+ )?list|(?:was|were) (?:going to|gonna|meant to|supposed to|planning to|planning on)|(?:almost|nearly) (?:went|flew|booked|moved|drove|bought|cancell?ed)|should (?:go|visit|fly|travel|head|move|book|try)|ought to|sometime)\b/i;

/**
 * Talk about words rather than the world: translations and glosses ("X means I am in Berlin",
 * "the French word for trip"). Nothing in it is the speaker's state.
 */
const METALINGUISTIC =
  /\b(?:means|meaning|translates? (?:to|as)|how (?:do|would) you say|the (?:\w+ )?(?:word|term) for)\b/i;

/** A clause labelled with another team's name ("Platform team: ...", "Design squad - ..."). */
const TEAM_LABEL = /^[A-Z][\w&-]*(?:\s+[\w&-]+)?\s+(?:team|squad|group|dept|department)\s*[:-]/;

const HISTORICAL =
  /\b(?:last (?:year|summer|winter|spring|fall|autumn|christmas|easter|time)|(?:a few |two |three |\d+ )?years? ago|back in (?:19|20)\d\d|in (?:19|20)\d\d\b|remember when|do you remember|used to|back when|when (?:i|we) (?:was|were) (?:a kid|kids|young|little|in college)|the last time|once upon)/i;

const RETRACT =
  /^(?:scratch that|strike that|never ?mind|forget (?:what i (?:just )?said|that|it|my last)|ignore (?:that|my last(?: message)?|what i (?:just )?said)|disregard (?:that|my last)|i take (?:it|that) back|correction|actually,? (?:no|scratch that)|wait,? no|sorry,? (?:i meant|wrong|my mistake))\b[\s:,.!-]*/i;

const HEDGE =
  /,\s*(?:huh|eh|innit|or not|or what)\s*[.!]*$|\b(?:i think|i believe|i guess|i suppose|i reckon|pretty sure|fairly sure|not sure|i'm not sure|probably|possibly|perhaps|maybe|might|kind of|sort of|i've been thinking about|been thinking about|thinking about|considering|we'll see|not certain|if i remember|iirc|roughly|approximately|ish|it seems|seems like|seemingly|it appears|it would seem)\b|~\s*\d/i;

const APPROXIMATE_AMOUNT =
  /\b(?:about|around|roughly|approximately|almost|nearly|like)\s+[$€£]?\d/i;

const ONE_OFF =
  /\b(?:just this (?:once|time|week|trip)|only this (?:once|time|week|trip)|this time only|for (?:the|this) (?:\w+\s+)?(?:hop|trip|flight|leg|journey|ride|visit|one|week)|one-?off|for now|just for (?:today|tonight|this))\b/i;

const STANDING =
  /\b(?:my (?:preference|default|go-to)\b|from now on|going forward|as my default|by default|my usual|as (?:the|my) usual|every time|always|(?:is|are|'s|'re)\s+(?:still\s+)?what i (?:want|prefer|like)|still prefer|i prefer|i'd rather|(?:not|n't) (?:just )?a one-?(?:time|off)|permanently)\b/i;

const SUPERSEDES =
  /\b(?:instead of|instead|switched to|switching to|changed to|change of plan|moved to|moving to|no longer|not anymore|anymore|rather than|replaced|now (?:at|on|is)|updated|mark (?:it|\w+) as|pushed to|rescheduled)\b/i;

const PLANNING =
  /\b(?:will|'ll|going to|gonna|plan(?:ning)? (?:to|on)|planning|booked|booking|scheduled|leaving|leave for|flying (?:out|to|in|home|back)|fly(?:ing)? out|departing|departs|heading (?:to|out)|head(?:ing)? to|tomorrow|tonight|next (?:week|month|year|mon|tue|wed|thu|fri|sat|sun)|this (?:weekend|coming)|upcoming|starting|from now on|going forward)\b/i;

/** Whether the words hedge ("I think", "maybe", "probably"), whoever they report. */
export function hedges(text: string): boolean {
  return HEDGE.test(text);
}

/** The part of a sentence after a retraction opener ("Scratch that: ..."), or null. */
export function afterRetraction(text: string): string | null {
  const match = RETRACT.exec(text.trim());
  return match ? text.trim().slice(match[0].length) : null;
}

/**
 * Whether the sentence a clause belongs to is said in jest, sarcastically or of an intention
 * habitually left undone: a marker anywhere in it ("I'm totally off to X next week 🙄", "we
 * always say we'll go to Y and never do") takes back every clause of it, not only its own.
 */
function sentenceUnmeant(sentence: string): boolean {
  return (
    IN_JEST.test(sentence) || SARCASM.pattern.test(sentence) || UNREALISED.pattern.test(sentence)
  );
}

/**
 * Whether the clause is an option offered to the reader ("For a limited time you can move your
 * flight"): the offer opens the clause, with no statement of the speaker's own before it ("Flying
 * to Madrid on Friday, you can reach me on my mobile" still states the trip).
 */
function offersOption(t: string): boolean {
  const m = OFFERED_OPTION.pattern.exec(t);
  if (m === null) return false;
  return !/[,;:\u2013\u2014]|\s-\s|\b(?:i|i'm|i've|i'll|we|we're|we've|we'll|my|our|me|us)\b/i.test(
    t.slice(0, m.index),
  );
}

/**
 * Classifies one clause: `question`, `hypothetical`, `historical` (state never changes), else
 * `planning` or `assertive`, plus hedge, one-off, standing and supersession markers. Pure.
 * `asked` is whether the sentence ended with a question mark; `sentence`, when given, is the
 * whole sentence the clause was cut from (its tone markers hold for every clause).
 */
export function classifyClause(text: string, asked: boolean, sentence?: string): ClauseIntent {
  const t = text.trim();
  const marks = {
    hedged:
      HEDGE.test(t) ||
      deliberates(t) ||
      APPROXIMATE_AMOUNT.test(t) ||
      HEARSAY.pattern.test(t) ||
      REPORTING_SPEAKER.pattern.test(t) ||
      METALINGUISTIC.test(t) ||
      TEAM_LABEL.test(t) ||
      LAUGHTER.test(t) ||
      GENERIC.test(t) ||
      /\?\s*$/.test(t),
    oneOff: ONE_OFF.test(t),
    standing: STANDING.test(t),
    supersedes: SUPERSEDES.test(t),
  };
  if (REMINISCE.test(t)) return { intent: 'historical', ...marks };
  if (
    (asked && (WH_START.test(t) || !/^(?:when|while|after|before)\b/i.test(t))) ||
    QUESTION_START.test(t) ||
    NAMED_QUESTION.test(t) ||
    EMBEDDED_QUESTION.test(t)
  ) {
    // A statement that merely ends in a hedging "?" ("I think I cancelled it a while ago?")
    // is a hedged assertion, not a question.
    const hedgedStatement =
      asked && !QUESTION_START.test(t) && /\b(?:i think|i guess|pretty sure)\b/i.test(t);
    if (!hedgedStatement) return { intent: 'question', ...marks };
  }
  if (
    SUPPOSITION.pattern.test(t) ||
    HYPOTHETICAL_MODAL.test(t) ||
    IRREALIS.test(t) ||
    IMAGINED.pattern.test(t) ||
    VIRTUAL_PLACE.pattern.test(t) ||
    offersOption(t)
  ) {
    return { intent: 'hypothetical', ...marks };
  }
  if (NEGATIVE_ADVICE.test(t) || sentenceUnmeant(sentence ?? t)) {
    return { intent: 'hypothetical', ...marks };
  }
  if (HISTORICAL.test(t)) return { intent: 'historical', ...marks };
  return { intent: PLANNING.test(t) ? 'planning' : 'assertive', ...marks };
}
