/**
 * The errors every adapter raises for the same contract rule, worded once: a transaction used
 * after it ended (and the guard that raises it), a re-entrant write, a closed store, and
 * embedding spaces. May import: core.
 */
import { EngineError } from '../core/index.js';
import type { EmbeddingRow, EmbeddingSpace } from './embedding-cache.js';

/** CONFLICT: `tx` was used after its `withWriteLock` callback ended. */
export function transactionEndedError(operation: string): EngineError {
  return new EngineError(
    'CONFLICT',
    'This write transaction has ended; use tx only inside its withWriteLock callback',
    { operation },
  );
}

/** A write transaction's turn: active while its `withWriteLock` callback may use it. */
export interface WriteTurn {
  active: boolean;
}

/**
 * Runs one call of a write transaction: CONFLICT (`transactionEndedError`) once its turn has
 * ended, else `work`, whose failure `toError` maps to what the caller throws.
 */
export async function inLiveTurn<T>(
  turn: WriteTurn,
  operation: string,
  work: () => T | Promise<T>,
  toError: (error: unknown) => Error,
): Promise<T> {
  if (!turn.active) {
    throw transactionEndedError(operation);
  }
  try {
    return await work();
  } catch (error: unknown) {
    throw toError(error);
  }
}

/** CONFLICT: a store call made inside a write callback of the same store would deadlock. */
export function reentrantWriteError(operation: string): EngineError {
  return new EngineError(
    'CONFLICT',
    `${operation} was called inside a withWriteLock callback of the same store; ` +
      'it is not re-entrant and would deadlock. Use the tx passed to the callback instead.',
    { operation },
  );
}

/** STORE_FAILED: the store (`SQLite`, `PostgreSQL`) has been closed. */
export function storeClosedError(adapter: string, operation: string): EngineError {
  return new EngineError('STORE_FAILED', `The ${adapter} store is closed`, { operation });
}

/** Throws VALIDATION_FAILED unless `space` names a model and a positive integer dimension. */
export function assertValidSpace(space: EmbeddingSpace): void {
  if (space.model === '' || !Number.isInteger(space.dimension) || space.dimension <= 0) {
    throw new EngineError(
      'VALIDATION_FAILED',
      'An embedding space needs a model name and a positive integer dimension',
      { operation: 'useEmbeddingSpace' },
    );
  }
}

/** True when `active` is `space` (same model and dimension). */
export function isActiveSpace(active: EmbeddingSpace | null, space: EmbeddingSpace): boolean {
  return active !== null && active.model === space.model && active.dimension === space.dimension;
}

/** CONFLICT: vectors of `space` used while `active` is the store's space (or none is). */
export function inactiveSpaceError(
  active: EmbeddingSpace | null,
  space: EmbeddingSpace,
  operation: string,
): EngineError {
  return new EngineError(
    'CONFLICT',
    active === null
      ? `No vector space is active yet; ${space.model} vectors cannot be used before useEmbeddingSpace`
      : `Vectors are held in ${active.model} (${active.dimension}), not ${space.model} (${space.dimension}); reindex to switch`,
    { operation, model: space.model, activeModel: active?.model ?? '' },
  );
}

/** The error of a redaction that names no stored event. */
export function redactMissingEventError(eventId: string): EngineError {
  return new EngineError('NOT_FOUND', 'No event with this id to redact', {
    operation: 'redactEvent',
    eventId,
  });
}

/** Throws VALIDATION_FAILED, before anything is written, when a vector's length is not `space`'s. */
export function assertVectorsFit(space: EmbeddingSpace, rows: readonly EmbeddingRow[]): void {
  for (const row of rows) {
    if (row.vector !== undefined && row.vector.length !== space.dimension) {
      throw new EngineError(
        'VALIDATION_FAILED',
        `A vector of ${row.vector.length} numbers does not fit space ${space.model} (${space.dimension})`,
        { operation: 'putEmbeddings', length: row.vector.length, dimension: space.dimension },
      );
    }
  }
}
