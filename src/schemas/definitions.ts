/** Shared fragments of Verity's canonical JSON Schemas (draft 2020-12). */
export const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
/** Base of every schema `$id`. */
export const SCHEMA_BASE = 'https://verity.local/schemas/';

/** Entity id: `user:`, `family:` or `team:` plus a lower-case slug. */
export const entityIdSchema = {
  type: 'string',
  pattern: '^(user|family|team):[a-z0-9._-]+$',
  minLength: 6,
  maxLength: 128,
} as const;

/** RFC 3339 timestamp. */
export const timestampSchema = { type: 'string', format: 'date-time', maxLength: 40 } as const;

/** RFC 9562 UUID. */
export const uuidSchema = { type: 'string', format: 'uuid' } as const;

/** A state field path whose first segment is its domain. */
export const fieldSchema = {
  type: 'string',
  minLength: 3,
  maxLength: 200,
  pattern: '^(travel|family|project|financial|profile)(\\.[a-z0-9][a-z0-9_-]*)+$',
} as const;

/** A candidate value for a slot. */
export const valueSchema = { type: 'string', minLength: 1, maxLength: 500 } as const;

/** The domains, as an enum. */
export const domainSchema = {
  enum: ['travel', 'family', 'project', 'financial', 'profile'],
} as const;

/** The source types, as an enum. */
export const sourceTypeSchema = {
  enum: [
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
  ],
} as const;

/** A source reference: what produced the evidence and where to find it. */
export const sourceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'ref'],
  properties: {
    type: sourceTypeSchema,
    ref: { type: 'string', minLength: 1, maxLength: 300 },
  },
} as const;

/** Which extractor, at which version, produced a derived record: `rules@1.0.0`. */
export const extractorSchema = {
  type: 'string',
  minLength: 3,
  maxLength: 100,
  pattern: '^[a-z0-9][a-z0-9._-]*@[0-9A-Za-z][0-9A-Za-z.+-]*$',
} as const;

/** A field's domain must be the record's domain (one `if/then` per domain). */
export const fieldMatchesDomain = [
  {
    if: { properties: { domain: { const: 'travel' } }, required: ['domain'] },
    then: { properties: { field: { type: 'string', pattern: '^travel\\.' } } },
  },
  {
    if: { properties: { domain: { const: 'family' } }, required: ['domain'] },
    then: { properties: { field: { type: 'string', pattern: '^family\\.' } } },
  },
  {
    if: { properties: { domain: { const: 'project' } }, required: ['domain'] },
    then: { properties: { field: { type: 'string', pattern: '^project\\.' } } },
  },
  {
    if: { properties: { domain: { const: 'financial' } }, required: ['domain'] },
    then: { properties: { field: { type: 'string', pattern: '^financial\\.' } } },
  },
  {
    if: { properties: { domain: { const: 'profile' } }, required: ['domain'] },
    then: { properties: { field: { type: 'string', pattern: '^profile\\.' } } },
  },
] as const;
