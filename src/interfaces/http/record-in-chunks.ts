import { setImmediate as nextTurn } from 'node:timers/promises';
import { EngineError, parseRfc3339, toIso } from '../../core/index.js';
import type {
  Engine,
  RecordedMessage,
  RecordMessagesOptions,
  RecordMessagesResult,
} from '../../engine/index.js';

/** How `recordInChunks` sizes its chunks. */
export interface ChunkOptions {
  /** Messages in the first chunk, before any is timed. */
  readonly first: number;
  /** The time one chunk should take; later chunks are sized from the messages timed so far. */
  readonly targetMs: number;
  /** Bounds of a chunk's size. */
  readonly min: number;
  readonly max: number;
}

/**
 * About 50 ms of work between turns of the event loop: a health check or a read waits about that
 * long behind a large write, while a chunk stays large enough that its commit and the per-call
 * task capture cost little. 100 ms gave health p50 ~140 ms during a 2,000-message POST, 50 ms
 * ~90 ms, at no cost to the POST that the noise of `bench/http-stall.ts` could show
 * (docs/decisions/2026-11-28-large-writes-in-chunks.md).
 */
export const DEFAULT_CHUNKS: ChunkOptions = { first: 50, targetMs: 50, min: 10, max: 1000 };

type Message = Readonly<Record<string, unknown>>;

/** A message's own `created_at` as epoch ms; -Infinity when it is no RFC 3339 instant. */
function eventMs(message: Message): number {
  const at = message['created_at'];
  return typeof at === 'string'
    ? (parseRfc3339(at) ?? Number.NEGATIVE_INFINITY)
    : Number.NEGATIVE_INFINITY;
}

/**
 * `engine.recordMessages(messages, options)` applied a chunk at a time, yielding to the event loop
 * between chunks, so that one large request does not hold every other request of the server
 * until it ends. The answer is the one a single call gives: each message's outcome in the order
 * sent, the same event ids (derived from thread and message id), duplicates within the request
 * seen as duplicates (an earlier chunk is committed before a later one runs), invalid messages in
 * the dead-letter queue with their valid neighbours applied. Two things a single call would do
 * once are made to match: messages without `created_at` all get the same instant, and in import
 * mode the messages are applied in event-time order across the whole request.
 *
 * A failure in a chunk leaves the chunks before it recorded: the error is rethrown with
 * `recorded_messages` and `total_messages` in its details and a message saying that sending the
 * same request again records the rest (recorded messages answer `duplicate`).
 */
export async function recordInChunks(
  engine: Engine,
  messages: readonly Message[],
  options: RecordMessagesOptions,
  chunks: ChunkOptions = DEFAULT_CHUNKS,
): Promise<RecordMessagesResult> {
  if (messages.length <= chunks.first) return await engine.recordMessages(messages, options);
  const now = toIso(engine.now());
  const filled = messages.map((m) => ('created_at' in m ? m : { ...m, created_at: now }));
  let order = filled.map((_, index) => index);
  if (options.import === true) {
    // As the pipeline orders one batch: by event time, stable, unreadable times first.
    const at = filled.map(eventMs);
    order = order.sort((a, b) => (at[a] ?? 0) - (at[b] ?? 0) || a - b);
  }
  const outcomes: RecordedMessage[] = new Array(messages.length);
  let applied = 0;
  let duplicate = 0;
  let rejected = 0;
  await inChunks(order, chunks, 'messages', async (slice) => {
    const result = await engine.recordMessages(
      slice.map((index) => filled[index] ?? {}),
      options,
    );
    slice.forEach((index, i) => {
      const outcome = result.messages[i];
      if (outcome !== undefined) outcomes[index] = outcome;
    });
    applied += result.applied;
    duplicate += result.duplicate;
    rejected += result.rejected;
  });
  return { applied, duplicate, rejected, messages: outcomes };
}

/**
 * Runs `apply` on `items` a chunk at a time, the first `chunks.first` long and each later one
 * sized to take `chunks.targetMs`, yielding to the event loop between chunks. A failure is
 * rethrown through `partialFailure`, counting the items of the chunks applied before it.
 */
export async function inChunks<T>(
  items: readonly T[],
  chunks: ChunkOptions,
  unit: 'messages' | 'lines',
  apply: (slice: readonly T[]) => Promise<void>,
): Promise<void> {
  let done = 0;
  let size = chunks.first;
  while (done < items.length) {
    const slice = items.slice(done, done + size);
    const started = performance.now();
    try {
      await apply(slice);
    } catch (error: unknown) {
      throw partialFailure(error, done, items.length, unit);
    }
    done += slice.length;
    size = nextChunkSize(chunks, started, slice.length);
    if (done < items.length) await nextTurn();
  }
}

/** The size of the next chunk: as many items as `targetMs` allows at the pace of the last one. */
function nextChunkSize(chunks: ChunkOptions, started: number, done: number): number {
  const msPerItem = (performance.now() - started) / done;
  const size = Math.round(chunks.targetMs / Math.max(msPerItem, 0.001));
  return Math.min(chunks.max, Math.max(chunks.min, size));
}

/**
 * `error`, when some of the request's `unit` (messages, lines) were already handled, said so: what
 * is stored, and how to finish. Details name `recorded_<unit>` and `total_<unit>`.
 */
function partialFailure(
  error: unknown,
  recorded: number,
  total: number,
  unit: 'messages' | 'lines',
): unknown {
  if (recorded === 0) return error;
  const code = error instanceof EngineError ? error.code : 'STORE_FAILED';
  // Only an engine error's text is the client's to read; anything else stays in the server log.
  const reason =
    error instanceof EngineError ? error.message : 'internal error; the server log has details';
  return new EngineError(
    code,
    `${reason} (after ${recorded} of ${total} ${unit} were handled: send the same request again to handle the rest; the stored ones answer "duplicate", and any rejected among them go to the dead-letter queue again)`,
    {
      ...(error instanceof EngineError ? error.details : {}),
      [`recorded_${unit}`]: recorded,
      [`total_${unit}`]: total,
    },
    { cause: error },
  );
}
