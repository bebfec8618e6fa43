/** Source of the current instant. Core code never reads the system clock itself. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** Source of fresh identifiers. Core code never draws randomness itself. */
export interface IdSource {
  /** A new RFC 9562 UUID (version 7 in production). */
  uuid(): string;
}

/** A clock pinned to one instant, for tests and for `--now`. */
export function fixedClock(epochMs: number): Clock {
  return { now: () => epochMs };
}
