import type { StateItemType } from '../core/index.js';
import type { ReconcileAction } from './reconcile-candidates.js';

/** How a later statement relates to an item already on record. */
export type CalibrationLabel =
  /** The same item in other words. */
  | 'restated'
  /** A change of mind that replaces the earlier item, in explicit change language. */
  | 'supersedes'
  /** Same type, another topic altogether. */
  | 'unrelated'
  /** Same type and area, but a different item: neither a restatement nor a change. */
  | 'related-but-distinct';

/** Every label, in reporting order. */
export const CALIBRATION_LABELS: readonly CalibrationLabel[] = [
  'restated',
  'supersedes',
  'related-but-distinct',
  'unrelated',
];

/** What reconciliation should do with the later statement, per label. */
export const EXPECTED_ACTION: Readonly<Record<CalibrationLabel, ReconcileAction['kind']>> = {
  restated: 'merge',
  supersedes: 'supersede',
  'related-but-distinct': 'insert',
  unrelated: 'insert',
};

/** One labelled pair: an item on record and a later statement of the same type. */
export interface CalibrationPair {
  /** `<type>-<label>-<n>`, stable. */
  readonly id: string;
  readonly typeTag: StateItemType;
  readonly label: CalibrationLabel;
  /** The item already on record. */
  readonly earlier: string;
  /** The later statement, as an extractor would phrase the candidate. */
  readonly later: string;
}

type Row = readonly [earlier: string, later: string];

function group(
  typeTag: StateItemType,
  label: CalibrationLabel,
  rows: readonly Row[],
): CalibrationPair[] {
  return rows.map(([earlier, later], index) => ({
    id: `${typeTag}-${label}-${String(index + 1).padStart(2, '0')}`,
    typeTag,
    label,
    earlier,
    later,
  }));
}

/**
 * The labelled pairs the similarity thresholds are calibrated on (see
 * docs/decisions/2026-11-26-item-similarity-calibration.md): written for Verity across the five
 * item types and everyday work, family and travel topics, and taken from no benchmark. Tests of
 * reconciliation with a real model use other sentences.
 */
export const CALIBRATION_PAIRS: readonly CalibrationPair[] = [
  ...group('decision', 'restated', [
    ['Use Postgres for the billing service', 'The billing service will run on Postgres'],
    ['Go with Figma for the design handoff', 'Design handoff happens in Figma'],
    ['Launch the beta on June 3', "We're launching the beta on the 3rd of June"],
    ['Adopt trunk-based development', 'Everyone commits to trunk, no long-lived branches'],
    ["Host the family reunion at Grandma's house", "The reunion will be at Grandma's place"],
    ['Pay contractors monthly', 'Contractors get paid once a month'],
  ]),
  ...group('constraint', 'restated', [
    [
      'Keep the monthly cloud bill under $5,000',
      'Cloud spend must not exceed five thousand dollars a month',
    ],
    [
      'Only EU data centers may store customer data',
      'Customer data has to stay in European data centers',
    ],
    [
      'The kids must be in bed by 8:30 on school nights',
      'Bedtime on school nights is 8:30 at the latest',
    ],
    ['All passwords need at least 12 characters', 'Passwords must be 12 characters or longer'],
    ['Page load must stay below two seconds', 'Pages have to load in under 2 seconds'],
  ]),
  ...group('action', 'restated', [
    [
      'Send the signed contract to Dana by Friday',
      'Dana needs the signed contract from us before Friday',
    ],
    ['Renew the car insurance before it lapses', 'Remember to renew the auto insurance'],
    ['Write the release notes for version 2.4', 'Draft the 2.4 release notes'],
    ['Schedule the dentist appointment for Leo', 'Book Leo in with the dentist'],
  ]),
  ...group('question', 'restated', [
    [
      'Do we need a second on-call engineer on weekends?',
      'Should weekend on-call have two engineers?',
    ],
    ['What is the budget for the team offsite?', 'How much can we spend on the offsite?'],
    [
      'Which airport should we fly into for the Rome trip?',
      'Fly into Fiumicino or Ciampino for Rome?',
    ],
    ['Is the staging database backed up nightly?', 'Does staging get a nightly database backup?'],
  ]),
  ...group('risk', 'restated', [
    [
      'The certificate on the API gateway expires soon',
      "The API gateway's TLS cert is close to expiring",
    ],
    [
      'Rain could cancel the outdoor ceremony',
      'Bad weather might force us to call off the ceremony outside',
    ],
    ['The single database has no failover', 'There is no standby if the only database goes down'],
  ]),

  ...group('decision', 'supersedes', [
    [
      'Use MongoDB for the product catalog',
      'We switched the product catalog to Postgres instead of MongoDB',
    ],
    [
      'Host the marketing site on Vercel',
      'We moved the marketing site off Vercel and use Cloudflare Pages instead',
    ],
    ['Go with Stripe for payments', 'Payments switched to Adyen, Stripe is no longer used'],
    [
      'Ship releases every two weeks',
      'We switched to weekly releases instead of the two-week cadence',
    ],
    ['Use Jest for unit tests', 'We replaced Jest with Vitest for unit tests'],
    ['Hold the offsite in Lisbon', 'The offsite location changed to Porto instead of Lisbon'],
    ['Write the mobile app in React Native', 'We chose Flutter instead for the mobile app'],
    ['Keep the team standup at 9:30', 'Standup switched to 10:00, we no longer meet at 9:30'],
  ]),
  ...group('constraint', 'supersedes', [
    [
      'Every pull request needs two approvals',
      'We no longer require two approvals, one approval is enough now',
    ],
    ['Support Node 18 and newer', 'We switched the minimum to Node 20 instead of Node 18'],
    [
      'The API must stay under 100 requests per second per client',
      'The rate limit changed to 250 requests per second per client',
    ],
    ['No deploys after 4pm', 'The deploy cutoff changed to 6pm instead of 4pm'],
    [
      'All documents must be stored in SharePoint',
      'Documents now go to Google Drive instead of SharePoint',
    ],
  ]),
  ...group('action', 'supersedes', [
    [
      'Email the landlord about the broken heater',
      "Instead of emailing, I'll call the landlord about the heater",
    ],
    ['Book the venue for March 12', 'Switched the venue booking to March 19 instead of March 12'],
    [
      'Migrate the user table this weekend',
      'The user table migration changed to next weekend instead',
    ],
    ['Order the laptops from Dell', "We'll order the laptops from Lenovo instead of Dell"],
  ]),
  ...group('question', 'supersedes', [
    [
      'Should we hire a contractor for the redesign?',
      'Instead of a contractor, should we use an agency for the redesign?',
    ],
    ['Can we launch in April?', 'April is no longer possible, can we launch in May instead?'],
  ]),
  ...group('risk', 'supersedes', [
    [
      'The payment provider might throttle us during the sale',
      'Throttling is no longer a risk since we switched to a provider with higher limits',
    ],
    [
      'The vendor contract could lapse before renewal',
      'The vendor risk changed to pricing: they may raise prices at renewal instead',
    ],
    [
      'Hiring delays could push the launch',
      'Hiring is no longer the launch risk, the budget freeze is instead',
    ],
  ]),

  ...group('decision', 'related-but-distinct', [
    ['Use Postgres for the orders database', 'Use Kafka to stream order events'],
    ['Host the website on Netlify', 'Register the website domain with Namecheap'],
    ['Fly to Tokyo on United', 'Stay at a ryokan in Kyoto for two nights'],
    ['Use React for the admin dashboard', 'Use Tailwind for styling the admin dashboard'],
    ['Hire a second backend engineer this quarter', 'Hire a designer next quarter'],
    ['Release the iOS app in September', 'Release the Android app in October'],
  ]),
  ...group('constraint', 'related-but-distinct', [
    ['Test coverage must stay above 80 percent', 'Every public function needs a docstring'],
    ['Only admins can delete projects', 'Only admins can invite new members'],
    ['Screen time is limited to one hour on weekdays', 'No phones at the dinner table'],
    ['Data exports must be encrypted', 'Data exports must finish within an hour'],
    [
      'Expense reports need a receipt for anything over $25',
      'Travel must be booked through the company portal',
    ],
  ]),
  ...group('action', 'related-but-distinct', [
    ['Write unit tests for the payment module', 'Write documentation for the payment module'],
    ['Book flights to Lisbon for the conference', 'Book a hotel near the conference venue'],
    ['Email the client the revised quote', 'Email the client the project timeline'],
    ['Clean the garage on Saturday', 'Mow the lawn on Saturday'],
  ]),
  ...group('question', 'related-but-distinct', [
    [
      'Which database should the analytics service use?',
      'How long should analytics data be retained?',
    ],
    ['Should we offer a free tier?', 'Should we offer annual billing?'],
    ['When does the school term start?', 'When are the parent-teacher meetings?'],
    ['Who will present the demo to the client?', 'Where will the client demo take place?'],
  ]),
  ...group('risk', 'related-but-distinct', [
    [
      'The API gateway certificate may expire before renewal',
      'The API gateway could run out of memory under load',
    ],
    [
      'The flight connection in Frankfurt is tight',
      'Luggage could be lost on the connecting flight',
    ],
    ['The main supplier may raise prices', 'The main supplier may go out of business'],
  ]),

  ...group('decision', 'unrelated', [
    [
      'Use Terraform for the cloud infrastructure',
      "The kids' birthday party will be at the trampoline park",
    ],
    ['Adopt Kotlin for the Android app', 'Hold the board meeting in the Denver office'],
    ['Go with the blue logo variant', 'Pay the annual software licenses up front'],
    ['Publish the newsletter monthly', 'Use Grafana for the service dashboards'],
    ['Rent a minivan for the road trip', 'Standardize on English for code comments'],
    ['Buy the home insurance from the same broker', 'Run load tests before every major release'],
  ]),
  ...group('constraint', 'unrelated', [
    ['Keep API keys out of the repository', 'The grocery budget is 600 dollars a month'],
    ['Support screen readers on every page', 'No meetings on Wednesday afternoons'],
    ['Invoices must be paid within 30 days', 'The mobile app must work offline'],
    [
      'Only two people may have production database access',
      'Guests must leave the cabin by 11 on Sunday',
    ],
    ['Logs are kept for 90 days at most', 'The logo must always appear on a white background'],
  ]),
  ...group('action', 'unrelated', [
    ['Fix the flaky login test', 'Pick up the dry cleaning on Thursday'],
    ['Call the plumber about the leaking sink', 'Update the onboarding checklist for new hires'],
    ['Send the quarterly numbers to the investors', 'Replace the battery in the smoke alarm'],
    ["Review Maria's pull request on caching", 'Buy a birthday present for Sam'],
  ]),
  ...group('question', 'unrelated', [
    [
      'Can the office stay open during the holidays?',
      'Which charting library handles large datasets best?',
    ],
    ['Who owns the on-call rotation next month?', 'Is the hotel breakfast included?'],
    ['Do we need a visa for the trip to Vietnam?', 'Should the search index be rebuilt nightly?'],
    ['What time does the school play start?', 'How many seats does the analytics license include?'],
  ]),
  ...group('risk', 'unrelated', [
    ['The vendor may miss the hardware delivery date', 'Our only iOS developer is leaving in May'],
    [
      'Heavy snow could close the mountain pass',
      'The open-source license may not allow commercial use',
    ],
    [
      'Customer churn could rise after the price increase',
      'The roof might leak during the storm season',
    ],
  ]),
];
