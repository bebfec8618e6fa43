import { DRAFT, entityIdSchema, SCHEMA_BASE, timestampSchema } from './definitions.js';

/** A chat (or other text) message to ingest (docs/FORMATS.md); identity `(thread_id, message_id)`. */
export const messageRecordSchema = {
  $schema: DRAFT,
  $id: `${SCHEMA_BASE}message_record.schema.json`,
  title: 'MessageRecord',
  type: 'object',
  additionalProperties: false,
  required: ['thread_id', 'message_id', 'role', 'content', 'created_at'],
  properties: {
    thread_id: { type: 'string', minLength: 1, maxLength: 200 },
    message_id: { type: 'string', minLength: 1, maxLength: 200 },
    role: { enum: ['user', 'assistant', 'system'] },
    content: { type: 'string', maxLength: 100000 },
    created_at: timestampSchema,
    entity_id: entityIdSchema,
    source: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z][a-z0-9_-]*$' },
  },
} as const;

/** A markdown document to ingest (static note or vault file), fingerprinted by content. */
export const noteRecordSchema = {
  $schema: DRAFT,
  $id: `${SCHEMA_BASE}note_record.schema.json`,
  title: 'NoteRecord',
  type: 'object',
  additionalProperties: false,
  required: ['path', 'content', 'updated_at'],
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 500 },
    content: { type: 'string', maxLength: 1000000 },
    updated_at: timestampSchema,
    entity_id: entityIdSchema,
    title: { type: 'string', maxLength: 300 },
  },
} as const;

/** The envelope of one `verity ingest` line: `type` selects the record schema. */
export const ingestEnvelopeSchema = {
  $schema: DRAFT,
  $id: `${SCHEMA_BASE}ingest_envelope.schema.json`,
  title: 'IngestEnvelope',
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['message', 'observation', 'signal', 'confirmation', 'note'] },
  },
} as const;
