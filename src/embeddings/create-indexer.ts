import type { Store } from '../stores/index.js';
import type { Embedder } from './create-embedder.js';
import { type IndexOptions, type IndexReport, indexPending } from './index-pending.js';

/** Options of `Indexer.startBackground`. */
interface BackgroundIndexingOptions {
  /** Receives a failed run's error; the loop goes on after `intervalMs`. */
  readonly onError: (error: unknown) => void;
  /** Called after every run that did something. */
  readonly onReport?: (report: IndexReport) => void;
  /** Runs at least this often even without `notify`. Default 30 000. */
  readonly intervalMs?: number;
}

/** A running background indexer. */
export interface BackgroundIndexing {
  /** Stops the loop, aborting a model call in flight, and waits for it to end. Idempotent. */
  stop(): Promise<void>;
}

/** Fills vectors for one store and embedder, one run at a time. */
export interface Indexer {
  /** True while a background loop runs. */
  readonly inBackground: boolean;
  /**
   * Runs `indexPending`. Runs never overlap: a call made during another run starts after it, so
   * it sees every item stored before the call.
   */
  run(options?: IndexOptions): Promise<IndexReport>;
  /** Starts a loop that runs now, after every `notify`, and every `intervalMs`. */
  startBackground(options: BackgroundIndexingOptions): BackgroundIndexing;
  /** Tells the background loop that new items were stored. A no-op without a loop. */
  notify(): void;
}

function noop(): void {}

/** Builds the indexer the engine uses: serialised runs and an optional background loop. */
export function createIndexer(store: Store, embedder: Embedder): Indexer {
  let tail: Promise<unknown> = Promise.resolve();
  let wake: () => void = noop;
  let dirty = false;
  let loop: { readonly stop: () => Promise<void> } | null = null;

  const run = (options: IndexOptions = {}): Promise<IndexReport> => {
    const result = tail.then(() => indexPending(store, embedder, options));
    tail = result.catch(noop);
    return result;
  };

  return {
    get inBackground() {
      return loop !== null;
    },
    run,
    notify() {
      dirty = true;
      wake();
    },
    startBackground(options) {
      if (loop !== null) return loop;
      const interval = options.intervalMs ?? 30_000;
      const controller = new AbortController();
      let stopped = false;
      const pause = (): Promise<void> =>
        new Promise((resolve) => {
          const timer = setTimeout(resolve, interval);
          timer.unref();
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      const running = (async () => {
        dirty = true;
        while (!stopped) {
          if (!dirty) await pause();
          wake = noop;
          if (stopped) break;
          dirty = false;
          try {
            const report = await run({ signal: controller.signal });
            if (report.embedded + report.reused + report.failed > 0) options.onReport?.(report);
          } catch (error: unknown) {
            if (stopped) break;
            options.onError(error);
            // Back off before the next try instead of spinning on a broken model.
            dirty = false;
          }
        }
      })();
      const handle = {
        async stop() {
          stopped = true;
          controller.abort(new Error('background indexing stopped'));
          wake();
          await running;
          if (loop === handle) loop = null;
        },
      };
      loop = handle;
      return handle;
    },
  };
}
