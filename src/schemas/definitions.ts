/** Shared fragments of Verity's canonical JSON Schemas (draft 2020-12). */
import { DOMAINS, FIELD_PATTERN, SOURCE_TYPES } from '../core/index.js';

export const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
/** Base of every schema `$id`. */
export const SCHEMA_BASE = 'https://verity.local/schemas/';

/**
 * A root schema: draft 2020-12, `$id` `<name>.schema.json` under `SCHEMA_BASE` (`name` is the
 * one `SCHEMAS` and DLQ items use), `title`, an object type, then `body` (its properties, and
 * `additionalProperties: false` where the object is closed). Typed literally, for `FromSchema`.
 */
export function rootSchema<
  const Name extends string,
  const Title extends string,
  const Body extends object,
>(name: Name, title: Title, body: Body) {
  return {
    $schema: DRAFT,
    $id: `${SCHEMA_BASE}${name}.schema.json`,
    title,
    type: 'object',
    ...body,
  } as const;
}

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

/** A state field path whose first segment is a registered domain. */
export const fieldSchema = {
  type: 'string',
  minLength: 3,
  maxLength: 200,
  pattern: FIELD_PATTERN,
} as const;

/** A candidate value for a slot. */
export const valueSchema = { type: 'string', minLength: 1, maxLength: 500 } as const;

/** The registered domains (`core/domains`), as an enum. */
export const domainSchema = { enum: DOMAINS } as const;

/** The source types (`core/vocabulary.ts`), as an enum. */
export const sourceTypeSchema = { enum: SOURCE_TYPES } as const;

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

/** One `if/then` rule tying a record's `field` to its `domain`. */
export interface FieldMatchesDomainRule {
  readonly if: {
    readonly properties: { readonly domain: { readonly const: string } };
    readonly required: readonly ['domain'];
  };
  readonly then: {
    readonly properties: { readonly field: { readonly type: 'string'; readonly pattern: string } };
  };
}

/**
 * A field's domain must be the record's domain: one `if/then` per registered domain. Typed as a
 * one-rule tuple because `FromSchema` reads `allOf` only from tuples (and ignores `if/then`).
 */
export const fieldMatchesDomain = DOMAINS.map(
  (domain): FieldMatchesDomainRule => ({
    if: { properties: { domain: { const: domain } }, required: ['domain'] },
    then: { properties: { field: { type: 'string', pattern: `^${domain}\\.` } } },
  }),
) as unknown as readonly [FieldMatchesDomainRule];
