import { analyzeChoice } from '../core/index.js';
import { objectKey, readRetirements } from '../items/index.js';
import { contentWords, isHedged, isQuestion } from './text-rules.js';
import type { Observation } from './types.js';

/** An observation with the session it belongs to (the reflector's input). */
export type SessionObservation = Observation & { readonly session_id: string };

// A later sentence that takes an earlier plan, choice or value back: a correction ("no wait",
// "scratch that"), a new setting ("move it to", "switch to", "change to"), a verdict against it
// ("too long", "way over", "says no way"), or dropping it ("cutting", "cancel").
const OVERTURN =
  /^(?:oh,? |ok,? |hmm,? )*wait\b|\b(no,? wait|wait,? no|oh,? wait|actually,? no|scratch that|scrap that|forget (?:that|it)|change of plans?|(?:we|i) change[ds]?|changed? (?:it |that |this )?to|switch(?:ed|ing)? (?:it |that )?to|mov(?:e|ed|ing) (?:it |that |the \w+ )?to|not (?:doing|going)|too (?:long|short|early|late|much|expensive|far|big|small|slow)|way over|over budget|says no|no way|not any ?more|no longer|cancel(?:l?ed|l?ing)?|cutting|scrapp(?:ed|ing)|clashes with)\b/i;

// A verdict against an option.
const VERDICT =
  /\b(too (?:long|short|early|late|much|expensive|far|big|small|slow)|way over|over budget|says no|no way)\b/i;

// A choice settled after another was made: "X then", "final", "you're right, Y".
const SETTLED = /\b(then|final|instead|you'?re right|fair enough)\b/i;

// A correction that names nothing of its own ("we change:", "change of plan", "scratch that")
// refers to the choice just made.
const BARE_CORRECTION =
  /^(?:(?:ok|okay|so|hmm|sorry),?\s+)*(no,? wait|wait,? no|actually,? no|scratch that|scrap that|forget (?:that|it)|change of plans?|we change[ds]?)\b/i;

// A choice made in so many words ("let's go with X", "we decide X", "let's do X").
const CHOICE =
  /\b(let'?s (?:go with|do|use|take|book|pick|move|switch|try)|we (?:decide[ds]?|go with|take|pick|choose|chose))\b/i;

// What a later sentence may suppose without stating it ("if we moved it to Friday").
const SUPPOSITION = /\b(if|would|what if|suppose|in case|unless)\b/i;

/** Most values and names an observation may hold and still be taken back as a whole. */
const FOCUSED = 3;

/** The share of `a` found in `b`. */
function covered(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0) return 0;
  let n = 0;
  for (const w of a) if (b.has(w)) n += 1;
  return n / a.size;
}

/** How many of the user's statements before a correction it may take back. */
const WINDOW = 6;

/** How many observations before a settled choice may hold the options it chose among. */
const OFFERED_WITHIN = 40;

// Words too common to name a subject on their own.
const GENERIC = new Set(
  'day days week weeks month months year years time times thing things one ones lot people way today tomorrow tonight morning evening night plan plans idea ok okay good fine great yes'.split(
    ' ',
  ),
);

const STOP = new Set(
  "a an the and or but of to in on at for with from by is are was were be been it this that these those we i you they he she our your their my me us them as so if then than too also just now not no yes do does did have has had will would can could should may might let lets let's there here what which who how when where why all any some into over under about after before again very much more go going went take took do doing done said says say wait actually instead change changed move moved switch cutting cut cancel really".split(
    ' ',
  ),
);

/** What a sentence is about: values and names (strong), other content words (weak). */
interface Keys {
  readonly strong: Set<string>;
  readonly weak: Set<string>;
  readonly words: number;
}

// Where a later sentence names the new setting ("switch to X", "move it to X", "go with X"):
// what follows is the new side, not the one taken back.
const NEW_SIDE =
  /\b(?:switch(?:ed|ing)?|chang(?:e|ed|ing)|mov(?:e|ed|ing)|go(?:ing)? with)\b(?:\s+(?:it|that|this|the \w+))?(?:\s+to)?[,:]?\s+([^.;!?]*)/gi;

/**
 * The keys that name what a sentence is about: its values (whole numbers and amounts, with a unit
 * written onto them) and names (capitalised words inside the sentence) are strong; its other
 * content words of four letters or more are weak.
 */
function subjectKeys(sentence: string): Keys {
  // What a sentence itself turns down ("14 days, not 7") is not what it is about.
  const text = sentence.replace(/\b(?:not|instead of|rather than|replaced)\b[^,;.]*/gi, ' ');
  const strong = new Set<string>();
  const weak = new Set<string>();
  // A single digit alone ("3rd floor", "october 3") is too common to name a subject.
  for (const v of text.match(/(?<![\w.,])[£$€₦¥]?\d+(?:[.,:]\d+)*(?:h|k|%)?(?![\w.,]*\d)/gi) ?? [])
    if (!/^\d$/.test(v)) strong.add(v.toLowerCase().replace(/^[£$€₦¥]/, ''));
  const tokens = text.match(/[\p{L}][\p{L}'-]*/gu) ?? [];
  for (const [i, w] of tokens.entries()) {
    const lower = w.toLowerCase();
    if (STOP.has(lower) || GENERIC.has(lower)) continue;
    if (i > 0 && /^\p{Lu}/u.test(w) && !/^i(?:'|$)/.test(lower)) strong.add(lower);
    else if (lower.length >= 4) weak.add(lower);
  }
  return { strong, weak, words: tokens.length };
}

/** The later sentence's keys, its new side left out. */
function oldSideKeys(text: string): Keys {
  return subjectKeys(text.replace(NEW_SIDE, ' '));
}

function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const k of a) if (b.has(k)) n += 1;
  return n;
}

/**
 * True when the later sentence names the earlier one's subject: the values or names they share,
 * or, for an earlier sentence without any, two content words or the one content word of a short
 * correction ("Cutting the prologue").
 */
function sameSubject(earlier: Keys, later: Keys, newSide: boolean): boolean {
  // A sentence of several values and names is taken back only when the later one names at least
  // half of them: correcting one detail ("it's the 3rd floor") leaves the rest of it standing.
  const strong = sharedCount(earlier.strong, later.strong);
  if (strong > 0) return strong * 2 >= earlier.strong.size;
  if (earlier.strong.size > 0) return false;
  const weak = sharedCount(
    new Set([...earlier.weak, ...earlier.strong]),
    new Set([...later.weak, ...later.strong]),
  );
  return weak >= 2 || (weak === 1 && later.words <= 6 && !newSide);
}

/** The statement part of a sentence: the answered question or chosen option left out. */
function own(text: string): string {
  return text.replace(/\s*\((?:answering|choosing) "[^"]*"\)\s*$/, '');
}

/**
 * The observations a later one in the same session takes back (issue #13): a plan, choice or
 * value the user then corrects, replaces or turns down. Two readings:
 * - a later sentence carrying a cue of overturning ("no wait", "too long", "way over", "cutting")
 *   that names the same subject (see `sameSubject`); a correction that names nothing ("we change:
 *   …", "scratch that") takes back the choice made just before it;
 * - a later choice settled on another of the options offered with the earlier one ("Ledgerly
 *   then", "you're right, 25%").
 * A bare verdict that took something back ("X is way over") goes with it. A later question or
 * supposition takes nothing back; so does a sentence that restates the earlier one or adopts its
 * value ("switching to X"). Only the user overturns: the assistant's statements are never
 * evidence here, and only the user's own statements are taken back.
 */
export function overturnedObservations(observations: readonly SessionObservation[]): Set<string> {
  const out = new Set<string>();
  for (const { earlier, later } of overturnings(observations)) {
    out.add(earlier.observation_id);
    // A verdict that names no new setting ("X is way over", "30 days is too long") is the reason
    // for the change, not a memory: the option it turns down is gone.
    if (VERDICT.test(own(later.text)) && !new RegExp(NEW_SIDE.source, 'i').test(own(later.text)))
      out.add(later.observation_id);
  }
  return out;
}

type Overturning = { earlier: SessionObservation; later: SessionObservation };

/** Each overturned observation with the later one that takes it back (first found). */
export function overturnings(observations: readonly SessionObservation[]): Overturning[] {
  const found = new Map<string, Overturning>();
  const bySession = new Map<string, SessionObservation[]>();
  for (const o of observations) {
    const list = bySession.get(o.session_id);
    if (list === undefined) bySession.set(o.session_id, [o]);
    else list.push(o);
  }
  for (const list of bySession.values()) {
    // Stable: observations of one message keep the observer's order.
    const ordered = [...list].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
    for (const [j, later] of ordered.entries()) {
      for (const o of corrected(ordered, j))
        if (!found.has(o.observation_id)) found.set(o.observation_id, { earlier: o, later });
    }
    for (const [j, later] of ordered.entries()) {
      for (const o of replacedChoices(ordered, j))
        if (!found.has(o.observation_id)) found.set(o.observation_id, { earlier: o, later });
    }
  }
  for (const pair of givenUpChoices(observations))
    if (!found.has(pair.earlier.observation_id)) found.set(pair.earlier.observation_id, pair);
  return [...found.values()];
}

/**
 * Choices a later statement of the user gives up by name, across sessions ("For the queue we
 * use Redis" on Monday, "we're dropping Redis" on Wednesday): the object read by the state-items
 * reversal reader (`readRetirements`), the earlier choice by `analyzeChoice`. Each session is
 * its own capture, so a reversal usually comes in a session of its own (review rv-cc H1).
 */
function givenUpChoices(observations: readonly SessionObservation[]): Overturning[] {
  const choices: { readonly o: SessionObservation; readonly key: string }[] = [];
  for (const o of observations) {
    if (o.speaker !== 'user' || o.at === null) continue;
    const chosen = analyzeChoice(own(o.text)).chosen;
    if (chosen !== null) choices.push({ o, key: objectKey(chosen) });
  }
  if (choices.length === 0) return [];
  const out: Overturning[] = [];
  for (const later of observations) {
    const text = statedByUser(later, /./);
    if (text === null || isHedged(text) || later.at === null) continue;
    // Read (a clause analysis) only a sentence that names one of the choices.
    const squeezed = objectKey(text);
    if (!choices.some(({ key }) => key !== '' && squeezed.includes(key))) continue;
    const given = new Set(readRetirements(text).map(objectKey));
    for (const { o, key } of choices) {
      if (given.has(key) && o.at !== null && o.at < later.at) out.push({ earlier: o, later });
    }
  }
  return out;
}

/** The user's last statements before the `j`th (corrections follow what they correct). */
function recentOfUser(ordered: readonly SessionObservation[], j: number): SessionObservation[] {
  const out: SessionObservation[] = [];
  for (let i = j - 1; i >= 0 && out.length < WINDOW; i--) {
    const o = ordered[i];
    if (o?.speaker === 'user') out.unshift(o);
  }
  return out;
}

/**
 * The text of a later observation that may replace earlier ones: the user's own words with the
 * `cue` (overturning, settling), stated rather than asked or supposed; else null.
 */
function statedByUser(later: SessionObservation | undefined, cue: RegExp): string | null {
  if (later === undefined || later.speaker !== 'user') return null;
  const text = own(later.text);
  if (!cue.test(text) || isQuestion(text) || SUPPOSITION.test(text)) return null;
  return text;
}

/** What the `j`th observation, a sentence of overturning, takes back of those before it. */
function corrected(ordered: readonly SessionObservation[], j: number): SessionObservation[] {
  const text = statedByUser(ordered[j], OVERTURN);
  if (text === null || isHedged(text)) return [];
  const laterKeys = oldSideKeys(text);
  const hasNewSide = new RegExp(NEW_SIDE.source, 'i').test(text);
  const laterWords = contentWords(text);
  const recent = recentOfUser(ordered, j);
  const taken = recent
    .filter((o) => !OVERTURN.test(own(o.text)))
    .filter((o) => {
      const keys = subjectKeys(own(o.text));
      return (
        // A sentence holding several values and names says more than the one taken back.
        keys.strong.size <= FOCUSED &&
        sameSubject(keys, laterKeys, hasNewSide) &&
        // A later sentence that restates the earlier one keeps it ("I will use X, Y costs too much").
        covered(contentWords(own(o.text)), laterWords) < 0.6
      );
    });
  if (BARE_CORRECTION.test(text)) {
    const choice = [...recent].reverse().find((o) => CHOICE.test(own(o.text)));
    if (choice !== undefined) taken.push(choice);
  }
  return taken;
}

/**
 * The earlier choices the `j`th observation replaces by settling on another option offered with
 * them: it names another option and not the earlier one, and one statement shortly before named
 * both ("Moloni, InvoiceXpress and Vendus"; "25–30%").
 */
function replacedChoices(ordered: readonly SessionObservation[], j: number): SessionObservation[] {
  const text = statedByUser(ordered[j], SETTLED);
  if (text === null) return [];
  const picked = optionKeys(text);
  // The options were offered shortly before (bounded, so a long session stays linear).
  if (picked.size === 0) return [];
  let offered: Set<string>[] | null = null;
  return recentOfUser(ordered, j).filter((o) => {
    if (!(CHOICE.test(own(o.text)) || SETTLED.test(own(o.text)))) return false;
    const was = optionKeys(own(o.text));
    const other = [...picked].filter((k) => !was.has(k));
    if (other.length === 0 || [...was].some((k) => picked.has(k))) return false;
    offered ??= ordered
      .slice(Math.max(0, j - OFFERED_WITHIN), j)
      .map((b) => optionKeys(own(b.text)));
    return offered.some(
      (keys) => other.some((k) => keys.has(k)) && [...was].some((k) => keys.has(k)),
    );
  });
}

/**
 * An observation's options: its values without their units, and its capitalised words, the
 * opening one included ("InvoiceXpress then").
 */
function optionKeys(text: string): Set<string> {
  const keys = new Set(
    [...subjectKeys(text).strong].map((k) => k.replace(/(?<=\d)(?:h|k|%)$/, '')),
  );
  for (const w of text.match(/\p{Lu}[\p{L}'-]*/gu) ?? []) {
    const lower = w.toLowerCase();
    if (!STOP.has(lower) && !GENERIC.has(lower) && !/^i(?:'|$)/.test(lower)) keys.add(lower);
  }
  return keys;
}
