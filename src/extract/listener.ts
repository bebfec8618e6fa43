import { chatWords } from './text.js';

/**
 * Phenomenon: a trip or plan owned by the listener is not the speaker's.
 *
 * "Enjoy your trip to Oslo!", "Hope you have a safe trip to Perth", "I hope your trip to Cairo
 * goes well": the journey belongs to "you" (the person addressed), so it says nothing about the
 * speaker's own plans. The owner is the nearest person word before the journey word in the same
 * stretch of the sentence (no comma, colon, semicolon between): a second-person one ("you",
 * "your", "you're", chat "u", "ur", "ya") makes it the listener's; a first-person one ("I", "my",
 * "we", "our") or a name keeps it the speaker's or that person's.
 */

const SECOND_PERSON = /^(?:you|your|yours|you're|youre|you've|you'll|u|ur|yr|ya|yourself)$/;
const FIRST_PERSON = /^(?:i|i'm|im|i've|i'll|i'd|me|my|we|we're|we've|we'll|our|us)$/;
/** How far back (in words) the owner of a journey word is looked for. */
const REACH = 6;

/**
 * Whether the journey word at `index` of `text` ("trip", "flying", "flight") belongs to the
 * listener: the nearest person word before it, within the same stretch and six words, is second
 * person.
 */
export function listenersAt(text: string, index: number): boolean {
  const before = text.slice(0, index);
  const stretch = before.slice(
    Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf(':')) + 1,
  );
  const words = chatWords(stretch);
  for (let k = words.length - 1; k >= Math.max(0, words.length - REACH); k--) {
    const word = words[k] ?? '';
    if (SECOND_PERSON.test(word)) return true;
    if (FIRST_PERSON.test(word)) return false;
  }
  return false;
}
