// What a forgotten captured entry leaves behind so a later capture cannot bring it back.
import { createHash } from 'node:crypto';
import { answersLeftBare, askedBefore, findSecrets, turnSide } from '../../language/index.js';
import type { TranscriptEntry } from '../../observer/index.js';
import { maskSpans } from '../../search/index.js';

/**
 * The shortest entry text a digest is kept for. A digest of a short text ("6803", "yes, Tuesday")
 * gives the text back to anyone who tries the likely ones; such entries are matched by position
 * only, and a bare reply goes with its question (`withoutAnswersOf`).
 */
const DIGEST_MIN_CHARS = 24;

/** The digest of an entry's role and text: what `withoutForgotten` matches a new entry by. */
export function entryDigest(entry: Pick<TranscriptEntry, 'role' | 'text'>): string {
  return createHash('sha256').update(`${entry.role}\n${entry.text}`).digest('hex');
}

/**
 * Digests of the entries of `original` that `restored` (the same capture recorded again by a
 * forget) leaves blank, added to those the capture already kept, sorted: only for a text long
 * enough not to be guessed from its digest and holding no secret (a digest of "my PIN is 4471"
 * is found by trying every PIN).
 */
export function forgottenDigests(
  original: readonly TranscriptEntry[],
  restored: readonly TranscriptEntry[],
  kept: readonly string[] = [],
): string[] {
  const turns = original.map((e) => ({ side: turnSide(e.role), text: e.text }));
  const digests = new Set(kept);
  original.forEach((e, i) => {
    if (e.text === '' || restored[i]?.text !== '') return;
    if (e.text.length < DIGEST_MIN_CHARS) return;
    if (findSecrets(e.text, askedBefore(turns, i)).length > 0) return;
    digests.add(entryDigest(e));
  });
  return [...digests].sort();
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
