import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { EngineError } from '../../core/index.js';

/** One delivered push: when, and the message that carries its buttons. */
interface SentEntry {
  readonly at: string;
  readonly message_id: number;
}

/**
 * What the bot has pushed, per chat and item (`<chat id>|<item key>`), kept in a JSON file beside
 * the store so that a restart pushes nothing twice. An item is recorded only after Telegram
 * accepted it, so a failed send stays unrecorded and is tried again on the next push.
 */
export interface SentLog {
  has(chatId: number, key: string): boolean;
  /** Records a delivery and writes the file (atomically: a temporary file, then a rename). */
  record(chatId: number, key: string, entry: SentEntry): Promise<void>;
}

/** Opens the log at `path` (an absent file is an empty log). */
export async function openSentLog(path: string): Promise<SentLog> {
  const entries = new Map<string, SentEntry>(Object.entries(await readEntries(path)));
  const slot = (chatId: number, key: string): string => `${chatId}|${key}`;
  return {
    has: (chatId, key) => entries.has(slot(chatId, key)),
    async record(chatId, key, entry) {
      entries.set(slot(chatId, key), entry);
      const sorted = Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : 1)));
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(`${path}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`, 'utf8');
        await rename(`${path}.tmp`, path);
      } catch (error: unknown) {
        throw new EngineError(
          'STORE_FAILED',
          'cannot write the telegram sent log',
          { path },
          {
            cause: error,
          },
        );
      }
    },
  };
}

async function readEntries(path: string): Promise<Record<string, SentEntry>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new EngineError(
      'STORE_FAILED',
      'cannot read the telegram sent log',
      { path },
      {
        cause: error,
      },
    );
  }
  try {
    return JSON.parse(text) as Record<string, SentEntry>;
  } catch (error: unknown) {
    throw new EngineError(
      'STORE_FAILED',
      'the telegram sent log is not JSON',
      { path },
      {
        cause: error,
      },
    );
  }
}
