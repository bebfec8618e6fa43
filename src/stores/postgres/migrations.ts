import { EngineError, rethrowAs } from '../../core/index.js';
import { inTransaction, type PgDriver, type PgSession } from './postgres-driver.js';
import { ALL_RESOURCE, advisoryKey } from './postgres-locks.js';
import { quoteIdent, type SqlNames, sqlNames, toNumber } from './postgres-sql.js';

/**
 * One versioned schema change. Versions start at 1 and increase by one; a script never changes.
 * Scripts are functions of the names only (the schema, and the schema pgvector lives in).
 */
export interface PostgresMigration {
  readonly version: number;
  readonly description: string;
  readonly sql: (names: SqlNames) => string;
}

/** Renders a JSON text check: `json` parses without reordering, and rejects invalid text. */
function jsonText(column: string): string {
  return `${column} text NOT NULL CHECK ((${column})::json IS NOT NULL)`;
}

const ISO_NOW = `to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Version 1, the ledger: the append-only events table, its redaction log, and the triggers that
 * refuse any change but a redaction.
 */
function ledgerTables(s: string): string {
  return `CREATE TABLE ${s}.events (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id text COLLATE "C" NOT NULL UNIQUE,
  type text NOT NULL,
  entity_id text COLLATE "C",
  event_ts text COLLATE "C" NOT NULL,
  recorded_at text COLLATE "C" NOT NULL,
  ${jsonText('payload')},
  payload_hash text NOT NULL,
  dedupe_key text COLLATE "C" UNIQUE,
  redacted boolean NOT NULL DEFAULT false
);
CREATE INDEX events_by_recorded_at ON ${s}.events (recorded_at);

CREATE TABLE ${s}.redactions (
  event_id text COLLATE "C" PRIMARY KEY REFERENCES ${s}.events (event_id),
  redacted_at text NOT NULL
);

-- Events are append-only: the one permitted change is a redaction (a new payload, redacted
-- false -> true, every other column unchanged), which is recorded in redactions.
CREATE FUNCTION ${s}.events_guard() RETURNS trigger LANGUAGE plpgsql AS $guard$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NOT OLD.redacted AND NEW.redacted
     AND NEW.seq = OLD.seq
     AND NEW.event_id = OLD.event_id
     AND NEW.type = OLD.type
     AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id
     AND NEW.event_ts = OLD.event_ts
     AND NEW.recorded_at = OLD.recorded_at
     AND NEW.payload_hash = OLD.payload_hash
     AND NEW.dedupe_key IS NOT DISTINCT FROM OLD.dedupe_key THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'events are append-only: % refused (only a redaction may change a row)', lower(TG_OP)
    USING ERRCODE = 'integrity_constraint_violation';
END
$guard$;
CREATE TRIGGER events_refuse_change BEFORE UPDATE OR DELETE ON ${s}.events
  FOR EACH ROW EXECUTE FUNCTION ${s}.events_guard();

CREATE FUNCTION ${s}.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $refuse$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, lower(TG_OP)
    USING ERRCODE = 'integrity_constraint_violation';
END
$refuse$;
CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON ${s}.events
  FOR EACH STATEMENT EXECUTE FUNCTION ${s}.refuse_change();
CREATE TRIGGER redactions_refuse_change BEFORE UPDATE OR DELETE ON ${s}.redactions
  FOR EACH ROW EXECUTE FUNCTION ${s}.refuse_change();
CREATE TRIGGER redactions_refuse_truncate BEFORE TRUNCATE ON ${s}.redactions
  FOR EACH STATEMENT EXECUTE FUNCTION ${s}.refuse_change();

CREATE FUNCTION ${s}.events_record_redaction() RETURNS trigger LANGUAGE plpgsql AS $record$
BEGIN
  INSERT INTO ${s}.redactions (event_id, redacted_at) VALUES (NEW.event_id, ${ISO_NOW});
  RETURN NULL;
END
$record$;
CREATE TRIGGER events_record_redaction AFTER UPDATE OF redacted ON ${s}.events
  FOR EACH ROW WHEN (NOT OLD.redacted AND NEW.redacted)
  EXECUTE FUNCTION ${s}.events_record_redaction();
`;
}

/**
 * Version 1, derived state: slots, history, prompts, messages, meta, state items and watermarks.
 */
function derivedStateTables(s: string): string {
  return `CREATE TABLE ${s}.slots (
  entity_id text COLLATE "C" NOT NULL,
  field text COLLATE "C" NOT NULL,
  domain text NOT NULL,
  version double precision NOT NULL,
  ${jsonText('doc')},
  PRIMARY KEY (entity_id, field)
);

CREATE TABLE ${s}.history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity_id text COLLATE "C" NOT NULL,
  field text COLLATE "C" NOT NULL,
  recorded_at text COLLATE "C" NOT NULL,
  ${jsonText('doc')}
);
CREATE INDEX history_by_slot ON ${s}.history (entity_id, field, id);

CREATE TABLE ${s}.prompts (
  prompt_id text COLLATE "C" PRIMARY KEY,
  status text COLLATE "C" NOT NULL,
  entity_id text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  sequence double precision NOT NULL,
  ${jsonText('doc')}
);
CREATE INDEX prompts_by_age ON ${s}.prompts (created_at, sequence, prompt_id);

CREATE TABLE ${s}.messages (
  thread_id text COLLATE "C" NOT NULL,
  message_id text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  entity_id text COLLATE "C" NOT NULL,
  ${jsonText('doc')},
  PRIMARY KEY (thread_id, message_id)
);
CREATE INDEX messages_in_order ON ${s}.messages (thread_id, created_at, message_id);

CREATE TABLE ${s}.meta (
  key text COLLATE "C" PRIMARY KEY,
  ${jsonText('value')}
);

CREATE TABLE ${s}.state_items (
  thread_id text COLLATE "C" NOT NULL,
  uid text COLLATE "C" NOT NULL,
  entity_id text COLLATE "C" NOT NULL,
  type text COLLATE "C" NOT NULL,
  status text COLLATE "C" NOT NULL,
  ${jsonText('doc')},
  PRIMARY KEY (thread_id, uid)
);
CREATE INDEX state_items_by_entity ON ${s}.state_items (entity_id, thread_id, uid);
CREATE INDEX state_items_by_uid ON ${s}.state_items (uid);

CREATE TABLE ${s}.watermarks (
  thread_id text COLLATE "C" PRIMARY KEY,
  created_at text COLLATE "C" NOT NULL,
  message_id text COLLATE "C" NOT NULL
);
`;
}

/** Version 1, the dead-letter queue. */
function deadLetterTable(s: string): string {
  return `CREATE TABLE ${s}.dlq (
  dlq_id text COLLATE "C" PRIMARY KEY,
  status text COLLATE "C" NOT NULL,
  first_seen_at text COLLATE "C" NOT NULL,
  ${jsonText('doc')}
);
CREATE INDEX dlq_by_age ON ${s}.dlq (first_seen_at, dlq_id);
`;
}

/**
 * The PostgreSQL schema, in order. Text that is compared or ordered is `COLLATE "C"` (byte order,
 * as SQLite's binary collation); JSON is kept as the exact text written (never `jsonb`, which
 * reorders keys); timestamps are the exact RFC 3339 text given (never `timestamptz`).
 */
export const postgresMigrations: readonly PostgresMigration[] = [
  {
    version: 1,
    description:
      'append-only ledger, derived state (slots, history, prompts, messages, meta, state items, watermarks), dead-letter queue',
    sql: ({ s }) => `
${ledgerTables(s)}
${derivedStateTables(s)}
${deadLetterTable(s)}`,
  },
  {
    version: 2,
    description:
      'search index: weighted tsvector documents, the active vector space, cached vectors',
    sql: ({ s, v }) => `
-- Full-text search without stop words (FTS5 has none): English Snowball stemming only.
CREATE TEXT SEARCH DICTIONARY ${s}.verity_stem (TEMPLATE = pg_catalog.snowball, LANGUAGE = english);
CREATE TEXT SEARCH CONFIGURATION ${s}.verity_search (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION ${s}.verity_search
  ALTER MAPPING REPLACE pg_catalog.english_stem WITH ${s}.verity_stem;

-- The vector cache, keyed by model id@version and the hash of the exact model input. Vectors of
-- every space live here (hence no dimension on the column); it is not derived state.
CREATE TABLE ${s}.embeddings (
  embedding_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  model text COLLATE "C" NOT NULL,
  content_hash text COLLATE "C" NOT NULL,
  vector ${v}.vector NOT NULL,
  UNIQUE (model, content_hash)
);

-- Tokens in a tsvector (positions; a lexeme PostgreSQL stored without positions counts once):
-- the document length of BM25.
CREATE FUNCTION ${s}.tsvector_tokens(tsvector) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $tokens$ SELECT COALESCE(SUM(COALESCE(array_length(positions, 1), 1)), 0)::integer FROM unnest($1) $tokens$;

-- One row per indexed item, derived from the rows it comes from (messages, state items): cleared
-- with them and never part of exportDerived. thread_id is '' for items outside threads. tsv holds
-- the text as weight A and the context (end of the previous message) as weight B; tokens is its
-- length. embedding_id is the cached vector the item uses in the active space, null while none.
CREATE TABLE ${s}.search_documents (
  doc_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text COLLATE "C" NOT NULL,
  thread_id text COLLATE "C" NOT NULL,
  item_id text COLLATE "C" NOT NULL,
  message_id text COLLATE "C",
  entity_id text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  text text NOT NULL,
  context text NOT NULL,
  tsv tsvector NOT NULL,
  tokens integer NOT NULL,
  embedding_id bigint REFERENCES ${s}.embeddings (embedding_id),
  UNIQUE (kind, thread_id, item_id)
);
-- BM25's corpus statistics (document count, total tokens), kept per thread so that a writer
-- touches only the row of a thread it holds the lock of: no contention between entity writers.
CREATE TABLE ${s}.search_stats (
  thread_id text COLLATE "C" PRIMARY KEY,
  documents bigint NOT NULL,
  tokens bigint NOT NULL
);
CREATE INDEX search_documents_in_thread
  ON ${s}.search_documents (kind, thread_id, created_at, item_id);
CREATE INDEX search_documents_pending ON ${s}.search_documents (created_at, kind, thread_id, item_id)
  WHERE embedding_id IS NULL;
CREATE INDEX search_documents_text ON ${s}.search_documents USING gin (tsv);
CREATE INDEX search_documents_by_embedding ON ${s}.search_documents (embedding_id);

-- The one vector space items are embedded in (ADR 2026-11-25-hybrid-search).
CREATE TABLE ${s}.embedding_space (
  id integer PRIMARY KEY CHECK (id = 1),
  model text NOT NULL,
  dimension integer NOT NULL CHECK (dimension > 0)
);

-- The active space's vectors, copied from the cache with the filterable columns, under an HNSW
-- index. useEmbeddingSpace gives the column the space's dimension and rebuilds the index.
CREATE TABLE ${s}.search_vectors (
  doc_id bigint PRIMARY KEY REFERENCES ${s}.search_documents (doc_id) ON DELETE CASCADE,
  embedding_id bigint NOT NULL,
  kind text COLLATE "C" NOT NULL,
  thread_id text COLLATE "C" NOT NULL,
  entity_id text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  vector ${v}.vector NOT NULL
);
CREATE INDEX search_vectors_by_thread ON ${s}.search_vectors (thread_id, created_at);
`,
  },
  {
    version: 3,
    description: 'notes vault, memories with revisions, prediction errors',
    sql: ({ s }) => `
-- The vault index is operational: rebuilt from the files, never from the ledger, and kept by
-- dangerouslyClearDerived. Rows are canonical JSON documents beside their key columns.
CREATE TABLE ${s}.vault_roots (root text COLLATE "C" PRIMARY KEY, ${jsonText('doc')});
CREATE TABLE ${s}.notes (path text COLLATE "C" PRIMARY KEY, ${jsonText('doc')});
CREATE TABLE ${s}.note_chunks (
  path text COLLATE "C" NOT NULL,
  ordinal integer NOT NULL,
  ${jsonText('doc')},
  PRIMARY KEY (path, ordinal)
);
CREATE TABLE ${s}.vault_vectors (
  model text COLLATE "C" NOT NULL,
  vector_key text COLLATE "C" NOT NULL,
  vector bytea NOT NULL,
  PRIMARY KEY (model, vector_key)
);

-- Derived from memory.* and prediction_error.* events (ADR 2026-11-26-notes-vault-and-drift).
CREATE TABLE ${s}.memories (
  memory_id text COLLATE "C" PRIMARY KEY,
  entity_id text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  ${jsonText('doc')}
);
CREATE INDEX memories_by_age ON ${s}.memories (created_at, memory_id);
CREATE TABLE ${s}.memory_revisions (
  memory_id text COLLATE "C" NOT NULL,
  revision integer NOT NULL,
  ${jsonText('doc')},
  PRIMARY KEY (memory_id, revision)
);
CREATE TABLE ${s}.prediction_errors (
  error_id text COLLATE "C" PRIMARY KEY,
  error_type text COLLATE "C" NOT NULL,
  memory_id text COLLATE "C",
  detected_at text COLLATE "C" NOT NULL,
  resolved_at text COLLATE "C",
  ${jsonText('doc')}
);
CREATE INDEX prediction_errors_by_memory ON ${s}.prediction_errors (memory_id)
  WHERE memory_id IS NOT NULL;
CREATE INDEX prediction_errors_by_age ON ${s}.prediction_errors (detected_at, error_id);
`,
  },
  {
    version: 4,
    description: 'task views in a table of their own, indexed for the reconciler',
    sql: ({ s }) => `
-- Derived from task.* events (ADR 2026-11-26-task-table): the view is canonical JSON, the
-- columns the reconciler and listings filter on sit beside it.
CREATE TABLE ${s}.tasks (
  task_id text COLLATE "C" PRIMARY KEY,
  entity_id text COLLATE "C" NOT NULL,
  state text COLLATE "C" NOT NULL,
  priority text COLLATE "C",
  next_check text COLLATE "C",
  due text COLLATE "C",
  ${jsonText('doc')}
);
CREATE INDEX tasks_by_state ON ${s}.tasks (state, next_check);
CREATE INDEX tasks_by_entity ON ${s}.tasks (entity_id, state);
CREATE INDEX tasks_by_priority ON ${s}.tasks (priority, due);

-- Views folded into meta rows before this version move here, so no rebuild is needed.
INSERT INTO ${s}.tasks (task_id, entity_id, state, priority, next_check, due, doc)
SELECT value::json->>'id', value::json->>'entity_id', value::json->>'state',
       value::json->>'priority', value::json->>'next_check', value::json->>'due', value
FROM ${s}.meta WHERE key LIKE 'task:TASK-%';
DELETE FROM ${s}.meta
WHERE key LIKE 'task:TASK-%' OR key = 'tasks:index' OR key LIKE 'tasks:day:%';
`,
  },
  {
    version: 5,
    description: 'fact keys: a full-text index of words derived from each message, by its doc_id',
    sql: ({ s }) => `
-- Facts as keys (issue #17, ADR 2026-11-26-retrieval-across-datasets): the days a message mentions,
-- the names in it and the state facts recorded about it, as words of their own, beside the
-- message's search document and removed with it (derived, never exported).
CREATE TABLE ${s}.search_keys (
  doc_id bigint PRIMARY KEY REFERENCES ${s}.search_documents (doc_id) ON DELETE CASCADE,
  tsv tsvector NOT NULL
);
CREATE INDEX search_keys_text ON ${s}.search_keys USING gin (tsv);
`,
  },
  {
    version: 6,
    description: 'messages indexed by thread and entity: whether a thread has another speaker',
    sql: ({ s }) => `
-- hasMessageOutside steps through a thread's distinct entities by this index (a skip scan), so
-- asking whether anyone else wrote in a thread does not read the thread.
CREATE INDEX messages_by_entity ON ${s}.messages (thread_id, entity_id);
`,
  },
  {
    version: 7,
    description: 'outbound deliveries: what was pushed to whom on which channel (not derived)',
    sql: ({ s }) => `
-- Operational, like the DLQ: dangerouslyClearDerived keeps it and exportDerived leaves it out.
CREATE TABLE ${s}.deliveries (
  channel text NOT NULL,
  recipient text NOT NULL,
  item text NOT NULL,
  version text NOT NULL,
  claimed_at text NOT NULL,
  delivered_at text,
  receipt text,
  PRIMARY KEY (channel, recipient, item, version)
);
CREATE INDEX deliveries_by_claim ON ${s}.deliveries (claimed_at);
`,
  },
];

/** The highest version in `list`. */
function latestOf(list: readonly PostgresMigration[]): number {
  return list.reduce((highest, migration) => Math.max(highest, migration.version), 0);
}

async function schemaVersion(session: PgSession, names: SqlNames): Promise<number> {
  const [table] = await session.query<{ readonly found: string | null }>(
    'SELECT pg_catalog.to_regclass($1)::text AS found',
    [`${names.s}.schema_migrations`],
  );
  if (table?.found === null || table?.found === undefined) return 0;
  const [row] = await session.query<{ readonly version: unknown }>(
    `SELECT COALESCE(MAX(version), 0) AS version FROM ${names.s}.schema_migrations`,
  );
  return toNumber(row?.version);
}

function assertNotNewer(version: number, latest: number, schema: string): void {
  if (version > latest) {
    throw new EngineError(
      'STORE_FAILED',
      `PostgreSQL schema ${schema} is at version ${version}, newer than this build knows (${latest}); upgrade Verity`,
      { operation: 'migrate', version, latest },
    );
  }
}

/**
 * Runs `fn` in one transaction on a reserved session (on PGlite, holding the instance's write
 * lock); rolls back when it throws.
 */
async function exclusively<T>(
  driver: PgDriver,
  fn: (session: PgSession) => Promise<T>,
): Promise<T> {
  const unlock = driver.parallel
    ? () => {}
    : await driver.locks.acquire([{ resource: ALL_RESOURCE, mode: 'exclusive' }]);
  try {
    return await driver.write((session, release) =>
      inTransaction(session, 'BEGIN', fn, () => release(true)),
    );
  } finally {
    unlock();
  }
}

/**
 * Creates the pgvector extension when the database lacks it (under a database-wide advisory lock,
 * since concurrent `CREATE EXTENSION IF NOT EXISTS` can fail) and returns its schema.
 */
async function ensureVector(driver: PgDriver): Promise<string> {
  const find =
    'SELECT extnamespace::regnamespace::text AS schema FROM pg_catalog.pg_extension WHERE extname = $1';
  const found = await driver.read(false, (session) =>
    session.query<{ readonly schema: string }>(find, ['vector']),
  );
  if (found[0] !== undefined) return unquote(found[0].schema);
  const [key1, key2] = advisoryKey('', 'extension', 'vector');
  const created = await exclusively(driver, async (session) => {
    await session.query('SELECT pg_catalog.pg_advisory_xact_lock($1, $2)', [key1, key2]);
    await session.exec('CREATE EXTENSION IF NOT EXISTS vector');
    return session.query<{ readonly schema: string }>(find, ['vector']);
  });
  const schema = created[0]?.schema;
  if (schema === undefined) throw new Error('CREATE EXTENSION vector left no extension');
  return unquote(schema);
}

/** `regnamespace::text` quotes names that need it; the store quotes them itself. */
function unquote(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name;
}

/**
 * Brings `schema` up to the latest migration (creating the schema and pgvector when missing) and
 * returns the names the store's SQL uses. Idempotent. Safe when several processes open the same
 * schema at once: the work runs in one transaction under an advisory lock on the schema, which
 * re-reads the version once it holds the lock. Throws STORE_FAILED when pgvector is unavailable or
 * the schema is newer than `list` knows.
 */
export async function applyPostgresMigrations(
  driver: PgDriver,
  schema: string,
  list: readonly PostgresMigration[] = postgresMigrations,
): Promise<SqlNames> {
  const vectorSchema = await rethrowAs(
    'STORE_FAILED',
    'The PostgreSQL store needs the pgvector extension (CREATE EXTENSION vector) and could not create it',
    { operation: 'migrate' },
    () => ensureVector(driver),
  );
  const names = sqlNames(schema, vectorSchema);
  const latest = latestOf(list);
  const seen = await driver.read(false, (session) => schemaVersion(session, names));
  assertNotNewer(seen, latest, schema);
  if (seen === latest) return names;

  const [key1, key2] = advisoryKey(schema, 'migrate', schema);
  await exclusively(driver, async (session) => {
    await session.query('SELECT pg_catalog.pg_advisory_xact_lock($1, $2)', [key1, key2]);
    await session.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    await session.exec(`CREATE TABLE IF NOT EXISTS ${names.s}.schema_migrations (
      version integer PRIMARY KEY,
      description text NOT NULL,
      applied_at text NOT NULL
    )`);
    const current = await schemaVersion(session, names);
    assertNotNewer(current, latest, schema);
    for (const migration of [...list].sort((a, b) => a.version - b.version)) {
      if (migration.version <= current) continue;
      await session.exec(migration.sql(names));
      await session.query(
        `INSERT INTO ${names.s}.schema_migrations (version, description, applied_at)
         VALUES ($1, $2, ${ISO_NOW})`,
        [migration.version, migration.description],
      );
    }
  });
  return names;
}
