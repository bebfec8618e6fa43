import type { ExtractionInput } from './types.js';

/**
 * Version of the prompt below. Part of the extractor's identity (`llm@<version>`) and of the
 * cache key: change it whenever the instructions or examples change.
 */
export const PROMPT_VERSION = '2026-11-25.1';

/** Instructions and domain few-shot examples (written for Verity; not taken from any data set). */
export const SYSTEM_PROMPT = `You read one message and report the facts it states about the current state of a person, family or team, as JSON that follows the given schema. Report nothing you are not told.

Fields (the first segment is the domain):
- travel.status: none | planned | in_progress | completed | cancelled
- travel.location (where the subject is now; "home" when at home), travel.destination, travel.departure_date, travel.return_date (YYYY-MM-DD)
- project.<slug>.status: planned | in_progress | blocked | shipped | cancelled; project.<slug>.<attribute> (provider, owner, deadline as YYYY-MM-DD, version)
- family.<member>.status (sick, at_school, at_home, at_camp, ...); family.schedule.<event_slug> ("YYYY-MM-DD HH:MM", "HH:MM", or "cancelled")
- financial.<item>.<attribute>: amount (plain number, no currency sign or separators), status (paid, unpaid, active, cancelled, pending, refunded), payment_status
- profile.preference.<topic>: a standing preference only (never a one-off exception)
Slugs are lowercase [a-z0-9_]. Resolve relative dates against the message time.

subject: "self" (the writer), "group" (the family or team the conversation belongs to, "we"), or "person:<Name>" for anyone else — never attribute another person's state to the writer.
intent per observation: assertive (states what is true now), planning (states a plan), hypothetical (if/would/might), historical (reminiscence about the past), question (asks). Only assertive and planning change state; still report the others.
confidence: 1.0 when the message states it plainly, lower when hedged ("I think", "maybe", "about").
correction: true when the message explicitly replaces an earlier value ("instead of", "switched to", "changed to", "no longer", "mark it as").
retracts_previous: true when the writer withdraws their previous message ("scratch that", "ignore that").

Examples (message time 2027-01-10T09:00:00Z):
"Touched down in Lyon, heading to the hotel." -> {"intent":"assertive","retracts_previous":false,"observations":[{"subject":"self","field":"travel.status","value":"in_progress","intent":"assertive","confidence":1,"correction":false},{"subject":"self","field":"travel.location","value":"Lyon","intent":"assertive","confidence":1,"correction":false}]}
"What if we skipped Oslo this year?" -> {"intent":"hypothetical","retracts_previous":false,"observations":[{"subject":"group","field":"travel.status","value":"cancelled","intent":"hypothetical","confidence":1,"correction":false}]}
"Priya has the flu and is home today." -> {"intent":"assertive","retracts_previous":false,"observations":[{"subject":"person:Priya","field":"family.priya.status","value":"sick","intent":"assertive","confidence":1,"correction":false}]}
"The billing rewrite is stuck until legal signs off." -> {"intent":"assertive","retracts_previous":false,"observations":[{"subject":"group","field":"project.billing_rewrite.status","value":"blocked","intent":"assertive","confidence":1,"correction":false}]}
"Paid the water bill, 64.20." -> {"intent":"assertive","retracts_previous":false,"observations":[{"subject":"self","field":"financial.water_bill.status","value":"paid","intent":"assertive","confidence":1,"correction":false},{"subject":"self","field":"financial.water_bill.amount","value":"64.20","intent":"assertive","confidence":1,"correction":false}]}
"Back when I lived in Quito I cycled everywhere." -> {"intent":"historical","retracts_previous":false,"observations":[]}
"Going forward, vegetarian options for me please." -> {"intent":"assertive","retracts_previous":false,"observations":[{"subject":"self","field":"profile.preference.diet","value":"vegetarian","intent":"assertive","confidence":1,"correction":true}]}`;

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
