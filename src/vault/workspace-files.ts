import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EngineError, errorCodeOf } from '../core/index.js';

function isMissing(error: unknown): boolean {
  return errorCodeOf(error) === 'ENOENT';
}

/** Runs `io`, turning any failure into `STORE_FAILED` ("cannot <verb> <path>"). */
async function fileIo<T>(operation: string, verb: string, path: string, io: () => Promise<T>) {
  try {
    return await io();
  } catch (error: unknown) {
    throw new EngineError(
      'STORE_FAILED',
      `cannot ${verb} ${path}`,
      { operation },
      { cause: error },
    );
  }
}

/** A file's text, or null when it does not exist. Throws `STORE_FAILED` for other errors. */
export function readTextFile(path: string): Promise<string | null> {
  return fileIo('read', 'read', path, () =>
    readFile(path, 'utf8').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    }),
  );
}

/**
 * Writes a file atomically: a temporary file beside it, then a rename, so a reader never sees a
 * half-written projection. Throws `STORE_FAILED`.
 */
export function writeTextFile(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.verity-tmp`);
  return fileIo('write', 'write', path, async () => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  });
}

/**
 * Copies a file to `<file>.<stamp>.bak` before a legacy-mode write; `stamp` is the projection's
 * instant (`YYYYMMDDTHHMMSSZ`). Returns the backup's path. Throws `STORE_FAILED`.
 */
export function backupFile(path: string, stamp: string): Promise<string> {
  const target = `${path}.${stamp}.bak`;
  return fileIo('backup', 'back up', path, async () => {
    await copyFile(path, target);
    return target;
  });
}
