/**
 * The conformance suite every `Store` adapter must pass, registered as Vitest cases by each
 * adapter's own test file, plus the sample records it writes. Test-only code.
 * May import: core, the store contract (`../store.js`) and vitest.
 */
export { gate } from './gate.js';
export * from './register-migration-list-case.js';
export * from './register-store-conformance.js';
export {
  expectMigratedTaskView,
  LEGACY_TASK_VIEW,
  sampleTask,
} from './register-tasks-conformance.js';
export * from './sample-records.js';
