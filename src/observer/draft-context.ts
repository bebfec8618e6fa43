// Where a draft sits in its segment, as features the learned scorer may weigh (scorer@3): whether
// a specific it names (a number, a path, an identifier, a name) comes back later in the segment,
// whether it answers the assistant's question, whether it comes near the segment's end or after a
// fix. Structure only: no word lists. Pure and deterministic.
import type { TranscriptEntry } from './transcript.js';

/** A draft's place in its segment. */
export interface DraftContext {
  /** A specific the draft names is said again in a later message of the segment. */
  readonly echoed: boolean;
  /** The draft answers a question the assistant asked just before. */
  readonly answersQuestion: boolean;
  /** The draft's message is among the segment's last two spoken messages. */
  readonly segmentEnd: boolean;
  /** A fix was drafted earlier in the segment. */
  readonly afterFix: boolean;
}

// Tokens that name something exactly: anything with a digit, a path separator, an inner dot,
// underscore, @ or colon, and capitalised words that do not open a sentence.
const TOKEN = /[\w@.:/~-]+/g;
const trimToken = (raw: string) => raw.replace(/^[.:~-]+|[.:-]+$/g, '');

/** Whether the token at `index` opens a sentence: the text's start, or after `.`, `!`, `?` or a line break. */
function opensSentence(text: string, index: number): boolean {
  const before = text.slice(0, index).replace(/[\s"'([]+$/, '');
  return before === '' || /[.!?]$/.test(before) || /\n\s*$/.test(text.slice(0, index));
}

/**
 * The specifics a text names, lower-cased: tokens of at least three characters holding a digit,
 * `/`, `_`, `@`, an inner `.` or `:`, and capitalised words that do not open a sentence.
 */
export function specificsOf(text: string): string[] {
  const out = new Set<string>();
  for (const match of text.matchAll(TOKEN)) {
    const t = trimToken(match[0]);
    if (t.length < 3) continue;
    const exact = /\d|[/_@]|\w[.:]\w/.test(t);
    const named = /^[A-Z][a-z]/.test(t) && !opensSentence(text, match.index);
    if (exact || named) out.add(t.toLowerCase());
  }
  return [...out].sort();
}

/**
 * The whole tokens of a text, lower-cased, with the parts of a joined token (`host:port`,
 * `user@host`) as tokens of their own: a specific is said again only as a whole token ("443" is
 * not in "14430").
 */
function tokensOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().match(TOKEN) ?? []) {
    const t = trimToken(raw);
    out.add(t);
    for (const part of t.split(/[:@]/)) out.add(trimToken(part));
  }
  return out;
}

/** The parts of a draft `draftContexts` reads. */
export interface ContextDraft {
  readonly text: string;
  readonly kind: string;
  readonly speaker: 'user' | 'assistant';
  readonly sourceIds: readonly string[];
}

/**
 * Each draft's context in its `segment` (drafts in the order drafted). A draft's own message is its
 * last source message; "later" is any user or assistant message after it.
 */
export function draftContexts(
  segment: readonly TranscriptEntry[],
  drafts: readonly ContextDraft[],
): DraftContext[] {
  const spoken = segment.filter((e) => e.role === 'user' || e.role === 'assistant');
  const position = new Map(spoken.map((e, i) => [e.id, i]));
  const tokens = spoken.map((e) => tokensOf(e.text));
  let fixSeen = false;
  return drafts.map((d) => {
    const at = Math.max(-1, ...d.sourceIds.map((id) => position.get(id) ?? -1));
    const later = at < 0 ? [] : tokens.slice(at + 1);
    const echoed = specificsOf(d.text).some((s) => later.some((t) => t.has(s)));
    const previous = at > 0 ? spoken[at - 1] : undefined;
    const answersQuestion =
      d.speaker === 'user' && previous?.role === 'assistant' && previous.text.includes('?');
    const context = {
      echoed,
      answersQuestion,
      segmentEnd: at >= 0 && at >= spoken.length - 2,
      afterFix: fixSeen,
    };
    if (d.kind === 'fix') fixSeen = true;
    return context;
  });
}
