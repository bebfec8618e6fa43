import { type FSWatcher, watch } from 'node:fs';

/** Options of `watchVault`. */
interface WatchVaultOptions {
  /** The registered vault folders. */
  readonly roots: readonly string[];
  /** Re-indexes the vault (unchanged notes are free). */
  readonly index: () => Promise<unknown>;
  /** Receives indexing failures; watching goes on. */
  readonly onError: (error: unknown) => void;
  /** Quiet time after the last markdown change before indexing. Default 500 ms. */
  readonly debounceMs?: number;
  /** Re-index this often anyway (and only this way where recursive watching is unsupported). Default 60 000. */
  readonly pollMs?: number;
}

/** A running vault watch. */
export interface VaultWatching {
  stop(): Promise<void>;
}

/**
 * Keeps the note index current while running: watches each root recursively and re-indexes once
 * markdown changes settle, plus a periodic pass (a fallback where recursive watching is not
 * available, and a catch-up for missed events). Runs never overlap.
 */
export function watchVault(options: WatchVaultOptions): VaultWatching {
  const debounceMs = options.debounceMs ?? 500;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = (): void => {
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    running = options
      .index()
      .then(
        () => undefined,
        (error: unknown) => options.onError(error),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };

  const schedule = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run();
    }, debounceMs);
  };

  const watchers: FSWatcher[] = [];
  for (const root of options.roots) {
    try {
      watchers.push(
        watch(root, { recursive: true }, (_event, name) => {
          if (name === null || String(name).toLowerCase().endsWith('.md')) schedule();
        }),
      );
    } catch (error: unknown) {
      // Recursive watching is unsupported here: the periodic pass below keeps the index current.
      options.onError(error);
    }
  }
  const poll = setInterval(run, options.pollMs ?? 60_000);
  poll.unref();
  run();

  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (timer !== null) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      await running;
    },
  };
}
