/** How a cited passage changed after a memory was written. */
export type DriftLabel =
  /** Same meaning: reworded or reformatted. The memory still holds. */
  | 'cosmetic'
  /** The facts changed: the memory no longer holds. */
  | 'meaningful';

/** A memory, the passage it cited when written, and the passage now. */
export interface DriftPair {
  readonly memory: string;
  readonly then: string;
  readonly now: string;
  readonly label: DriftLabel;
  /** For cosmetic pairs: whether only formatting changed (the words are the same). */
  readonly formattingOnly: boolean;
}

function pair(
  label: DriftLabel,
  memory: string,
  then: string,
  now: string,
  formattingOnly = false,
): DriftPair {
  return { memory, then, now, label, formattingOnly };
}

/**
 * Labelled pairs written for Verity (none from a benchmark), for calibrating the `memory_drift`
 * threshold and measuring both drift signals. Work, home, travel and health topics; each label
 * has 24 pairs; cosmetic pairs are half rewording, half formatting only.
 */
export const DRIFT_PAIRS: readonly DriftPair[] = [
  // Meaningful changes.
  pair(
    'meaningful',
    'The login bug is a blocker for the release.',
    'The login bug blocks the release.',
    'The login bug was fixed on Tuesday; the release is unblocked.',
  ),
  pair(
    'meaningful',
    'Dana owns the billing migration.',
    'Owner of the billing migration: Dana.',
    'Owner of the billing migration: Priya (Dana moved to the search team).',
  ),
  pair(
    'meaningful',
    'The launch is planned for March 14.',
    'Launch date: March 14.',
    'Launch date: moved to April 2 after the security review.',
  ),
  pair(
    'meaningful',
    'We use Postgres for the analytics store.',
    'Analytics data lives in Postgres.',
    'Analytics data moved to ClickHouse in May.',
  ),
  pair(
    'meaningful',
    'The offsite is in Lisbon.',
    'Team offsite venue: Lisbon, second week of June.',
    'Team offsite cancelled this year; we meet online instead.',
  ),
  pair(
    'meaningful',
    'The API rate limit is 100 requests per minute.',
    'Rate limit: 100 requests per minute per key.',
    'Rate limit: 500 requests per minute per key since v2.',
  ),
  pair(
    'meaningful',
    'Sam is allergic to peanuts.',
    'Allergies: Sam - peanuts.',
    'Allergies: Sam - none; the peanut test came back negative.',
  ),
  pair(
    'meaningful',
    'The kids have swimming on Wednesdays.',
    'Swimming lessons every Wednesday at 5pm.',
    'Swimming lessons stopped for the summer; they restart in September.',
  ),
  pair(
    'meaningful',
    'The car insurance renews in October.',
    'Car insurance renewal: October.',
    'Car insurance was switched to a monthly plan; no renewal date anymore.',
  ),
  pair(
    'meaningful',
    'The flight to Denver leaves at 8am.',
    'Flight UA 512 to Denver, departs 08:00.',
    'Flight UA 512 to Denver was cancelled; rebooked on UA 640 at 14:30.',
  ),
  pair(
    'meaningful',
    'The hotel in Kyoto is booked for five nights.',
    'Kyoto hotel: 5 nights, confirmed.',
    'Kyoto hotel: booking cancelled, looking for a ryokan instead.',
  ),
  pair(
    'meaningful',
    'The contract with Acme is still under negotiation.',
    'Acme contract: in negotiation, legal reviewing clause 7.',
    'Acme contract signed on June 3.',
  ),
  pair(
    'meaningful',
    'The design review is waiting on the accessibility audit.',
    'Design review blocked on the accessibility audit.',
    'Accessibility audit done; design review approved.',
  ),
  pair(
    'meaningful',
    'Our budget for the project is 40k.',
    'Project budget: 40,000 EUR.',
    'Project budget cut to 25,000 EUR in the Q3 review.',
  ),
  pair(
    'meaningful',
    'The on-call rotation is weekly.',
    'On-call rotates every week on Monday.',
    'On-call now rotates every two weeks, handover on Thursday.',
  ),
  pair(
    'meaningful',
    'The mobile app supports iOS 15 and later.',
    'Minimum iOS version: 15.',
    'Minimum iOS version raised to 17.',
  ),
  pair(
    'meaningful',
    'Grandma is staying with us in August.',
    'Grandma visits for all of August.',
    'Grandma will not visit this summer; her surgery was moved.',
  ),
  pair(
    'meaningful',
    'The dentist appointment is on the 12th.',
    'Dentist: the 12th at 10:30.',
    'Dentist appointment cancelled by the clinic; needs a new date.',
  ),
  pair(
    'meaningful',
    'The feature flag for search v2 is off in production.',
    'search_v2 flag: off in prod, on in staging.',
    'search_v2 flag: on in production for all users.',
  ),
  pair(
    'meaningful',
    'We are hiring two backend engineers.',
    'Open roles: two backend engineers.',
    'Hiring freeze: the backend roles are closed.',
  ),
  pair(
    'meaningful',
    'The lease on the flat ends in December.',
    'Flat lease ends December 31.',
    'Lease extended by one year, now ends next December.',
  ),
  pair(
    'meaningful',
    'Max takes his medication in the morning.',
    'Max: medication at breakfast.',
    'Max: medication stopped by the doctor in May.',
  ),
  pair(
    'meaningful',
    'The data export job runs nightly.',
    'Export job schedule: every night at 02:00.',
    'Export job retired; exports are now on demand only.',
  ),
  pair('meaningful', 'X is a blocker in the test project.', 'X is a blocker.', 'X was resolved.'),
  // Cosmetic: rewording.
  pair(
    'cosmetic',
    'The login bug is a blocker for the release.',
    'The login bug blocks the release.',
    'The release is blocked by the login bug.',
  ),
  pair(
    'cosmetic',
    'Dana owns the billing migration.',
    'Owner of the billing migration: Dana.',
    'Dana is responsible for migrating billing.',
  ),
  pair(
    'cosmetic',
    'The launch is planned for March 14.',
    'Launch date: March 14.',
    'We plan to launch on the 14th of March.',
  ),
  pair(
    'cosmetic',
    'We use Postgres for the analytics store.',
    'Analytics data lives in Postgres.',
    'Postgres is where we keep analytics data.',
  ),
  pair(
    'cosmetic',
    'The offsite is in Lisbon.',
    'Team offsite venue: Lisbon, second week of June.',
    'The team meets in Lisbon for the offsite in the second week of June.',
  ),
  pair(
    'cosmetic',
    'Sam is allergic to peanuts.',
    'Allergies: Sam - peanuts.',
    'Sam has a peanut allergy.',
  ),
  pair(
    'cosmetic',
    'The flight to Denver leaves at 8am.',
    'Flight UA 512 to Denver, departs 08:00.',
    'UA 512 departs for Denver at 8 in the morning.',
  ),
  pair(
    'cosmetic',
    'The contract with Acme is still under negotiation.',
    'Acme contract: in negotiation, legal reviewing clause 7.',
    'Still negotiating the Acme contract; legal is looking at clause 7.',
  ),
  pair(
    'cosmetic',
    'Our budget for the project is 40k.',
    'Project budget: 40,000 EUR.',
    'The project has a budget of forty thousand euros.',
  ),
  pair(
    'cosmetic',
    'We are hiring two backend engineers.',
    'Open roles: two backend engineers.',
    'We have two open backend engineering positions.',
  ),
  pair(
    'cosmetic',
    'The data export job runs nightly.',
    'Export job schedule: every night at 02:00.',
    'Every night at 2am the export job runs.',
  ),
  pair('cosmetic', 'X is a blocker in the test project.', 'X is a blocker.', 'X is blocking us.'),
  // Cosmetic: formatting only.
  pair(
    'cosmetic',
    'The API rate limit is 100 requests per minute.',
    'Rate limit: 100 requests per minute per key.',
    '**Rate limit:** 100 requests per minute per key.',
    true,
  ),
  pair(
    'cosmetic',
    'The kids have swimming on Wednesdays.',
    'Swimming lessons every Wednesday at 5pm.',
    '- Swimming lessons every Wednesday at 5pm',
    true,
  ),
  pair(
    'cosmetic',
    'The car insurance renews in October.',
    'Car insurance renewal: October.',
    '> Car insurance renewal: *October*.',
    true,
  ),
  pair(
    'cosmetic',
    'The hotel in Kyoto is booked for five nights.',
    'Kyoto hotel: 5 nights, confirmed.',
    '1. Kyoto hotel: 5 nights, confirmed.',
    true,
  ),
  pair(
    'cosmetic',
    'The design review is waiting on the accessibility audit.',
    'Design review blocked on the accessibility audit.',
    'Design review blocked on the\naccessibility audit.',
    true,
  ),
  pair(
    'cosmetic',
    'The on-call rotation is weekly.',
    'On-call rotates every week on Monday.',
    'On-call rotates every week on `Monday`.',
    true,
  ),
  pair(
    'cosmetic',
    'The mobile app supports iOS 15 and later.',
    'Minimum iOS version: 15.',
    '| Minimum iOS version: 15. |',
    true,
  ),
  pair(
    'cosmetic',
    'Grandma is staying with us in August.',
    'Grandma visits for all of August.',
    '* Grandma visits for all of **August**.',
    true,
  ),
  pair(
    'cosmetic',
    'The dentist appointment is on the 12th.',
    'Dentist: the 12th at 10:30.',
    '- [ ] Dentist: the 12th at 10:30.',
    true,
  ),
  pair(
    'cosmetic',
    'The feature flag for search v2 is off in production.',
    'search_v2 flag: off in prod, on in staging.',
    '`search_v2` flag: off in prod, on in staging.',
    true,
  ),
  pair(
    'cosmetic',
    'The lease on the flat ends in December.',
    'Flat lease ends December 31.',
    '_Flat lease ends December 31._',
    true,
  ),
  pair(
    'cosmetic',
    'Max takes his medication in the morning.',
    'Max: medication at breakfast.',
    '- Max:   medication at breakfast.',
    true,
  ),
];
