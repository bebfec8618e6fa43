// Commander argument parsers shared by the command areas. Each returns the parsed value or throws
// commander's InvalidArgumentError, which commander reports as a usage error (exit 2).
import { InvalidArgumentError } from 'commander';

/** A repeatable option: each use appends its text. */
export function collect(text: string, previous: readonly string[] = []): readonly string[] {
  return [...previous, text];
}

/** `a, b or c`. */
function choices(values: readonly string[]): string {
  return values.length < 2
    ? values.join('')
    : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/**
 * Accepts one of `values`, compared after `normalise` (e.g. upper-casing), else "must be a, b or
 * c.".
 */
export function oneOf<const T extends string>(
  values: readonly T[],
  normalise: (text: string) => string = (text) => text,
): (text: string) => T {
  return (text) => {
    const found = values.find((value) => value === normalise(text));
    if (found === undefined) throw new InvalidArgumentError(`must be ${choices(values)}.`);
    return found;
  };
}

/**
 * Accepts a whole number from `min` to `max` written in digits only, else "must be `what` from
 * `min` to `max`." (`what` defaults to "a whole number").
 */
export function wholeNumber(
  min: number,
  max: number,
  what = 'a whole number',
): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) {
      throw new InvalidArgumentError(`must be ${what} from ${min} to ${max}.`);
    }
    return value;
  };
}
