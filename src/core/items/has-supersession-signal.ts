import { comparableText } from './comparable-text.js';

/**
 * Words that signal a change of mind. "actually" and "correction" are deliberately absent: they are
 * too common in ordinary speech and caused false supersessions.
 */
export const SUPERSESSION_TRIGGERS = [
  'instead',
  'replaced',
  'switched',
  'changed to',
  'no longer',
] as const;

/** Verbs that name a new choice; a supersession by similarity needs one in the new item's text. */
export const REPLACEMENT_VERBS = ['use', 'choose', 'switch', 'go with', 'adopt'] as const;
/** One of `REPLACEMENT_VERBS`. */
export type ReplacementVerb = (typeof REPLACEMENT_VERBS)[number];

const TRIGGER_PATTERN = new RegExp(
  `\\b(${SUPERSESSION_TRIGGERS.map((t) => t.replace(/ /g, '\\s+')).join('|')})\\b`,
);

const VERB_FORMS: Readonly<Record<ReplacementVerb, RegExp>> = {
  use: /\b(?:use|uses|used|using)\b/,
  choose: /\b(?:choose|chooses|chose|chosen|choosing)\b/,
  switch: /\b(?:switch|switches|switched|switching)\b/,
  'go with': /\b(?:go|goes|going|went|gone)\s+with\b/,
  adopt: /\b(?:adopt|adopts|adopted|adopting)\b/,
};

/**
 * The supersession trigger that occurs first in `text` (whole words, case- and quote-insensitive),
 * or null when there is none.
 */
export function findSupersessionTrigger(text: string): string | null {
  const match = TRIGGER_PATTERN.exec(comparableText(text));
  return match?.[1]?.replace(/\s+/g, ' ') ?? null;
}

/** True when `text` contains a supersession trigger (`SUPERSESSION_TRIGGERS`). */
export function hasSupersessionSignal(text: string): boolean {
  return findSupersessionTrigger(text) !== null;
}

/**
 * The first replacement verb found in `text`, in any inflection ("switched" counts as `switch`),
 * or null.
 */
export function findReplacementVerb(text: string): ReplacementVerb | null {
  const normalized = comparableText(text);
  let best: { verb: ReplacementVerb; at: number } | null = null;
  for (const verb of REPLACEMENT_VERBS) {
    const at = normalized.search(VERB_FORMS[verb]);
    if (at !== -1 && (best === null || at < best.at)) best = { verb, at };
  }
  return best?.verb ?? null;
}
