import { replaceSpans } from '../core/index.js';
import { findSecrets, SECRET_MASK } from '../language/index.js';
import {
  defineMetaRecord,
  type MetaRecord,
  metaShape,
  readMeta,
  type Store,
} from '../stores/index.js';

/**
 * A mask a forget keeps on a reply it leaves in place: "What's the new garage door code?" | "it's
 * 4471, and the parcel comes Tuesday" masks "4471" because of the question, and once the question
 * is forgotten the mask could no longer be read from the thread. The forget's tombstone records it
 * (`kept_masks`, offsets into the reply's text, never the value), and the fold writes it where
 * every surface that shows a message reads it (ADR 2026-11-27-secrets-in-memory, ninth pass).
 */
export interface KeptMask {
  readonly event_id: string;
  readonly thread_id: string;
  readonly message_id: string;
  /** `[start, end)` offsets into the message's text, in order, not overlapping. */
  readonly spans: readonly (readonly [number, number])[];
}

const spans = metaShape.array(metaShape.array(metaShape.number));

/** The kept mask of the message recorded by event `eventId`. */
export function keptMaskRecord(eventId: string): MetaRecord<readonly (readonly number[])[]> {
  return defineMetaRecord(`mask:kept:${eventId}`, spans);
}

/** The spans kept on the message of event `eventId`, empty when a forget kept none. */
export async function keptSpans(
  store: Pick<Store, 'getMeta'>,
  eventId: string,
): Promise<readonly (readonly number[])[]> {
  return (await readMeta(store, keptMaskRecord(eventId))) ?? [];
}

/**
 * `text` as a surface shows it: every secret `findSecrets` reads (with `asked`, the turns it is
 * read with) and every kept span replaced by `[secret]`; the rest byte-identical.
 */
export function maskedWithKept(
  text: string,
  asked: Parameters<typeof findSecrets>[1],
  kept: readonly (readonly number[])[],
): string {
  const read = findSecrets(text, asked).map((s) => [s.start, s.end] as const);
  return maskSpans(text, [...read, ...kept]);
}

/** `text` with each `[start, end)` span replaced by `[secret]`, overlapping spans once. */
export function maskSpans(text: string, spans: readonly (readonly number[])[]): string {
  const all = spans
    .map(([start = 0, end = 0]) => [start, Math.min(end, text.length)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: { start: number; end: number }[] = [];
  for (const [start, end] of all) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start < last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return replaceSpans(text, merged, () => SECRET_MASK);
}
