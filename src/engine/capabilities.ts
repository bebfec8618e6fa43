import { basename, resolve } from 'node:path';
import {
  EngineError,
  type HistoryEntry,
  INTENTS,
  type Intent,
  isDomain,
  type JsonObject,
  type Policy,
  parseRfc3339,
  statsFromStored,
  toIso,
  unwrap,
} from '../core/index.js';
import {
  type ConfusionMatrix,
  type EntityRegistry,
  type IntentMetrics,
  intentMetrics,
} from '../extract/index.js';
import { EVENT_TYPES } from '../ledger/index.js';
import {
  type CalendarSource,
  DRIFT_KEY,
  type DriftItem,
  deadLetter,
  INTENT_METRICS_KEY,
  icsToSignals,
  ingest,
  inputMemoryKey,
  type PipelineDeps,
  readCalendar,
  recordEvent,
  replayInto,
  withPipelineTx,
  zoneMemoryKey,
} from '../pipeline/index.js';
import {
  diffInputs,
  entriesFromLines,
  inputObservations,
  loadZoneParser,
  noZonesHint,
  type ProjectionState,
  parseInputZone,
  parseZones,
  projectDocument,
  projectLegacy,
  projectStateTracker,
  templateFor,
  withoutZoneBodies,
  withTasksZone,
} from '../projections/index.js';
import { isAwaiting } from '../review/index.js';
import type { Store } from '../stores/index.js';
import { readTasks } from '../tasks/index.js';
import { backupFile, readTextFile, writeTextFile } from '../vault/index.js';
import { createMigrationReading, type MigrationLineNotRead } from './migration-reading.js';

/** How a projection writes markdown: AST zones (default) or heading-anchored legacy sections. */
export type ProjectionMode = 'ast_zones' | 'legacy_string';

/** Options of `Engine.project`. */
export interface ProjectOptions {
  /** Files to write: `*.md` (zones) and `*.json` (the state-tracker snapshot). Created if missing. */
  readonly targets: readonly string[];
  readonly mode?: ProjectionMode;
  /** Report what would change without writing files or recording anything. */
  readonly dryRun?: boolean;
}

/** What projecting one file did. */
export interface ProjectedFile {
  readonly path: string;
  readonly mode: ProjectionMode | 'json';
  readonly created: boolean;
  /** The file's bytes changed and were written (or would be, in a dry run). */
  readonly written: boolean;
  /** `STATE` zones that held a manual edit: reverted, and recorded as drift for review. */
  readonly drifted: readonly string[];
  /** `STATE-INPUT` edits ingested: lines asserted, lines withdrawn, lines dead-lettered. */
  readonly inputs: {
    readonly asserted: number;
    readonly retracted: number;
    readonly rejected: number;
  };
  readonly unknownZones: readonly string[];
  /** Legacy mode: the backup taken before writing. */
  readonly backup: string | null;
  readonly warnings: readonly string[];
  /** The file could not be projected (malformed zones, missing anchors); nothing was written. */
  readonly error: string | null;
}

/** The result of `Engine.project`. */
export interface ProjectionReport {
  readonly files: readonly ProjectedFile[];
}

/** A markdown file to bootstrap state from. */
export interface MigrationFile {
  readonly path: string;
  readonly content: string;
  /** When the file was last changed (RFC 3339): its evidence is dated then. */
  readonly updatedAt: string;
}

/** One observation migration read, and what was (or would be) decided. */
export interface MigrationItem {
  readonly file: string;
  readonly entity_id: string;
  readonly field: string;
  readonly value: string | null;
  readonly intent: string;
  readonly outcome: 'committed' | 'asked' | 'tentative' | 'history';
  readonly confidence: number;
}

/** The result of `Engine.migrate`. */
export interface MigrationReport {
  readonly dry_run: boolean;
  readonly files: number;
  readonly items: readonly MigrationItem[];
  /** Every other line with words in it, and why no state was read from it. */
  readonly not_read: readonly MigrationLineNotRead[];
  readonly committed: number;
  readonly asked: number;
  readonly tentative: number;
}

/** What one calendar poll did. */
export interface PolledCalendar {
  readonly name: string;
  readonly events: number;
  readonly applied: number;
  readonly duplicate: number;
  readonly rejected: number;
  readonly error: string | null;
}

/** The result of `Engine.poll`. */
export interface PollReport {
  readonly calendars: readonly PolledCalendar[];
}

/** What the capabilities need from the engine. */
export interface CapabilityContext {
  readonly store: Store;
  readonly deps: PipelineDeps;
  readonly registry: EntityRegistry;
  currentPolicy(): Promise<Policy>;
  /** A fresh, empty in-memory store (dry runs). */
  scratch(): Promise<Store>;
}

/** Everything the renderers read, at the instant of the newest decision. */
export async function projectionState(
  store: Store,
  policy: Policy,
  now: number,
): Promise<ProjectionState> {
  const slots = await store.listSlots();
  const prompts = (await store.listPrompts({ status: ['open', 'queued'] })).filter((p) =>
    isAwaiting(p, now),
  );
  const entities = [
    ...new Set([...slots.map((s) => s.entityId), ...prompts.map((p) => p.entityId)]),
  ].sort();
  const history: HistoryEntry[] = [];
  for (const entityId of entities) history.push(...(await store.listHistory({ entityId })));
  const ordered = history
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.recordedAt.localeCompare(b.entry.recordedAt) || a.index - b.index)
    .map(({ entry }) => entry);
  const stats = unwrap(statsFromStored(await store.getMeta('learning'), policy));
  const times = ordered.map((e) => e.recordedAt).sort();
  const asOf = times[times.length - 1] ?? '1970-01-01T00:00:00.000Z';
  const tasks = await readTasks(store);
  return { slots, prompts, history: ordered, policy, stats, asOf, now: toIso(now), tasks };
}

function fileKey(path: string): string {
  return resolve(path);
}

function stampOf(now: number): string {
  return toIso(now)
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

async function ingestInputs(
  context: CapabilityContext,
  path: string,
  text: string,
  dryRun: boolean,
): Promise<ProjectedFile['inputs']> {
  const parsed = parseZones(text);
  if (!parsed.ok) return { asserted: 0, retracted: 0, rejected: 0 };
  let asserted = 0;
  let retracted = 0;
  let rejected = 0;
  const file = fileKey(path);
  const at = toIso(context.deps.clock.now());
  for (const zone of parsed.value.zones) {
    if (zone.kind !== 'STATE-INPUT') continue;
    const current = parseInputZone(zone.content);
    const stored =
      ((await context.store.getMeta(inputMemoryKey(file, zone.id))) as string[] | null) ?? [];
    const accepted = entriesFromLines(stored.map((line) => line.replace(/^[0-9a-f]{12} /, '')));
    const diff = diffInputs(accepted, current.entries);
    asserted += diff.added.length;
    retracted += diff.removed.length;
    rejected += current.errors.length;
    if (dryRun) continue;
    const records = inputObservations(file, zone.id, diff, at);
    if (records.length > 0) await ingest(context.deps, records);
    if (current.errors.length > 0) {
      await withPipelineTx(context.store, { entities: [], global: true }, async (tx) => {
        for (const error of current.errors) {
          await deadLetter(
            tx,
            error.text,
            'state_input',
            [{ path: `/${zone.id}/${error.line}`, rule: 'state_input', message: error.message }],
            null,
            null,
            context.deps.clock.now(),
          );
        }
      });
    }
  }
  return { asserted, retracted, rejected };
}

async function projectOne(
  context: CapabilityContext,
  path: string,
  mode: ProjectionMode,
  dryRun: boolean,
): Promise<ProjectedFile> {
  const existing = await readTextFile(path);
  const base: ProjectedFile = {
    path,
    mode: path.toLowerCase().endsWith('.json') ? 'json' : mode,
    created: existing === null,
    written: false,
    drifted: [],
    inputs: { asserted: 0, retracted: 0, rejected: 0 },
    unknownZones: [],
    backup: null,
    warnings: [],
    error: null,
  };
  const now = context.deps.clock.now();
  const file = fileKey(path);
  if (base.mode === 'json') {
    const state = await projectionState(context.store, await context.currentPolicy(), now);
    const projected = projectStateTracker(existing, state);
    if (projected.changed && !dryRun) await writeTextFile(path, projected.text);
    return { ...base, written: projected.changed };
  }
  if (mode === 'legacy_string') {
    if (existing === null) {
      return {
        ...base,
        error: 'legacy_string mode only writes into an existing file with its anchors',
      };
    }
    const state = await projectionState(context.store, await context.currentPolicy(), now);
    const projected = projectLegacy(existing, state);
    if (!projected.ok) return { ...base, error: projected.error.message };
    if (!projected.value.changed) return base;
    const warning = 'legacy_string_projection_used';
    if (dryRun) return { ...base, written: true, warnings: [warning] };
    const backup = await backupFile(path, stampOf(now));
    await writeTextFile(path, projected.value.text);
    await recordEvent(context.deps, EVENT_TYPES.projectionWritten, {
      file,
      mode,
      zones: [],
      warning,
      backup,
      at: toIso(now),
    });
    return { ...base, written: true, backup, warnings: [warning] };
  }
  const document = existing ?? templateFor(basename(path));
  const inputs = await ingestInputs(context, path, document, dryRun);
  const state = await projectionState(context.store, await context.currentPolicy(), now);
  // A user's own HEARTBEAT.md stays byte-identical outside its zones until there are tasks to
  // show; from then on it gains the tasks zone, appended after everything it holds.
  const source =
    existing !== null && (state.tasks?.length ?? 0) > 0
      ? withTasksZone(existing, basename(path))
      : document;
  const parsed = parseZones(source);
  const memory = new Map<string, string>();
  if (parsed.ok) {
    for (const zone of parsed.value.zones) {
      const hash = await context.store.getMeta(zoneMemoryKey(file, zone.id));
      if (typeof hash === 'string') memory.set(zone.id, hash);
    }
  }
  const projected = projectDocument(source, state, memory);
  if (!projected.ok) {
    return { ...base, inputs, error: `line ${projected.error.line}: ${projected.error.message}` };
  }
  const result = projected.value;
  const drifted = result.zones.filter((z) => z.drifted).map((z) => z.id);
  const changed = result.changed || existing === null;
  const remembered = result.zones.every((z) => memory.get(z.id) === z.hash);
  if (!dryRun) {
    for (const zoneId of drifted) {
      await recordEvent(context.deps, EVENT_TYPES.projectionDrifted, {
        file,
        zone_id: zoneId,
        found_hash: memory.get(zoneId) ?? '',
        at: toIso(now),
      });
    }
    if (changed) await writeTextFile(path, result.text);
    if (changed || !remembered) {
      await recordEvent(context.deps, EVENT_TYPES.projectionWritten, {
        file,
        mode,
        zones: result.zones.map((z) => ({ id: z.id, hash: z.hash })),
      });
    }
  }
  const zoneless = existing !== null && parsed.ok && parsed.value.zones.length === 0;
  return {
    ...base,
    written: changed,
    drifted,
    inputs,
    unknownZones: result.unknownZones,
    warnings: zoneless ? [noZonesHint()] : [],
  };
}

/**
 * Projects canonical state into files (seed 000 §8): ingests each file's `STATE-INPUT` edits
 * first, then renders its `STATE` zones (or legacy sections), writing only when the bytes change
 * and recording each write and each reverted manual edit in the ledger.
 */
export async function project(
  context: CapabilityContext,
  options: ProjectOptions,
): Promise<ProjectionReport> {
  await loadZoneParser();
  const files: ProjectedFile[] = [];
  for (const target of options.targets) {
    files.push(
      await projectOne(context, target, options.mode ?? 'ast_zones', options.dryRun ?? false),
    );
  }
  return { files };
}

function outcomeOf(entry: HistoryEntry | undefined, intent: string): MigrationItem['outcome'] {
  if (intent !== 'assertive' && intent !== 'planning') return 'history';
  if (entry?.decision === 'auto_commit' && entry.kind !== 'tentative') return 'committed';
  if (entry?.decision === 'ask_user') return 'asked';
  return 'tentative';
}

/**
 * Bootstraps state from existing markdown files (seed 000 Track A): each file is ingested as a
 * note, read by the extractor, and its observations resolved as `static_markdown` with that
 * source's low reliability. With `dryRun`, the same happens on a scratch copy of the ledger and
 * only the report is returned.
 */
export async function migrate(
  context: CapabilityContext,
  files: readonly MigrationFile[],
  options: { readonly dryRun?: boolean; readonly entityId?: string } = {},
): Promise<MigrationReport> {
  const dryRun = options.dryRun ?? false;
  // Note text is read without its zone bodies (withoutZoneBodies parses the zones).
  await loadZoneParser();
  let target = context.store;
  let scratch: Store | null = null;
  if (dryRun) {
    scratch = await context.scratch();
    target = scratch;
    await withPipelineTx(scratch, { entities: [], global: true }, async (tx) => {
      let after = 0;
      for (;;) {
        const events = await context.store.readEvents(after, 2000);
        if (events.length === 0) break;
        for (const event of events) {
          after = event.seq;
          if (event.redacted) continue;
          const { seq: _seq, redacted: _redacted, ...fresh } = event;
          await tx.appendEvent(fresh);
        }
      }
      await replayInto(tx, tx);
    });
  }
  try {
    const reading =
      context.deps.extraction === undefined
        ? null
        : createMigrationReading(context.deps.extraction);
    const deps: PipelineDeps = {
      ...context.deps,
      store: target,
      ...(reading === null ? {} : { extraction: reading.step }),
    };
    const prepared = files.map((f) => {
      const outside = withoutZoneBodies(f.content);
      return reading === null ? outside : reading.prepare(basename(f.path), outside);
    });
    const before = await target.lastSeq();
    await ingest(
      deps,
      files.map((f, index) => ({
        type: 'note',
        path: f.path,
        title: basename(f.path),
        content: prepared[index] ?? '',
        // A file cannot be evidence from after now (a pinned clock may sit before its mtime).
        updated_at: notAfter(f.updatedAt, context.deps.clock.now()),
        ...(options.entityId === undefined ? {} : { entity_id: options.entityId }),
      })),
    );
    const items: MigrationItem[] = [];
    let after = before;
    for (;;) {
      const events = await target.readEvents(after, 2000);
      if (events.length === 0) break;
      for (const event of events) {
        after = event.seq;
        if (event.type !== EVENT_TYPES.observation) continue;
        const p = event.payload;
        const entityId = String(p['entity_id']);
        const field = String(p['field']);
        const history = await target.listHistory({ entityId, field });
        const entry = history.find((h) => h.eventId === event.eventId);
        const source = p['source'] as JsonObject | undefined;
        items.push({
          file: String(source?.['ref'] ?? ''),
          entity_id: entityId,
          field,
          value: (p['candidate_value'] as string | null) ?? null,
          intent: String(p['intent']),
          outcome: outcomeOf(entry, String(p['intent'])),
          confidence: entry?.confidence ?? 0,
        });
      }
    }
    return {
      dry_run: dryRun,
      files: files.length,
      items,
      not_read: files.flatMap(
        (f, index) =>
          reading?.notRead(f.path, basename(f.path), f.content, prepared[index] ?? '') ?? [],
      ),
      committed: items.filter((i) => i.outcome === 'committed').length,
      asked: items.filter((i) => i.outcome === 'asked').length,
      tentative: items.filter((i) => i.outcome === 'tentative').length,
    };
  } finally {
    await scratch?.close();
  }
}

/**
 * Reads each calendar once and ingests its events as signals (`verity poll`). Polling twice is
 * idempotent: an unchanged event has the same id and content. A calendar that cannot be read is
 * reported and the others still run.
 */
export async function poll(
  context: CapabilityContext,
  sources: readonly CalendarSource[],
): Promise<PollReport> {
  const calendars: PolledCalendar[] = [];
  for (const source of sources) {
    const name = source.name ?? source.location;
    try {
      const text = await readCalendar(source);
      const records = icsToSignals(text, {
        source,
        now: context.deps.clock.now(),
        registry: context.registry,
      });
      const report = await ingest(context.deps, records);
      calendars.push({
        name,
        events: records.length,
        applied: report.applied,
        duplicate: report.duplicate,
        rejected: report.rejected,
        error: null,
      });
    } catch (error: unknown) {
      if (!(error instanceof EngineError)) throw error;
      calendars.push({
        name,
        events: 0,
        applied: 0,
        duplicate: 0,
        rejected: 0,
        error: error.message,
      });
    }
  }
  return { calendars };
}

/** Records the user's label for a message's intent (confusion-matrix metrics). */
export async function labelIntent(
  context: CapabilityContext,
  threadId: string,
  messageId: string,
  intent: string,
): Promise<void> {
  if (!(INTENTS as readonly string[]).includes(intent) || intent === 'retract') {
    throw new EngineError('VALIDATION_FAILED', `"${intent}" is not an intent label`, { intent });
  }
  await recordEvent(context.deps, EVENT_TYPES.intentLabelled, {
    thread_id: threadId,
    message_id: messageId,
    intent: intent as Intent,
    labelled_at: toIso(context.deps.clock.now()),
  });
}

/** Intent-classification metrics from every label so far. */
export async function readIntentMetrics(context: CapabilityContext): Promise<IntentMetrics> {
  const matrix =
    ((await context.store.getMeta(INTENT_METRICS_KEY)) as ConfusionMatrix | null) ?? {};
  return intentMetrics(matrix);
}

/** Records that `alias` stands for `target` (`<domain>.<item>`), for future extraction. */
export async function confirmAlias(
  context: CapabilityContext,
  alias: string,
  target: string,
): Promise<void> {
  const [domain = '', item, ...rest] = target.split('.');
  if (
    !isDomain(domain) ||
    item === undefined ||
    rest.length > 0 ||
    !/^[a-z0-9][a-z0-9_-]*$/.test(item)
  ) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `alias target must be <domain>.<item> (got "${target}")`,
      {
        operation: 'alias',
      },
    );
  }
  if (alias.trim() === '' || alias.length > 200) {
    throw new EngineError('VALIDATION_FAILED', 'alias must be 1-200 characters', {
      operation: 'alias',
    });
  }
  await recordEvent(context.deps, EVENT_TYPES.aliasConfirmed, { alias: alias.trim(), target });
}

/** Open drift items: manual edits found (and reverted) inside `STATE` zones. */
export async function listDrift(context: CapabilityContext): Promise<readonly DriftItem[]> {
  return ((await context.store.getMeta(DRIFT_KEY)) as unknown as DriftItem[] | null) ?? [];
}

/** `at`, or `now` when `at` is later (or unreadable). */
function notAfter(at: string, now: number): string {
  const ms = parseRfc3339(at);
  return ms !== null && ms <= now ? at : toIso(now);
}
