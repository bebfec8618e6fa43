/**
 * The Telegram review flow: a grammY bot that pushes what waits for a person (review prompts,
 * MEMORY.md proposals, escalated tasks) with inline buttons to the allowed chats, and answers
 * `/review`, `/proposals`, `/help` and the buttons through the engine's own capabilities.
 * May import: engine, core types, grammy.
 */
export type { TelegramReview, TelegramReviewOptions } from './review-bot.js';
export { startTelegramReview } from './review-bot.js';
