/**
 * Jobs: the I/O around the pure services — reading ICS calendars into signals (`verity poll`),
 * reading and atomically writing projection files with legacy-mode backups, and watching files
 * (`verity watch`). The scheduler comes later. May import: core, ledger, schemas, the store and
 * provider contracts, earlier services; the package node-ical.
 */

export type { Watching } from './files.js';
export { backupFile, readTextFile, watchFiles, writeTextFile } from './files.js';
export type { CalendarSource, IcsOptions } from './ics.js';
export { icsToSignals, readCalendar } from './ics.js';
