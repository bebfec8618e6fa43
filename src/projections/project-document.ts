import { err, ok, type Result, sha256Hex } from '../core/index.js';
import { LEGACY_ANCHORS, type LegacyError, spliceLegacy } from './legacy.js';
import {
  type ProjectionState,
  renderActiveReminders,
  renderOptionsOf,
  renderStateChangeLog,
  renderStateTracker,
  ZONE_RENDERERS,
} from './render.js';
import { parseInputZone } from './state-input.js';
import { parseZones, spliceZones, type ZoneError, zoneBody } from './zones.js';

/** One `STATE` zone after projection. */
interface ProjectedZone {
  readonly id: string;
  /** SHA-256 of the zone's bytes as now written (what the next projection compares against). */
  readonly hash: string;
  /** The zone held something other than what Verity last wrote there: a manual edit, reverted. */
  readonly drifted: boolean;
}

/** A `STATE-INPUT` zone as read. */
interface InputZone {
  readonly id: string;
  readonly entries: ReturnType<typeof parseInputZone>['entries'];
  readonly errors: ReturnType<typeof parseInputZone>['errors'];
}

/** The result of projecting state into one document. */
interface DocumentProjection {
  /** The new bytes of the document. */
  readonly text: string;
  /** Whether they differ from the input (write only then). */
  readonly changed: boolean;
  readonly zones: readonly ProjectedZone[];
  /** `STATE` zones whose id no renderer knows; left untouched. */
  readonly unknownZones: readonly string[];
  readonly inputs: readonly InputZone[];
}

/** The hash a zone's written bytes are remembered by. */
export function zoneHash(zoneBytes: string): string {
  return sha256Hex(zoneBytes.replace(/\r\n/g, '\n'));
}

/**
 * Projects state into a markdown document's `STATE` zones (AST zones mode): renders each known
 * zone, splices it in by offsets, reports zones whose current bytes differ from what Verity last
 * wrote (`lastWritten`: zone id → hash) as drift, and reads every `STATE-INPUT` zone. Pure and
 * deterministic: same document, state and memory → same bytes.
 */
export function projectDocument(
  source: string,
  state: ProjectionState,
  lastWritten: ReadonlyMap<string, string>,
): Result<DocumentProjection, ZoneError> {
  const parsed = parseZones(source);
  if (!parsed.ok) return parsed;
  const document = parsed.value;
  const bodies = new Map<string, string>();
  const zones: ProjectedZone[] = [];
  const unknownZones: string[] = [];
  const inputs: InputZone[] = [];
  for (const zone of document.zones) {
    if (zone.kind === 'STATE-INPUT') {
      inputs.push({ id: zone.id, ...parseInputZone(zone.content) });
      continue;
    }
    const render = ZONE_RENDERERS[zone.id];
    if (render === undefined) {
      unknownZones.push(zone.id);
      continue;
    }
    const body = render(state, renderOptionsOf(zone.attributes));
    bodies.set(zone.id, body);
    const written = zoneBody(zone, body, document.eol, document.text);
    const previous = lastWritten.get(zone.id);
    zones.push({
      id: zone.id,
      hash: zoneHash(written),
      drifted: previous !== undefined && previous !== zoneHash(zone.content),
    });
  }
  const text = spliceZones(document, bodies);
  return ok({ text, changed: text !== source, zones, unknownZones, inputs });
}

/**
 * Compatibility mode `legacy_string`: writes active reminders and the recent change log under
 * the exact anchors `## Active Reminders` and `## State Change Log` (those present; at least one
 * is required). The caller backs the file up first and records a warning event.
 */
export function projectLegacy(
  source: string,
  state: ProjectionState,
): Result<{ readonly text: string; readonly changed: boolean }, LegacyError> {
  const sections = new Map<string, string>();
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const anchor of LEGACY_ANCHORS) {
    if (!lines.some((l) => l.trimEnd() === anchor)) continue;
    sections.set(
      anchor,
      anchor === '## Active Reminders'
        ? renderActiveReminders(state)
        : renderStateChangeLog(state, { limit: 20 }),
    );
  }
  if (sections.size === 0) {
    return err({
      code: 'ANCHOR_MISSING',
      anchor: LEGACY_ANCHORS.join(', '),
      message: `none of ${LEGACY_ANCHORS.join(', ')} is in the file`,
    });
  }
  const spliced = spliceLegacy(source, sections);
  if (!spliced.ok) return spliced;
  return ok({ text: spliced.value, changed: spliced.value !== source });
}

/** The `state-tracker.json` bytes, and whether they differ from `current` (null: no file). */
export function projectStateTracker(
  current: string | null,
  state: ProjectionState,
): { readonly text: string; readonly changed: boolean } {
  const text = renderStateTracker(state);
  return { text, changed: text !== current };
}

const marker = (id: string, kind: 'STATE' | 'STATE-INPUT' = 'STATE') =>
  `<!-- ${kind}:BEGIN zone_id=${id} schema=v1 -->\n<!-- ${kind}:END zone_id=${id} -->`;

/**
 * What to tell the owner of an existing markdown file without a single zone: projection writes only
 * inside zones, so nothing will ever appear there until they add one.
 */
export function noZonesHint(): string {
  const ids = Object.keys(ZONE_RENDERERS).join(', ');
  return (
    'no STATE zones, so nothing is written here: add a pair of lines where state should appear, ' +
    `e.g. "${marker('active_reminders').replace('\n', '" and "')}" (zone ids: ${ids}); ` +
    'a target that does not exist yet is created with its zones'
  );
}

/**
 * Gives an existing HEARTBEAT.md the `tasks` STATE zone (seed 004) when it lacks one: the zone,
 * under a `## Tasks` heading, is appended at the end, so every byte before it stays as it was.
 * Only a document that already holds Verity zones and parses is touched (and only `HEARTBEAT.md`);
 * anything else, or a document with a `tasks` zone of either kind, is returned unchanged.
 */
export function withTasksZone(source: string, fileName: string): string {
  if (fileName.toLowerCase() !== 'heartbeat.md') return source;
  const parsed = parseZones(source);
  if (!parsed.ok) return source;
  const { zones, eol } = parsed.value;
  if (!zones.some((z) => z.kind === 'STATE') || zones.some((z) => z.id === 'tasks')) return source;
  const ending = source.endsWith('\n') ? '' : eol;
  return `${source}${ending}${eol}## Tasks${eol}${eol}${marker('tasks').replace(/\n/g, eol)}${eol}`;
}

/** The document created for a projection target that does not exist yet, by its file name. */
export function templateFor(fileName: string): string {
  const name = fileName.toLowerCase();
  if (name === 'heartbeat.md') {
    return [
      '# Heartbeat',
      '',
      '## Tasks',
      '',
      marker('tasks'),
      '',
      '## Active Reminders',
      '',
      marker('active_reminders'),
      '',
      '## State Change Log',
      '',
      marker('state_change_log'),
      '',
      '## Manual overrides',
      '',
      'Lines here are read as state: `- [user:primary] travel.status = in_progress #intent=assertive`.',
      '',
      marker('manual_overrides', 'STATE-INPUT'),
      '',
    ].join('\n');
  }
  if (name === 'memory.md') {
    return ['# Memory', '', '## Canonical state', '', marker('canonical_state'), ''].join('\n');
  }
  if (name === 'state-changes.md') {
    return ['# State changes', '', marker('state_changes'), ''].join('\n');
  }
  return ['# State', '', marker('canonical_state'), ''].join('\n');
}
