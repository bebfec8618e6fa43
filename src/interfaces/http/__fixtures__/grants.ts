import type { Scope, TokenGrant } from '../auth.js';
import { hashToken } from '../index.js';

/** A config token grant for `token` (stored hashed), limited to `entities` when given. */
export function grant(
  name: string,
  token: string,
  scopes: readonly Scope[],
  entities?: readonly string[],
): TokenGrant {
  return {
    name,
    sha256: hashToken(token),
    scopes,
    ...(entities === undefined ? {} : { entities }),
  };
}

/** The usual pair: `alex` (read, write, review on user:alex only) and `reader` (read anywhere). */
export function alexAndReader(alex: string, reader: string): TokenGrant[] {
  return [
    grant('alex', alex, ['read', 'write', 'review'], ['user:alex']),
    grant('reader', reader, ['read']),
  ];
}
