// Hand edits inside MEMORY.md zones: held as drift until adopted into memory or overwritten.
import { EngineError, type JsonObject, toIso } from '../../core/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  MEMORY_SECTIONS,
  type MemoryEntry,
  type MemoryPriority,
  type MemorySection,
  type MemoryType,
  type MemoryZoneResolvedPayload,
  memoryZoneId,
  type ProposalResolvedPayload,
  parseMemoryZone,
  readMemory,
  readProposals,
} from '../../observer/index.js';
import { parseZones } from '../../projections/index.js';
import { readTextFile } from '../../vault/index.js';
import { heldZones, rememberZones, writeMemory, writeReview } from './files.js';
import { linkApproved } from './proposals.js';
import { nextProposalIds, type ObserverRuntime } from './runtime.js';
import type { ZoneEditResolution } from './types.js';

/** What a hand-written line of a section becomes when adopted. */
const TYPE_OF: Readonly<Record<MemorySection, readonly [MemoryType, MemoryPriority]>> = {
  Preferences: ['preference', 'P1'],
  'Hard Rules': ['constraint', 'P0'],
  Decisions: ['decision', 'P1'],
  'System Architecture': ['fact', 'P1'],
  Patterns: ['insight', 'P1'],
};

/** The zone id a caller named, by zone id (`memory-decisions`) or section (`Decisions`). */
function zoneIdOf(name: string): { zoneId: string; section: MemorySection } {
  const section = MEMORY_SECTIONS.find(
    (s) => s.toLowerCase() === name.trim().toLowerCase() || memoryZoneId(s) === name.trim(),
  );
  if (section === undefined) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `zone must be a MEMORY.md section (${MEMORY_SECTIONS.join(', ')}) or its zone id (${MEMORY_SECTIONS.map(memoryZoneId).join(', ')})`,
      { parameter: 'zone' },
    );
  }
  return { zoneId: memoryZoneId(section), section };
}

/** Promotes one adopted line: a proposal staged and approved at once, so it has provenance. */
async function promoteLine(
  rt: ObserverRuntime,
  section: MemorySection,
  text: string,
  like: MemoryEntry | null,
): Promise<string> {
  const [proposalId = ''] = nextProposalIds(await readProposals(rt.store), rt.clock.now());
  const [type, priority] = like === null ? TYPE_OF[section] : [like.type, like.memory_priority];
  await rt.record(EVENT_TYPES.proposalStaged, {
    proposal_id: proposalId,
    kind: 'update',
    section,
    text,
    type,
    memory_priority: priority,
    source_observation_ids: like === null ? [] : [...like.source_observation_ids],
    retire_memory_ids: [],
  });
  await rt.record(EVENT_TYPES.proposalResolved, {
    proposal_id: proposalId,
    action: 'approved',
    reason: 'adopted from a hand edit of MEMORY.md',
  } satisfies ProposalResolvedPayload as unknown as JsonObject);
  const proposal = (await readProposals(rt.store)).find((p) => p.proposal_id === proposalId);
  if (proposal !== undefined) await linkApproved(rt, proposal);
  return proposal?.memory_id ?? proposalId;
}

async function retire(rt: ObserverRuntime, entry: MemoryEntry, reason: string): Promise<void> {
  await rt.record(EVENT_TYPES.memoryRetired, { memory_id: entry.memory_id, reason });
  await rt.memories?.retired(entry.memory_id, reason);
}

/**
 * Makes the zone's hand-edited lines memory: an entry whose line is gone is retired (unless it was
 * promoted after the edit was found, so it never was in the file), an entry whose line changed is
 * retired and its new text promoted, and a line without an id is promoted. Lines naming an entry
 * no longer active (retired or forgotten meanwhile) are dropped.
 */
async function adopt(
  rt: ObserverRuntime,
  zoneId: string,
  section: MemorySection,
  detectedAt: string,
): Promise<{ retired: string[]; promoted: string[] }> {
  const parsed = parseZones((await readTextFile(rt.memoryPath)) ?? '');
  const zone = parsed.ok ? parsed.value.zones.find((z) => z.id === zoneId) : undefined;
  if (zone === undefined) {
    throw new EngineError('NOT_FOUND', `MEMORY.md has no zone ${zoneId} to adopt`, {
      zone_id: zoneId,
    });
  }
  const lines = parseMemoryZone(zone.content);
  const active = (await readMemory(rt.store)).filter(
    (m) => m.section === section && m.status === 'active',
  );
  const retired: string[] = [];
  const promoted: string[] = [];
  for (const entry of active) {
    const line = lines.find((l) => l.memory_id === entry.memory_id);
    if (line === undefined && entry.promoted_at >= detectedAt) continue;
    if (line !== undefined && line.text === entry.text) continue;
    await retire(rt, entry, 'edited by hand in MEMORY.md');
    retired.push(entry.memory_id);
    if (line !== undefined) promoted.push(await promoteLine(rt, section, line.text, entry));
  }
  for (const line of lines.filter((l) => l.memory_id === null)) {
    promoted.push(await promoteLine(rt, section, line.text, null));
  }
  return { retired, promoted };
}

/**
 * Resolves the held hand edit of one MEMORY.md zone: `adopt` turns the zone as edited into
 * memory entries, `overwrite` discards the edit; either way the drift row closes and the zone is
 * written from memory again. NOT_FOUND when the zone holds no open edit.
 */
export async function resolveZoneEdit(
  rt: ObserverRuntime,
  zone: string,
  action: 'adopt' | 'overwrite',
): Promise<ZoneEditResolution> {
  const { zoneId, section } = zoneIdOf(zone);
  const errorId = (await heldZones(rt)).get(zoneId);
  const row = errorId === undefined ? null : await rt.store.vault.getPredictionError(errorId);
  if (errorId === undefined || row === null) {
    throw new EngineError('NOT_FOUND', `MEMORY.md zone ${zoneId} holds no unresolved edit`, {
      zone_id: zoneId,
    });
  }
  const changes =
    action === 'adopt'
      ? await adopt(rt, zoneId, section, row.detectedAt)
      : { retired: [], promoted: [] };
  await rt.record(EVENT_TYPES.memoryZoneResolved, {
    error_id: errorId,
    zone_id: zoneId,
    action: action === 'adopt' ? 'adopted' : 'overwritten',
    at: toIso(rt.clock.now()),
  } satisfies MemoryZoneResolvedPayload as unknown as JsonObject);
  // The edited bytes are acknowledged, so the write below replaces them instead of raising them
  // again as a new edit.
  await rememberZones(rt, (await readTextFile(rt.memoryPath)) ?? '', new Set(), zoneId);
  await writeMemory(rt);
  await writeReview(rt);
  return {
    zone_id: zoneId,
    error_id: errorId,
    action: action === 'adopt' ? 'adopted' : 'overwritten',
    retired: changes.retired,
    promoted: changes.promoted,
  };
}
