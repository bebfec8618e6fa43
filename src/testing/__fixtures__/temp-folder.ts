import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** A temporary folder made for each test, and the handles a test opened in it. */
export interface TempFolder {
  /** The running test's folder. */
  path(): string;
  /** Keeps `handle`, to be closed with `close` after the test (before its folder is removed). */
  keep<T>(handle: T, close: (handle: T) => Promise<void>): T;
  /** Closes the handles kept so far, in the order they were kept, and forgets them. */
  closeKept(): Promise<void>;
}

/**
 * Registers hooks that make a fresh temporary folder named with `prefix` before each test, and
 * after it close what the test kept and remove the folder. Test-only (vitest hooks).
 */
export function useTempFolder(prefix: string): TempFolder {
  let folder: string | undefined;
  const kept: (() => Promise<void>)[] = [];
  const closeKept = async (): Promise<void> => {
    for (const close of kept.splice(0)) await close();
  };
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await closeKept();
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });
  return {
    path: () => {
      if (folder === undefined) throw new Error('useTempFolder: read outside a running test');
      return folder;
    },
    keep: (handle, close) => {
      kept.push(() => close(handle));
      return handle;
    },
    closeKept,
  };
}
