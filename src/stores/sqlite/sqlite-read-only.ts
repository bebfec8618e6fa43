import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { hasSqliteCode } from './sqlite-errors.js';

/**
 * True when this process may write `path` and create files beside it (SQLite needs both: the
 * journal and the WAL's shared-memory file live in the same folder). A missing file counts as
 * writable: opening it creates it.
 */
export function canWrite(path: string): boolean {
  if (!existsSync(path)) return true;
  try {
    accessSync(path, constants.W_OK);
    accessSync(dirname(path), constants.W_OK);
    return true;
  } catch {
    // EACCES, EPERM or EROFS: the file or its folder is read-only for this process.
    return false;
  }
}

/** SQLite could not set up the WAL's shared memory: `SQLITE_CANTOPEN*` or `SQLITE_READONLY*`. */
function isWalSetupFailure(error: unknown): boolean {
  return hasSqliteCode(error, 'SQLITE_CANTOPEN') || hasSqliteCode(error, 'SQLITE_READONLY');
}

/**
 * Opens an existing database for reading only. A WAL database needs its `-shm` file, which SQLite
 * cannot create in a read-only folder; when that is why the open fails and no `-wal` file holds
 * uncheckpointed commits (so the main file is complete), the file is read into memory instead,
 * marked as a rollback-journal database (header bytes 18–19) so that SQLite reads it without a WAL.
 */
export function openReadOnly(path: string, timeout: number): Database.Database {
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, timeout });
    // SQLite opens lazily: the first statement is what fails without a -shm file.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (error: unknown) {
    db?.close();
    if (!isWalSetupFailure(error) || existsSync(`${path}-wal`)) throw error;
  }
  const image = readFileSync(path);
  if (image.length > 19 && image[18] === 2 && image[19] === 2) {
    image[18] = 1;
    image[19] = 1;
  }
  return new Database(image, { readonly: true });
}
