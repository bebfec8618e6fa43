import { EngineError, type NotificationTopic, REVIEW_ESCALATION_LEVEL } from '../core/index.js';
import type { DeliveryKey } from '../stores/index.js';

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
 * The delivery records (`engine.deliveries`) a notifier claims a message through when another
 * sender on the same channel may send the same thing: the Telegram review bot pushes a task
 * escalated to the review queue too, and of the two only the first claimer sends it.
 */
export interface NotificationDeliveries {
  /** True when this caller should send `key` now (then `confirm` or `release` it). */
  claim(key: DeliveryKey): Promise<boolean>;
  /** Records that the channel accepted it, with the channel's receipt. */
  confirm(key: DeliveryKey, receipt: string | null): Promise<void>;
  /** Gives the claim back after a failed send. */
  release(key: DeliveryKey): Promise<void>;
}

/**
 * The delivery record of a task's escalation to one Telegram chat: what the review bot and the
 * Telegram notifier both claim, so that a chat gets one message per escalation.
 */
export function taskEscalationDelivery(
  chatId: number,
  taskId: string,
  escalatedAt: string,
): DeliveryKey {
  return {
    channel: 'telegram',
    recipient: String(chatId),
    item: `task:${taskId}`,
    version: escalatedAt,
  };
}

/**
 * Where notifications go (stdout, a webhook, Telegram chats). Verity records a notification in the
 * ledger under its dedupe key before it calls `send`, and calls `send` only for keys it had not
 * recorded, so a notifier never sees the same notification twice. Delivery is at most once: a
 * `send` that throws is reported, not retried.
 */
export interface Notifier {
  /** `stdout`, `webhook`, … */
  readonly kind: string;
  /**
   * Delivers one notification; throws `EngineError('PROVIDER_FAILED')` when it cannot. A notifier
   * whose channel has another sender claims through `deliveries` when given.
   */
  send(notification: Notification, deliveries?: NotificationDeliveries): Promise<void>;
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
      await postNotification(call, 'webhook', options.url, notification, {
        taskId: notification.task_id,
        timeoutMs: options.timeoutMs,
      });
    },
  };
}

/**
 * POSTs `body` as JSON for the notification of task `taskId`; a call that fails or an answer that
 * is not 2xx throws `PROVIDER_FAILED` naming `channel`. Returns the answer.
 */
async function postNotification(
  call: typeof fetch,
  channel: 'webhook' | 'telegram',
  url: string,
  body: unknown,
  send: { readonly taskId: string; readonly timeoutMs: number | undefined },
): Promise<Response> {
  let response: Response;
  try {
    response = await call(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(send.timeoutMs ?? 10_000),
    });
  } catch (error: unknown) {
    throw new EngineError(
      'PROVIDER_FAILED',
      `${channel} notification failed`,
      { operation: 'notify', task_id: send.taskId },
      { cause: error },
    );
  }
  if (!response.ok) {
    throw new EngineError('PROVIDER_FAILED', `${channel} answered ${response.status}`, {
      operation: 'notify',
      status: response.status,
    });
  }
  return response;
}

/** Options of `createTelegramNotifier`. */
interface TelegramNotifierOptions {
  readonly token: string;
  /** Every notification goes to each of these chats. */
  readonly chatIds: readonly number[];
  /** Bot API root (a local Bot API server or an emulator); default Telegram's. */
  readonly apiRoot?: string;
  /** Only these topics go to the chats; default: all. */
  readonly topics?: readonly NotificationTopic[];
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/**
 * The buttons under a task message: `callback_data` is a verb and the task id only (Telegram
 * allows 64 bytes); the Telegram review bot (`interfaces/telegram`) answers them.
 */
export function taskButtons(taskId: string): {
  readonly inline_keyboard: readonly (readonly { text: string; callback_data: string }[])[];
} {
  return {
    inline_keyboard: [
      [
        { text: 'Done', callback_data: `task:done:${taskId}` },
        { text: 'Acknowledge', callback_data: `task:ack:${taskId}` },
      ],
    ],
  };
}

/**
 * Sends each notification to Telegram chats through the Bot API, with done / acknowledge buttons.
 * A notification of a pass that escalated its task into the review queue is the escalation the
 * review bot also pushes: with `deliveries`, each chat's message is claimed under
 * `taskEscalationDelivery` first and skipped when the bot has it already.
 */
export function createTelegramNotifier(options: TelegramNotifierOptions): Notifier {
  const call = options.fetch ?? fetch;
  const root = (options.apiRoot ?? 'https://api.telegram.org').replace(/\/+$/, '');
  return {
    kind: 'telegram',
    async send(notification, deliveries) {
      if (options.topics !== undefined && !options.topics.includes(notification.topic)) return;
      const text = [
        `[${notification.topic}] ${notification.message}`,
        ...(notification.draft === null ? [] : [`draft: ${notification.draft}`]),
      ].join('\n');
      // `level` is the task's level after the pass only when the pass escalated it (else 0), and
      // the escalation is then recorded at the pass's time, `at`.
      const claims =
        deliveries !== undefined && notification.level >= REVIEW_ESCALATION_LEVEL
          ? deliveries
          : null;
      for (const chatId of options.chatIds) {
        const key = taskEscalationDelivery(chatId, notification.task_id, notification.at);
        if (claims !== null && !(await claims.claim(key))) continue;
        const message = { chat_id: chatId, text, reply_markup: taskButtons(notification.task_id) };
        let response: Response;
        try {
          response = await postNotification(
            call,
            'telegram',
            `${root}/bot${options.token}/sendMessage`,
            message,
            { taskId: notification.task_id, timeoutMs: options.timeoutMs },
          );
        } catch (error: unknown) {
          await claims?.release(key);
          throw error;
        }
        await claims?.confirm(key, await messageIdOf(response));
      }
    },
  };
}

/** The id of the message a `sendMessage` answer carries, or null when it carries none. */
async function messageIdOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { result?: { message_id?: unknown } };
    const id = body.result?.message_id;
    return typeof id === 'number' ? String(id) : null;
  } catch {
    // The send succeeded; an answer we cannot read only costs the receipt.
    return null;
  }
}

/** Sends to every notifier in turn. */
export function combineNotifiers(notifiers: readonly Notifier[]): Notifier {
  return {
    kind: notifiers.map((n) => n.kind).join('+') || 'none',
    async send(notification, deliveries) {
      const errors: unknown[] = [];
      for (const notifier of notifiers) {
        try {
          await notifier.send(notification, deliveries);
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
