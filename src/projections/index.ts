/**
 * Projections: deterministic markdown and JSON views of canonical state (seed 000 §8) —
 * `HEARTBEAT.md`, `MEMORY.md` zones, `state-changes.md` and the `state-tracker.json` snapshot —
 * written only inside `STATE` zones by splicing the original text at the markers' AST offsets, a
 * bounded heading-anchored legacy mode, and `STATE-INPUT` zones read back as a normalised diff.
 * Pure: no `node:` modules, no clock, no randomness; the caller reads and writes files.
 * May import: core, schemas; the packages unified, remark-parse, remark-gfm, unist-util-visit
 * (loaded on demand by `loadZoneParser`, which callers await before the first zone parse).
 */

export * from './project-document.js';
export type { ProjectionState } from './render.js';
export * from './state-input.js';
export type { ZoneError } from './zones.js';
export { loadZoneParser, parseZones, spliceZones, withoutZoneBodies } from './zones.js';
