// Test helper: what a reader sees between the turns of the event loop while a write runs.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `write` while a reader takes `sample()` on every turn of the event loop, and gives what
 * `write` returned with the set of samples seen: a write done in one piece shows the reader its
 * state before or after, a write in chunks also the counts in between.
 */
export async function samplesDuring<T>(
  sample: () => Promise<number>,
  write: () => T | PromiseLike<T>,
): Promise<{ readonly result: T; readonly samples: ReadonlySet<number> }> {
  const samples = new Set<number>();
  let writing = true;
  const reader = (async () => {
    while (writing) {
      await nextTurn();
      samples.add(await sample());
    }
  })();
  try {
    return { result: await write(), samples };
  } finally {
    writing = false;
    await reader;
  }
}
