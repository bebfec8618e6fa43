/**
 * The HTTP client SDK, published as `verity/client`: a typed client of `verity serve`'s JSON API
 * that answers the wire JSON (snake_case) unchanged. It imports nothing from the engine, so it
 * runs wherever `fetch` does. May import: nothing outside this folder.
 */
export type {
  ContextOptions,
  MemoryInput,
  MessageRecord,
  RecordMessagesOptions,
  ReviewAnswer,
  SearchOptions,
  StateReadOptions,
  VerityClientOptions,
} from './http-client.js';
export { createVerityClient, VerityClient, VerityHttpError } from './http-client.js';
export type * from './wire-types.js';
