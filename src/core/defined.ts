/**
 * `{ [key]: value }` when `value` is defined, else `{}`: spread into an options object so that an
 * absent value leaves the property out (exact optional properties) and the callee's default holds.
 */
export function defined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
