import { expect } from 'vitest';
import { extractWithRules } from '../rule-extractor.js';
import {
  EMPTY_REGISTRY,
  type EntityRegistry,
  type ExtractedObservation,
  type ExtractionInput,
  type KnownSlot,
} from '../types.js';

/** Where and when a test message was written; each field defaults to a user chat message. */
export interface MessageOptions {
  readonly at?: string;
  readonly source?: string;
  readonly role?: ExtractionInput['role'];
  readonly entityId?: string;
  readonly known?: readonly KnownSlot[];
  readonly registry?: EntityRegistry;
}

/**
 * What the rules read from one message: by default a user chat message in `user:primary`'s own
 * thread on 2026-05-04, with nothing on record.
 */
export function readMessage(
  text: string,
  options: MessageOptions = {},
): readonly ExtractedObservation[] {
  return extractWithRules({
    text,
    at: options.at ?? '2026-05-04T09:00:00Z',
    source: options.source ?? 'chat',
    role: options.role ?? 'user',
    entityId: options.entityId ?? 'user:primary',
    known: options.known ?? [],
    registry: options.registry ?? EMPTY_REGISTRY,
  }).observations;
}

/** Slots on record in `entityId`'s thread, one per field of `fields`, in their order. */
export function onRecord(
  fields: Readonly<Record<string, string>>,
  entityId = 'user:primary',
): KnownSlot[] {
  return Object.entries(fields).map(([field, value]) => ({ entityId, field, value }));
}

/** What the rules read from one user chat message in `user:primary`'s own thread. */
export function readChat(
  text: string,
  at = '2026-05-04T09:00:00Z',
  known: readonly KnownSlot[] = [],
): readonly ExtractedObservation[] {
  return readMessage(text, { at, known });
}

/** One observation as `field=value (evidence)`. */
export function asReading(o: ExtractedObservation): string {
  return `${o.field}=${o.value} (${o.evidence})`;
}

/** One observation as `entity field=value (evidence)`. */
export function asEntityReading(o: ExtractedObservation): string {
  return `${o.entityId} ${asReading(o)}`;
}

/** Reads each user chat message in `entityId`'s thread, as `field=value (evidence)`. */
export function readerIn(
  entityId: string,
  options: MessageOptions = {},
): (text: string) => string[] {
  return (text) => readMessage(text, { ...options, entityId }).map(asReading);
}

/**
 * Reads each user chat message in `entityId`'s thread (see `readerIn`) with `fields` on record in
 * that thread, one slot per field.
 */
export function readerOnRecord(
  entityId: string,
  fields: Readonly<Record<string, string>>,
  options: MessageOptions = {},
): (text: string) => string[] {
  return readerIn(entityId, { ...options, known: onRecord(fields, entityId) });
}

/**
 * Reads the corrections in each user chat message in `user:primary`'s own thread written at `at`,
 * as `field=value (evidence)`, with `known` on record unless a call names other slots.
 */
export function correctionReader(
  at: string,
  known: readonly KnownSlot[],
): (text: string, onRecord?: readonly KnownSlot[]) => string[] {
  return (text, onRecord = known) =>
    readChat(text, at, onRecord)
      .filter((o) => o.correction)
      .map(asReading);
}

/** An observation that would change state if it were strong enough: assertive or planning. */
export function changesState(o: ExtractedObservation): boolean {
  return o.intent === 'assertive' || o.intent === 'planning';
}

/** An observation strong enough to commit or to ask: strong or moderate, state-changing. */
export function wouldCommit(o: ExtractedObservation): boolean {
  return o.evidence !== 'weak' && changesState(o);
}

/** An observation strong enough to commit alone, without asking: strong, state-changing. */
export function commitsAlone(o: ExtractedObservation): boolean {
  return o.evidence === 'strong' && changesState(o);
}

/** The state-changing observations (see `changesState`) by slot, `entity field`; a later one wins. */
export function stateBySlot(
  observations: readonly ExtractedObservation[],
): Map<string, ExtractedObservation> {
  return new Map(observations.filter(changesState).map((o) => [`${o.entityId} ${o.field}`, o]));
}

/**
 * The readings of one message (a user chat message unless `options` say otherwise) strong enough
 * to commit or to ask (see `wouldCommit`), as `entity field=value (evidence)`.
 */
export function committingReadings(text: string, options: MessageOptions = {}): string[] {
  return readMessage(text, options).filter(wouldCommit).map(asEntityReading);
}

/** Asserts that `read` gives exactly `readings` for each of `texts`; a failure names its text. */
export function expectSameReadings<T>(
  read: (text: string) => readonly T[],
  texts: readonly string[],
  readings: readonly T[],
): void {
  expectReadings(
    read,
    texts.map((text) => [text, readings] as const),
  );
}

/**
 * Asserts, for each `[text, readings]`, that `read(text)` gives exactly `readings`, in that
 * order; a failure names its text.
 */
export function expectReadings<T>(
  read: (text: string) => readonly T[],
  cases: readonly (readonly [string, readonly T[]])[],
): void {
  for (const [text, readings] of cases) expect(read(text), text).toEqual(readings);
}

/** Asserts that `read` gives nothing for any of `texts`; a failure names its text. */
export function expectNothingRead<T>(
  read: (text: string) => readonly T[],
  texts: readonly string[],
): void {
  expectSameReadings(read, texts, []);
}

/** Asserts that `read` gives at least one reading for each of `texts`. */
export function expectSomethingRead<T>(
  read: (text: string) => readonly T[],
  texts: readonly string[],
): void {
  for (const text of texts) expect(read(text), text).not.toEqual([]);
}

/** Asserts, for each `[text, reading]`, that `read(text)` includes `reading`. */
export function expectEachRead<T>(
  read: (text: string) => readonly T[],
  cases: readonly (readonly [string, T])[],
): void {
  for (const [text, reading] of cases) expect(read(text), text).toContain(reading);
}

/**
 * Asserts, for each `[text, value]`, that `read(text)` includes every reading `readings(value)`
 * names (or, with `exactly`, is exactly those readings in that order).
 */
export function expectReadingsOf<V>(
  read: (text: string) => readonly string[],
  cases: readonly (readonly [string, V])[],
  readings: (value: V) => readonly string[],
  exactly = false,
): void {
  for (const [text, value] of cases) {
    const got = read(text);
    if (exactly) expect(got, text).toEqual(readings(value));
    else for (const reading of readings(value)) expect(got, text).toContain(reading);
  }
}

/** Asserts that none of `texts` gives a committing reading (see `committingReadings`). */
export function expectNoCommits(texts: readonly string[]): void {
  expectNothingRead(committingReadings, texts);
}
