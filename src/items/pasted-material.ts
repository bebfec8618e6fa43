// Pasted material in a user's message (issue #10 §7): an article, search results, a story or a
// document handed to the assistant to work on. Its "must", "only" and "can cause" are the
// material's, not a decision, limit or risk of anyone in the conversation.

/** Words by which a sentence names a party of the conversation: the speaker, "we", the addressee. */
const PARTY_WORD =
  /\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|we'll|us|our|ours|you|you're|you've|you'll|your|yours)\b/;

/** Words a message must run to before it can be mostly material (a chat turn is shorter). */
export const MATERIAL_MIN_WORDS = 150;

/** The share of sentences naming a party below which a long message is mostly material. */
const OWN_SHARE = 1 / 3;

function namesAParty(sentence: string): boolean {
  return PARTY_WORD.test(sentence.toLowerCase().replace(/[\u2018\u2019]/g, "'"));
}

/**
 * Which of a user message's sentences are material rather than the speaker's own words: none in
 * a message shorter than `MATERIAL_MIN_WORDS`, or in one where at least a third of the sentences
 * name a party (a long message about one's own plans); otherwise the sentences that name no party
 * ("It must treat hospitals as a resource", "Only the government knows…"). Sentences naming the
 * speaker or addressee ("please give me tags for this", "my budget is $2,000") stay the speaker's.
 */
export function materialSentences(sentences: readonly string[]): ReadonlySet<number> {
  const words = sentences.reduce((sum, s) => sum + s.split(/\s+/).filter(Boolean).length, 0);
  if (words < MATERIAL_MIN_WORDS) return new Set();
  const own = sentences.map(namesAParty);
  if (own.filter(Boolean).length >= sentences.length * OWN_SHARE) return new Set();
  return new Set(own.flatMap((named, index) => (named ? [] : [index])));
}
