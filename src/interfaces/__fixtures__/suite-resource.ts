import { afterAll, beforeAll } from 'vitest';

/**
 * Opens a resource once for a test file (`beforeAll`) and closes it after the file (`afterAll`).
 * Returns an accessor that throws `outside` when called before the resource is open, e.g. at
 * collection time instead of inside a test.
 */
export function useSuiteResource<R>(
  open: () => Promise<R>,
  close: (resource: R) => Promise<void>,
  outside: string,
): () => R {
  let opened: R | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    if (opened !== undefined) await close(opened);
  });
  return () => {
    if (opened === undefined) throw new Error(outside);
    return opened;
  };
}

/**
 * An object whose `keys` read through to the current resource, so a test file can hold it at
 * module level and use its members inside tests.
 */
export function resourceView<R extends object, K extends keyof R>(
  current: () => R,
  keys: readonly K[],
): Pick<R, K> {
  const view = {} as Pick<R, K>;
  for (const key of keys) {
    Object.defineProperty(view, key, { enumerable: true, get: () => current()[key] });
  }
  return view;
}
