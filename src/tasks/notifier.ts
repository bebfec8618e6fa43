import { EngineError, type NotificationTopic } from '../core/index.js';

/** One message for a person (or an agent) about a task. */
export interface Notification {
  /** The ledger dedupe key it was recorded under: the same key is never sent twice. */
  readonly key: string;
  readonly task_id: string;
  readonly topic: NotificationTopic;
  readonly message: string;
  /** A drafted follow-up for the person waited on, when there is one. */
  readonly draft: string | null;
  /** Escalation level the task holds after the reconciler's pass. */
  readonly level: number;
  readonly at: string;
}

/**
 * Where notifications go (stdout, a webhook; Telegram later). Verity records a notification in the
 * ledger under its dedupe key before it calls `send`, and calls `send` only for keys it had not
 * recorded, so a notifier never sees the same notification twice. Delivery is at most once: a
 * `send` that throws is reported, not retried.
 */
export interface Notifier {
  /** `stdout`, `webhook`, … */
  readonly kind: string;
  /** Delivers one notification; throws `EngineError('PROVIDER_FAILED')` when it cannot. */
  send(notification: Notification): Promise<void>;
}

/** Writes one line per notification (the CLI passes its stdout). */
export function createStdoutNotifier(write: (line: string) => void): Notifier {
  return {
    kind: 'stdout',
    async send(notification) {
      write(`[${notification.topic}] ${notification.message}`);
      if (notification.draft !== null) write(`  draft: ${notification.draft}`);
    },
  };
}

/** Options of `createWebhookNotifier`. */
interface WebhookNotifierOptions {
  readonly url: string;
  /** Only these topics go to the hook (E2 "unstick" agents want `stale`); default: all. */
  readonly topics?: readonly NotificationTopic[];
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/** POSTs each notification as snake_case JSON to `url`. */
export function createWebhookNotifier(options: WebhookNotifierOptions): Notifier {
  const call = options.fetch ?? fetch;
  return {
    kind: 'webhook',
    async send(notification) {
      if (options.topics !== undefined && !options.topics.includes(notification.topic)) return;
      let response: Response;
      try {
        response = await call(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(notification),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error: unknown) {
        throw new EngineError(
          'PROVIDER_FAILED',
          'webhook notification failed',
          { operation: 'notify', task_id: notification.task_id },
          { cause: error },
        );
      }
      if (!response.ok) {
        throw new EngineError('PROVIDER_FAILED', `webhook answered ${response.status}`, {
          operation: 'notify',
          status: response.status,
        });
      }
    },
  };
}

/** Sends to every notifier in turn. */
export function combineNotifiers(notifiers: readonly Notifier[]): Notifier {
  return {
    kind: notifiers.map((n) => n.kind).join('+') || 'none',
    async send(notification) {
      const errors: unknown[] = [];
      for (const notifier of notifiers) {
        try {
          await notifier.send(notification);
        } catch (error: unknown) {
          errors.push(error);
        }
      }
      if (errors.length > 0) {
        throw new EngineError(
          'PROVIDER_FAILED',
          `${errors.length} notifier(s) failed`,
          { operation: 'notify' },
          { cause: errors[0] },
        );
      }
    },
  };
}

/** Sends nothing. */
export const noopNotifier: Notifier = { kind: 'none', async send() {} };
