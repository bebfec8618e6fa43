/**
 * Phenomenon: a habit says how often, not where the speaker is now.
 *
 * "I've mostly been working from home these past weeks", "I usually stay home on Sundays", "we work from
 * home twice a week": an adverb of frequency or of a stretch of time makes the clause describe a
 * routine. It says nothing about whether the speaker is at home (or anywhere) at the moment of
 * speaking: a home reading from it is dropped, and a copular presence ("I'm in London most weeks
 * these days") is only weak. The words are the closed class of
 * English frequency adverbs and frequency phrases ("usually", "often", "a lot", "most days",
 * "twice a week", "on weekends", "these days"), not a list of sentences.
 */
const FREQUENCY =
  /\b(?:usually|normally|typically|generally|often|oftentimes|frequently|sometimes|occasionally|rarely|seldom|regularly|mostly|a lot|more often|less often|more and more|most (?:days|weeks|mornings|evenings|of the time)|(?:every|each) (?:other )?(?:day|night|week|weekend|month|year|morning|evening|summer|winter|spring|autumn|fall|christmas|easter|holiday|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:once|twice|\d+ times|two times|three times|a few times|several times) (?:a|per) (?:day|week|month)|on (?:weekends|weekdays|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)|these days|nowadays|lately|more than (?:usual|before))\b/i;

/** Whether a clause describes a routine ("I work from home a lot lately"), not the present moment. */
export function habitual(clause: string): boolean {
  return FREQUENCY.test(clause);
}
