import { entityIdSchema, rootSchema, timestampSchema } from './definitions.js';

/** A chat (or other text) message to ingest (docs/FORMATS.md); identity `(thread_id, message_id)`. */
export const messageRecordSchema = rootSchema('message_record', 'MessageRecord', {
  additionalProperties: false,
  required: ['thread_id', 'message_id', 'role', 'content', 'created_at'],
  properties: {
    thread_id: { type: 'string', minLength: 1, maxLength: 200 },
    message_id: { type: 'string', minLength: 1, maxLength: 200 },
    role: { enum: ['user', 'assistant', 'system'] },
    content: { type: 'string', maxLength: 100000, pattern: '\\S' },
    created_at: timestampSchema,
    entity_id: entityIdSchema,
    source: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z][a-z0-9_-]*$' },
  },
});

/** A markdown document to ingest (static note or vault file), fingerprinted by content. */
export const noteRecordSchema = rootSchema('note_record', 'NoteRecord', {
  additionalProperties: false,
  required: ['path', 'content', 'updated_at'],
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 500 },
    content: { type: 'string', maxLength: 1000000 },
    updated_at: timestampSchema,
    entity_id: entityIdSchema,
    title: { type: 'string', maxLength: 300 },
  },
});

/** The envelope of one `verity ingest` line: `type` selects the record schema. */
export const ingestEnvelopeSchema = rootSchema('ingest_envelope', 'IngestEnvelope', {
  required: ['type'],
  properties: {
    type: { enum: ['message', 'observation', 'signal', 'confirmation', 'note'] },
  },
});
