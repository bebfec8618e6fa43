/** The members of `T` outside `S` that are not methods returning a promise (they cannot wait). */
type NotDeferrable<T, S extends keyof T> = {
  [K in Exclude<keyof T, S>]-?: T[K] extends (...args: never[]) => Promise<unknown> ? never : K;
}[Exclude<keyof T, S>];

/** `ready`, or a type error naming the members that need a value now (list them in `S`). */
type ReadyMembers<T, S extends keyof T> = [NotDeferrable<T, S>] extends [never]
  ? Pick<T, S>
  : Pick<T, S> & { readonly membersThatCannotWait: NotDeferrable<T, S> };

/**
 * A capability object whose module loads on its first call: each method awaits `load()` (run
 * once, shared by every caller) and forwards its arguments to the loaded capability. `ready`
 * holds the members that are values or synchronous (they are answered without loading); every
 * other member must be a method returning a promise, which the type checks.
 *
 * The object is a proxy: its deferred methods are not own properties, so spreading it or listing
 * its keys shows only `ready`. It is not a thenable (`then` is undefined), so it can be returned
 * from an async function as it is. A failed load is not cached: the next call tries again.
 */
export function deferCapability<T extends object, S extends keyof T = never>(
  load: () => Promise<T>,
  ready: ReadyMembers<T, S>,
): T {
  let loaded: Promise<T> | null = null;
  const capability = (): Promise<T> => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const methodOf = (name: string) => {
    let method = methods.get(name);
    if (method === undefined) {
      method = async (...args: unknown[]) => {
        const target = (await capability()) as Record<string, unknown>;
        const member = target[name];
        if (typeof member !== 'function') {
          throw new TypeError(`${name} is not a method of the loaded capability`);
        }
        return member.apply(target, args);
      };
      methods.set(name, method);
    }
    return method;
  };
  return new Proxy({ ...ready } as object, {
    get(target, key, receiver) {
      if (Reflect.has(target, key)) return Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || key === 'then') return undefined;
      return methodOf(key);
    },
  }) as T;
}
