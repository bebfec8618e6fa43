import {
  type BatchMessage,
  ITEM_CONFIDENCES,
  ITEM_STATUSES,
  STATE_ITEM_TYPES,
  type StateItem,
} from '../core/index.js';
import type { JsonSchemaObject } from '../providers/index.js';
import { CANDIDATE_FIELDS } from '../schemas/index.js';

/**
 * Version of the instructions below: part of the LLM item extractor's version, so change it
 * whenever the wording, the examples or the answer schema change.
 */
export const ITEM_PROMPT_VERSION = '2026-11-26.1';

/** Instructions for the LLM item extractor (written for Verity; the example is our own). */
export const ITEM_SYSTEM_PROMPT = `You keep the working record of a conversation: the decisions taken, the constraints in force, the actions someone committed to, the questions still open and the risks raised. You are shown the items already on record and the messages that arrived since. Report only what those new messages add to the record or change in it.

Item types, exactly these five and no others: decision, constraint, action, question, risk.
Status: a decision, constraint or risk is "active"; an action is "open", "blocked" or "done"; a question is "open" or "answered".

Answer with JSON and nothing else (no prose, no markdown): {"items": [...]}, where every entry has these fields:
- "type": one of the five types.
- "text": the item as one short, self-contained line that reads correctly without the conversation.
- "status": one of the statuses above that fits the type.
- "confidence": "low", "medium" or "high".
- "topic_tags": one to three short lowercase labels, most specific first.
- "refs": the ids of the messages the item rests on, copied from the square brackets of the transcript. Cite the user message that states it. Never cite an id that is not in the transcript.
- "supersedes": the uid of the existing item this one replaces, or null.
- "replaces": the thing given up ("Jenkins" when moving off Jenkins), or null.
- "chosen": the thing chosen ("GitHub Actions"), or null.
- "conflict": true when the new messages contradict an existing item without saying it changed, else false.

Rules:
- Record concrete items only; skip greetings, chatter, vague remarks and anything the messages do not actually say.
- Do not repeat an existing item that the new messages leave unchanged.
- Fill "supersedes" only when a message plainly announces a change ("instead", "switched", "replaced", "changed to", "no longer") and the uid is in the existing items.
- When an existing action is reported finished, or an existing question gets its answer, repeat that item's text word for word with status "done" or "answered".
- Nothing new to record is a valid answer: {"items": []}.

Example.
Existing items:
[d_5e0c1a9b7f42] decision (active): Run CI on Jenkins
Transcript:
[m31] user: Jenkins keeps timing out, so we're moving CI to GitHub Actions instead.
[m32] assistant: Understood. I'll port the release job this week.
[m33] user: Do we keep the nightly builds?
Answer:
{"items":[{"type":"decision","text":"Run CI on GitHub Actions instead of Jenkins","status":"active","confidence":"high","topic_tags":["ci"],"refs":["m31"],"supersedes":"d_5e0c1a9b7f42","replaces":"Jenkins","chosen":"GitHub Actions","conflict":false},{"type":"action","text":"Port the release job to GitHub Actions this week","status":"open","confidence":"medium","topic_tags":["ci","release"],"refs":["m32"],"supersedes":null,"replaces":null,"chosen":null,"conflict":false},{"type":"question","text":"Keep the nightly builds after the CI move?","status":"open","confidence":"medium","topic_tags":["ci"],"refs":["m33"],"supersedes":null,"replaces":null,"chosen":null,"conflict":false}]}`;

const CANDIDATE_STATUSES = [...new Set(Object.values(ITEM_STATUSES).flat())].filter(
  (status) => status !== 'superseded',
);

const NULLABLE_TEXT = { type: ['string', 'null'] } as const;
const TEXT_LIST = { type: 'array', items: { type: 'string' } } as const;

/**
 * The answer's JSON Schema. The array sits in an object because OpenAI's structured outputs accept
 * only an object at the root; every field is required (nullable where optional), as strict mode
 * wants.
 */
export const ITEM_OUTPUT_SCHEMA: JsonSchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', ...CANDIDATE_FIELDS],
        properties: {
          type: { type: 'string', enum: [...STATE_ITEM_TYPES] },
          text: { type: 'string' },
          status: { type: 'string', enum: CANDIDATE_STATUSES },
          confidence: { type: 'string', enum: [...ITEM_CONFIDENCES] },
          topic_tags: TEXT_LIST,
          refs: TEXT_LIST,
          supersedes: NULLABLE_TEXT,
          replaces: NULLABLE_TEXT,
          chosen: NULLABLE_TEXT,
          conflict: { type: 'boolean' },
        },
      },
    },
  },
};

/** Continuation lines of a message are indented so that only ids start a transcript line. */
function indentBody(text: string): string {
  return text.trim().replace(/\r\n?/g, '\n').replace(/\n/g, '\n    ');
}

/** The user turn: the items on record (by uid) and the new messages (by id), oldest first. */
export function itemUserPrompt(
  batch: readonly BatchMessage[],
  existing: readonly StateItem[],
  maxMessageCharacters: number,
): string {
  const items = existing.map(
    (item) => `[${item.uid}] ${item.typeTag} (${item.status}): ${item.text}`,
  );
  const messages = batch.map((message) => {
    const content =
      message.content.length > maxMessageCharacters
        ? `${message.content.slice(0, maxMessageCharacters)} …`
        : message.content;
    return `[${message.messageId}] ${message.role}: ${indentBody(content)}`;
  });
  return [
    'Existing items (refer to them by uid; do not repeat unchanged ones):',
    ...(items.length === 0 ? ['(none)'] : items),
    '',
    'Transcript (new messages, oldest first):',
    ...messages,
  ].join('\n');
}
