import { sha256Hex } from './canonical-json.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for any RFC 9562 textual UUID. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * A deterministic UUID (version 8, RFC 9562 "custom") from the SHA-256 of its parts. Used for
 * events derived from other events, so that re-deriving never doubles evidence.
 */
export function deriveUuid(...parts: readonly string[]): string {
  const hex = sha256Hex(parts.join('\u001f'));
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80)
    .toString(16)
    .padStart(2, '0');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(18, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/**
 * A UUID version 7 from an instant and 10 random bytes supplied by the caller, so that the
 * function stays pure. Production `IdSource`s feed it from the clock and crypto.
 */
export function uuidV7(epochMs: number, random: Uint8Array): string {
  const bytes = new Uint8Array(16);
  let ms = Math.max(0, Math.floor(epochMs));
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  for (let i = 0; i < 10; i++) bytes[6 + i] = random[i] ?? 0;
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
