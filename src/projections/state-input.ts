import {
  DOMAINS,
  deriveUuid,
  domainOf,
  ENTITY_ID_PATTERN,
  INTENTS,
  type Intent,
  sha256Hex,
} from '../core/index.js';

/** One normalised `STATE-INPUT` line: `[entity] field = value #intent=...`. */
interface InputEntry {
  /** The canonical form the diff compares. */
  readonly line: string;
  /** SHA-256 of `line`; the first 12 hex digits end the observation's `source.ref`. */
  readonly hash: string;
  readonly entityId: string;
  readonly field: string;
  readonly value: string;
  readonly intent: Intent;
}

/** A line of a `STATE-INPUT` zone that is not an entry (sent to the DLQ). */
interface InputError {
  /** 1-based line within the zone. */
  readonly line: number;
  readonly text: string;
  readonly message: string;
}

const ENTRY = /^\[([^\]]+)\]\s+([A-Za-z][\w.-]*)\s*=\s*(.*?)\s*(?:#intent=([A-Za-z_]+))?$/;
const ENTITY = new RegExp(ENTITY_ID_PATTERN);
const FIELD = new RegExp(`^(?:${DOMAINS.join('|')})(?:\\.[a-z0-9][a-z0-9_-]*)+$`);

/** Trims, drops a list marker or checkbox, and collapses runs of spaces. */
function clean(raw: string): string {
  return raw
    .trim()
    .replace(/^(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')
    .replace(/\s+/g, ' ');
}

/**
 * Parses a `STATE-INPUT` zone's lines (seed 000 §8 normalisation): trimmed, spaces collapsed,
 * entity, field and intent lower-cased, `#intent` defaulting to `assertive`. Blank lines and
 * markdown comments are skipped; anything else that is not an entry is an error.
 */
export function parseInputZone(content: string): {
  readonly entries: readonly InputEntry[];
  readonly errors: readonly InputError[];
} {
  const entries: InputEntry[] = [];
  const errors: InputError[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of content.replace(/\r\n/g, '\n').split('\n').entries()) {
    const text = clean(raw);
    if (text === '' || /^<!--.*-->$/.test(text) || /^_.*_$/.test(text)) continue;
    const match = ENTRY.exec(text);
    if (!match) {
      errors.push({
        line: index + 1,
        text,
        message: 'expected "[entity] field = value #intent=..."',
      });
      continue;
    }
    const entityId = (match[1] ?? '').trim().toLowerCase();
    const field = (match[2] ?? '').toLowerCase();
    const value = (match[3] ?? '').trim();
    const intent = (match[4] ?? 'assertive').toLowerCase();
    if (!ENTITY.test(entityId)) {
      errors.push({ line: index + 1, text, message: `"${entityId}" is not an entity id` });
    } else if (!FIELD.test(field) || domainOf(field) === null) {
      errors.push({ line: index + 1, text, message: `"${field}" is not a state field` });
    } else if (value === '' || value.length > 500) {
      errors.push({ line: index + 1, text, message: 'needs a value of 1-500 characters' });
    } else if (!(INTENTS as readonly string[]).includes(intent) || intent === 'retract') {
      errors.push({ line: index + 1, text, message: `"${intent}" is not an intent` });
    } else {
      const line = `[${entityId}] ${field} = ${value} #intent=${intent}`;
      if (seen.has(line)) continue;
      seen.add(line);
      entries.push({
        line,
        hash: sha256Hex(line),
        entityId,
        field,
        value,
        intent: intent as Intent,
      });
    }
  }
  return { entries, errors };
}

/** Entries added to and removed from a zone since its last accepted version. */
export function diffInputs(
  accepted: readonly InputEntry[],
  current: readonly InputEntry[],
): { readonly added: readonly InputEntry[]; readonly removed: readonly InputEntry[] } {
  const before = new Set(accepted.map((e) => e.hash));
  const after = new Set(current.map((e) => e.hash));
  return {
    added: current.filter((e) => !before.has(e.hash)),
    removed: accepted.filter((e) => !after.has(e.hash)),
  };
}

/** The `source.ref` of an entry: `<file>:<zone_id>:<line_hash>`. */
function inputRef(file: string, zoneId: string, entry: InputEntry): string {
  const ref = `${file}:${zoneId}:${entry.hash.slice(0, 12)}`;
  return ref.length > 300 ? ref.slice(-300) : ref;
}

/**
 * The observations a zone's diff makes (as ingest records): each added entry asserts its value
 * (`manual_markdown`), each removed entry retracts what its line asserted. Ids derive from the
 * file, zone, line and the edit's time, so the same edit read twice is one event.
 */
export function inputObservations(
  file: string,
  zoneId: string,
  diff: ReturnType<typeof diffInputs>,
  at: string,
): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (const entry of diff.removed) {
    records.push({
      type: 'observation',
      event_id: deriveUuid('manual', file, zoneId, entry.hash, 'retract', at),
      event_ts: at,
      domain: domainOf(entry.field),
      entity_id: entry.entityId,
      field: entry.field,
      candidate_value: null,
      intent: 'retract',
      source: { type: 'manual_markdown', ref: inputRef(file, zoneId, entry) },
    });
  }
  for (const entry of diff.added) {
    records.push({
      type: 'observation',
      event_id: deriveUuid('manual', file, zoneId, entry.hash, 'assert', at),
      event_ts: at,
      domain: domainOf(entry.field),
      entity_id: entry.entityId,
      field: entry.field,
      candidate_value: entry.value,
      intent: entry.intent,
      source: { type: 'manual_markdown', ref: inputRef(file, zoneId, entry) },
    });
  }
  return records;
}

/** Rebuilds accepted entries from their canonical lines (as recorded by the fold). */
export function entriesFromLines(lines: readonly string[]): InputEntry[] {
  return [...parseInputZone(lines.join('\n')).entries];
}
