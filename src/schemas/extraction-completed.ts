import { entityIdSchema, rootSchema, timestampSchema } from './definitions.js';

const itemTypeSchema = { enum: ['decision', 'constraint', 'action', 'question', 'risk'] } as const;
const itemStatusSchema = {
  enum: ['active', 'open', 'blocked', 'done', 'answered', 'superseded'],
} as const;
const confidenceSchema = { enum: ['low', 'medium', 'high'] } as const;
const messageIdSchema = { type: 'string', minLength: 1, maxLength: 200 } as const;
const uidSchema = { type: 'string', pattern: '^[dcaqr]_[0-9a-f]{12}$' } as const;
const tagsSchema = {
  type: 'array',
  maxItems: 20,
  items: { type: 'string', maxLength: 100 },
} as const;
const refsSchema = { type: 'array', maxItems: 1000, items: messageIdSchema } as const;
const nullableText = { type: ['string', 'null'], maxLength: 10000 } as const;

const watermarkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['created_at', 'message_id'],
  properties: { created_at: timestampSchema, message_id: messageIdSchema },
} as const;

const nullableWatermarkSchema = { anyOf: [watermarkSchema, { type: 'null' }] } as const;

const evidenceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['trigger', 'ref_message_id', 'candidate_uid', 'basis', 'score'],
  properties: {
    trigger: { type: ['string', 'null'], maxLength: 100 },
    ref_message_id: { type: 'string', maxLength: 200 },
    candidate_uid: uidSchema,
    basis: { enum: ['explicit', 'replaced_object', 'topic', 'similarity'] },
    score: { type: ['number', 'null'] },
  },
} as const;

/** An extractor's unreconciled proposal, exactly as it produced it. */
/**
 * A candidate item's fields after its type, in wire order: shared by the recorded candidate (here,
 * after `type_tag`) and the language model's answer (`items/llm-item-prompt.ts`, after `type`).
 */
export const CANDIDATE_FIELDS = [
  'text',
  'status',
  'confidence',
  'topic_tags',
  'refs',
  'supersedes',
  'replaces',
  'chosen',
  'conflict',
] as const;

const candidateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type_tag', ...CANDIDATE_FIELDS],
  properties: {
    type_tag: itemTypeSchema,
    text: { type: 'string', maxLength: 10000 },
    status: itemStatusSchema,
    confidence: confidenceSchema,
    topic_tags: tagsSchema,
    refs: refsSchema,
    supersedes: nullableText,
    replaces: nullableText,
    chosen: nullableText,
    conflict: { type: 'boolean' },
  },
} as const;

/** A state item as the run left it, to be stored by `(thread_id, uid)`. */
const itemSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'uid',
    'entity_id',
    'text',
    'status',
    'type_tag',
    'topic_tags',
    'refs',
    'confidence',
    'replaced_by',
    'supersession_evidence',
    'conflict',
    'pinned',
    'source',
    'created_at',
    'last_seen_at',
    'updated_at',
  ],
  properties: {
    uid: uidSchema,
    entity_id: entityIdSchema,
    text: { type: 'string', minLength: 1, maxLength: 10000 },
    status: itemStatusSchema,
    type_tag: itemTypeSchema,
    topic_tags: tagsSchema,
    refs: { type: 'array', minItems: 1, items: messageIdSchema },
    confidence: confidenceSchema,
    replaced_by: { anyOf: [uidSchema, { type: 'null' }] },
    supersession_evidence: { anyOf: [evidenceSchema, { type: 'null' }] },
    conflict: { type: 'boolean' },
    pinned: { type: 'boolean' },
    source: { type: 'string', minLength: 1, maxLength: 100 },
    created_at: timestampSchema,
    last_seen_at: timestampSchema,
    updated_at: timestampSchema,
  },
} as const;

/**
 * The payload of an `extraction.completed` event: one state-item extraction run over one thread.
 * It carries the extractor's output and the reconciled outcome, so that the fold only stores
 * `upserts` and `watermark` and replay never calls an extractor or an embedding model.
 */
export const extractionCompletedSchema = rootSchema('extraction_completed', 'ExtractionCompleted', {
  additionalProperties: false,
  required: [
    'thread_id',
    'entity_id',
    'result',
    'watermark_before',
    'watermark',
    'similarity',
    'error_code',
    'candidates',
    'upserts',
  ],
  properties: {
    thread_id: { type: 'string', minLength: 1, maxLength: 200 },
    /** The entity of the newest message the run read. */
    entity_id: entityIdSchema,
    /** The run's report (`ExtractResult`). */
    result: {
      type: 'object',
      additionalProperties: false,
      required: [
        'extractor',
        'duration_ms',
        'skipped_reason',
        'items_extracted',
        'items_inserted',
        'items_merged',
        'items_superseded',
        'items_conflicted',
        'items_dropped',
      ],
      properties: {
        /** `id@version` of the extractor. */
        extractor: { type: 'string', minLength: 1, maxLength: 200 },
        duration_ms: { type: 'number', minimum: 0 },
        skipped_reason: {
          enum: ['no_new_messages', 'no_user_messages', 'timeout', 'extractor_failed', null],
        },
        items_extracted: { type: 'integer', minimum: 0 },
        items_inserted: { type: 'integer', minimum: 0 },
        items_merged: { type: 'integer', minimum: 0 },
        items_superseded: { type: 'integer', minimum: 0 },
        items_conflicted: { type: 'integer', minimum: 0 },
        items_dropped: { type: 'integer', minimum: 0 },
      },
    },
    /** The watermark the run read after. */
    watermark_before: nullableWatermarkSchema,
    /** The watermark the run advances to; null leaves it (a failed run is retried later). */
    watermark: nullableWatermarkSchema,
    /**
     * How similarity was judged: `embeddings`; `structure` alone (no embedding model); or
     * `degraded`, structure alone because the embedding model failed during the run.
     */
    similarity: { enum: ['embeddings', 'structure', 'degraded'] },
    /** The extractor's error code when `skipped_reason` is `extractor_failed`. */
    error_code: { type: ['string', 'null'], maxLength: 100 },
    /** The extractor's candidates, in its order. */
    candidates: { type: 'array', maxItems: 1000, items: candidateSchema },
    /** The items inserted or changed, in the order they first changed. */
    upserts: { type: 'array', maxItems: 1000, items: itemSchema },
  },
});
