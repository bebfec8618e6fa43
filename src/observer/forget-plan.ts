import type { SessionCapturedPayload, StoredObservations } from './fold.js';
import type { MemoryEntry, ObserverOutput, Proposal } from './types.js';

/** One capture as `planMemoryForget` reads it: its recorded transcript and its observations. */
export interface ForgetCaptureInput {
  readonly capture_event_id: string;
  readonly captured_at: string;
  readonly payload: SessionCapturedPayload;
  readonly observations: StoredObservations | null;
}

/** A capture rewritten without the forgotten messages and what was drawn from them. */
export interface RestoredCapture {
  /** The events to redact: the capture and (when observed) its observations. */
  readonly redact_event_ids: readonly string[];
  /**
   * The capture again, each forgotten entry kept as an empty placeholder (its id, role and time):
   * a later capture of the session still sees the entry as captured, so a redelivered transcript
   * does not bring its text back.
   */
  readonly capture: SessionCapturedPayload;
  /** The capture's kept observations (null when it was not observed). */
  readonly observations: ObserverOutput | null;
}

/** What forgetting a promoted entry removes, everywhere its text was kept. */
export interface MemoryForgetPlan {
  /** Observations forgotten: the entry's sources and any other drawn from the same messages. */
  readonly observation_ids: readonly string[];
  /** Proposal, resolution and reflection events that carry the text. */
  readonly redact_event_ids: readonly string[];
  /** Other promoted entries drawn from the forgotten observations (forgotten with it). */
  readonly memory_ids: readonly string[];
  readonly captures: readonly RestoredCapture[];
  /** Texts whose passages must leave the daily logs (see `scrubForgotten`). */
  readonly texts: readonly string[];
}

const MIN_QUOTE = 16;
/** The shortest clipped quotation that ends a text (a narrative ending "…: <first words>"). */
const MIN_CLIP = 24;

/** Lower case, punctuation as space, white space folded: quotations are compared in this form. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * True when `text` quotes one of `forgotten`: the whole of the shorter stands in the longer, or
 * `text` ends with the opening words of it (titles and narratives quote messages clipped, with an
 * ellipsis). A run of words shared elsewhere is not enough: two facts about one service often open
 * alike ("In the payments service running on Kubernetes, …"), and forgetting one must not erase
 * the other. A fact restated in other words is not found this way; its source messages are.
 */
export function sharesPassage(text: string, forgotten: readonly string[]): boolean {
  const t = normalise(text);
  if (t.length === 0) return false;
  for (const raw of forgotten) {
    const f = normalise(raw);
    if (f.length === 0) continue;
    // A short line ("Noted.") inside a long text is a coincidence, not a quotation.
    if (Math.min(t.length, f.length) >= MIN_QUOTE && (f.includes(t) || t.includes(f))) return true;
    for (let k = Math.min(t.length, f.length); k >= MIN_CLIP; k -= 1) {
      if (t.endsWith(f.slice(0, k)) && (k === f.length || f.charAt(k) === ' ')) return true;
    }
  }
  return false;
}

/**
 * Plans `memory forget` (pure): the entry's source observations, and in every message they came
 * from or that repeats them the passages (sentences) that carry the fact (`carrying`), with an
 * assistant reply's echo of it; a message whose passages all carry it, or none does (the fact
 * restated in other words), goes whole. Other observations drawn from a message that keeps some
 * of its text stay, unless they quote a forgotten passage; every proposal or reflection record of
 * the forgotten observations goes. Captures holding such a message are rewritten without it (their
 * ledger events redacted, the kept part recorded again), so a forgotten fact is neither searchable
 * nor shown, while the rest of each session stays.
 */
export function planMemoryForget(
  entry: MemoryEntry,
  captures: readonly ForgetCaptureInput[],
  proposals: readonly Proposal[],
  reflections: readonly { readonly event_id: string; readonly text: string }[],
): MemoryForgetPlan {
  const sources = new Set(entry.source_observation_ids);
  const texts = [entry.text];
  for (const p of proposals) if (p.proposal_id === entry.proposal_id) texts.push(p.text);
  // A source naming what the entry does not is a restatement the reflector folded in (an echo
  // confirming this line and another, "Got it: Fly.io app X, CI on GitHub Actions"): its message
  // is drawn from, but its text does not say which passages carry the fact, or the other line
  // would go too. Its text still leaves the daily logs and reflection records with the rest.
  const named = namingWords(texts.join('\n'));
  const restated: string[] = [];
  for (const c of captures) {
    for (const s of c.observations?.segments ?? []) {
      for (const o of s.observations) {
        if (!sources.has(o.observation_id)) continue;
        if ([...namingWords(o.text)].every((w) => named.has(w))) texts.push(o.text);
        else restated.push(o.text);
      }
    }
  }
  return planForget(
    {
      sources,
      texts: [...texts, ...restated],
      proposalId: entry.proposal_id,
      memoryId: entry.memory_id,
    },
    (c) => {
      const drawn = new Set<string>();
      for (const s of c.observations?.segments ?? []) {
        for (const o of s.observations) {
          if (sources.has(o.observation_id)) for (const m of o.source_message_ids) drawn.add(m);
        }
      }
      const kept = new Map<string, string>();
      const carried: string[] = [];
      for (const e of c.payload.entries) {
        if (e.text === '' || !(drawn.has(e.id) || sharesPassage(e.text, texts))) continue;
        const { left, gone } = withoutCarrying(e.text, texts);
        kept.set(e.id, gone.length === 0 ? '' : left);
        carried.push(...(gone.length === 0 ? [e.text] : gone));
      }
      // The assistant's echo of the fact ("Got it: Fly.io app billing-worker-stg").
      for (const e of c.payload.entries) {
        if (e.role !== 'assistant' || e.text === '' || kept.has(e.id)) continue;
        const { left, gone } = withoutCarrying(e.text, carried, true);
        if (gone.length > 0) kept.set(e.id, left);
      }
      return kept;
    },
    captures,
    proposals,
    reflections,
    [...entry.event_ids],
  );
}

/** A passage of a message: a sentence, or a line of one without a sentence end. */
function passages(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * The words of `text` that name something rather than say it: with a digit, inner punctuation
 * (`Fly.io`, `billing-worker-stg`, `v4.1`) or an inner capital (`GitHub`), or capitalised after
 * the first word of a sentence (`Annecy`), lower case.
 */
export function namingWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const sentence of passages(text)) {
    const tokens = sentence.match(/[\p{L}\p{N}]+(?:[.\-_/][\p{L}\p{N}]+)*/gu) ?? [];
    tokens.forEach((t, i) => {
      const naming =
        /\p{N}/u.test(t) ||
        /[.\-_/]/.test(t) ||
        /\p{Ll}\p{Lu}/u.test(t) ||
        (i > 0 && /^\p{Lu}/u.test(t) && t.length > 1);
      if (naming) words.add(t.toLowerCase());
    });
  }
  return words;
}

/**
 * `text` without its passages that carry one of `facts`: that quote it (`sharesPassage`), or name
 * at least two of the things it names (all of them when it names one); `naming` alone (an echo in
 * other words) is the second test only. `gone` is empty when nothing or everything carries it.
 */
function withoutCarrying(
  text: string,
  facts: readonly string[],
  namingOnly = false,
): { left: string; gone: string[] } {
  const named = facts.map(namingWords).filter((w) => w.size > 0);
  const carries = (passage: string): boolean => {
    if (!namingOnly && sharesPassage(passage, facts)) return true;
    const own = namingWords(passage);
    return named.some((w) => {
      const shared = [...w].filter((x) => own.has(x)).length;
      return shared >= Math.min(2, w.size);
    });
  };
  const all = passages(text);
  const gone = all.filter(carries);
  if (gone.length === all.length) return { left: '', gone: namingOnly ? gone : [] };
  if (gone.length === 0) return { left: text, gone: [] };
  return { left: all.filter((p) => !carries(p)).join(' '), gone };
}

/**
 * Plans `verity forget --message session:<id>/<entry>` (pure): the entry, in every capture of the
 * session that holds it (by its id) or repeats it (see `sharesPassage`), leaves as `memory forget`
 * blanks a message, with the observations drawn from it, the proposals made from those and the
 * reflection records quoting it. Throws nothing: a plan with no capture means the session holds
 * no such entry.
 */
export function planMessageForget(
  sessionId: string,
  entryId: string,
  captures: readonly ForgetCaptureInput[],
  proposals: readonly Proposal[],
  reflections: readonly { readonly event_id: string; readonly text: string }[],
): MemoryForgetPlan {
  const session = captures.filter((c) => c.payload.session_id === sessionId);
  const texts = session.flatMap((c) =>
    c.payload.entries.filter((e) => e.id === entryId && e.text !== '').map((e) => e.text),
  );
  if (texts.length === 0) return planForget(EMPTY_SEED, () => new Map(), [], [], [], []);
  const seed = { sources: new Set<string>(), texts, proposalId: null, memoryId: null };
  return planForget(
    seed,
    (c) =>
      new Map(
        c.payload.entries
          .filter((e) => e.text !== '' && (e.id === entryId || sharesPassage(e.text, texts)))
          .map((e) => [e.id, '']),
      ),
    session,
    proposals,
    reflections,
    [],
  );
}

/** What a forget starts from: the observations and texts it names, and the entry it forgets. */
interface ForgetSeed {
  readonly sources: ReadonlySet<string>;
  readonly texts: readonly string[];
  readonly proposalId: string | null;
  readonly memoryId: string | null;
}

const EMPTY_SEED: ForgetSeed = { sources: new Set(), texts: [], proposalId: null, memoryId: null };

/**
 * The plan shared by both forgets: each capture's entries `messagesOf` names keep the text it maps
 * them to (empty: the whole entry goes); every observation drawn from an entry gone whole, or
 * quoting what left, goes with them; proposals of those observations and reflection records
 * quoting any forgotten text are redacted, and the entries promoted from them forgotten too.
 */
function planForget(
  seed: ForgetSeed,
  messagesOf: (capture: ForgetCaptureInput) => ReadonlyMap<string, string>,
  captures: readonly ForgetCaptureInput[],
  proposals: readonly Proposal[],
  reflections: readonly { readonly event_id: string; readonly text: string }[],
  seedEventIds: readonly string[],
): MemoryForgetPlan {
  const { sources, texts } = seed;
  const forgottenObservations = new Set(sources);
  const restored: RestoredCapture[] = [];
  const messageTexts: string[] = [];
  for (const c of captures) {
    const messages = messagesOf(c);
    if (messages.size === 0) continue;
    const whole = new Set([...messages].filter(([, left]) => left === '').map(([id]) => id));
    const gone = c.payload.entries.flatMap((e) => {
      const left = messages.get(e.id);
      return left === undefined ? [] : left === '' ? [e.text] : removedFrom(e.text, left);
    });
    messageTexts.push(...gone);
    const taint = [...texts, ...gone];
    const kept = c.payload.entries.map((e) => {
      const left = messages.get(e.id);
      return left === undefined ? e : { ...e, text: left };
    });
    let observations: ObserverOutput | null = null;
    if (c.observations !== null) {
      const { recorded_at: recordedAt, event_id: _event, ...output } = c.observations;
      const segments = output.segments
        .map((s) => {
          const left = s.observations.filter((o) => {
            const drop =
              sources.has(o.observation_id) ||
              o.source_message_ids.some((m) => whole.has(m)) ||
              sharesPassage(o.text, taint);
            if (drop) forgottenObservations.add(o.observation_id);
            return !drop;
          });
          return {
            ...s,
            title: sharesPassage(s.title, taint) ? '(forgotten)' : s.title,
            narrative: sharesPassage(s.narrative, taint) ? '(forgotten)' : s.narrative,
            observations: left,
          };
        })
        .filter((s) => s.observations.length > 0);
      const task =
        output.current_task !== null && sharesPassage(output.current_task, taint)
          ? null
          : output.current_task;
      observations = { ...output, segments, current_task: task, first_recorded_at: recordedAt };
    }
    restored.push({
      redact_event_ids: [
        c.capture_event_id,
        ...(c.observations === null ? [] : [c.observations.event_id]),
      ],
      capture: { ...c.payload, entries: kept, first_recorded_at: c.captured_at },
      observations,
    });
  }
  const affected = proposals.filter(
    (p) =>
      p.proposal_id === seed.proposalId ||
      p.source_observation_ids.some((id) => forgottenObservations.has(id)),
  );
  const allTexts = [...texts, ...messageTexts];
  const redact = new Set([...seedEventIds, ...affected.flatMap((p) => p.event_ids)]);
  for (const r of reflections) if (sharesPassage(r.text, allTexts)) redact.add(r.event_id);
  for (const c of restored) for (const id of c.redact_event_ids) redact.delete(id);
  return {
    observation_ids: [...forgottenObservations].sort(),
    redact_event_ids: [...redact].sort(),
    memory_ids: affected
      .map((p) => p.memory_id)
      .filter((id): id is string => id !== null && id !== seed.memoryId)
      .sort(),
    captures: restored,
    texts: allTexts,
  };
}

/** The passages of `text` that `left` (what a forget keeps of it) no longer holds. */
function removedFrom(text: string, left: string): string[] {
  const kept = new Set(passages(left));
  return passages(text).filter((p) => !kept.has(p));
}

/**
 * A daily log without the lines that quote forgotten text: observation bullets go, headings and
 * narratives keep their markup with `(forgotten)` in place of the text.
 */
export function scrubForgotten(log: string, texts: readonly string[]): string {
  return log
    .split('\n')
    .flatMap((line) => {
      const body = line.replace(/^(#+ |\* [^\s]+ (\(\d\d:\d\d\) )?|\*\*Current task\*\*: |\*)/, '');
      if (body.trim() === '' || !sharesPassage(body.replace(/\*$/, ''), texts)) return [line];
      if (line.startsWith('* ')) return [];
      if (line.startsWith('#')) return [`${line.slice(0, line.indexOf(' ') + 1)}(forgotten)`];
      if (line.startsWith('**Current task**')) return ['**Current task**: (forgotten)'];
      return ['*(forgotten)*'];
    })
    .join('\n');
}
