/**
 * Projections: deterministic markdown and JSON views of canonical state (seed 000 §8) —
 * `HEARTBEAT.md`, `MEMORY.md` zones, `state-changes.md` and the `state-tracker.json` snapshot —
 * written only inside `STATE` zones by splicing the original text at the markers' AST offsets, a
 * bounded heading-anchored legacy mode, and `STATE-INPUT` zones read back as a normalised diff.
 * Pure: no `node:` modules, no clock, no randomness; the caller reads and writes files.
 * May import: core, schemas; the packages unified, remark-parse, remark-gfm, unist-util-visit
 * (loaded on demand by `loadZoneParser`, which callers await before the first zone parse).
 */

export type { LegacyError } from './legacy.js';
export { LEGACY_ANCHORS, spliceLegacy } from './legacy.js';
export type { DocumentProjection, InputZone, ProjectedZone } from './project-document.js';
export {
  projectDocument,
  projectLegacy,
  projectStateTracker,
  templateFor,
  withTasksZone,
  zoneHash,
} from './project-document.js';
export type { ProjectionState, RenderOptions } from './render.js';
export {
  committedChanges,
  renderActiveReminders,
  renderCanonicalState,
  renderOptionsOf,
  renderStateChangeLog,
  renderStateTracker,
  ZONE_RENDERERS,
} from './render.js';
export type { InputEntry, InputError } from './state-input.js';
export {
  diffInputs,
  entriesFromLines,
  inputObservations,
  inputRef,
  parseInputZone,
} from './state-input.js';
export type { Zone, ZonedDocument, ZoneError } from './zones.js';
export {
  loadZoneParser,
  parseZones,
  spliceZones,
  withoutZoneBodies,
  zoneBody,
} from './zones.js';
