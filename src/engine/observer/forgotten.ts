// What a forgotten captured entry leaves behind so a later capture cannot bring it back.
import { createHash } from 'node:crypto';
import { answersLeftBare, askedBefore, findSecrets, turnSide } from '../../language/index.js';
import {
  type ForgetCaptureInput,
  type MemoryForgetPlan,
  renderDailyLogSection,
  scrubForgotten,
  TEXT_DIGEST_MIN_CHARS,
  type TranscriptEntry,
  textShape,
} from '../../observer/index.js';
import { maskSpans } from '../../search/index.js';

/**
 * The shortest entry text a digest of its text is kept for, the one derived entry ids use too. A
 * digest of a short text ("6803", "yes, Tuesday") gives the text back to anyone who tries the
 * likely ones; such an entry, and one holding a secret, is matched by where it stood and the shape
 * of its text instead (`momentDigest`), and a bare reply goes with its question
 * (`withoutAnswersOf`).
 */
const DIGEST_MIN_CHARS = TEXT_DIGEST_MIN_CHARS;

/** The digest of an entry's role and text: what `withoutForgotten` matches a moved entry by. */
export function entryDigest(entry: Pick<TranscriptEntry, 'role' | 'text'>): string {
  return createHash('sha256').update(`${entry.role}\n${entry.text}`).digest('hex');
}

/**
 * The digest of where an entry stood: its session, role and time, and unless `shape` is false the
 * shape of its text (`textShape`). What `withoutForgotten` matches an entry by whose text is too
 * short or too secret for `entryDigest`: a transcript edited elsewhere keeps each line's time, and
 * another line of the same role and second ("ok do it" forgotten, "ok thanks" kept) is told apart
 * by its shape. Forgets no longer keep the digest without the shape, but those earlier ones kept
 * are still read, so that what they forgot stays forgotten (though it also takes another line of
 * the same role and second). Null for an entry without a time.
 */
export function momentDigest(
  sessionId: string,
  entry: Pick<TranscriptEntry, 'role' | 'at' | 'text'>,
  shape = true,
): string | null {
  if (entry.at === null) return null;
  const place = `${sessionId}\n${entry.role}\n${entry.at}`;
  return createHash('sha256')
    .update(shape ? `moment+shape\n${place}\n${textShape(entry.text)}` : `moment\n${place}`)
    .digest('hex');
}

/**
 * Digests of the entries of `original` that `restored` (the same capture of session `sessionId`
 * recorded again by a forget) leaves blank, added to those the capture already kept, sorted: of
 * its text (`entryDigest`) for a text long enough not to be guessed from its digest and holding no
 * secret (a digest of "my PIN is 4471" is found by trying every PIN), else of where it stood and
 * the shape of its text (`momentDigest`).
 */
export function forgottenDigests(
  sessionId: string,
  original: readonly TranscriptEntry[],
  restored: readonly TranscriptEntry[],
  kept: readonly string[] = [],
): string[] {
  const turns = original.map((e) => ({ side: turnSide(e.role), text: e.text }));
  const digests = new Set(kept);
  original.forEach((e, i) => {
    if (e.text === '' || restored[i]?.text !== '') return;
    const guessable =
      e.text.length < DIGEST_MIN_CHARS || findSecrets(e.text, askedBefore(turns, i)).length > 0;
    const digest = guessable ? momentDigest(sessionId, e) : entryDigest(e);
    if (digest !== null) digests.add(digest);
  });
  return [...digests].sort();
}

/**
 * The indexes of `entries` (a new capture of session `sessionId`) that a forget's `digests` name:
 * by role and text wherever the entry now stands, or by role, time and shape (`momentDigest`, or
 * an earlier forget's digest without the shape) unless its text is one the session's earlier captures kept
 * (`keptTexts`): two lines of one second, one of them forgotten, leave the other as it was.
 */
export function forgottenIndexes(
  sessionId: string,
  entries: readonly TranscriptEntry[],
  digests: ReadonlySet<string>,
  keptTexts: ReadonlySet<string>,
): number[] {
  return entries.flatMap((e, i) => {
    if (e.text === '') return [];
    if (digests.has(entryDigest(e))) return [i];
    if (keptTexts.has(e.text)) return [];
    const moments = [momentDigest(sessionId, e), momentDigest(sessionId, e, false)];
    return moments.some((d) => d !== null && digests.has(d)) ? [i] : [];
  });
}

/**
 * `entries` with those at `gone` blanked and the replies they leave bare made safe, as a forget
 * does (`answersLeftBare`): blank when nothing but the value, else masked. An entry left as it was
 * is the same object.
 */
export function withoutAnswersOf(
  entries: readonly TranscriptEntry[],
  gone: ReadonlySet<number>,
): TranscriptEntry[] {
  if (gone.size === 0) return [...entries];
  const turns = entries.map((e) => ({ side: turnSide(e.role), text: e.text }));
  const replies = new Map(answersLeftBare(turns, gone).map((r) => [r.index, r]));
  return entries.map((e, i) => {
    if (gone.has(i)) return { ...e, text: '' };
    const reply = replies.get(i);
    if (reply === undefined) return e;
    if (reply.whole) return { ...e, text: '' };
    return {
      ...e,
      text: maskSpans(
        e.text,
        reply.spans.map((s) => [s.start, s.end]),
      ),
    };
  });
}

/** What a forget takes that does not quote the forgotten messages: the observations drawn from them. */
export interface DerivedPassages {
  /** The observations' texts. */
  readonly texts: readonly string[];
  /** The daily-log bullets they were written as (`renderDailyLogSection`), line for line. */
  readonly bullets: ReadonlySet<string>;
}

/**
 * The observations `plan` takes from the captures of `inputs` (`plan.observation_ids`). One drawn
 * from a forgotten message need not quote it: a "yes, do that" makes the assistant's "I'll move
 * the backup to Sunday" the user's decision "Move the backup to Sunday", which cites the reply
 * without a word of it, so the reply's text alone finds it neither in a narrative nor in a daily
 * log.
 */
export function derivedPassages(
  plan: MemoryForgetPlan,
  inputs: readonly ForgetCaptureInput[],
): DerivedPassages {
  const taken = new Set(plan.observation_ids);
  const texts: string[] = [];
  const bullets = new Set<string>();
  for (const input of inputs) {
    const stored = input.observations;
    if (stored === null) continue;
    const gone = stored.segments.flatMap((s) =>
      s.observations.filter((o) => taken.has(o.observation_id)),
    );
    if (gone.length === 0) continue;
    texts.push(...gone.map((o) => o.text));
    const [segment] = stored.segments;
    if (segment === undefined) continue;
    const rendered = renderDailyLogSection(
      { ...stored, segments: [{ ...segment, observations: gone }], current_task: null },
      { trigger: '', capturedAt: '', messageCount: 0 },
    );
    for (const line of rendered.split('\n')) if (line.startsWith('* ')) bullets.add(line);
  }
  return { texts, bullets };
}

/** Whether `text` quotes one of `texts`, as `scrubForgotten` reads a daily-log narrative line. */
function quotes(text: string, texts: readonly string[]): boolean {
  return texts.length > 0 && scrubForgotten(`*${text}*`, texts) !== `*${text}*`;
}

/**
 * `plan` with what quotes a derived observation (`derivedPassages`) gone as well: the titles,
 * narratives ("Outcome: Move the backup to Sunday") and current task of the captures it records
 * again become `(forgotten)`, and the reflection and friction records quoting one are redacted.
 * Observations kept are left as they are even when they quote it: the assistant's own "I'll move
 * the backup to Sunday" stays when only the user's "yes" is forgotten.
 */
export function withoutDerived(
  plan: MemoryForgetPlan,
  derived: DerivedPassages,
  records: readonly { readonly event_id: string; readonly text: string }[],
): MemoryForgetPlan {
  const { texts } = derived;
  if (texts.length === 0) return plan;
  const captures = plan.captures.map((c) => {
    if (c.observations === null) return c;
    const segments = c.observations.segments.map((s) => ({
      ...s,
      title: quotes(s.title, texts) ? '(forgotten)' : s.title,
      narrative: quotes(s.narrative, texts) ? '(forgotten)' : s.narrative,
    }));
    const task = c.observations.current_task;
    const current = task !== null && quotes(task, texts) ? null : task;
    return { ...c, observations: { ...c.observations, segments, current_task: current } };
  });
  const recorded = new Set(captures.flatMap((c) => c.redact_event_ids));
  const redact = new Set(plan.redact_event_ids);
  for (const r of records) {
    if (!recorded.has(r.event_id) && quotes(r.text, texts)) redact.add(r.event_id);
  }
  return { ...plan, captures, redact_event_ids: [...redact].sort() };
}

/**
 * A daily log without the passages a forget takes: as `scrubForgotten` reads `texts` (the
 * forgotten messages), and for the observations drawn from them (`derived`), their own bullets
 * line for line and the headings, narratives and current task quoting them. A kept bullet that
 * quotes a derived observation stays (see `withoutDerived`).
 */
export function scrubDailyLog(
  log: string,
  texts: readonly string[],
  derived: DerivedPassages,
): string {
  return scrubForgotten(log, texts)
    .split('\n')
    .flatMap((line) => {
      if (line.startsWith('* ')) return derived.bullets.has(line) ? [] : [line];
      return [scrubForgotten(line, derived.texts)];
    })
    .join('\n');
}
