import { DOMAIN_SPECS, type FieldSpec, sha256Hex } from '../core/index.js';
import type { ExtractionInput } from './types.js';

function fieldLine(field: FieldSpec): string {
  const values =
    field.values === undefined
      ? ''
      : field.kind === 'enum'
        ? `: ${field.values.join(' | ')}`
        : ` (${field.values.join(', ')}, ...)`;
  const format =
    field.kind === 'date' ? ' (YYYY-MM-DD)' : field.kind === 'amount' ? ' (plain number)' : '';
  const note = field.note === undefined ? '' : ` — ${field.note}`;
  return `- ${field.path}${values}${format}${note}`;
}

/** One message the model must answer with no observations: no domain owns it. */
const NO_STATE_EXAMPLE = {
  message: 'Back when I lived in Quito I cycled everywhere.',
  answer: '{"intent":"historical","retracts_previous":false,"observations":[]}',
};

/**
 * Instructions, the registered domains' fields and their few-shot examples (all written for
 * Verity; not taken from any data set). Built from the domain registry, so a new domain's spec
 * reaches the model without editing this file.
 */
export const SYSTEM_PROMPT = [
  'You read one message and report the facts it states about the current state of a person, family or team, as JSON that follows the given schema. Report nothing you are not told.',
  '',
  'Fields (the first segment is the domain):',
  ...DOMAIN_SPECS.flatMap((spec) => spec.fields.map(fieldLine)),
  'Slugs are lowercase [a-z0-9_]. Resolve relative dates against the message time.',
  '',
  'subject: "self" (the writer), "group" (the family or team the conversation belongs to, "we"), or "person:<Name>" for anyone else — never attribute another person\'s state to the writer.',
  'intent per observation: assertive (states what is true now), planning (states a plan), hypothetical (if/would/might), historical (reminiscence about the past), question (asks). Only assertive and planning change state; still report the others.',
  'confidence: 1.0 when the message states it plainly, lower when hedged ("I think", "maybe", "about").',
  'correction: true when the message explicitly replaces an earlier value ("instead of", "switched to", "changed to", "no longer", "mark it as").',
  'retracts_previous: true when the writer withdraws their previous message ("scratch that", "ignore that").',
  '',
  'Examples (message time 2027-01-10T09:00:00Z):',
  ...[...DOMAIN_SPECS.flatMap((spec) => spec.examples), NO_STATE_EXAMPLE].map(
    (example) => `"${example.message}" -> ${example.answer}`,
  ),
].join('\n');

/**
 * Version of the prompt above: a date for its instructions, plus a digest of the whole text, so
 * the version changes by itself when a domain is registered or a spec's fields or examples
 * change. Part of the extractor's identity (`llm@<version>`) and of the cache key: change the date
 * whenever the instructions here change.
 */
export const PROMPT_VERSION = `2026-11-26.1+${sha256Hex(SYSTEM_PROMPT).slice(0, 8)}`;

/** The user turn: the message and the context the answer depends on. */
export function userPrompt(input: ExtractionInput): string {
  const known = input.known
    .slice(0, 40)
    .map((k) => `${k.field} = ${k.value ?? '(none)'}`)
    .join('; ');
  return [
    `Message time: ${input.at}`,
    `Source: ${input.source}${input.role === 'assistant' ? ' (written by the assistant)' : ''}`,
    `Conversation belongs to: ${input.entityId}`,
    ...(input.title === undefined ? [] : [`Title: ${input.title}`]),
    ...(known === '' ? [] : [`Known fields: ${known}`]),
    'Message:',
    input.text,
  ].join('\n');
}
