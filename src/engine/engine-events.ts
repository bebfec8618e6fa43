/**
 * One live notification. `type` names what happened: `ledger.committed`, `review.opened`,
 * `drift.detected`, `task.escalated` and a state review's `review.answered` (the HTTP ledger
 * watcher derives them from new ledger events), and the `review.answered` of an inbox item, a stuck
 * task or a patch (published by the surface that took the answer: `taskReviewAnswered`);
 * `entity_id` lets subscribers with an entity allow-list filter; `data` is the snake_case payload
 * streamed as is.
 */
export interface EngineEvent {
  readonly type: string;
  readonly entity_id: string | null;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * The engine's in-process publish/subscribe channel for live updates (the dashboard's SSE stream).
 * Delivery is best effort and synchronous: no persistence, no replay; the ledger stays the record.
 */
export interface EngineEvents {
  /** Delivers `event` to every current subscriber; a throwing subscriber does not stop the rest. */
  publish(event: EngineEvent): void;
  /** Registers `listener`; returns the function that removes it. */
  subscribe(listener: (event: EngineEvent) => void): () => void;
  /** Number of current subscribers (a poller can idle when nobody listens). */
  subscriberCount(): number;
}

/** A fresh in-process event channel. */
export function createEngineEvents(): EngineEvents {
  const listeners = new Set<(event: EngineEvent) => void>();
  return {
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // One broken subscriber (a closed stream) must not starve the others.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    subscriberCount: () => listeners.size,
  };
}
