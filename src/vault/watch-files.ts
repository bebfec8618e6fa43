import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Something being watched; `close` stops it. */
export interface Watching {
  close(): void;
}

/**
 * Calls `onChange(path)` when one of `paths` changes, at most once per `debounceMs` per file
 * (editors write in bursts). Watches each file's folder, so files that are replaced by rename
 * (as Verity and many editors write) keep being seen.
 */
export function watchFiles(
  paths: readonly string[],
  onChange: (path: string) => void,
  debounceMs = 200,
): Watching {
  const timers = new Map<string, NodeJS.Timeout>();
  const watchers: FSWatcher[] = [];
  const byFolder = new Map<string, Set<string>>();
  for (const path of paths) {
    const folder = dirname(path);
    const names = byFolder.get(folder) ?? new Set<string>();
    names.add(basename(path));
    byFolder.set(folder, names);
  }
  for (const [folder, names] of byFolder) {
    watchers.push(
      watch(folder, (_event, name) => {
        if (name === null || !names.has(String(name))) return;
        const path = join(folder, String(name));
        clearTimeout(timers.get(path));
        timers.set(
          path,
          setTimeout(() => {
            timers.delete(path);
            onChange(path);
          }, debounceMs),
        );
      }),
    );
  }
  return {
    close() {
      for (const w of watchers) w.close();
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
