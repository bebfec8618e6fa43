/**
 * The gate every adapter keeps in front of its writes, written once: a store refuses calls once
 * it is closing, refuses a write or close made from inside one of its own write callbacks (it
 * would wait for itself), and closes once however often `close` is called. May import: core and
 * the contract files.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { reentrantWriteError, storeClosedError, type WriteTurn } from './store-errors.js';

/** The open/closed state and the write turns of one store. */
export class StoreGate {
  readonly #adapter: string;
  readonly #otherTurnActive: () => boolean;
  readonly #turns = new AsyncLocalStorage<WriteTurn>();
  #closing: Promise<void> | null = null;

  /**
   * @param adapter the name the closed-store error gives (`SQLite`, `PostgreSQL`).
   * @param otherTurnActive true when a turn this gate does not see is active on the same
   *   connection (PGlite shares one instance between stores); by default never.
   */
  constructor(adapter: string, otherTurnActive: () => boolean = () => false) {
    this.#adapter = adapter;
    this.#otherTurnActive = otherTurnActive;
  }

  /** Runs `fn` with `turn` as the current write turn of this store. */
  inTurn<T>(turn: WriteTurn, fn: () => Promise<T>): Promise<T> {
    return this.#turns.run(turn, fn);
  }

  /** Throws STORE_FAILED (`storeClosedError`) once `close` has been called. */
  assertOpen(operation: string): void {
    if (this.#closing !== null) {
      throw storeClosedError(this.#adapter, operation);
    }
  }

  /** Throws CONFLICT (`reentrantWriteError`) when called from inside a live write turn. */
  assertNotInTurn(operation: string): void {
    if (this.#turns.getStore()?.active === true || this.#otherTurnActive()) {
      throw reentrantWriteError(operation);
    }
  }

  /**
   * Throws unless a `withWriteLock` call may begin: CONFLICT from inside a live write turn (it
   * would wait for itself), STORE_FAILED once closed.
   */
  assertCanBeginWrite(): void {
    this.assertNotInTurn('withWriteLock');
    this.assertOpen('withWriteLock');
  }

  /** Starts `closeOnce` on the first call (outside a write turn) and returns its promise after. */
  close(closeOnce: () => Promise<void>): Promise<void> {
    this.assertNotInTurn('close');
    this.#closing ??= closeOnce();
    return this.#closing;
  }
}
