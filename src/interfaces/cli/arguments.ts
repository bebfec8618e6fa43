import { readFile } from 'node:fs/promises';
import { ENTITY_ID_PATTERN } from '../../core/index.js';
import type { CliIo } from './cli-io.js';
import { UsageError } from './exit-codes.js';

/**
 * Decodes input bytes as UTF-8 text, refusing binary or non-UTF-8 content before anything is
 * stored (a NUL byte or an invalid sequence).
 */
function decodeText(bytes: Uint8Array, name: string): string {
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    throw new UsageError(
      `${name} looks binary (a NUL byte at offset ${nul}); ingest reads UTF-8 JSONL text. Nothing was stored.`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error: unknown) {
    throw new UsageError(
      `${name} is not UTF-8 text; ingest reads UTF-8 JSONL. Nothing was stored.`,
      { cause: error },
    );
  }
}

/** The text of `file` (`-` for standard input); a usage error when it cannot be read as UTF-8. */
export async function readInput(io: CliIo, file: string): Promise<string> {
  if (file === '-') return io.stdin();
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error: unknown) {
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    throw new UsageError(`cannot read ${file}${code === '' ? '' : ` (${code})`}`, {
      cause: error,
    });
  }
  return decodeText(bytes, file);
}

const ENTITY_ID = new RegExp(ENTITY_ID_PATTERN);

/** Refuses an entity argument that is not an entity id (`state get Alex` is a usage error). */
export function entityArgument(entity: string): string {
  if (!ENTITY_ID.test(entity)) {
    throw new UsageError(
      `"${entity}" is not an entity id: use user:<slug>, family:<slug> or team:<slug>, e.g. user:${entity.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'alex'}`,
    );
  }
  return entity;
}
