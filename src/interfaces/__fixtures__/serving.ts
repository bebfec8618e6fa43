import { type Engine, startBackgroundJobs } from '../../engine/index.js';

/**
 * Runs `fn` while the durable jobs `verity serve` runs are started for `engine`, and stops them
 * after, whether `fn` passes or throws.
 */
export async function whileServing<T>(engine: Engine, fn: () => Promise<T>): Promise<T> {
  const jobs = await startBackgroundJobs(engine);
  try {
    return await fn();
  } finally {
    await jobs.stop();
  }
}
