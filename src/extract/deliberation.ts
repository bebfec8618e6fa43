/**
 * Phenomenon: an option being weighed is not a decision.
 *
 * "I'm thinking of moving to Porto", "we're toying with a week in Crete", "I'm interested in
 * trying the keto plan", "been mulling over a switch to the annual plan": a verb of considering
 * puts what follows among the speaker's options. Nothing is booked, chosen or true yet, so a
 * reading from the clause is hedged (kept tentative), never committed. The words are the verbs
 * and adjectives English uses to say that an option is under consideration (think of, consider,
 * contemplate, toy with, mull, weigh, debate, be tempted, be interested in, be open to, be on the
 * fence); "thinking about" and "considering" were already hedges of the intent classifier.
 * "Planning" is not here: a plan in progress is a plan.
 */
const DELIBERATION =
  /\b(?:thinking of|(?:toying|flirting) with(?: the idea of)?|contemplating|mulling(?: over)?|weighing(?: up)?|debating(?: whether)?|tempted (?:to|by)|(?:really |quite |very )?interested in|open to|on the fence about|entertaining the idea of)\s+\p{L}/iu;

/**
 * Whether a clause weighs an option rather than stating one ("I'm thinking of visiting Hoi An",
 * "we're tempted by a cabin in Tromsø"): its readings are hedged.
 */
export function deliberates(clause: string): boolean {
  return DELIBERATION.test(clause);
}
