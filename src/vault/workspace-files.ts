import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EngineError } from '../core/index.js';

/** A file's text, or null when it does not exist. Throws `STORE_FAILED` for other errors. */
export async function readTextFile(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error: unknown) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') {
      return null;
    }
    throw new EngineError(
      'STORE_FAILED',
      `cannot read ${path}`,
      { operation: 'read' },
      { cause: error },
    );
  }
}

/**
 * Writes a file atomically: a temporary file beside it, then a rename, so a reader never sees a
 * half-written projection. Throws `STORE_FAILED`.
 */
export async function writeTextFile(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.verity-tmp`);
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error: unknown) {
    throw new EngineError(
      'STORE_FAILED',
      `cannot write ${path}`,
      { operation: 'write' },
      { cause: error },
    );
  }
}

/**
 * Copies a file to `<file>.<stamp>.bak` before a legacy-mode write; `stamp` is the projection's
 * instant (`YYYYMMDDTHHMMSSZ`). Returns the backup's path. Throws `STORE_FAILED`.
 */
export async function backupFile(path: string, stamp: string): Promise<string> {
  const target = `${path}.${stamp}.bak`;
  try {
    await copyFile(path, target);
    return target;
  } catch (error: unknown) {
    throw new EngineError(
      'STORE_FAILED',
      `cannot back up ${path}`,
      { operation: 'backup' },
      { cause: error },
    );
  }
}
