// Capturing a session transcript and running the observer on it.
import { DEFAULT_ENTITY, EngineError, type JsonObject } from '../../core/index.js';
import { askedBefore, maskSecrets, turnSide } from '../../language/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  type CaptureRecord,
  captureKey,
  entriesNotCaptured,
  isDerivedId,
  type ObserverOutput,
  observeTranscript,
  observeWithModel,
  parseTranscript,
  readCaptures,
  readObservations,
  type SessionCapturedPayload,
  type SkippedLine,
  type TranscriptEntry,
  toCaptureTrigger,
  withoutSecrets,
} from '../../observer/index.js';
import { recordEvent } from '../../pipeline/index.js';
import { appendDailyLog } from './files.js';
import { forgottenIndexes, withoutAnswersOf } from './forgotten.js';
import { countBy, notFound, type ObserverRuntime } from './runtime.js';
import type { CaptureRequest, CaptureResult, ObserveReport } from './types.js';
import { MAX_SKIPPED_REPORTED, OBSERVE_QUEUE } from './types.js';

/** Records a transcript as a `session.captured` event (deduplicated by capture key), then observes it now, queues it, or neither. */
export async function capture(
  rt: ObserverRuntime,
  request: CaptureRequest,
): Promise<CaptureResult> {
  const trigger = toCaptureTrigger(request.trigger);
  const parsed = parseTranscript(request.text);
  if (!parsed.ok) {
    throw new EngineError('VALIDATION_FAILED', `transcript: ${parsed.error.message}`, {
      code: parsed.error.code,
      ...(parsed.error.line === null ? {} : { line: parsed.error.line }),
    });
  }
  const sessionId = request.sessionId ?? parsed.value.sessionId;
  if (sessionId === null || sessionId.trim() === '') {
    throw new EngineError('VALIDATION_FAILED', 'a session id is needed (--session / session_id)', {
      parameter: 'session_id',
    });
  }
  const session = (await readCaptures(rt.store)).filter((c) => c.session_id === sessionId);
  const named = await withEarlierIds(rt, session, parsed.value.entries, parsed.value.lineIds);
  const entries = await withoutForgotten(rt, sessionId, session, named);
  const { skipped } = parsed.value;
  if (entries.length === 0) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `the transcript holds no messages${skipped.length === 0 ? '' : ` (${describeSkipped(skipped)})`}`,
      { parameter: 'transcript', skipped_lines: skipped.length },
    );
  }
  // The dedupe key's "first entry" is the first one no earlier capture of the session on this
  // trigger held: a redelivery adds nothing and keeps the key of the capture it repeats, while a
  // second compaction of a growing transcript (same first line) is a capture of its own.
  const sameTrigger = session.filter((c) => c.trigger === trigger);
  const added =
    sameTrigger.length === 0
      ? entries
      : entriesNotCaptured(entries, await entriesOf(rt, sameTrigger));
  const key = captureKey(sessionId, trigger, added.length === 0 ? entries : added);
  const payload: SessionCapturedPayload = {
    capture_key: key,
    session_id: sessionId,
    trigger,
    format: parsed.value.format,
    entity_id: request.entityId ?? DEFAULT_ENTITY,
    entries,
  };
  const fresh = await recordEvent(
    rt.deps,
    EVENT_TYPES.sessionCaptured,
    payload as unknown as JsonObject,
    payload.entity_id,
    key,
  );
  let jobId: string | null = null;
  let observed: ObserveReport | null = null;
  const mode = request.observe ?? 'queue';
  if (fresh && mode === 'sync') observed = await observe(rt, key);
  if (fresh && mode === 'queue') {
    jobId = await (await rt.jobs()).enqueue(
      OBSERVE_QUEUE,
      { capture_key: key },
      { idempotencyKey: key },
    );
  }
  return {
    status: fresh ? 'captured' : 'duplicate',
    capture_key: key,
    session_id: sessionId,
    trigger,
    format: parsed.value.format,
    entries: entries.length,
    job_id: jobId,
    observed,
    skipped_lines: skipped.length,
    skipped: skipped.slice(0, MAX_SKIPPED_REPORTED),
  };
}

/** "3 lines skipped: line 2 (not JSON), …": what an error says of the lines it could not read. */
function describeSkipped(skipped: readonly SkippedLine[]): string {
  const shown = skipped.slice(0, MAX_SKIPPED_REPORTED).map((s) => `line ${s.line} (${s.reason})`);
  const more = skipped.length > shown.length ? `, and ${skipped.length - shown.length} more` : '';
  return `${skipped.length} line(s) skipped: ${shown.join(', ')}${more}`;
}

/**
 * Runs the observer (the model, else the offline rules) on one capture; idempotent. Only the
 * entries earlier captures of the session did not hold are observed, so a shutdown capture after a
 * compaction one observes what came after the compaction.
 */
export async function observe(rt: ObserverRuntime, key: string): Promise<ObserveReport> {
  const capture = (await readCaptures(rt.store)).find((c) => c.capture_key === key);
  if (capture === undefined) throw notFound('capture', key);
  const done = await readObservations(rt.store, key);
  if (done !== null) {
    return {
      capture_key: key,
      session_id: capture.session_id,
      observer: done.observer,
      status: 'already_observed',
      segments: done.segments.length,
      observations: countBy(done),
      daily_log: null,
    };
  }
  const event = await rt.store.getEvent(capture.event_id);
  if (event === null || event.redacted) throw notFound('capture transcript', key);
  const payload = event.payload as unknown as SessionCapturedPayload;
  // Masked before any observer reads them: an observer splits a message into sentences and
  // clauses, and a split can part a secret from its label ("PIN no." | "8820 for the new card").
  // Each is masked with the message it replies to: "What's your PIN?" | "4471", even when the
  // question ended an earlier capture of the session (a compaction) and the reply opens this one.
  const earlier = await earlierEntries(rt, capture);
  const unseen = new Set(entriesNotCaptured(payload.entries, earlier));
  const before = entriesNotCaptured(earlier, payload.entries);
  const turns = [...before, ...payload.entries].map((e) => ({
    side: turnSide(e.role),
    text: e.text,
  }));
  const entries = payload.entries.flatMap((e, i) =>
    unseen.has(e)
      ? [{ ...e, text: maskSecrets(e.text, askedBefore(turns, before.length + i)) }]
      : [],
  );
  const input = {
    captureKey: key,
    sessionId: payload.session_id,
    entries,
    fallbackDate: capture.captured_at.slice(0, 10),
    ...(rt.options.scorer === undefined ? {} : { scorer: rt.options.scorer }),
  };
  let output: ObserverOutput;
  const model = rt.options.languageModel ?? null;
  if (model === null) output = observeTranscript(input);
  else {
    try {
      output = await observeWithModel(model, input);
    } catch (error: unknown) {
      if (!(error instanceof EngineError) || error.code !== 'PROVIDER_FAILED') throw error;
      // The model failed or answered badly: the offline rules still observe the session.
      output = observeTranscript(input);
    }
  }
  output = withoutSecrets(output);
  const fresh = await rt.record(EVENT_TYPES.observationsRecorded, output as unknown as JsonObject);
  // A capture that adds nothing to the session's earlier ones leaves the daily log as it is.
  const dailyLog =
    fresh && entries.length > 0 ? await appendDailyLog(rt, output, capture, entries.length) : null;
  return {
    capture_key: key,
    session_id: capture.session_id,
    observer: output.observer,
    status: fresh ? 'observed' : 'already_observed',
    segments: output.segments.length,
    observations: countBy(output),
    daily_log: dailyLog,
  };
}

/** The entries of the captures of `capture`'s session recorded before it (redacted ones left out). */
async function earlierEntries(
  rt: ObserverRuntime,
  capture: CaptureRecord,
): Promise<TranscriptEntry[]> {
  const captures = await readCaptures(rt.store);
  const earlier = captures
    .slice(
      0,
      captures.findIndex((c) => c.capture_key === capture.capture_key),
    )
    .filter((c) => c.session_id === capture.session_id);
  return entriesOf(rt, earlier);
}

/** A line number: what captures recorded before derived ids name an entry without an id by. */
const LINE_ID = /^line-\d+$/;

/**
 * `entries` (a transcript of session `session` whose `lineIds` say which line each entry without an
 * id of its own stood at) with the id an earlier capture of the session gave each such entry, so
 * that a line is one message however often the session is captured. Derived ids (`h-…`) already
 * agree across captures; captures recorded before them hold line numbers (`line-N`), which shift
 * when the file is edited. An earlier capture's `line-N` ids are taken as they stand when the
 * transcript agrees with it (every kept `line-N` entry of it that the transcript holds at line N
 * is there with the same role, time and text, and a blank one with the same role and time: the
 * same file, re-sent or grown); else an entry whose id no earlier capture holds takes the id of an
 * earlier entry without one of the same role, time and text that nothing else has taken (a
 * transcript edited above it, or ids derived by another version).
 */
async function withEarlierIds(
  rt: ObserverRuntime,
  session: readonly CaptureRecord[],
  entries: readonly TranscriptEntry[],
  lineIds: readonly (string | null)[],
): Promise<TranscriptEntry[]> {
  if (session.length === 0 || lineIds.every((l) => l === null)) return [...entries];
  const ids = entries.map((e) => e.id);
  const atLine = new Map(lineIds.flatMap((l, i) => (l === null ? [] : [[l, i] as const])));
  const earlier: TranscriptEntry[] = [];
  for (const c of session) {
    const held = await entriesOf(rt, [c]);
    earlier.push(...held);
    const lines = held.filter((e) => LINE_ID.test(e.id));
    const agrees = lines.every((e) => {
      const now = entries[atLine.get(e.id) ?? -1];
      if (now === undefined) return true;
      return now.role === e.role && now.at === e.at && (e.text === '' || now.text === e.text);
    });
    if (!agrees) continue;
    for (const e of lines) {
      const i = atLine.get(e.id);
      if (i !== undefined && ids[i] === entries[i]?.id && !ids.includes(e.id)) ids[i] = e.id;
    }
  }
  const known = new Set(earlier.map((e) => e.id));
  const blank = new Set(earlier.filter((e) => e.text === '').map((e) => e.id));
  const used = new Set(ids);
  entries.forEach((e, i) => {
    if (lineIds[i] === null || ids[i] !== e.id || known.has(e.id)) return;
    const match = earlier.find(
      (m) =>
        isDerivedId(m.id) &&
        !used.has(m.id) &&
        !blank.has(m.id) &&
        m.role === e.role &&
        m.at === e.at &&
        m.text === e.text,
    );
    if (match === undefined) return;
    ids[i] = match.id;
    used.add(match.id);
  });
  return entries.map((e, i) => (ids[i] === e.id ? e : { ...e, id: ids[i] ?? e.id }));
}

/**
 * `entries` (named as earlier captures name them, `withEarlierIds`) with the text of every entry a
 * forget (`memory forget`, `forget --message`) blanked in one of the session's earlier captures
 * (`session`) left blank again: a resumed or re-sent transcript holds the forgotten message in
 * full, and recording it would make it searchable again. Entries are matched by id. Wherever it
 * stands, an entry a forget kept a digest of (`forgottenDigests`: of its role and text, or for a
 * short or secret one of its role, time and the shape of its text) is blanked, with the replies
 * only it made secret: a transcript edited above a forgotten line, or elsewhere.
 */
async function withoutForgotten(
  rt: ObserverRuntime,
  sessionId: string,
  session: readonly CaptureRecord[],
  entries: readonly TranscriptEntry[],
): Promise<TranscriptEntry[]> {
  if (session.length === 0) return [...entries];
  const forgotten = new Set<string>();
  const digests = new Set<string>();
  const keptTexts = new Set<string>();
  for (const c of session) {
    const event = await rt.store.getEvent(c.event_id);
    const kept = (event?.payload as unknown as SessionCapturedPayload | undefined)
      ?.forgotten_digests;
    if (event?.redacted !== true) for (const d of kept ?? []) digests.add(d);
    for (const e of await entriesOf(rt, [c])) {
      if (e.text === '') forgotten.add(e.id);
      else keptTexts.add(e.text);
    }
  }
  const blanked = entries.map((e) => (forgotten.has(e.id) ? { ...e, text: '' } : e));
  // An entry a forget's digest names goes wherever it now stands (a transcript edited above it, or
  // elsewhere), with the replies it alone made secret.
  const moved = new Set(forgottenIndexes(sessionId, blanked, digests, keptTexts));
  return withoutAnswersOf(blanked, moved);
}

/** The entries the given captures recorded (redacted ones left out). */
async function entriesOf(
  rt: ObserverRuntime,
  captures: readonly CaptureRecord[],
): Promise<TranscriptEntry[]> {
  const entries: TranscriptEntry[] = [];
  for (const c of captures) {
    const event = await rt.store.getEvent(c.event_id);
    if (event === null || event.redacted) continue;
    entries.push(...(event.payload as unknown as SessionCapturedPayload).entries);
  }
  return entries;
}

/** Observes every capture not observed yet, oldest first. */
export async function observePending(rt: ObserverRuntime): Promise<readonly ObserveReport[]> {
  const reports: ObserveReport[] = [];
  for (const capture of await readCaptures(rt.store)) {
    if (!capture.observed) reports.push(await observe(rt, capture.capture_key));
  }
  return reports;
}
