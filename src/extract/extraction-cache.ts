import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { canonicalJson, EngineError, sha256Hex } from '../core/index.js';
import type { Extraction, ExtractionInput } from './types.js';

/**
 * Where model-backed extractions are kept, so the same message read again (a re-synced note, a
 * resent text) never calls the model twice. Keys come from `extractionCacheKey`.
 */
export interface ExtractionCache {
  /** The cached extraction, or null. Never throws for a missing entry. */
  get(key: string): Promise<Extraction | null>;
  /** Stores an extraction; writing the same key again replaces it. */
  set(key: string, value: Extraction): Promise<void>;
}

/**
 * The cache key of an extraction: SHA-256 of the prompt version, the model, and everything of the
 * message the answer depends on (its text hash, time, source, role, entity and title).
 */
export function extractionCacheKey(
  promptVersion: string,
  model: string,
  input: ExtractionInput,
): string {
  return sha256Hex(
    canonicalJson({
      prompt: promptVersion,
      model,
      text: sha256Hex(input.text),
      at: input.at,
      source: input.source,
      role: input.role,
      entity: input.entityId,
      title: input.title ?? null,
    }),
  );
}

/** An in-memory cache (tests, one-shot runs). */
export function createMemoryExtractionCache(): ExtractionCache {
  const entries = new Map<string, Extraction>();
  return {
    get: async (key) => entries.get(key) ?? null,
    set: async (key, value) => {
      entries.set(key, value);
    },
  };
}

/**
 * A cache of one JSON file per key under `dir` (`$VERITY_HOME/cache/extractions`). Operational
 * data, not ledger state: deleting it only costs model calls. Throws `STORE_FAILED` on write.
 */
export function createFileExtractionCache(dir: string): ExtractionCache {
  const path = (key: string) => join(dir, `${key}.json`);
  return {
    async get(key) {
      try {
        return JSON.parse(await readFile(path(key), 'utf8')) as Extraction;
      } catch {
        // A missing or unreadable entry is a cache miss: the model is asked again.
        return null;
      }
    },
    async set(key, value) {
      try {
        await mkdir(dir, { recursive: true });
        const temporary = `${path(key)}.tmp`;
        await writeFile(temporary, JSON.stringify(value));
        await rename(temporary, path(key));
      } catch (error: unknown) {
        throw new EngineError(
          'STORE_FAILED',
          'cannot write the extraction cache',
          { operation: 'cache' },
          { cause: error },
        );
      }
    },
  };
}
