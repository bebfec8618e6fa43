import type { Intent, JsonObject, ObservationInput } from '../core/index.js';
import { EVENT_TYPES, type LedgerEvent } from '../ledger/index.js';
import { type WriteTx, writeMeta } from '../stores/index.js';
import { foldVaultEvent, raiseZoneEdit } from './fold-vault.js';
import { sharedThreadRecord } from './meta-records.js';

/** Meta key: what Verity last wrote into one `STATE` zone (its hash). */
export function zoneMemoryKey(file: string, zoneId: string): string {
  return `projection:zone:${file}#${zoneId}`;
}

/** Meta key: the accepted entries of one `STATE-INPUT` zone (canonical lines). */
export function inputMemoryKey(file: string, zoneId: string): string {
  return `input:${file}#${zoneId}`;
}

/** Meta key: open drift items (manual edits found inside `STATE` zones). */
export const DRIFT_KEY = 'projection:drift';
/** Meta key: the intent confusion matrix, `actual → predicted → count`. */
export const INTENT_METRICS_KEY = 'metrics:intent';
/** Meta key: the aliases users confirmed (`alias → <domain>.<item>`). */
export const CONFIRMED_ALIASES_KEY = 'aliases:confirmed';

/** Meta key: the intent the extractor predicted for a message (`thread:<t>:msg:<m>`). */
function predictedKey(ref: string): string {
  return `intent:predicted:${ref}`;
}

/** A drift item as kept in meta and listed for review. */
export interface DriftItem {
  readonly event_id: string;
  readonly file: string;
  readonly zone_id: string;
  readonly at: string;
}

const MANUAL_REF = /^(.+):([^:]+):([0-9a-f]{12})$/;
const MESSAGE_REF = /^thread:.+:msg:.+$/;

/**
 * Keeps the derived memory that observations leave besides slots: the accepted lines of a
 * `STATE-INPUT` zone (from `manual_markdown` observations) and the intent the extractor predicted
 * for a message (for the confusion matrix). Called by the fold for every resolved observation.
 */
export async function noteObservation(tx: WriteTx, obs: ObservationInput): Promise<void> {
  if (obs.sourceType === 'manual_markdown') {
    const match = MANUAL_REF.exec(obs.sourceRef);
    if (!match?.[1] || !match[2] || !match[3]) return;
    const key = inputMemoryKey(match[1], match[2]);
    const lines = ((await tx.getMeta(key)) as string[] | null) ?? [];
    const hash = match[3];
    // The line's own hash prefix identifies it: the entry's canonical text rebuilds the same hash.
    const kept = lines.filter((l) => !l.startsWith(`${hash} `));
    if (obs.intent !== 'retract' && obs.value !== null) {
      kept.push(`${hash} [${obs.entityId}] ${obs.field} = ${obs.value} #intent=${obs.intent}`);
    }
    kept.sort();
    await tx.putMeta(key, kept);
    return;
  }
  if (obs.extractor !== null && obs.intent !== 'retract' && MESSAGE_REF.test(obs.sourceRef)) {
    const key = predictedKey(obs.sourceRef);
    if ((await tx.getMeta(key)) === null) await tx.putMeta(key, obs.intent);
  }
}

type Matrix = Record<string, Record<string, number>>;

/**
 * Folds the event types added for projections and extraction: a projection's zone memory, drift
 * items, intent labels (into the confusion matrix, against the predicted intent), confirmed
 * aliases, and threads known to have had more than one speaker. Returns false for any other type.
 */
export async function foldExtensionEvent(tx: WriteTx, event: LedgerEvent): Promise<boolean> {
  const p = event.payload;
  switch (event.type) {
    case EVENT_TYPES.projectionWritten: {
      const file = String(p['file']);
      for (const zone of (p['zones'] as readonly JsonObject[] | undefined) ?? []) {
        await tx.putMeta(zoneMemoryKey(file, String(zone['id'])), String(zone['hash']));
      }
      return true;
    }
    case EVENT_TYPES.projectionDrifted: {
      const items = ((await tx.getMeta(DRIFT_KEY)) as unknown as DriftItem[] | null) ?? [];
      const item: DriftItem = {
        event_id: event.eventId,
        file: String(p['file']),
        zone_id: String(p['zone_id']),
        at: event.eventTs,
      };
      await tx.putMeta(DRIFT_KEY, [...items, item].slice(-100) as unknown as JsonObject[]);
      await raiseZoneEdit(tx, event);
      return true;
    }
    case EVENT_TYPES.intentLabelled: {
      const ref = `thread:${String(p['thread_id'])}:msg:${String(p['message_id'])}`;
      const predicted = (await tx.getMeta(predictedKey(ref))) as Intent | null;
      const actual = String(p['intent']);
      const matrix = { ...(((await tx.getMeta(INTENT_METRICS_KEY)) as Matrix | null) ?? {}) };
      const row = { ...(matrix[actual] ?? {}) };
      const column = predicted ?? 'none';
      row[column] = (row[column] ?? 0) + 1;
      matrix[actual] = row;
      await tx.putMeta(INTENT_METRICS_KEY, matrix as unknown as JsonObject);
      return true;
    }
    case EVENT_TYPES.threadShared: {
      const thread = String(p['thread_id']);
      await writeMeta(tx, sharedThreadRecord(thread), thread);
      return true;
    }
    case EVENT_TYPES.aliasConfirmed: {
      const aliases = {
        ...(((await tx.getMeta(CONFIRMED_ALIASES_KEY)) as Record<string, string> | null) ?? {}),
      };
      aliases[String(p['alias']).toLowerCase()] = String(p['target']);
      await tx.putMeta(CONFIRMED_ALIASES_KEY, aliases);
      return true;
    }
    default:
      return foldVaultEvent(tx, event);
  }
}
