import { Bot, type Context, GrammyError, InlineKeyboard } from 'grammy';
import { EngineError, type Logger, noopLogger } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import {
  BUTTON_WORDS,
  type ButtonKind,
  type ButtonVerb,
  type NamedItem,
  namedItem,
  parseButton,
  promptItems,
  proposalItems,
  pushableItems,
  type ReviewItem,
  taskItems,
} from './review-items.js';

/** Options of `startTelegramReview`. */
export interface TelegramReviewOptions {
  readonly token: string;
  /** The only chats the bot answers and pushes to; updates from any other chat are logged and ignored. */
  readonly chatIds: readonly number[];
  /**
   * The only Telegram users whose commands and button presses the bot acts on, in the allowed
   * chats; an update from anyone else is logged and ignored (a button press is answered as
   * refused). Absent or empty: anyone in an allowed chat, and the bot warns at start when an
   * allowed chat is a group (a negative id), where every member could decide.
   */
  readonly allowedUserIds?: readonly number[];
  /** Bot API root (a local Bot API server or an emulator); default Telegram's. */
  readonly apiRoot?: string;
  /**
   * Deliveries (what was pushed, kept in the store) claimed longer ago than this many days are
   * pruned when the bot starts (30); an item still pending after that is pushed once more.
   */
  readonly pruneAfterDays?: number;
  readonly logger?: Logger;
  /**
   * Milliseconds between pushes of new items (60,000); 0 pushes only when `push` is called or an
   * engine event (`ledger.committed`, `review.opened`, `task.escalated`) arrives.
   */
  readonly pushIntervalMs?: number;
  /** Items per `/review` page (5). */
  readonly pageSize?: number;
}

/** A running review bot. */
export interface TelegramReview {
  /**
   * Sends each allowed chat every pending item (review prompt, memory proposal, escalated task) it
   * has not been sent yet; returns how many messages went out. A failed send is logged and tried
   * again on the next push. Pushes never overlap.
   */
  push(): Promise<number>;
  /** Stops the pushes and the long polling. Idempotent. */
  stop(): Promise<void>;
}

const HELP = [
  'Verity asks here when it is unsure.',
  '/review [page]: open review prompts and escalated tasks',
  '/proposals: pending MEMORY.md proposals',
  '/help: this text',
  'Buttons decide at once; the message then shows the outcome.',
].join('\n');

/** Engine events after which something new may wait for a person. */
const PUSH_EVENTS = new Set(['ledger.committed', 'review.opened', 'task.escalated']);

/** What a button press did to the engine. */
interface Decision {
  /** The engine recorded the decision. */
  readonly changed: boolean;
  /** The button names no such item (NOT_FOUND): a forged or mistyped button. */
  readonly missing: boolean;
  /** Why nothing changed (the engine's refusal), or null. */
  readonly refusal: string | null;
}

async function decide(
  engine: Engine,
  kind: ButtonKind,
  verb: ButtonVerb,
  id: string,
  actor: string,
): Promise<Decision> {
  try {
    if (kind === 'prompt') {
      await engine.answerReview(id, verb === 'confirm' ? 'confirm' : 'reject', undefined, {
        actor,
        channel: 'telegram',
      });
    } else if (kind === 'proposal') {
      await engine.observer.resolveProposal(id, verb === 'approve' ? 'approve' : 'reject', {
        decidedBy: actor,
      });
    } else if (verb === 'done') {
      await engine.tasks.done(id, `marked done in Telegram by ${actor}`, { actor });
    } else {
      await engine.tasks.acknowledge(id, { actor });
    }
  } catch (error: unknown) {
    if (error instanceof EngineError && error.code === 'NOT_FOUND') {
      return { changed: false, missing: true, refusal: error.message };
    }
    if (
      error instanceof EngineError &&
      (error.code === 'CONFLICT' || error.code === 'VALIDATION_FAILED')
    ) {
      return { changed: false, missing: false, refusal: error.message };
    }
    throw error;
  }
  return { changed: true, missing: false, refusal: null };
}

/** What a message calls the item a button names: `Review <id>`, `Task <id>`… */
function nameOf(button: { readonly kind: ButtonKind; readonly id: string }): string {
  return `${BUTTON_WORDS.kinds[button.kind].noun} ${button.id}`;
}

/**
 * The callback answer and the message's new text after a press. The message keeps the item's
 * text and gains its outcome, read back from the engine: a second press, here or on the copy in
 * another chat, shows the same outcome (with who decided) instead of replacing it. A press that
 * changed nothing on an item still waiting (a refused task move, say) leaves the message alone.
 */
function afterPress(
  button: { readonly kind: ButtonKind; readonly verb: ButtonVerb; readonly id: string },
  decision: Decision,
  item: NamedItem,
  actor: string,
): { readonly answer: string; readonly message: string | null } {
  const label = nameOf(button);
  const done = `${BUTTON_WORDS.verbs[button.verb].past} by ${actor}`;
  const outcome = item.outcome ?? (decision.changed ? done : null);
  const message = outcome === null ? null : `${item.text}\n\n→ ${outcome}`;
  if (decision.changed) return { answer: `${label}: ${done}`, message };
  const answer =
    item.outcome === null
      ? `${label}: nothing changed (${decision.refusal})`
      : `${label}: already ${item.outcome}; nothing changed`;
  return { answer, message };
}

function keyboardOf(item: ReviewItem): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const button of item.buttons) keyboard.text(button.text, button.data);
  return keyboard;
}

async function sendItem(ctx: Context, item: ReviewItem): Promise<void> {
  await ctx.reply(item.text, item.buttons.length > 0 ? { reply_markup: keyboardOf(item) } : {});
}

/** Lets through only updates from the allowed chats and, when a list is given, the allowed users. */
function guardUpdates(
  bot: Bot,
  allowed: ReadonlySet<number>,
  users: ReadonlySet<number>,
  logger: Logger,
): void {
  bot.use(async (ctx, next) => {
    const chatId = ctx.chat?.id;
    if (chatId === undefined || !allowed.has(chatId)) {
      logger.warn('telegram update from a chat not allowed, ignored', {
        chat_id: chatId ?? 'none',
        update_id: ctx.update.update_id,
      });
      return;
    }
    const userId = ctx.from?.id;
    if (users.size > 0 && (userId === undefined || !users.has(userId))) {
      logger.warn('telegram update from a user not allowed, ignored', {
        chat_id: chatId,
        user_id: userId ?? 'none',
        update_id: ctx.update.update_id,
      });
      // A pressed button spins until answered; the refusal says why nothing happened.
      if (ctx.callbackQuery !== undefined) {
        await ctx.answerCallbackQuery({ text: 'Only the allowed users decide here.' });
      }
      return;
    }
    await next();
  });
}

/** The `/help`, `/review [page]` and `/proposals` commands. */
function registerCommands(bot: Bot, engine: Engine, pageSize: number): void {
  bot.command(['help', 'start'], (ctx) => ctx.reply(HELP));

  bot.command('review', async (ctx) => {
    const items = [...(await promptItems(engine)), ...(await taskItems(engine))];
    if (items.length === 0) {
      await ctx.reply('Nothing waits for review.');
      return;
    }
    const pages = Math.ceil(items.length / pageSize);
    const asked = ctx.match.trim();
    const page = asked === '' ? 1 : /^\d{1,6}$/.test(asked) ? Number(asked) : Number.NaN;
    if (!(page >= 1 && page <= pages)) {
      const range = pages === 1 ? 'there is only page 1' : `pages are 1 to ${pages}`;
      await ctx.reply(`No page "${asked.slice(0, 20)}": ${range} (${items.length} waiting).`);
      return;
    }
    for (const item of items.slice((page - 1) * pageSize, page * pageSize)) {
      await sendItem(ctx, item);
    }
    await ctx.reply(
      `Page ${page} of ${pages} (${items.length} waiting)${page < pages ? `; /review ${page + 1} for more` : ''}`,
    );
  });

  bot.command('proposals', async (ctx) => {
    const items = await proposalItems(engine);
    if (items.length === 0) {
      await ctx.reply('No memory proposals wait for review.');
      return;
    }
    for (const item of items) await sendItem(ctx, item);
  });
}

/** Button presses: the decision goes to the engine, the message then shows its outcome. */
function registerButtons(bot: Bot, engine: Engine, logger: Logger): void {
  bot.on('callback_query:data', async (ctx) => {
    const button = parseButton(ctx.callbackQuery.data);
    if (button === null) {
      await ctx.answerCallbackQuery({ text: 'Unknown button' });
      return;
    }
    const actor = `telegram:${ctx.from.id}`;
    const decision = await decide(engine, button.kind, button.verb, button.id, actor);
    logger.info('telegram decision', {
      kind: button.kind,
      verb: button.verb,
      id: button.id,
      actor,
      changed: decision.changed,
    });
    const item = decision.missing ? null : await namedItem(engine, button.kind, button.id);
    if (item === null) {
      // A forged or mistyped id: the message it came with (maybe a pending item) stays as it is.
      await ctx.answerCallbackQuery({
        text: `${nameOf(button)} does not exist; nothing changed.`.slice(0, 200),
        show_alert: true,
      });
      return;
    }
    const { answer, message } = afterPress(button, decision, item, actor);
    await ctx.answerCallbackQuery({ text: answer.slice(0, 200) });
    if (message === null) return;
    try {
      await ctx.editMessageText(message);
    } catch (error: unknown) {
      // Pressed again on a message that already shows this outcome: Telegram refuses the same text.
      if (error instanceof GrammyError && error.description.includes('message is not modified')) {
        return;
      }
      // The decision stands; an old or deleted message simply keeps its buttons.
      logger.warn('telegram message edit failed', { id: button.id, error });
    }
  });
}

/**
 * Sends every allowed chat each pending item it has not been sent yet, once: the store's claim
 * decides who sends. Returns how many messages went out.
 */
async function pushPending(
  engine: Engine,
  bot: Bot,
  chatIds: readonly number[],
  logger: Logger,
): Promise<number> {
  let count = 0;
  for (const item of await pushableItems(engine)) {
    for (const chatId of chatIds) {
      const delivery = item.delivery(chatId);
      // The claim is the store's: another bot on the same store, or this one before a restart,
      // has sent it (or is sending it) when the claim is refused.
      if (!(await engine.deliveries.claim(delivery))) continue;
      let messageId: number;
      try {
        messageId = (
          await bot.api.sendMessage(
            chatId,
            item.text,
            item.buttons.length > 0 ? { reply_markup: keyboardOf(item) } : {},
          )
        ).message_id;
      } catch (error: unknown) {
        await engine.deliveries.release(delivery);
        logger.warn('telegram push failed; it is tried again on the next push', {
          key: item.key,
          chat_id: chatId,
          error,
        });
        continue;
      }
      count += 1;
      try {
        await engine.deliveries.confirm(delivery, String(messageId));
      } catch (error: unknown) {
        // Sent, and still claimed: nobody sends it again until the claim goes stale.
        logger.error('telegram push sent but not confirmed in the store', {
          key: item.key,
          chat_id: chatId,
          error,
        });
      }
    }
  }
  return count;
}

/** Starts long polling; resolves once Telegram accepted it, rejects when polling fails to start. */
function startPolling(bot: Bot, logger: Logger): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    bot.start({ onStart: () => resolve() }).catch((error: unknown) => {
      logger.error('telegram polling stopped', { error });
      reject(
        new EngineError(
          'PROVIDER_FAILED',
          'telegram polling failed',
          { operation: 'telegram' },
          {
            cause: error,
          },
        ),
      );
    });
  });
}

/**
 * Starts the Telegram review bot over `engine` (long polling): pushes of new review items with
 * their buttons, the `/review`, `/proposals` and `/help` commands, and button presses, which call
 * the same engine capabilities as the CLI with the Telegram user as the actor.
 */
export async function startTelegramReview(
  engine: Engine,
  options: TelegramReviewOptions,
): Promise<TelegramReview> {
  const logger = options.logger ?? noopLogger;
  const users = new Set(options.allowedUserIds ?? []);
  // Telegram gives groups, supergroups and channels negative ids, people positive ones.
  const groups = options.chatIds.filter((id) => id < 0);
  if (users.size === 0 && groups.length > 0) {
    logger.warn('telegram group chat without allowed users: any member can decide', {
      chat_ids: groups,
    });
  }
  const pruned = await engine.deliveries.prune(options.pruneAfterDays ?? 30);
  if (pruned > 0) logger.info('telegram deliveries pruned', { pruned });
  const bot = new Bot(options.token, {
    client: { apiRoot: options.apiRoot ?? 'https://api.telegram.org' },
  });
  guardUpdates(bot, new Set(options.chatIds), users, logger);
  registerCommands(bot, engine, options.pageSize ?? 5);
  registerButtons(bot, engine, logger);
  bot.catch((error) => {
    logger.error('telegram update failed', { update_id: error.ctx.update.update_id, error });
  });

  let running = Promise.resolve(0);
  const push = (): Promise<number> => {
    const once = () => {
      nudged = false;
      return pushPending(engine, bot, options.chatIds, logger);
    };
    running = running.then(once, once);
    return running;
  };
  // Live events (published under `verity serve`) ask for a push; while one waits to start,
  // further events join it instead of queueing another.
  let nudged = false;
  const nudge = (): void => {
    if (nudged) return;
    nudged = true;
    push().catch((error: unknown) => logger.error('telegram push failed', { error }));
  };

  await startPolling(bot, logger);

  const interval = options.pushIntervalMs ?? 60_000;
  const timer =
    interval > 0
      ? setInterval(() => {
          push().catch((error: unknown) => logger.error('telegram push failed', { error }));
        }, interval)
      : null;
  const unsubscribe = engine.events.subscribe((event) => {
    if (PUSH_EVENTS.has(event.type)) nudge();
  });
  let stopped = false;
  return {
    push,
    async stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      if (timer !== null) clearInterval(timer);
      await running.catch(() => 0);
      await bot.stop();
    },
  };
}
