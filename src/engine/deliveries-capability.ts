import { DAY_MS, MINUTE_MS, toIso } from '../core/index.js';
import type { Delivery, DeliveryKey } from '../stores/index.js';
import type { EngineContext } from './engine-context.js';

/**
 * How long an unconfirmed claim holds: a sender that claimed an item and neither confirmed nor
 * released it within this time died while sending, and the item may be claimed again.
 */
const CLAIM_HOLD_MS = 10 * MINUTE_MS;

/**
 * What was pushed to people through outbound channels (the Telegram review bot, notifiers), kept
 * in the store so that a restart, a rebuild or a second host on the same store pushes nothing
 * twice (ADR 2026-11-28-deliveries-in-the-store). Times are the engine clock's.
 */
export interface DeliveriesCapability {
  /**
   * Claims `key` for sending: true when this caller should send it now (then `confirm` or
   * `release` it), false when it was delivered or another sender is sending it. Atomic across
   * hosts on one store.
   */
  claim(key: DeliveryKey): Promise<boolean>;
  /** Records that the channel accepted a claimed delivery, with its receipt (a message id). */
  confirm(key: DeliveryKey, receipt: string | null): Promise<void>;
  /** Gives a claim back after a failed send, so the next push tries again. */
  release(key: DeliveryKey): Promise<void>;
  /** The delivery under `key`, or null. */
  get(key: DeliveryKey): Promise<Delivery | null>;
  /** Deletes deliveries claimed more than `days` days ago; returns how many went. */
  prune(days: number): Promise<number>;
}

/** Builds the delivery operations over the engine's store and clock. */
export function createDeliveriesCapability(
  context: Pick<EngineContext, 'store' | 'clock'>,
): DeliveriesCapability {
  const { store, clock } = context;
  const deliveries = store.deliveries;
  return {
    claim: (key) => {
      const now = clock.now();
      return deliveries.claim(key, toIso(now), toIso(now - CLAIM_HOLD_MS));
    },
    confirm: (key, receipt) => deliveries.confirm(key, toIso(clock.now()), receipt),
    release: (key) => deliveries.release(key),
    get: (key) => deliveries.get(key),
    prune: (days) => deliveries.prune(toIso(clock.now() - days * DAY_MS)),
  };
}
