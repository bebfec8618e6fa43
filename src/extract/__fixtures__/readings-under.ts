import type { KnownSlot } from '../types.js';
import { asReading, type MessageOptions, readMessage } from './read-chat.js';

/**
 * A reader of one message's observations on the fields under `prefix` ("financial."), as
 * `field=value (evidence)`; `known` (the slots on record) may be given per message.
 */
export function readingsUnder(
  prefix: string,
  options: MessageOptions = {},
): (text: string, known?: readonly KnownSlot[]) => string[] {
  return (text, known = options.known ?? []) =>
    readMessage(text, { ...options, known })
      .filter((o) => o.field.startsWith(prefix))
      .map(asReading);
}
