import type Database from 'better-sqlite3';
import { EngineError } from '../../core/index.js';
import { type BusyWait, retryWhileBusy } from './sqlite-errors.js';

/** One versioned schema change. Versions start at 1 and increase by one; a script never changes. */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

const ISO_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** The SQLite schema, in order. Applied by `applyMigrations` when a store opens. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: 'append-only ledger, derived state, meta and dead-letter queue',
    sql: `
CREATE TABLE events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL,
  entity_id TEXT,
  event_ts TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  payload_hash TEXT NOT NULL,
  dedupe_key TEXT UNIQUE,
  redacted INTEGER NOT NULL DEFAULT 0 CHECK (redacted IN (0, 1))
);
CREATE INDEX events_by_recorded_at ON events (recorded_at);

-- INSERT OR REPLACE would delete the old row without firing the delete trigger.
CREATE TRIGGER events_refuse_replace BEFORE INSERT ON events
WHEN EXISTS (
  SELECT 1 FROM events
  WHERE event_id = NEW.event_id OR dedupe_key = NEW.dedupe_key OR seq = NEW.seq
)
BEGIN
  SELECT RAISE(ABORT, 'events are append-only: an event with this id, key or seq exists');
END;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
BEGIN
  SELECT RAISE(ABORT, 'events are append-only: delete refused');
END;

CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
WHEN NOT (
  OLD.redacted = 0 AND NEW.redacted = 1
  AND NEW.seq IS OLD.seq
  AND NEW.event_id IS OLD.event_id
  AND NEW.type IS OLD.type
  AND NEW.entity_id IS OLD.entity_id
  AND NEW.event_ts IS OLD.event_ts
  AND NEW.recorded_at IS OLD.recorded_at
  AND NEW.payload_hash IS OLD.payload_hash
  AND NEW.dedupe_key IS OLD.dedupe_key
)
BEGIN
  SELECT RAISE(ABORT, 'events are append-only: only a redaction (new payload, redacted 0 -> 1) is allowed');
END;

CREATE TABLE redactions (
  event_id TEXT PRIMARY KEY REFERENCES events (event_id),
  redacted_at TEXT NOT NULL
);

CREATE TRIGGER events_record_redaction AFTER UPDATE OF redacted ON events
WHEN OLD.redacted = 0 AND NEW.redacted = 1
BEGIN
  INSERT INTO redactions (event_id, redacted_at) VALUES (NEW.event_id, ${ISO_NOW});
END;

CREATE TRIGGER redactions_refuse_update BEFORE UPDATE ON redactions
BEGIN
  SELECT RAISE(ABORT, 'redactions are append-only: update refused');
END;

CREATE TRIGGER redactions_refuse_delete BEFORE DELETE ON redactions
BEGIN
  SELECT RAISE(ABORT, 'redactions are append-only: delete refused');
END;

CREATE TABLE slots (
  entity_id TEXT NOT NULL,
  field TEXT NOT NULL,
  domain TEXT NOT NULL,
  version INTEGER NOT NULL,
  doc TEXT NOT NULL CHECK (json_valid(doc)),
  PRIMARY KEY (entity_id, field)
);

CREATE TABLE history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  entity_id TEXT NOT NULL,
  field TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  doc TEXT NOT NULL CHECK (json_valid(doc))
);
CREATE INDEX history_by_slot ON history (entity_id, field, id);

CREATE TABLE prompts (
  prompt_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  doc TEXT NOT NULL CHECK (json_valid(doc))
);
CREATE INDEX prompts_by_age ON prompts (created_at, sequence, prompt_id);

CREATE TABLE messages (
  thread_id TEXT NOT NULL,
  message_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  doc TEXT NOT NULL CHECK (json_valid(doc)),
  PRIMARY KEY (thread_id, message_id)
);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value))
);

CREATE TABLE dlq (
  dlq_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  first_seen_at TEXT NOT NULL,
  doc TEXT NOT NULL CHECK (json_valid(doc))
);
CREATE INDEX dlq_by_age ON dlq (first_seen_at, dlq_id);
`,
  },
  {
    version: 2,
    description: 'search index: FTS5 documents, the active vector space and cached embeddings',
    sql: `
-- One row per indexed item, derived from the rows it comes from (messages today): cleared with
-- them and never part of the derived-state hash. thread_id is '' for items outside threads.
CREATE TABLE search_documents (
  doc_id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  item_id TEXT NOT NULL,
  message_id TEXT,
  entity_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  text TEXT NOT NULL,
  context TEXT NOT NULL,
  -- 1 once the item has a vector in the active space.
  embedded INTEGER NOT NULL DEFAULT 0 CHECK (embedded IN (0, 1))
);
CREATE UNIQUE INDEX search_documents_by_item ON search_documents (kind, thread_id, item_id);
CREATE INDEX search_documents_in_thread ON search_documents (kind, thread_id, created_at, item_id);
CREATE INDEX search_documents_pending ON search_documents (created_at, kind, thread_id, item_id)
WHERE embedded = 0;

-- External-content FTS5: the text lives once, in search_documents; the adapter keeps both in step.
CREATE VIRTUAL TABLE search_text USING fts5(
  text, context, content = 'search_documents', content_rowid = 'doc_id',
  tokenize = 'porter unicode61'
);

-- The one vector space items are embedded in (ADR 2026-11-25-hybrid-search).
CREATE TABLE embedding_space (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  model TEXT NOT NULL,
  dimension INTEGER NOT NULL CHECK (dimension > 0)
);

-- The vector cache, keyed by model id@version and the hash of the exact model input. It is not
-- derived state: a rebuild re-attaches vectors from here without calling a model.
CREATE TABLE embeddings (
  embedding_id INTEGER PRIMARY KEY,
  model TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  vector BLOB NOT NULL,
  UNIQUE (model, content_hash)
);

-- Which cached vector each item uses in the active space, with its sign bits (binary
-- quantisation) for the coarse scan and copies of the filterable columns. seq grows with every
-- link (never reused), so a reader can mirror the table in memory and load only what is new.
CREATE TABLE search_vectors (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  doc_id INTEGER NOT NULL UNIQUE,
  embedding_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  bits BLOB NOT NULL
);
CREATE INDEX search_vectors_by_embedding ON search_vectors (embedding_id);
CREATE INDEX search_vectors_by_thread ON search_vectors (thread_id);

-- Bumped whenever links are removed from search_vectors: in-memory mirrors then reload in full.
CREATE TABLE search_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  vector_epoch INTEGER NOT NULL
);
INSERT INTO search_state (id, vector_epoch) VALUES (1, 0);
`,
  },
  {
    version: 3,
    description: 'structured state items, extraction watermarks and the watermark message order',
    sql: `
-- One row per item of a thread, one column per StoredStateItem field; lists and the evidence
-- object are canonical JSON text.
CREATE TABLE state_items (
  thread_id TEXT NOT NULL,
  uid TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  type_tag TEXT NOT NULL,
  status TEXT NOT NULL,
  text TEXT NOT NULL,
  topic_tags TEXT NOT NULL CHECK (json_valid(topic_tags)),
  refs TEXT NOT NULL CHECK (json_valid(refs)),
  confidence TEXT NOT NULL,
  replaced_by TEXT,
  supersession_evidence TEXT CHECK (supersession_evidence IS NULL OR json_valid(supersession_evidence)),
  conflict INTEGER NOT NULL CHECK (conflict IN (0, 1)),
  pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)),
  source TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (thread_id, uid)
);
CREATE INDEX state_items_by_entity ON state_items (entity_id, thread_id, uid);
CREATE INDEX state_items_by_uid ON state_items (uid);

-- How far item extraction has read each thread: the last message processed.
CREATE TABLE extraction_watermarks (
  thread_id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  message_id TEXT NOT NULL
);

-- The watermark query reads a thread's messages by (created_at, message_id), both directions.
CREATE INDEX messages_in_thread_order ON messages (thread_id, created_at, message_id);
`,
  },
  {
    version: 4,
    description: 'notes vault, memories with revisions, prediction errors',
    sql: `
-- The vault index is operational: rebuilt from the files, never from the ledger, and kept by
-- dangerouslyClearDerived. Rows are canonical JSON documents beside their key columns.
CREATE TABLE vault_roots (root TEXT PRIMARY KEY, doc TEXT NOT NULL CHECK (json_valid(doc)));
CREATE TABLE notes (path TEXT PRIMARY KEY, doc TEXT NOT NULL CHECK (json_valid(doc)));
CREATE TABLE note_chunks (
  path TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  doc TEXT NOT NULL CHECK (json_valid(doc)),
  PRIMARY KEY (path, ordinal)
);
CREATE TABLE vault_vectors (
  model TEXT NOT NULL,
  vector_key TEXT NOT NULL,
  vector BLOB NOT NULL,
  PRIMARY KEY (model, vector_key)
);

-- Derived from memory.* and prediction_error.* events (ADR 2026-11-26-notes-vault-and-drift).
CREATE TABLE memories (
  memory_id TEXT PRIMARY KEY,
  entity_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  doc TEXT NOT NULL CHECK (json_valid(doc))
);
CREATE INDEX memories_by_age ON memories (created_at, memory_id);
CREATE TABLE memory_revisions (
  memory_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  doc TEXT NOT NULL CHECK (json_valid(doc)),
  PRIMARY KEY (memory_id, revision)
);
CREATE TABLE prediction_errors (
  error_id TEXT PRIMARY KEY,
  error_type TEXT NOT NULL,
  memory_id TEXT,
  detected_at TEXT NOT NULL,
  resolved_at TEXT,
  doc TEXT NOT NULL CHECK (json_valid(doc))
);
CREATE INDEX prediction_errors_by_memory ON prediction_errors (memory_id) WHERE memory_id IS NOT NULL;
CREATE INDEX prediction_errors_by_age ON prediction_errors (detected_at, error_id);
`,
  },
  {
    version: 5,
    description: 'task views in a table of their own, indexed for the reconciler',
    sql: `
-- Derived from task.* events (ADR 2026-11-26-task-table): the view is canonical JSON, the
-- columns the reconciler and listings filter on sit beside it.
CREATE TABLE tasks (
  task_id TEXT PRIMARY KEY,
  entity_id TEXT NOT NULL,
  state TEXT NOT NULL,
  priority TEXT,
  next_check TEXT,
  due TEXT,
  doc TEXT NOT NULL CHECK (json_valid(doc))
);
CREATE INDEX tasks_by_state ON tasks (state, next_check);
CREATE INDEX tasks_by_entity ON tasks (entity_id, state);
CREATE INDEX tasks_by_priority ON tasks (priority, due);

-- Views folded into meta rows before this version move here, so no rebuild is needed.
INSERT INTO tasks (task_id, entity_id, state, priority, next_check, due, doc)
SELECT json_extract(value, '$.id'), json_extract(value, '$.entity_id'),
       json_extract(value, '$.state'), json_extract(value, '$.priority'),
       json_extract(value, '$.next_check'), json_extract(value, '$.due'), value
FROM meta WHERE key GLOB 'task:TASK-*';
DELETE FROM meta WHERE key GLOB 'task:TASK-*' OR key = 'tasks:index' OR key GLOB 'tasks:day:*';
`,
  },
  {
    version: 6,
    description: 'fact keys: a full-text index of words derived from each message, by its doc_id',
    sql: `
-- Facts as keys (issue #17, ADR 2026-11-26-retrieval-across-datasets): the days a message mentions,
-- the names in it and the state facts recorded about it, as words of their own. rowid is the
-- message's search_documents.doc_id; the index holds its own copy of the words (derived, cleared
-- with the documents, never exported).
CREATE VIRTUAL TABLE search_key_text USING fts5(keys, tokenize = 'porter unicode61');
CREATE TRIGGER search_key_text_follows AFTER DELETE ON search_documents BEGIN
  DELETE FROM search_key_text WHERE rowid = old.doc_id;
END;
`,
  },
  {
    version: 7,
    description: 'messages indexed by thread and entity: whether a thread has another speaker',
    sql: `
-- hasMessageOutside steps through a thread's distinct entities by this index (a skip scan), so
-- asking whether anyone else wrote in a thread does not read the thread.
CREATE INDEX messages_by_entity ON messages (thread_id, json_extract(doc, '$.entityId'));
`,
  },
  {
    version: 8,
    description: 'outbound deliveries: what was pushed to whom on which channel (not derived)',
    sql: `
-- Operational, like the DLQ: dangerouslyClearDerived keeps it and exportDerived leaves it out.
CREATE TABLE deliveries (
  channel TEXT NOT NULL,
  recipient TEXT NOT NULL,
  item TEXT NOT NULL,
  version TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  delivered_at TEXT,
  receipt TEXT,
  PRIMARY KEY (channel, recipient, item, version)
);
CREATE INDEX deliveries_by_claim ON deliveries (claimed_at);
`,
  },
];

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  description TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

function schemaVersion(db: Database.Database): number {
  const table = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
    )
    .get();
  if (table === undefined) return 0;
  const row = db
    .prepare<[], { version: number }>(
      'SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations',
    )
    .get();
  return row?.version ?? 0;
}

function assertNotNewer(version: number, latest: number): void {
  if (version > latest) {
    throw new EngineError(
      'STORE_FAILED',
      `SQLite schema version ${version} is newer than this build knows (${latest}); upgrade Verity`,
      { operation: 'migrate', version, latest },
    );
  }
}

/**
 * Checks, without writing, that the database is at the latest migration: a store opened read-only
 * cannot be migrated. Throws STORE_FAILED naming what to do otherwise.
 */
export function assertMigrated(
  db: Database.Database,
  list: readonly Migration[] = migrations,
): void {
  const latest = list.reduce((highest, migration) => Math.max(highest, migration.version), 0);
  const seen = schemaVersion(db);
  assertNotNewer(seen, latest);
  if (seen < latest) {
    throw new EngineError(
      'STORE_FAILED',
      `SQLite schema version ${seen} needs migrating to ${latest}, which a read-only store cannot do; open it once with write access`,
      { operation: 'open', version: seen, latest, readOnly: true },
    );
  }
}

/**
 * Brings the database up to the latest migration and returns the resulting version. Idempotent.
 * Safe when several processes open the same new file at once: the work runs inside
 * `BEGIN IMMEDIATE` (waiting while another process holds the lock) and re-reads the version there.
 * Throws STORE_FAILED when the file's schema is newer than `list` knows.
 */
export async function applyMigrations(
  db: Database.Database,
  list: readonly Migration[] = migrations,
  wait?: BusyWait,
): Promise<number> {
  const latest = list.reduce((highest, migration) => Math.max(highest, migration.version), 0);
  const seen = await retryWhileBusy(() => schemaVersion(db), wait);
  assertNotNewer(seen, latest);
  if (seen === latest) return latest;

  await retryWhileBusy(() => db.exec('BEGIN IMMEDIATE'), wait);
  try {
    db.exec(CREATE_MIGRATIONS_TABLE);
    const current = schemaVersion(db);
    assertNotNewer(current, latest);
    const record = db.prepare<[number, string]>(
      `INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, ${ISO_NOW})`,
    );
    for (const migration of [...list].sort((a, b) => a.version - b.version)) {
      if (migration.version <= current) continue;
      db.exec(migration.sql);
      record.run(migration.version, migration.description);
    }
    db.exec('COMMIT');
  } catch (error: unknown) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
  return latest;
}
