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

/**
 * Checks `condition` every 50 ms until it holds or `timeoutMs` has passed, for work a background
 * job or a child process finishes on its own. It never fails: the test asserts the outcome after.
 */
export async function pollUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
