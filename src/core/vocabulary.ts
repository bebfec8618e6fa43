export type { Domain } from './domains/index.js';
// The domains are defined by their specs (`core/domains/`); re-exported here, where the rest of
// the vocabulary lives.
export { DOMAINS, domainOf } from './domains/index.js';

/**
 * What the speaker meant. `retract` withdraws earlier evidence; `question` never asserts.
 * Only `assertive` and `planning` can move current state.
 */
export const INTENTS = [
  'assertive',
  'planning',
  'hypothetical',
  'historical',
  'retract',
  'question',
] as const;
/** An observation's intent class. */
export type Intent = (typeof INTENTS)[number];

/**
 * Where evidence came from. Distinct from intent. `conversation_assertive` is seed 000's name for
 * the user's own statement and is treated exactly like `user_statement`.
 */
export const SOURCE_TYPES = [
  'user_statement',
  'conversation_assertive',
  'assistant_statement',
  'user_confirmation',
  'calendar',
  'transactions_email',
  'static_markdown',
  'manual_markdown',
  'webhook',
  'location',
] as const;
/** A source type. */
export type SourceType = (typeof SOURCE_TYPES)[number];

/** The pattern every entity id matches: `user:`, `family:` or `team:` and a slug. */
export const ENTITY_ID_PATTERN = '^(user|family|team):[a-z0-9._-]+$';
/** The entity used when none is named. */
export const DEFAULT_ENTITY = 'user:primary';

/** Collapses source-type aliases onto one canonical name. */
export function canonicalSource(source: SourceType): SourceType {
  return source === 'conversation_assertive' ? 'user_statement' : source;
}

/** The sources that speak for the user, whose explicit word can correct any other source. */
export function isUserSource(source: SourceType): boolean {
  const canonical = canonicalSource(source);
  return (
    canonical === 'user_statement' ||
    canonical === 'manual_markdown' ||
    canonical === 'user_confirmation'
  );
}

/** Message record `source` names and the source type each one maps to (docs/FORMATS.md). */
export const MESSAGE_SOURCES: Readonly<Record<string, SourceType>> = {
  chat: 'user_statement',
  sms: 'user_statement',
  voice: 'user_statement',
  note: 'static_markdown',
  calendar: 'calendar',
  email: 'transactions_email',
  bank: 'transactions_email',
  webhook: 'webhook',
  location: 'location',
};

/** The source type of a message from its record `source` and its author's role. */
export function messageSourceType(source: string | undefined, role: string): SourceType {
  if (role === 'assistant' || role === 'system') return 'assistant_statement';
  return MESSAGE_SOURCES[source ?? 'chat'] ?? 'user_statement';
}
