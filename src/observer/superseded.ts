import { contentWords, isHedged, isQuestion } from './text-rules.js';
import type { Observation } from './types.js';

/** An observation with the session it belongs to (the reflector's input). */
export type SessionObservation = Observation & { readonly session_id: string };

// A later sentence that takes an earlier plan, choice or value back: a correction ("no wait",
// "scratch that"), a new setting ("move it to", "switch to", "change to"), a verdict against it
// ("too long", "way over", "says no way"), or dropping it ("cutting", "cancel").
const OVERTURN =
  /\b(no,? wait|wait,? no|actually,? no|scratch that|scrap that|forget (?:that|it)|change of plans?|(?:we|i) change[ds]?|changed? (?:it |that |this )?to|switch(?:ed|ing)? (?:it |that )?to|mov(?:e|ed|ing) (?:it |that |the \w+ )?to|not (?:doing|going)|too (?:long|short|early|late|much|expensive|far|big|small|slow)|way over|over budget|says no|no way|not any ?more|no longer|cancel(?:l?ed|l?ing)?|cutting|scrapp(?:ed|ing)|clashes with)\b/i;

// A correction that names nothing of its own ("we change:", "change of plan", "scratch that")
// refers to the choice just made.
const BARE_CORRECTION =
  /^(?:(?:ok|okay|so|hmm|sorry),?\s+)*(no,? wait|wait,? no|actually,? no|scratch that|scrap that|forget (?:that|it)|change of plans?|we change[ds]?)\b/i;

// A choice made in so many words ("let's go with X", "we decide X", "let's do X").
const CHOICE =
  /\b(let'?s (?:go with|do|use|take|book|pick)|we (?:decide[ds]?|go with|take|pick|choose|chose))\b/i;

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
function subjectKeys(text: string): Keys {
  // What a sentence itself turns down ("14 days, not 7") is not what it is about.
  text = text.replace(/\b(?:not|instead of|rather than|replaced)\b[^,;.]*/gi, ' ');
  const strong = new Set<string>();
  const weak = new Set<string>();
  for (const v of text.match(/(?<![\w.,])[£$€₦¥]?\d+(?:[.,:]\d+)*(?:h|k|%)?(?![\w.,]*\d)/gi) ?? [])
    strong.add(v.toLowerCase().replace(/^[£$€₦¥]/, ''));
  const tokens = text.match(/[\p{L}][\p{L}'-]*/gu) ?? [];
  for (const [i, w] of tokens.entries()) {
    const lower = w.toLowerCase();
    if (STOP.has(lower) || GENERIC.has(lower)) continue;
    if (i > 0 && /^\p{Lu}/u.test(w) && lower !== 'i') strong.add(lower);
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
 * True when the later sentence names the earlier one's subject: a value or name they share, two
 * content words, or the one content word of a short correction ("Cutting the prologue").
 */
function sameSubject(earlier: Keys, later: Keys, newSide: boolean): boolean {
  if (sharedCount(earlier.strong, later.strong) > 0) return true;
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
 * value the speaker then corrects, replaces or turns down. The later sentence must carry a cue of
 * overturning and name the same subject (a value or a content word they share); a correction that
 * names nothing ("we change: …", "scratch that") takes back the choice made just before it. A
 * later question or supposition takes nothing back. Only the user overturns a plan; the
 * assistant's statements are never evidence here.
 */
export function overturnedObservations(observations: readonly SessionObservation[]): Set<string> {
  return new Set(overturnings(observations).map((p) => p.earlier.observation_id));
}

/** Each overturned observation with the later one that takes it back (first found). */
export function overturnings(
  observations: readonly SessionObservation[],
): { earlier: SessionObservation; later: SessionObservation }[] {
  const found = new Map<string, { earlier: SessionObservation; later: SessionObservation }>();
  const bySession = new Map<string, SessionObservation[]>();
  for (const o of observations)
    bySession.set(o.session_id, [...(bySession.get(o.session_id) ?? []), o]);
  for (const list of bySession.values()) {
    // Stable: observations of one message keep the observer's order.
    const ordered = [...list].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
    for (const [j, later] of ordered.entries()) {
      if (later.speaker !== 'user') continue;
      const text = own(later.text);
      if (!OVERTURN.test(text) || isQuestion(text) || SUPPOSITION.test(text) || isHedged(text))
        continue;
      const laterKeys = oldSideKeys(text);
      const hasNewSide = new RegExp(NEW_SIDE.source, 'i').test(text);
      const laterWords = contentWords(text);
      // Corrections follow what they correct: the user's last few statements before this one.
      const earlier = ordered
        .slice(0, j)
        .filter((o) => o.speaker === 'user')
        .slice(-WINDOW)
        .filter((o) => !OVERTURN.test(own(o.text)));
      const taken = earlier.filter((o) => {
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
        const choice = [...earlier].reverse().find((o) => CHOICE.test(own(o.text)));
        if (choice !== undefined) taken.push(choice);
      }
      for (const o of taken)
        if (!found.has(o.observation_id)) found.set(o.observation_id, { earlier: o, later });
    }
  }
  return [...found.values()];
}
