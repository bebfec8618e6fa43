// REVIEW.md, MEMORY.md and the daily logs the observer writes into the workspace.
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError, type JsonObject, toIso } from '../../core/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  type CaptureRecord,
  dailyLogHeader,
  MEMORY_SECTIONS,
  type MemorySection,
  type MemoryZoneEditedPayload,
  memoryZoneId,
  type ObserverOutput,
  readFriction,
  readMemory,
  readProposals,
  renderDailyLogSection,
  renderMemoryZone,
  renderReview,
  sectionOfZone,
  writeMemorySections,
  writeReviewFile,
} from '../../observer/index.js';
import { zoneMemoryKey } from '../../pipeline/index.js';
import { parseZones, spliceZones, zoneHash } from '../../projections/index.js';
import { readTextFile, writeTextFile } from '../../vault/index.js';
import type { ObserverRuntime } from './runtime.js';

/** Rewrites Verity's zone of REVIEW.md from the pending proposals and friction fixes. */
export async function writeReview(rt: ObserverRuntime): Promise<void> {
  const body = renderReview(
    await readProposals(rt.store),
    await readFriction(rt.store),
    toIso(rt.clock.now()),
  );
  const existing = await readTextFile(rt.reviewPath);
  const text = writeReviewFile(existing, body);
  if (text !== existing) await writeTextFile(rt.reviewPath, text);
}

/**
 * How ledger events and drift rows name MEMORY.md: relative to the workspace, so that derived
 * state does not depend on where the workspace is (two stores fed one ledger derive equal bytes).
 */
export const MEMORY_FILE_KEY = 'MEMORY.md';

/** MEMORY.md zones held by an open hand-edit row: Verity does not write them until resolved. */
export async function heldZones(rt: ObserverRuntime): Promise<Map<string, string>> {
  const rows = await rt.store.vault.listPredictionErrors({
    types: ['state_zone_edit'],
    unresolved: true,
  });
  const held = new Map<string, string>();
  for (const row of rows) {
    if (row.notePath !== MEMORY_FILE_KEY || !row.query.startsWith('zone:')) continue;
    held.set(row.query.slice('zone:'.length), row.errorId);
  }
  return held;
}

/**
 * Finds zones whose bytes differ from what Verity last wrote there (a hand edit) and records each
 * as `memory_zone.edited`, which holds the zone. Returns every held zone id.
 */
async function detectEdits(rt: ObserverRuntime, existing: string): Promise<Set<string>> {
  const held = new Set((await heldZones(rt)).keys());
  const parsed = parseZones(existing);
  if (!parsed.ok) return held;
  for (const zone of parsed.value.zones) {
    if (zone.kind !== 'STATE' || sectionOfZone(zone.id) === null || held.has(zone.id)) continue;
    const written = await rt.store.getMeta(zoneMemoryKey(MEMORY_FILE_KEY, zone.id));
    const found = zoneHash(zone.content);
    if (typeof written !== 'string' || written === found) continue;
    await rt.record(EVENT_TYPES.memoryZoneEdited, {
      file: MEMORY_FILE_KEY,
      zone_id: zone.id,
      found_hash: found,
      written_hash: written,
      at: toIso(rt.clock.now()),
    } satisfies MemoryZoneEditedPayload as unknown as JsonObject);
    held.add(zone.id);
  }
  return held;
}

/**
 * Records the hashes of the zones as `text` holds them (all but `held`, or only `only`), so that a
 * later hand edit is noticed: after a write, and when a resolved edit's bytes are acknowledged.
 */
export async function rememberZones(
  rt: ObserverRuntime,
  text: string,
  held: ReadonlySet<string>,
  only?: string,
): Promise<void> {
  const parsed = parseZones(text);
  if (!parsed.ok) return;
  const zones: JsonObject[] = [];
  const previous: JsonObject[] = [];
  for (const zone of parsed.value.zones) {
    if (zone.kind !== 'STATE' || sectionOfZone(zone.id) === null || held.has(zone.id)) continue;
    if (only !== undefined && zone.id !== only) continue;
    const hash = zoneHash(zone.content);
    const before = await rt.store.getMeta(zoneMemoryKey(MEMORY_FILE_KEY, zone.id));
    if (before === hash) continue;
    zones.push({ id: zone.id, hash });
    previous.push({ id: zone.id, hash: typeof before === 'string' ? before : null });
  }
  if (zones.length === 0) return;
  // `previous` and `at` keep a return to an earlier hash a new event (ids derive from payloads).
  await rt.record(EVENT_TYPES.projectionWritten, {
    file: MEMORY_FILE_KEY,
    mode: 'ast_zones',
    zones,
    previous,
    at: toIso(rt.clock.now()),
  });
}

/**
 * Removes a forgotten entry's line from a zone held for a hand edit: forgetting must take the text
 * out of MEMORY.md even while the rest of the person's edit is kept.
 */
export async function dropFromHeldZone(rt: ObserverRuntime, memoryId: string): Promise<void> {
  const existing = await readTextFile(rt.memoryPath);
  if (existing === null) return;
  // An edit made since the last write is raised (and held) first, so it is covered too.
  const held = await detectEdits(rt, existing);
  const parsed = parseZones(existing);
  if (!parsed.ok) return;
  const bodies = new Map<string, string>();
  for (const zone of parsed.value.zones) {
    if (!held.has(zone.id) || !zone.content.includes(`\`${memoryId}\``)) continue;
    const kept = zone.content
      .split(/\r?\n/)
      .filter((line) => !line.includes(`\`${memoryId}\``) && line.trim() !== '');
    bodies.set(zone.id, kept.map((line) => line.trim()).join('\n'));
  }
  if (bodies.size === 0) return;
  await writeTextFile(rt.memoryPath, spliceZones(parsed.value, bodies));
}

/**
 * Rewrites the MEMORY.md zones of every section something was promoted to (bytes kept when
 * unchanged). A zone edited by hand since Verity last wrote it is left exactly as the person left
 * it and raised as a `state_zone_edit` drift row until resolved (`resolveZoneEdit`).
 */
export async function writeMemory(rt: ObserverRuntime): Promise<void> {
  const memory = await readMemory(rt.store);
  const existing = (await readTextFile(rt.memoryPath)) ?? '';
  const held = await detectEdits(rt, existing);
  const zones = parseZones(existing);
  const present = new Set(zones.ok ? zones.value.zones.map((z) => z.id) : []);
  const bodies = new Map<MemorySection, string>();
  for (const section of MEMORY_SECTIONS) {
    if (held.has(memoryZoneId(section))) continue;
    // A section gets a zone once something was promoted to it; emptied zones stay, empty.
    if (memory.some((m) => m.section === section) || present.has(memoryZoneId(section))) {
      bodies.set(section, renderMemoryZone(memory, section));
    }
  }
  if (bodies.size === 0) return;
  const written = writeMemorySections(existing, bodies);
  if (!written.ok) {
    throw new EngineError('VALIDATION_FAILED', `MEMORY.md: ${written.error.message}`, {
      line: written.error.line,
    });
  }
  if (written.value !== existing) await writeTextFile(rt.memoryPath, written.value);
  await rememberZones(rt, written.value, held);
}

/** Appends one observer run (of `messageCount` new messages) to the day's log `memory/YYYY-MM-DD.md`; returns its path. */
export async function appendDailyLog(
  rt: ObserverRuntime,
  output: ObserverOutput,
  capture: CaptureRecord,
  messageCount: number,
): Promise<string> {
  const path = join(rt.workspace, 'memory', `${output.date}.md`);
  await mkdir(join(rt.workspace, 'memory'), { recursive: true });
  const existing = await readTextFile(path);
  const section = renderDailyLogSection(output, {
    trigger: capture.trigger,
    capturedAt: capture.captured_at.slice(11, 16),
    messageCount,
  });
  await appendFile(
    path,
    `${existing === null ? dailyLogHeader(output.date) : '\n'}${section}`,
    'utf8',
  );
  return path;
}

/** Rewrites REVIEW.md and MEMORY.md from state. */
export async function writeFiles(rt: ObserverRuntime): Promise<void> {
  await writeReview(rt);
  await writeMemory(rt);
}
