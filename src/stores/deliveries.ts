/**
 * The outbound-delivery part of the `Store` contract: what was pushed to a person through a
 * channel (a Telegram chat, say), so that a restart or a second host on the same store pushes
 * nothing twice. Operational, not derived from the ledger: it survives `dangerouslyClearDerived`
 * and is outside `exportDerived` (ADR 2026-11-28-deliveries-in-the-store). Composed into `Store`
 * (`stores/store.ts`). May import: core.
 */

/** What one delivery is about: a channel, who it went to there, and the item in one version. */
export interface DeliveryKey {
  /** The channel, e.g. `telegram`. */
  readonly channel: string;
  /** Who receives it on that channel (a chat id). */
  readonly recipient: string;
  /** The item pushed, e.g. `prompt:p-1` or `task:t-1`. */
  readonly item: string;
  /**
   * The item's version (an escalation time, say): a new version is a new delivery. Empty for items
   * that have one version only.
   */
  readonly version: string;
}

/** A claimed delivery and, once the channel accepted it, when and under what receipt. */
export interface Delivery extends DeliveryKey {
  /** When the sender claimed it (RFC 3339, from the caller's clock). */
  readonly claimedAt: string;
  /** When the channel accepted it; null while claimed and not confirmed. */
  readonly deliveredAt: string | null;
  /** The channel's id for what it accepted (a message id), when it gave one. */
  readonly receipt: string | null;
}

/**
 * Outbound deliveries. Each call is one atomic statement outside any `withWriteLock` caller's
 * transaction (it must not be called from inside one: the store throws CONFLICT, as for any
 * nested write). Times are the caller's (injected clock), compared as RFC 3339 strings.
 */
export interface DeliveryStore {
  /** The delivery under `key`, or null. */
  get(key: DeliveryKey): Promise<Delivery | null>;
  /**
   * Claims `key` for sending, atomically: true when this caller now holds it, false when it was
   * delivered already or another sender claimed it at or after `staleBefore` (a claim older than
   * that and never confirmed is from a sender that died while sending, and is taken over). Two
   * callers racing for one key, on one host or two, never both get true.
   */
  claim(key: DeliveryKey, at: string, staleBefore: string): Promise<boolean>;
  /** Marks a claimed delivery as accepted by the channel. A no-op when `key` is not claimed. */
  confirm(key: DeliveryKey, at: string, receipt: string | null): Promise<void>;
  /**
   * Drops a claim that was not confirmed (the send failed), so the next claim succeeds at once.
   * A confirmed delivery stays.
   */
  release(key: DeliveryKey): Promise<void>;
  /** Deletes deliveries claimed before `before` and returns how many went. */
  prune(before: string): Promise<number>;
  /**
   * Up to `limit` deliveries, claimed or delivered, ordered by key (channel, recipient, item,
   * version), starting after `after` (the last key of the previous page), or from the first when
   * null. For copying the records into another store (`migrateStore`).
   */
  list(after: DeliveryKey | null, limit: number): Promise<readonly Delivery[]>;
}
