import { afterEach, beforeEach, describe } from 'vitest';
import type { Store } from '../store.js';
import { registerDeadLettersConformance } from './register-dead-letters-conformance.js';
import { registerDeliveriesConformance } from './register-deliveries-conformance.js';
import { registerFactKeysConformance } from './register-fact-keys-conformance.js';
import { registerItemsConformance } from './register-items-conformance.js';
import { registerLedgerConformance } from './register-ledger-conformance.js';
import { registerMetaConformance } from './register-meta-conformance.js';
import { registerObserverConformance } from './register-observer-conformance.js';
import { registerSearchConformance } from './register-search-conformance.js';
import { registerStateConformance } from './register-state-conformance.js';
import { registerTasksConformance } from './register-tasks-conformance.js';
import { registerVaultConformance } from './register-vault-conformance.js';
import { registerWriteLockConformance } from './register-write-lock-conformance.js';

/** A store under test, opened on fresh, empty storage. */
export interface StoreHarness {
  readonly store: Store;
  /**
   * Opens a new store on the same storage, for durability checks. The suite closes `store` first.
   * Omit it when the storage does not outlive its store.
   */
  readonly reopen?: () => Promise<Store>;
  /**
   * True when the store has a single database session (PGlite): reads outside `withWriteLock` then
   * wait for a transaction in progress, so the case that reads while one is held open is skipped.
   */
  readonly singleSession?: boolean;
  /**
   * Closes every store opened through this harness (some may already be closed) and removes the
   * storage.
   */
  readonly cleanup: () => Promise<void>;
}

/** The conformance cases of each concern of the store contract, in the order they run. */
const CONCERNS: readonly ((harness: () => StoreHarness) => void)[] = [
  registerLedgerConformance,
  registerStateConformance,
  registerMetaConformance,
  registerDeadLettersConformance,
  registerWriteLockConformance,
  registerSearchConformance,
  registerFactKeysConformance,
  registerItemsConformance,
  registerVaultConformance,
  registerObserverConformance,
  registerTasksConformance,
  registerDeliveriesConformance,
];

/**
 * Registers the Vitest cases every `Store` must pass: one file per concern of the contract.
 * `open` is called before each case and must return a store on fresh, empty storage.
 */
export function registerStoreConformance(name: string, open: () => Promise<StoreHarness>): void {
  describe(`Store conformance: ${name}`, () => {
    let harness: StoreHarness;

    beforeEach(async () => {
      harness = await open();
    });

    afterEach(async () => {
      await harness.cleanup();
    });

    for (const register of CONCERNS) register(() => harness);
  });
}
