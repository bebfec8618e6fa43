import { createHash } from 'node:crypto';
import type { WriteScope } from '../store.js';

/** How a lock is held: shared holders coexist, an exclusive holder excludes everyone. */
export type LockMode = 'shared' | 'exclusive';

/** One resource a request needs, and how. */
export interface LockClaim {
  readonly resource: string;
  readonly mode: LockMode;
}

/** The in-process resource every writer claims: shared by entity writers, exclusive for global. */
export const ALL_RESOURCE = '*';

interface LockRequest {
  readonly claims: ReadonlyMap<string, LockMode>;
  readonly grant: () => void;
}

function conflicts(a: LockRequest, b: LockRequest): boolean {
  for (const [resource, mode] of a.claims) {
    const other = b.claims.get(resource);
    if (other !== undefined && (mode === 'exclusive' || other === 'exclusive')) return true;
  }
  return false;
}

/**
 * Shared/exclusive locks on named resources for the callers of one process, granted first come,
 * first served: a request waits while it conflicts with a held request or with an earlier waiting
 * one, so conflicting callers run in call order and a global writer is not starved. A request is
 * granted all its claims at once, so waiters hold nothing and cannot form a cycle.
 */
export class LocalLockTable {
  readonly #held = new Set<LockRequest>();
  #waiting: LockRequest[] = [];

  /** Resolves once every claim is granted, with the function that releases them. */
  acquire(claims: readonly LockClaim[]): Promise<() => void> {
    const merged = new Map<string, LockMode>();
    for (const claim of claims) {
      if (merged.get(claim.resource) !== 'exclusive') merged.set(claim.resource, claim.mode);
    }
    return new Promise((resolve) => {
      const request: LockRequest = {
        claims: merged,
        grant: () => {
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            this.#held.delete(request);
            this.#dispatch();
          });
        },
      };
      this.#waiting.push(request);
      this.#dispatch();
    });
  }

  /** Requests holding or waiting: for tests and diagnostics. */
  get size(): { readonly held: number; readonly waiting: number } {
    return { held: this.#held.size, waiting: this.#waiting.length };
  }

  #dispatch(): void {
    const stillWaiting: LockRequest[] = [];
    for (const request of this.#waiting) {
      const blocked =
        stillWaiting.some((earlier) => conflicts(request, earlier)) ||
        [...this.#held].some((holder) => conflicts(request, holder));
      if (blocked) {
        stillWaiting.push(request);
        continue;
      }
      this.#held.add(request);
      request.grant();
    }
    this.#waiting = stillWaiting;
  }
}

/** The in-process claims of a write: see the file header of `postgres-store.ts`. */
export function localClaims(scope: WriteScope): LockClaim[] {
  if (scope.global === true) return [{ resource: ALL_RESOURCE, mode: 'exclusive' }];
  return [
    { resource: ALL_RESOURCE, mode: 'shared' },
    ...scope.entities.map((key) => ({ resource: `key:${key}`, mode: 'exclusive' as const })),
  ];
}

/** A stable signed 32-bit hash: the first four bytes of SHA-256. */
export function hash32(text: string): number {
  return createHash('sha256').update(text, 'utf8').digest().readInt32BE(0);
}

/** An advisory lock key: two int4s, the namespace hash and the key hash. */
export type AdvisoryKey = readonly [number, number];

/** The advisory key of `key` in namespace `verity:<schema>:<kind>`. */
export function advisoryKey(schema: string, kind: string, key: string): AdvisoryKey {
  return [hash32(`verity:${schema}:${kind}`), hash32(key)];
}

/** The advisory locks of one write, in acquisition order. */
export interface AdvisoryPlan {
  /** SQL run right after `BEGIN`: the locks, one statement each, in order. */
  readonly statements: readonly string[];
  /** The commit-order key, which `joinCommitOrder` takes (global writes hold it from the start). */
  readonly commitOrder: AdvisoryKey;
  readonly holdsCommitOrder: boolean;
}

function lockCall(functionName: string, [key1, key2]: AdvisoryKey): string {
  return `SELECT pg_catalog.${functionName}(${key1}, ${key2})`;
}

/**
 * The advisory locks a write takes, always in this order so that no two writers wait on each other
 * in a cycle: (a) the all-lock, shared for entity writes and exclusive for global ones; (b) for
 * entity writes, each distinct key exclusively, sorted by (key1, key2); (c) the commit-order lock,
 * taken by global writes here and by entity writes only through `joinCommitOrder`.
 */
export function advisoryPlan(schema: string, scope: WriteScope): AdvisoryPlan {
  const all = advisoryKey(schema, 'all', ALL_RESOURCE);
  const commitOrder = advisoryKey(schema, 'order', ALL_RESOURCE);
  if (scope.global === true) {
    return {
      statements: [
        lockCall('pg_advisory_xact_lock', all),
        lockCall('pg_advisory_xact_lock', commitOrder),
      ],
      commitOrder,
      holdsCommitOrder: true,
    };
  }
  const keys = new Map<string, AdvisoryKey>();
  for (const key of scope.entities) {
    const advisory = advisoryKey(schema, 'entity', key);
    keys.set(`${advisory[0]},${advisory[1]}`, advisory);
  }
  const sorted = [...keys.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    statements: [
      lockCall('pg_advisory_xact_lock_shared', all),
      ...sorted.map((key) => lockCall('pg_advisory_xact_lock', key)),
    ],
    commitOrder,
    holdsCommitOrder: false,
  };
}
