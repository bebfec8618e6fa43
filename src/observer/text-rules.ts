/**
 * The sentence-level cues of the offline observer. They are general English cues (modal verbs,
 * decision verbs, problem words), not phrases from any benchmark; see
 * docs/decisions/2026-11-26-observer-rules.md.
 */
import { LAUGHTER } from '../extract/index.js';
import {
  analyseClause,
  findAmounts,
  HEARSAY,
  isGaugeReading,
  isVocabularyWord,
  RELATIONAL_NOUN,
  SAYING_VERB,
  SUPPOSITION,
  splitClauses,
} from '../language/index.js';

/** Removes what the observer never reads: fenced code, shell prompts, indented output. */
export function stripNonProse(text: string): string {
  const withoutFences = text.replace(/```[\s\S]*?(```|$)/g, '\n');
  return (
    withoutFences
      .split(/\r?\n/)
      // "# comment" and "#!" are shell; "#labeling" opening a line is a channel or a tag.
      .filter((line) => !/^\s*(\$|#(?:[\s!#]|$)|>>>|PS>|\s{4,}\S)/.test(line))
      .join('\n')
  );
}

/** Splits prose into sentences, keeping versions (3.4.1), hosts and paths intact. */
export function splitSentences(text: string): string[] {
  return (
    text
      // People who type in lower case end sentences too ("then. thanks for the fix"); an
      // abbreviation ("e.g. this", "approx. 5", "st. john's", "dr. okafor") or a lone initial
      // does not end one.
      .split(
        /(?<=[.!?])(?<!\b(?:e\.g|i\.e|etc|vs|approx|ca|incl|fig|st|dr|mr|mrs|ms|mt|prof|jr|sr|[a-z])\.)\s+(?=[a-zA-Z0-9`"'(@/])|\n+/i,
      )
      .map((s) => s.trim())
      .filter((s) => s !== '')
  );
}

// "No" and "nope" are interjections only when punctuated ("No, we dropped that") or before a
// pronoun ("no we don't"); "No quotas" and "No comments on the blog" keep their negation.
const LEADING_INTERJECTION =
  /^(?:(?:(?:thanks|thx|ty|ugh|wtf|jeez|damn|lol|yes|yeah|yep|ok(?:ay)?|right|sure|good|great|nice|fine|also|and|but|so|then|well|hmm+|ah|oh|note|important|fyi|heads up)\b[,:!.]?|(?:no|nope)(?:[,:!.]|(?=\s+(?:we|i|it|that|this|you|they|the|just|not)\b)))\s+)+/i;

// A short reply set off by a dash or semicolon ("Not yet — nothing ships without a ticket"): the
// clause after it carries the statement.
const SHORT_RESPONSE =
  /^(?:not (?:yet|now|today)|no|nope|nah|maybe later|later)\s*[—–;:]\s*(?=(?:\S+\s+){3}\S)/i;

/** Drops leading interjections ("Yes, ", "Note: ") so the clause that carries the fact remains. */
export function trimInterjection(sentence: string): string {
  const trimmed = sentence.replace(LEADING_INTERJECTION, '').replace(SHORT_RESPONSE, '');
  if (trimmed === '') return sentence;
  // Identifiers keep their case ("docs.acme.dev stays"); plain words start the sentence.
  return /^[a-z]+\b(?![./@_-])/.test(trimmed)
    ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
    : trimmed;
}

// A log level named as a setting ("level to warn", "info level", "log level: debug").
const LOG_LEVEL =
  /\blog(?:s|ged|ging)?\s+(?:at|to|in)\s+`?(?:trace|debug|info|notice|warn(?:ing)?|error|fatal)\b|\blevel\b\s*(?:to|at|of|is|=|:)?\s*`?(?:trace|debug|info|notice|warn(?:ing)?|error|fatal|critical)\b|\b(?:trace|debug|info|notice|warn(?:ing)?|error|fatal|critical)[- ](?:level|logs?|and above)\b/i;

const SPECIFIC_PATTERNS: readonly RegExp[] = [
  /`[^`]+`/, // quoted code or command
  /\b\d+(\.\d+){1,3}\b/, // versions, addresses
  /\b\d{2,}\b/, // ports, limits, counts
  /\b\d+(?::\d+)+\b/, // times and ratios: "02:00", "1:5:5"
  /\b\d+\s?(ms|s|m|h|d|k|gi|mi|ti|gb|mb|kb|tb|%|minutes?|hours?|days?|weeks?|months?|seconds?)\b/i,
  /\b\d+\s+[a-z]+s\b/i, // a count of something: "8 workers", "5 retries", "3 replicas"
  LOG_LEVEL,
  /[\w.-]+\/[\w./-]+/, // paths, URLs, package scopes
  /\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b/i, // kebab/snake identifiers
  /\b[\w-]+\.(ts|js|kt|md|py|json|ya?ml|toml|conf|sh|sql|rb|go|rs|ini|lock|spec\.ts)\b/i,
  /\b[a-z]+\.[a-z]{2,}(\.[a-z]{2,})?\b/, // hosts
  /\b[A-Z][A-Z0-9_]{2,}\b/, // constants, env vars
  /\b[A-Z][a-z]+[A-Z]\w*\b/, // CamelCase product names
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|nightly|daily|weekly)\b/i,
  /\b(v\d+|p=\w+|[a-z]+=\w+)\b/i,
  /(?:^|\s)#[a-z][\w-]+/i, // chat channels and tags: "#labeling", "#ops-alerts"
  /(?<=\S\s+)\p{Lu}\p{Ll}+\s+\p{Lu}\p{L}+/u, // a multi-word name after the first word ("Noto Sans", "Ní Bhriain")
];

/** True when a sentence names something exact: a path, version, port, identifier or value. */
export function hasSpecifics(sentence: string): boolean {
  return SPECIFIC_PATTERNS.some((p) => p.test(sentence));
}

// How often something happens ("once a quarter", "twice a week", "fortnightly", "every other
// day"): a value a standing instruction holds. A bare "every morning" stays a manner of speech.
const FREQUENCY =
  /\b(?:once|twice|three times|\d+ times) (?:a|an|per|every) (?:day|week|month|quarter|year|sprint|release|hour)\b|\b(?:quarterly|annually|yearly|biweekly|bimonthly|fortnightly|semi-annually)\b|\bevery (?:other|second) (?:day|week|month|quarter|year|sprint|release)\b/i;

const VALUE_PATTERNS: readonly RegExp[] = [
  FREQUENCY,
  /`[^`]+`/, // a quoted value
  /\d/, // numbers: ports, sizes, limits, counts, versions, times
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?|nightly|daily|weekly|monthly|hourly|midnight|noon)s?\b/i,
  /\b(january|february|march|april|june|july|august|september|october|november|december)\b/i,
  LOG_LEVEL,
];

/**
 * True when a sentence carries a value a setting could hold: a number (port, size, limit, count,
 * version, time), a quoted value, a day or period, or a log level. Names alone (a service, a
 * product) are specifics but not values.
 */
export function hasValue(sentence: string): boolean {
  return VALUE_PATTERNS.some((p) => p.test(sentence));
}

const CHATTER =
  /^(ok(ay)?|k|thanks?|thank you|thx|ty|cheers|cool|nice|great|perfect|alright|good( night| morning)?|morning|bye|see you|talk later|brb|lol|haha|ugh|hmm+|yes|no|sure|got it|noted|done|understood|will do|looks (good|fine|right)|sounds good|that'?s (bad|all|it)|good catch|switching gears|different topic|other thing|unrelated|quick one)\b/i;

// Thanks that praise the listener for the speaker's day ("you've saved my Sunday", "you made my
// week", "you rescued my evening"): the day named is the thanks, not a date to keep. Not what the
// listener saved ("you saved my settings in config.yaml").
const THANKS_FOR_MY_DAY =
  /^(?:(?:thanks?|thank you|thx|ty|cheers|ta|honestly|wow|omg)(?:\s+(?:so much|a lot|again|loads))?[,!.]*\s+)*you(?:'ve| have)?\s+(?:just\s+|totally\s+|literally\s+|really\s+)?(?:saved|made|rescued)\s+my\s+(?:whole\s+|entire\s+)?(?:day|week|weekend|morning|afternoon|evening|night|life|bacon|sanity|skin|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b(?:[\s!.,🙏😊🥹]|❤\uFE0F?)*$/iu;

/** Greetings, thanks and acknowledgements with nothing specific in them. */
export function isChatter(sentence: string): boolean {
  const words = sentence.split(/\s+/).filter((w) => w !== '');
  if (THANKS_FOR_MY_DAY.test(sentence)) return true;
  if (words.length <= 2 && !hasSpecifics(sentence)) return true;
  return CHATTER.test(sentence) && words.length <= 6 && !hasSpecifics(sentence);
}

const QUESTION_START =
  /^(what|why|how|when|where|which|who|whose|is|are|am|do|does|did|can|could|should|would|will|shall|have|has|any idea)\b/i;

// An auxiliary opening a sentence, followed at once by "be", "to" or a preposition of place.
const SUBJECT_DROPPED =
  /^(?:is|are|was|were|will|has|have)\s+(?:be|been|to|on|in|at|under|behind|inside|next to)\s/i;

/** A question (asked, not asserted). */
export function isQuestion(sentence: string): boolean {
  if (/\?\s*$/.test(sentence)) return true;
  // "Do both", "Do that first": an instruction, not a question without its mark.
  if (/^do (both|all|that|this|them|nothing)\b/i.test(sentence)) return false;
  // "do a dry run first": an instruction naming what to do, not "do you …".
  if (/^do\s+[\w.-]*[_\d]/i.test(sentence)) return false;
  // "Do a full backup every Friday": an article after "do" opens an instruction.
  if (/^do\s+(?:a|an)\s/i.test(sentence) && !/\?\s*$/.test(sentence)) return false;
  // "When two rows clash, the newer one wins": a clause of time or place, then the
  // main clause; "What we want is a weekly digest": what the speaker wants, then what it is.
  if (
    /^(?:when|where)\s+(?!(?:is|are|was|were|do|does|did|can|could|should|would|will)\b)[^,?]{3,},\s*\S/i.test(
      sentence,
    )
  )
    return false;
  if (/^what\s+(?:i|we|you|they|he|she)(?:'d|'m|'re)?\b[^?]*?\s(?:is|was)\s/i.test(sentence))
    return false;
  // rules@34: "Is on a VPS in Hetzner", "Will be ready by Friday", "Has to go out before the
  // audit": an auxiliary with no subject after it is a statement whose subject was dropped, as
  // writers in a hurry or in a second language do; a question puts its subject there ("Is it on
  // a VPS?").
  if (SUBJECT_DROPPED.test(sentence)) return false;
  return QUESTION_START.test(sentence) && !/\.\s*$/.test(sentence);
}

const HEDGE =
  /\boptions? (are|is|include)\b|\beither\b.+\bor\b|\bnot\b[^.]*\byet\b|\b(not decided|undecided|haven'?t decided|tbd|to be decided|something about|something like|or something|maybe|perhaps|might|someday|some day|later|not (yet|now|today|needed)|for now|let me think|next sprint|worth considering|could (we|you)|consider|not sure|i guess|probably|thinking (?:we|of|about|that)|i'?m thinking|(?:i|we) (?:was|were) thinking|tempted|considering|toying with|back and forth|seems?|kind of|sort of|feels like|idk|dunno|no idea)\b|^thinking\b/i;

/** Tentative, deferred or speculative statements (ephemeral at most). */
export function isHedged(sentence: string): boolean {
  return HEDGE.test(sentence);
}

const RULE =
  /\b(always|never|must|must not|mustn't|nobody|no one|only from|from now on|every \w+ (ships?|needs?|must|has to)|at all times|should|shouldn't|should not|required|mandatory|banned|forbidden|not allowed|off-limits|only (?:after|via|through|with|from|on)|nothing\b.*\bwithout)\b|^nothing (?:\w+ ){0,2}(?:gets|goes|sends|runs|ships|merges|changes|deploys)\b|^no \w+.*\b(?:ever|anywhere|at all)\b|^(?:everyone|everybody) \w+s\b|\b(?:we|you|nobody) (?:can'?t|cannot|cant|may not) (?:touch|change|modify|deploy|restart|use|run|delete|remove|push|merge|ship|edit|share|send)\b|^if\b.*\bfails?\b.*\b(?:goes|go|gets|get|is|are) (?:to|into|on)\b/i;
// "rule", "policy", "convention" make a rule of a statement ("Attendance rule: …", "our policy is
// …"), not of a topic line ("Windows patching policy for the fleet").
const RULE_NOUN = /\b(rule|policy|convention)\b/i;
// A task the session starts on ("need a cost review of …", "I need a rota for the volunteers", "need
// to rethink on-call"): what is being worked on, not a standing fact.
const REQUEST =
  /^(?:(?:i|we)\s+)?(?:really\s+)?(?:need|want|would like)\s+(?:a|an|some|help|to (?:rethink|figure out|sort out|plan|review|look at|work out|redo|clean up|debug|fix|understand|decide))\b/i;
// Something someone did once ("He rotated the token", "I moved it friday", "we tried that"):
// an event, not a standing fact — unless it is a decision ("we switched to …").
const PAST_EVENT =
  /^(?:he|she|they|i|someone|somebody|\w+ (?:just|already))\s+(?:just\s+|already\s+)?\w{3,}ed\b|^we\s+(?:just\s+)?tried\b|(?:\b\w{3,}ed|^\w+\s+(?:reset|ran|broke|took|made|put|cut|wrote|sent|gave|got|did))\b[^.]*\b(?:on|last) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b(?!s)/i;
// A topic line opening a session: "naming convention for the s3 buckets", "backup plan for the nas".
const TOPIC =
  /^(?:[\w-]+\s+){0,3}(?:policy|convention|rules?|plan|strategy|setup|review|process)\s+for\b/i;
// "No refunds after 30 days", "No tabs in the config", "no meetings on fridays": a thing ruled
// out for a scope. Not "no luck on …", "no idea", "no rush", "no errors in the log" (states).
const NO_RULE =
  /^no (?!(?:luck|idea|clue|worries|rush|problem|change|difference|sign|response|reply|errors?|news|time|need|thanks|way|one|further)\b)[\w-]+(?: [\w-]+)? (?:in|on|for|at|during|before|after|from|to|without|until|unless|outside)\b/i;
// A responsibility held by a named person, titled or not: "Priya signs off the payroll", "Omar
// approves refunds", "Dr Amadi does all the school medicals", "Mrs Lowe looks after the accounts".
const DUTY =
  /(?:^|,\s*|\b(?:and|but)\s+)(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?(?!(?:The|A|An|This|That|Our|Your|My|Their|Its|These|Those|Every|Each|All|Some|No|Who|It|He|She|They)\b)[A-Z][a-z]+ (?:schedules|approves|signs|handles|manages|reviews|books|maintains|decides|runs|orders|pays|does (?:all|the|our|every)|looks after|takes care of|covers|teaches)\b/;
// What an outside party requires: "the funder wants receipts attached", "the landlord requires 3
// months' notice", "he wants a 20 % deposit" (rules@13: he/she too, never a moment, nor a price
// asked once: `asksOnce`).
// An outside party the speaker deals with for a service: who sets terms, and who holds a lasting
// place in the speaker's affairs ("Bank is Nationwide", "Registrar is gandi").
const PARTY =
  'accountant|lawyer|solicitor|funder|client|customer|landlord|bank|school|council|city|insurer|insurance|vendor|supplier|provider|registrar|host|agency|publisher|venue|auditor';
const THEIR_TERMS = new RegExp(
  `^(?:they|he|she|(?:the|my|our) (?:${PARTY})s?) (?:want|wants|require|requires|need|needs|ask for|asks for|expect|expects|insist on|insists on)\\b`,
  'i',
);
// "He wants 500 for the bike", "our accountant wants 300 euros for the return", "she wants 5
// figures by Friday": someone's price, claim or one delivery, asked once, unless it is a rate or a
// standing term ("60 EUR per lesson", "every invoice"). The same parties as `THEIR_TERMS`.
const WANTS = new RegExp(
  `^(?:they|he|she|(?:the|my|our) (?:${PARTY})s?) (?:want|wants|ask for|asks for|expect|expects)\\b`,
  'i',
);
// A deadline that makes a request one delivery: "by Friday", "by the 12th", "by end of week".
const BY_WHEN =
  /\bby\s+(?:today|tonight|tomorrow|(?:next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|the\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\b|end of (?:the )?(?:day|week|month))/i;
const RATE =
  /\b(?:per|a|an|each|every)\s+(?:hour|day|week|month|year|lesson|session|night|visit|job|word|page)\b/i;
// A sum named in words ("40 pounds", "25 dollars"); symbols and codes are findAmounts' own.
const MONEY_WORD =
  /^\s*(?:euros?|dollars?|pounds?|quid|bucks|francs?|rand|rupees?|yen|kronor|kroner|zloty)\b/i;
function asksOnce(sentence: string): boolean {
  if (!WANTS.test(sentence) || RATE.test(sentence) || LASTING.test(sentence)) return false;
  const priced = findAmounts(sentence).some((a) => {
    const after = sentence.slice(a.end);
    return (
      a.currency || MONEY_WORD.test(after) || /^\s+for\s+(?:the|a|an|his|her|their)\b/i.test(after)
    );
  });
  return priced || (BY_WHEN.test(sentence) && /\d/.test(sentence));
}
// A polite request that is standing: "can you keep this as a checklist whenever I bring up the move".
const STANDING_REQUEST =
  /^(?:can|could|would) you\b.*\b(?:always|whenever (?:i|we|you|someone|anyone|there|a|an|the|it|they)|every time|each time|from now on|going forward)\b/i;
// An observed state: "an hour without a restart", "zero errors since the fix". Not "no restarts allowed".
const STATUS =
  /\b(?:no|zero|0) (?:drops|errors|crashes|issues|problems|failures|timeouts|alerts|complaints|rebalances|restarts|disconnects|incidents)\b(?! (?:allowed|ever|in prod))/i;
// An alarm that goes off or sounds is a problem, even though "alerts" with a number is usually a
// setting: "the UPS keeps beeping", "the siren started wailing", "the alarm went off".
const ALARMING =
  /\b(?:going|goes|went) off\b|\b(?:keeps?|kept|started|starts|is|are|was|were)\s+(?:firing|beeping|chirping|screaming|wailing|sounding|ringing|blaring|buzzing)\b/i;
// The speaker's obligation: "I must", "I should", "gotta", "I've got to" (one home for the cue).
const OBLIGED = String.raw`(?:really\s+|just\s+)?(?:should|must|need to|have to|gotta|got to|'ve got to|have got to)`;
const SPEAKER = "(?:i|im|i'm|i am)";
// "I should sleep", "I must leave": the speaker's own moment, not a rule.
const OWN_MOMENT = new RegExp(String.raw`^${SPEAKER}\s+${OBLIGED}\b`, 'i');
// The speaker leaving or turning to something else now, in any clause: "…, I must sleep", "gotta
// go", "off to teach", "now I go open the shop", "back to work", "standup in 5", "my 4pm call is
// starting". What the speaker does next is the moment, not a memory; a durable clause beside it is
// still read on its own (`passingClauses`). Not an obligation that stands ("I must always …",
// "every …", "on Mondays", "instead of …"), nor one whose object lasts (`OBLIGED_NOW`).
const CLAUSE_OPEN = String.raw`(?:^|[,;:—–]\s*|\b(?:and|so|but|then)\s+)(?:(?:ok(?:ay)?|right|anyway|well|now|so)[,\s]+)*`;
// "Gotta run" leaves; "I need to run the backups" does a task.
const LEAVE_VERB = String.raw`(?:go|run(?!\s+(?:the|a|an|my|our|your|their|this|that|these|those|it|them)\b)|dash|fly|leave|sleep|head off|log off|sign off)\b`;
const LEAVING = new RegExp(
  [
    String.raw`${CLAUSE_OPEN}(?:${SPEAKER}\s+)?${OBLIGED}\s+${LEAVE_VERB}`,
    String.raw`${CLAUSE_OPEN}(?:i'?m\s+|im\s+)?off to (?:bed|work|sleep|lunch|dinner|class|school|the gym|teach|open|cook|eat|pick|get|make|walk|feed|do|grab|catch|start|finish|shower)\b`,
    String.raw`\bnow\b[^,;]*\bi go\b|\bi go\b[^,;]*\bnow\b`,
    String.raw`${CLAUSE_OPEN}back to (?:actual\s+|real\s+)?work\b`,
    // Turning to someone else before deciding: "hold on, let me ask the board first".
    String.raw`${CLAUSE_OPEN}(?:hold on|wait|hang on)?[,\s]*let me (?:ask|check with|run (?:it|this|that) (?:by|past)|confirm with|talk to)\s+\S`,
    String.raw`${CLAUSE_OPEN}(?:(?:it'?s|its)\s+)?time for (?:a |my |some |an early )?(?:cuppa|coffee|tea|break|lunch|dinner|tea break|nap|bed|walk)\b`,
    String.raw`\b(?:standup|stand-up|meeting|call|class|lesson|lecture|shift|appointment)\s+(?:in\s+\d+|is starting|starts now)\b`,
  ].join('|'),
  'i',
);
// "Now I must X", "I have to X now": the obligation is the moment's ("I must pay the committee
// before 1 October" is not), unless X is a standing instruction ("use yarn for all repos", "run
// the backups with --verify") rather than an errand ("feed the goats", "catch the 18:10 bus").
const OBLIGED_NOW = new RegExp(
  String.raw`\bnow,?\s+${SPEAKER}\s+${OBLIGED}\s+([^,;]*)|\b${SPEAKER}\s+${OBLIGED}\s+([^,;]*?)\s*\bnow\b`,
  'i',
);
// Someone else's advice to the speaker ("my friend says I should switch to Trados", "Dougie
// reckons we could go for 3:45", "my mentor says we should always label the cables"): an option
// put to them, not what they decided, even when the advice is for always: a rule needs the speaker
// to make it or adopt it ("ok, from now on …", said on its own). An obligation or a rule passed on
// ("the landlord says we must give notice", "the dentist says never after 7pm") keeps its
// reading. The verbs of saying are the language lexicon's; the verbs of advising are added here.
const ADVISED = new RegExp(
  String.raw`(?:${SAYING_VERB.pattern.source}|\bsuggest(?:s|ed)\b)\s+(?:that\s+)?(?:i|we|you)\s+(?:should|could|might|ought to)\b`,
  'i',
);
// Someone with authority over the speaker's work: their standing advice ("my boss says you should
// always cc her") is a rule the speaker keeps, not an option put to them.
const AUTHORITY =
  /^(?:my|our)\s+(?:line\s+)?(?:boss|manager|supervisor|director|editor|headteacher|head teacher|principal|team lead|ceo|employer)\b/i;
// What stands: "always", "never", "every", "from now on".
const STANDING_WORD = /\b(?:always|never|every|each|whenever|from now on|by default)\b/i;
// A standing practice or a change of state: a standing word, "on Mondays", "instead of".
const LASTING = new RegExp(
  String.raw`${STANDING_WORD.source}|\b(?:instead of|no longer)\b|\b(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays|weekends)\b|\b(?:for|on|in) (?:all|any|every|each)\b`,
  'i',
);
/**
 * True when a clause has a verb: the tagger's reading ("I coach the team", "Piet feeds the
 * chickens"), or a verb the cues know where the tagger reads a noun ("the code changes monthly").
 */
export function hasVerb(clause: string): boolean {
  return analyseClause(clause).predicate !== null || FINITE.test(clause);
}
/** True when a clause of the sentence has the speaker leaving or turning to something else now. */
export function isLeaving(sentence: string): boolean {
  if (LASTING.test(sentence)) return false;
  if (LEAVING.test(sentence)) return true;
  const obliged = OBLIGED_NOW.exec(sentence);
  if (obliged === null) return false;
  const task = (obliged[1] ?? obliged[2] ?? '').trim();
  return !(STANDING.test(task) || (IMPERATIVE.test(task) && hasSpecifics(task)));
}
// The weather now, or the speaker's own passing condition: "it's pouring", "30 degrees out here",
// "clear skies tonight", "I'm shattered", "I've hardly slept", "too tired". The colour of the
// moment, not a memory; a durable clause beside it is still read on its own (`passingClauses`).
// Not a condition that recurs ("when I'm tired …", "it's always windy up there"), nor a weather
// limit ("lay the screed only above 5 degrees"), nor being tired of a thing ("I'm tired of Jira").
const WEATHER_WORD = String.raw`(?:raining|snowing|pouring|drizzling|hailing|sleeting|freezing|boiling|scorching|roasting|sweltering|baking hot|sunny|cloudy|overcast|windy|stormy|foggy|misty|muggy|humid|chilly|miserable out)`;
const MOOD_WORD = String.raw`(?:tired|knackered|exhausted|shattered|wiped(?: out)?|sleepy|drained|wrecked|burnt out|burned out|fried|frazzled|scatty|starving|hungover|jet-?lagged|under the weather)`;
const DEGREES_NOW = String.raw`(?:(?:it'?s|its|it is)\s+)?-?\d+(?:[.,]\d+)?\s*(?:°\s*[cf]?|degrees?(?:\s+[cf]\b)?)`;
const PASSING_STATE = new RegExp(
  [
    String.raw`\b(?:it'?s|its|it is)\s+(?:still\s+|really\s+|so\s+|absolutely\s+|properly\s+)?${WEATHER_WORD}\b`,
    String.raw`${DEGREES_NOW}\s+(?:(?:out\s+)?here|outside|out there|today|tonight|now|in (?:the|my|our) (?:house|flat|office|room|kitchen|studio|garden))\b`,
    String.raw`\b(?:clear|blue|grey|gray) skies?\s+(?:tonight|today|now|at last|finally)\b`,
    String.raw`(?:^|[,;:—–]\s*|\b(?:and|so|but|honestly)\s+)(?:i'?m|im|i am|i feel|feeling)\s+(?:so\s+|really\s+|a bit\s+|a little\s+|totally\s+|absolutely\s+|completely\s+|pretty\s+|very\s+|super\s+|kinda\s+|quite\s+|utterly\s+)?${MOOD_WORD}(?!\s+(?:of|from|by)\b)`,
    String.raw`\b(?:too|so)\s+${MOOD_WORD}\b(?!\s+(?:of|from|by)\b)`,
    String.raw`\bi(?:'ve| have)\s+(?:barely|hardly|not|only just)\s+slept\b`,
    String.raw`\b(?:it'?s been|what) a (?:long|rough|crazy|hectic|brutal|mad) (?:day|week|night|morning|month)\b`,
  ].join('|'),
  'i',
);
// "when I'm tired …", "if it's raining …": a passing state that conditions a standing practice
// (an apology's "forgive me if I'm …" conditions nothing).
const CONDITIONED_STATE =
  /(?<!\b(?:forgive me|excuse me|sorry|apologies)\s+)\b(?:when|whenever|if|once|unless|on days)\s+(?:(?:i'?m|i am|it'?s|it is|i feel|we'?re)\b|it\s+(?:rains|snows))/i;
// What recurs: a standing word or a weekday in the plural ("it's always windy on Fridays").
const RECURRING = new RegExp(
  String.raw`${STANDING_WORD.source}|\b(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays|weekends)\b`,
  'i',
);

// A job under way now, its verb closing the clause ("the export is running", "Codemagic is
// building, …", "firmware is still flashing"): the moment's progress. Not where or when a job runs
// ("the backup is running on vault-02", "… runs every night"), which goes on past the verb.
const PROGRESS_VERB = String.raw`(?:building|compiling|uploading|downloading|deploying|running|rendering|syncing|copying|indexing|exporting|importing|installing|updating|restoring|rebooting|restarting|booting|flashing|processing|converting|encoding|transcoding|migrating|backing up|scanning|re-?indexing|resyncing|loading)`;
const PROGRESS_NOW = new RegExp(
  String.raw`^(?!(?:i|we|you|they|he|she)\b)(?:[\p{L}\p{N}.&'/-]+\s+){0,6}?(?:is|are|'s)\s+(?:still\s+|now\s+|finally\s+)?${PROGRESS_VERB}(?:\s+(?:now|again|still|away))?\s*(?:$|[,;:—–.!…]|\p{Extended_Pictographic})`,
  'iu',
);
// A result the speaker cheers ("S4 done 🎉", "all green, nice", "12k rows in, woohoo"): a reaction
// to how things went, not a memory.
const CHEERED =
  /(?:[\s,]*(?:🎉|🥳|😎|🙌|✨|🚀|💪|🤩|😍)\s*)+$|,\s*(?:nice|yay|woo+(?:hoo+)?|sweet|finally|phew)\s*[!.]*$/iu;

// A clause that is only the wait of the moment, with no subject of its own: time gone ("been 4
// min", "another 10 min", "20 min so far", "eta 5 min") or a guess said in passing ("takes like 20
// min"). "Takes about 40 minutes", answering how long the suite takes, is an estimate that lasts.
const DURATION = String.raw`\d+(?:[.,]\d+)?\s*(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?)\b`;
const WAIT_ONLY = new RegExp(
  String.raw`^(?:(?:it|that)(?:'s| is| has)?\s+)?(?:(?:been|another|eta)\s+(?:like\s+|about\s+|around\s+|~)?${DURATION}(?:\s+(?:so far|now|left|more|or so))?|(?:takes?|taking)\s+like\s+${DURATION}(?:\s+or so)?|(?:takes?|taking\s+)?(?:about\s+|around\s+|~)?${DURATION}\s+(?:so far|left|more to go))[\s.!…]*$`,
  'i',
);

/**
 * True when a clause of the sentence reports a job under way now or cheers a result, or is only
 * the wait of the moment.
 */
export function isProgressNow(sentence: string): boolean {
  const s = sentence.trim();
  if (RECURRING.test(s)) return false;
  return PROGRESS_NOW.test(s) || closesWithCheer(s) || WAIT_ONLY.test(s);
}

/** True when the sentence closes by cheering what it reports ("S4 done 🎉", "…, nice"). */
export function closesWithCheer(sentence: string): boolean {
  return CHEERED.test(sentence.trim());
}

/** True when a clause of the sentence reports the weather now or the speaker's passing state. */
export function isPassingState(sentence: string): boolean {
  if (RECURRING.test(sentence) || CONDITIONED_STATE.test(sentence)) return false;
  return PASSING_STATE.test(sentence);
}

// Where the speaker keeps something, as a habit: "I host the blog on Netlify", "we back up with restic".
const HABIT =
  /^(?:i|we)\s+(?:host|run|deploy|bank|sync|back up|publish|stream|print|ship)\s+(?:\w+\s+)?(?:on|with|at|via|through)\s+[A-Z\w]/i;
// Where the speaker lives, or what they do at a named place, their work or calling: "I live in
// Tromsø", "I teach year 9 maths at Hillcrest", "we volunteer at the Oxfam shop on Tuesdays", "I
// work for Arup" (the place is a name).
const OCCUPATION =
  /^(?:[Ii]|[Ww]e)\s+(?:live|teach|work|coach|study|volunteer|lecture|tutor|train|nurse|serve|preach|sing|play)\b[^,.;!?]*?\b(?:at|for|in|with)\s+(?:the\s+)?\p{Lu}/u;
// A condition someone lives with, of health or diet: "Minh is allergic to latex", "Hana is
// vegetarian", "my dad is diabetic", "she's coeliac". Not a passing state ("I'm sick").
const LASTING_CONDITION =
  /^(?:(?:[\p{L}'-]+\s+){0,2}?(?:is|are|'s|'re)|i'?m|i am)\s+(?:(?:strictly|very|severely|mildly|also|both)\s+)?(?:allergic to|intolerant to|lactose[- ]intolerant|vegetarian|vegan|pescatarian|diabetic|coeliac|celiac|epileptic|asthmatic|deaf|colou?r[- ]blind|left[- ]handed|teetotal|halal|kosher|gluten[- ]free)\b/iu;
// A constraint on a thing: "the van can't be used after 8", "the hall can't be booked on sundays".
const CANNOT_BE =
  /\b(?:can'?t|cannot|can not|may not|must not) be (?:used|booked|opened|moved|scheduled|parked|accessed|changed|deployed|run|shared|rented)\b/i;
// A tag question without its mark: "the old branch is merged right".
const TAG_QUESTION = /(?<!\b(?:turn|keep|go|to the|on the|all|alright))[, ]+right\s*$/i;
// "Don't" forbids when it opens a clause or follows its subject ("we don't", "please don't"),
// not when it says what a thing fails to do ("spans don't show up in tempo"), nor when it says
// what the speaker fails to grasp ("I don't understand", "I don't get why", "I don't know").
const RULE_DONT =
  /(?:^|[,;:—–]\s*|\b(?:we|you|i|please|just|and|so|but|then|also|really|definitely)\s+)(?:don'?t|dont|do not)\b(?!\s+(?:understand|get (?:it|this|that|why|how|what)|know|remember|recall|follow|see (?:why|how|what|it))\b)/i;
// What limits a statement to the moment: "right now", "at the moment", "currently", "this week".
const MOMENT_ONLY =
  /\b(?:right now|at the moment|atm|currently|for the moment|this (?:week|month|time)|today|tonight)\b/i;
// An obligation ("has to", "needs to") on anyone but the speaker right now ("Whoever rotates the
// keys has to tell #mobile", "Anything urgent has to go through the on-call").
const HAS_TO = /\b(?:has|have|needs) to\b|\b(?:has|have) got to\b/i;
const SPEAKER_NOW = /^(?:i|i'm|im|i'll|we|we're|we'll|you|you're)\b/i;
// A classification convention: "PayPal sales count as online", "refunds fall under returns".
const CLASSIFICATION =
  /^(?!(?:it|that|this|which|what|there)\b)[\w@./'&+ -]{2,60}?\b(?:counts? as|(?:is|are) counted as|(?:is|are) treated as|falls? under|go(?:es)? under|(?:is|are) considered|(?:is|are) classed as|(?:is|are) filed (?:under|as))\s+\S/i;
// Who holds a role ("Karim is the approver for prod", "Sam owns the runtime"): a durable fact.
const ROLE_NOUN =
  'approver|owner|contact|lead|maintainer|curator|manager|admin|administrator|reviewer|accountant|lawyer|solicitor|landlord|signatory|sponsor|treasurer|coordinator|editor|vet|doctor|dentist|plumber|electrician|mechanic|tutor|coach|point of contact|on-?call';
const ROLE = new RegExp(
  `\\bis (?:the|our) (?:${ROLE_NOUN})\\b|^(?!(?:it|this|that|he|she|there|who|what)\\b)[a-z]+ is (?:[\\w-]+\\s+)?(?:${ROLE_NOUN})[.!]?$|^\\w+ owns\\b|\\bhe owns\\b|\\bshe owns\\b|\\b(?:the|our)\\s+(?:[\\w-]+\\s+){0,2}?(?:${ROLE_NOUN})\\b(?:\\s+(?:who|that|for|of|on)\\b[^,.;]*?)?\\s+is\\s+(?!\\w+ing\\b|\\w+ly\\b|(?:not|away|out|off|sick|busy|late|slow|down|broken|full|empty|fine|ok|okay|good|bad|great|new|old|here|there|back|on|in|at|too|very|so|still|also)\\b)\\S`,
  'i',
);
// Something the user asks to be kept in mind: a durable fact whatever its shape.
const REMEMBER = /^(?:please\s+)?(remember|keep in mind|note|for the record|fyi)\b( that)?/i;
const OBLIGATION =
  /^(?!(we|i|you|let's)\b)[\w@./-]+(?:\s+[\w@./-]+){0,4}\s+(need|needs|require|requires)\b(?! to\b)/i;
const PREFERENCE = /\b(i|we) (prefer|like|love|hate|dislike|want)\b|\bprefer(s|red)?\b.*\bover\b/i;
const DECISION =
  /\b(decided|decide on|(?:out of|in|not in) scope|we chose|chose|choose|going with|swap(?:ped|ping)?\b.+\b(?:for|with|out)|settled on|switch(ed|ing)|mov(ed|ing) (to|from)|migrat(ed|ing)|replac(ed|ing)|adopt(ed|ing)?|we will use|we'll use|picked|we are moving|we're moving|we set|we use)\b|^we do \w+/i;
// Decisions phrased without "decided": committing to an option ("we'll go with", "sticking
// with", "opted for", "agreed on", "standardise on", "the plan is", "X it is").
const COMMITMENT =
  /\b(we('ll| will| are going to|'re going to) (go with|stick with|run|host|keep|ship|deploy|store|standardi[sz]e on)|(let'?s |we )?(go|stick|stay)(ing)? with|opt(ed|ing)? for|agreed (on|to)|standardi[sz](e|ed|ing) on|the plan is|final call|stays (?:with|on|at)|remains? (?:with|on|at)|stay (?:on|with))\b|^[\w .@/-]{2,40} it is[.!]?$/i;
const LETS = /^let'?s\b/i;
const BARE_PREFERENCE =
  /^(?:i|we) (?:really )?(?:like|love|prefer|want) (?:it|that|this|them|those|these)[.!]?$/i;
const BARE_COMMITMENT =
  /^(?:ok(?:ay)?\s+)?(?:let'?s\s+)?(?:go|stick|do|run)\s+(?:with\s+)?(?:it|that|this|them)(?:\s+then)?[.!]?$/i;
const FIX =
  /\b(fixed|the fix was|fix was|root cause|the problem was|was caused by|resolved|works now|work now|now works|is gone|solved|ran (clean|fine)|back to (zero|normal))\b/i;
const PROBLEM =
  /\breturn(s|ed|ing)? (an? )?(error|[45]\d\d)\b|\b[45]\d\d (errors?|responses?)\b|\b(fail(s|ed|ing)?|broken|crash(es|ed|ing)?|errors?|slow|keeps? (returning|failing|crashing)|timed out|times out|timing out|hangs?|hanging|hung|freez(?:es|ing)|froze|OOMs?|OOM-?killed|stuck|leak(?:s|ing)|shows? gaps|denied|not found|can'?t find|mangl(?:es|ed|ing)|garbled|corrupt(?:ed)?|duplicates|drift(?:s|ed|ing)|(?:going|goes|go|land(?:s|ing)?) (?:to|in) (?:junk|spam)|unbearable|annoying|killing me|wrecking|way too|too (?:slow|high|low|much|many)|flaky|not working|doesn'?t work|didn'?t run|missing|lags?|lagging|in spam|out of (?!scope\b)|exceeded|refused|cannot|can'?t|stopped (?!using\b)\w+ing|stopped working|chaos|chaotic|a mess|a nightmare|hell|brutal|awful|terrible|mostly noise|noisy|(?:is|are|got|gets) blocked|blocked by|wrong|clogged|jammed|painfully|going off|goes off|went off|keeps? firing|keeps (?:on )?\w+ing|OOMing|piling up|dropping out|gives? (?:an? )?[45]\d\d|double[- ]?book(?:ed|ing)|overbook(?:ed|ing)|(?:users?|customers?|listeners?|patients?|guests?|people) (?:are |keep )?(?:reporting|complaining))\b/i;
const STATE =
  /\b((?<!right )now|instead of|no longer|up from|down from|moved to|points to|replacing|replaced)\b/i;
const IMPERATIVE =
  /^(please\s+)?(exclude|include|ignore|skip|allow|deny|block|treat|categori[sz]e|classify|map|mirror|forward|redirect|retain|rotate|archive|blur|mask|redact|encrypt|add|set|use|pin|keep|limit|raise|lower|convert|cache|do|write|open|remove|delete|create|run|make|put|change|update|move|switch|install|enable|disable|bump|release|ship|deploy|send|store|alert|index|rename|restart|configure|check|try|drop|increase|decrease|cap|mark|tag|sign|merge|revert|roll back|document|reply|follow up|label|name|sort|file|review|test|back up|wash|water|print|email|call|book|pay|copy|clean|cc|swap|mention|tell|notify|ping|remind|warn|put|leave|push|postpone|reschedule|shift|upload|download|import|export|bill|charge|invoice)\b/i;
// Verbs that set a standing configuration rather than name a one-off action.
const STANDING =
  /^(please\s+)?(use|keep|pin|set|limit|cap|store|alert|tag|sign|name|route|log|exclude|include|ignore|skip|allow|deny|block|treat|categori[sz]e|classify|map|cache|mirror|forward|redirect|retain|rotate|archive|blur|mask|redact|encrypt|make (?:it|that|them|the [\w-]+|[\w-]+)(?: [\w-]+)? \S*\d)\b/i;
const FINITE =
  /\b(is|are|was|were|be|been|has|have|had|will|shall|uses?|runs?|lives?|go|goes|points?|stays?|listens?|works?|needs?|keeps?|holds?|sends?|returns?|takes?|starts?|ships?|follows?|supports?|requires?|contains?|means?|sits?|stores?|writes?|reads?|serves?|hosts?|calls?|fires?|expires?|happens?|deploys?|logs?|rotates?|handles?|owns?|belongs?|defaults?|syncs?|publish(es)?|builds?|lands?|triggers?|connects?|talks?|routes?|refreshes|renews?|resets?|does|'ve got|have got|(?:i|we|you|they)ve got|\w{3,}ed)\b/i;
// A scope that makes an instruction standing: "in any image", "for every PR", "on all hosts".
const UNIVERSAL =
  /^(?:please\s+)?\w+\s+(?:every|each|any)\b|\b(?:once|twice|three times|\d+ times) (?:a|an|per|every) (?:day|week|month|quarter|year|sprint|release|hour)\b|\b(?:quarterly|annually|yearly|biweekly|fortnightly)\b|\b(?:in|for|on|to|from|with|across)\s+(?:any|every|all|each)\b|\b(?:anything|everything|everywhere|anywhere|throughout|across the board)\b/i;
// Something given a name or an exact place ("one called tf-locks", "them in categories.yaml").
const NAMED =
  /\b(?:called|named)\s+\S+|\b[a-z0-9]+(?:_[a-z0-9]+)+\b|[\w.+-]+@[\w-]+\.[\w.]+|\b[a-z0-9-]+\.[a-z]{2,}\b|[\w.-]+\/[\w./-]+|`[^`]+`|#[a-z][\w-]+/i;
// Where something sits, said of a thing named just before: "It's on GPIO 8", "It's in ds/v1".
const PRONOUN_PLACE =
  /^(?:it|that|they|this)(?:'s|'re| is| are| lives| sits| runs)\s+(?:still\s+|now\s+)?(?:on|in|at|under|behind|via)\s+/i;
const NUMBER_ONLY = /(?<![\w-])\d+(?:[.:,]\d+)*(?![\w-])/g;
/** True when a sentence gives something a name or an exact place (an id, a file, a path, a channel). */
export function namesSomething(sentence: string): boolean {
  return NAMED.test(sentence);
}

const ANAPHORIC_OBJECT = /^\w+\s+(it|one|that|this|them|those|these)\b/i;
// Giving something a name is a convention that lasts: "put it on a tab called Totals", "name them
// like firstname-laptop".
const NAMING =
  /\b(?:called|named)\s+["'`#]?[\w@.-]*\w|^(?:please\s+)?call\s+(?:it|them|this|that|the\s+\w+)\s+["'`#]?[\w@.-]*\w|^(?:please\s+)?name\s+(?:them|it|each|every|all|the\s+\w+)\b.*\b(?:like|as|after|with)\s+\S/i;
// An instruction that names the alternative it rules out: "deploy with the script, not by hand",
// "load the images later, not together with the pages".
const CONTRAST =
  /^(?:please\s+)?\w+\b.*?,?\s+not\s+(?!(?:now|yet|today|sure|really|too|that|this|much|bad)\b)\w+/i;
// Keeping a default rather than the change offered: "keep default timeout", "leave the ttl at default".
const KEEP_DEFAULT =
  /^(?:please\s+)?(?:keep|leave|use|stick with)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:defaults?|stock|as[- ]is|unchanged|untouched)\b|^(?:please\s+)?(?:keep|leave)\b.*\b(?:at|on) (?:the )?defaults?\b/i;
const KEEP_WORDS =
  /^(?:keep|leave|use|stick|with|default|defaults|stock|as|is|unchanged|untouched|at|on|it|them|that|this)$/;
// A standing instruction tied to an event: "cc the owner when merging", "run the tests before
// merging", "cc finance whenever you send an invoice".
const WHEN_EVENT =
  /\b(?:when|whenever|every time|each time|before|after)\s+(?:(?:you|we|they|someone|anyone)\s+)?\w+ing\b|\bwhenever (?:i|we|you|someone|anyone|there|a|an|the|it|they)\b/i;
// An instruction that gives something a value ("bump it to 2.1", "release it as 3.4.1", "change
// the level to warn"): it sets configuration, it is not a one-off action.
const VALUE_ASSIGNMENT =
  /\b(?:to|as|=|at most|at least|no more than)\s+(?:[`"']?[\w.-]*\d|`[^`]+`|(?:trace|debug|info|notice|warn(?:ing)?|error|fatal)\b)|\w=["'\w]|\bto\s+(?:(?:the|next|this)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)s?\b/i;
// A number used as a threshold for a problem word ("page at 50 errors a minute", "alert above
// 2 % failures") is a setting, not a problem report.
const THRESHOLD =
  /\b(?:at|above|over|below|under|exceeds?|more than|fewer than|less than|past|beyond|>=?|<=?)\s+\d[\d,.]*\s*(?:%|k|ms|s)?\s*(?:\w+\s+)?(?:errors?|failures?|timeouts?|crash(?:es)?)\b/i;
// Statements about something that happened once, not a standing fact; a laugh (extract's one list
// of laughter markers) reports a reaction.
const ONE_OFF_TIME = new RegExp(
  String.raw`\b(yesterday|last night|this morning|earlier today|just now|a minute ago|took|went|came|saw|broke|spent|lost|back in|in a (?:minute|sec|second|bit|moment)|right now|at the moment|last (?:week|month)|(?:i'?m|im) going to|gonna|heading|about to|jumped|spiked|wow|whoa|omg|yay|woo+hoo|oof|yikes|tomorrow|tonight|(?<!from )today|long day|(?:is|are|i'?m|im) (?:away|out|off|on leave|on holiday|on vacation|sick)\b(?! (?:of|by default)\b))\b|${LAUGHTER.source}`,
  'iu',
);
const ONE_OFF =
  /^(i|im|it|its|that|this|those|these|there|he|she|they)\b|\b(?:ran|(?<!(?:'ve|have|has|'s)\s)got)\b/i;

/** True when a sentence reports a moment or a reaction ("took 14 minutes", "jumped", "wow"). */
export function isOneOff(sentence: string): boolean {
  return ONE_OFF_TIME.test(sentence);
}
// A setting noun with a value ("alerts at 2 %", "error budget of 0.1 %"): configuration, even
// when a problem word is part of its name.
const SETTING_NOUN =
  /\b(alerts?|alerting|page|paging|threshold|budget|quota|limit|cap|ceiling|sla|slo|retention|ttl)\b/i;
// How every error of a kind is handled ("All API errors use RFC 7807", "Every timeout gets
// logged"): a convention about errors, not a report of one.
const HANDLING =
  /^(?:all|every|each)\s+(?:[\w-]+\s+){0,2}(?:errors?|failures?|timeouts?|exceptions?|crash(?:es)?|crash reports?)(?:\s+(?:responses?|messages?|pages?|reports?))?\s+(?:use|go|goes|get|gets|are|is|carry|carries|include|includes|return|returns|must|should|land|lands|follow|follows|have|has)\b/i;
// "Key: value" ("Cache TTL: 300 seconds", "Log level: warn").
const KEY_VALUE = /^[\w .@/-]{1,40}:\s+\S/;

// Names exact enough to keep verbatim: emails, hosts, paths, kebab/snake ids, quoted strings.
// A hyphenated word ("cat-proof", "double-counts") is not an identifier: ids have a digit, an
// underscore or at least two hyphens ("web-02", "missing_part", "fh-defects-raw").
const IDENTIFIER =
  /[\w.+-]+@[\w-]+\.[\w.]+|\b[a-z0-9-]+\.[a-z]{2,}(\.[a-z]{2,})?\b|[\w.-]+\/[\w./-]+|\b[a-z0-9]+(?:_[a-z0-9]+)+\b|\b[a-z0-9]+(?:-[a-z0-9]+){2,}\b|\b(?=[a-z-]*\d)[a-z0-9]+(?:-[a-z0-9]+)+\b|"[^"]{2,40}"/i;

/**
 * A user statement that holds a value even without a verb the other cues know ("Full backup on
 * Saturdays, incremental nightly", "Max 3 retries per job", "Alerts at 200 errors a minute"):
 * at least three words, a value, and not a report of something that happened once.
 */
function isValueStatement(sentence: string): boolean {
  // "3 is fine", "10 works": an acceptance, whose value the question it accepts carries.
  const said = [...contentWords(sentence)].filter(
    (w) => !/^\d|^(fine|ok|okay|good|great|works?)$/.test(w),
  );
  return (
    sentence.split(/\s+/).length >= 3 &&
    said.length > 0 &&
    (hasValue(sentence) || IDENTIFIER.test(sentence)) &&
    !ONE_OFF.test(sentence) &&
    !ONE_OFF_TIME.test(sentence)
  );
}

const CALENDAR_NAME =
  'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December';
const INTRODUCER =
  "(?:^|[,;]\\s+)(?:(?:[Hh]i|[Hh]ello|[Hh]ey),?\\s+)?(?:[Ii]['’]?m|[Ii] am|([Mm]y name is))\\s+";
// The speaker saying who they are: a name ("I'm Lena Vogt", "I am Tomás, the only sysadmin here",
// "…, I am Rui Dias") or a role at, in or for a named place ("I'm the bursar at St Anne's", "I'm a
// locksmith in Porto"). A name is capitalised, so "I'm done" and "im back" are no introductions;
// a day or a month after the role is a moment ("I'm a bit late for Monday").
const INTRODUCED_NAME = new RegExp(
  `${INTRODUCER}(\\p{Lu}\\p{Ll}+(?:[\\s-]\\p{Lu}\\p{Ll}*)*)(?=\\s*(?:[,.;!(]|$))`,
  'u',
);
const INTRODUCED_ROLE = new RegExp(
  `${INTRODUCER}(?:a|an|the)\\s+((?:[\\p{L}-]+\\s+){0,3}?)(?:at|for|in|of|with)\\s+(?:the\\s+)?"?(?!(?:${CALENDAR_NAME})\\b)\\p{Lu}`,
  'u',
);
// "a bit annoyed at Dave", "a little cross with Marta", "an hour early at Paddington": a degree or
// a measure before a state, not a role.
const DEGREE = /^(?:bit|little|tad|touch|lot|wee|hour|minute|day|week|month|year|mile|long)$/i;
// A role is a noun phrase ("the bursar", "a senior data engineer"): its last word is a noun to the
// tagger and it does not open with a degree.
function namesRole(phrase: string): boolean {
  const words = phrase.trim().split(/\s+/);
  if (words.length === 0 || DEGREE.test(words[0] ?? '')) return false;
  const tokens = analyseClause(`I am a ${words.join(' ')}`).tokens.slice(3);
  return tokens.length === words.length && tokens[tokens.length - 1]?.pos === 'NOUN';
}
// A capitalised word after "I'm" is a name only when the tagger reads it as a noun: "Fine",
// "Back", "Home", "Done" are states ("I'm Fine, just tired"). Read lower case after "I got",
// which takes a noun ("got Grace") as readily as a state ("got home", "got tired"), so the tag
// is the word's own; a word outside the model's vocabulary ("Ngozi") is a name. A verb that is no
// participle ("Rose", "Sue", "Rob": "I'm rose" is no state, as "I'm done" is) reads as a name
// where a noun does, never as a state.
function readsAsName(word: string): 'name' | 'noun' | 'none' {
  const lower = word.toLowerCase();
  if (!isVocabularyWord(lower)) return 'name';
  const token = analyseClause(`I got ${lower}`).tokens.find((t) => t.text === lower);
  if (token === undefined) return 'none';
  if (token.pos === 'NOUN' || token.pos === 'PROPN') return 'noun';
  const participle = /(?:ed|en|wn|ne|ing|t|ck|ung|unk|oke)$/.test(lower);
  return token.pos === 'VERB' && !participle ? 'noun' : 'none';
}
// A role in apposition after a name ("I'm Grace, the treasurer", "I'm Mark, a nurse", "I'm Joy,
// Dev's sister"), or what the speaker does ("I'm Hazel, I look after the accounts", "…, new here,
// I handle the rota"), not a remark ("I'm Toast, I feel awful", "…, I think").
const APPOSITION =
  /^\s*,\s*(?:(?:[Tt]he|[Aa]|[Aa]n|[Oo]ne of|[Oo]ur|[Yy]our|[Mm]y)\s|\p{Lu}\p{Ll}+['’]s\s|(?:[^,]{1,20},\s*)?[Ii]\s+(?!(?:think|guess|hope|feel|felt|know|mean|suppose|reckon|wish|need|want|am|was)\b)\p{Ll}+\s+(?:\p{Ll}+\s+)?(?:the|a|an|my|our|\p{Lu}))/u;
const GREETING = /^(?:[,;]\s+)?(?:hi|hello|hey)\b/i;
function introduces(sentence: string): boolean {
  const role = INTRODUCED_ROLE.exec(sentence);
  if (role !== null && namesRole(role[2] ?? '')) return true;
  const name = INTRODUCED_NAME.exec(sentence);
  if (name === null) return false;
  // "My name is Hope": after "name is", any capitalised word is the name.
  if (name[1] !== undefined) return true;
  const readings = (name[2] ?? '').split(/[\s-]+/).map(readsAsName);
  if (readings.includes('none')) return false;
  // A single word that is also a common noun ("I'm Toast", "I'm Vegan", but also "I'm Grace") is
  // a state as often as a name: it is a name only beside a full name, after a greeting ("Hi, I'm
  // Grace") or before an apposition.
  if (readings.length > 1 || readings[0] === 'name' || GREETING.test(name[0])) return true;
  return APPOSITION.test(sentence.slice(name.index + name[0].length));
}

// The laughter markers are extract's one list; "jk" (said in jest, not a laugh) closes a joke too.
const CLOSING_LAUGH = new RegExp(
  `(?:${LAUGHTER.source}|\\bjk\\b)\\W*$`,
  LAUGHTER.flags.replace('g', ''),
);

/** True when a laugh closes the sentence ("… with spreadsheets lol"): the last clause is a joke. */
export function closesWithLaugh(sentence: string): boolean {
  return CLOSING_LAUGH.test(sentence);
}

// Someone the speaker names by their relation ("my sister Ines", "my accountant Pedro Lobo", "Rafa
// (my flatmate)"): who that person is lasts, in a sentence the other cues leave as context. The
// relation nouns, hearsay and saying verbs are the language lexicon's. Not what the speaker is
// busy with now ("I'm helping my sister Ines move"), nor what was done once or relayed.
// "My" opens a sentence as often as "my" follows a verb ("My cousin Samira runs the bakery").
const MY_RELATION = /\b[Mm]y\s+((?:[\p{L}-]+\s+)?[\p{L}-]+)\s+\p{Lu}\p{Ll}+/gu;
const RELATION_AFTER =
  /\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)*\s*\([Mm]y\s+((?:[\p{L}-]+\s+)?[\p{L}-]+)/gu;
// Done once or in progress: "… two weeks ago", "talking to my brother Ali".
const ONCE = /\bago\b|^(?:ok,?\s+)?\p{L}+ing\b/iu;
const BUSY_NOW = /(?:^|,\s*)(?:[Ii]['’]?m|[Ii] am|[Ww]e['’]re|[Ww]e are)\s+(?:\p{L}+ing)\b/u;
function namesRelation(sentence: string): boolean {
  if (
    BUSY_NOW.test(sentence) ||
    ONCE.test(sentence) ||
    ONE_OFF_TIME.test(sentence) ||
    PROBLEM.test(sentence) ||
    ALARMING.test(sentence) ||
    HEARSAY.pattern.test(sentence) ||
    SAYING_VERB.pattern.test(sentence)
  )
    return false;
  // Stated in the present ("my cousin Tamsin is our vet"), not met once in the past ("Bumped
  // into my old colleague Priya at the station"): the tense is that of the relation's own clause.
  return splitClauses(sentence).some(
    (clause) =>
      [...clause.matchAll(MY_RELATION), ...clause.matchAll(RELATION_AFTER)].some((m) =>
        (m[1] ?? '').split(/\s+/).some((w) => RELATIONAL_NOUN.pattern.test(w) || ROLE_WORD.test(w)),
      ) && analyseClause(clause).tense !== 'past',
  );
}
const ROLE_WORD = new RegExp(`^(?:${ROLE_NOUN}|co-\\w+)$`, 'i');

// "I'm a guest at Marta's wedding next month", "I'm a speaker at PyCon in May": a role for an
// occasion, not who the speaker is.
const OCCASION_TIME = new RegExp(
  `\\b(?:next|this|coming|in|on)\\s+(?:week|weekend|month|year|${CALENDAR_NAME})\\b`,
  'i',
);

// A date of the calendar: "12 May", "May 12th", "3/4".
const CALENDAR_DATE = new RegExp(
  `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${CALENDAR_NAME})\\b|\\b(?:${CALENDAR_NAME})\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|\\b\\d{1,2}/\\d{1,2}\\b`,
  'i',
);
/**
 * A duty or an occupation held once ("Tom covers for me today", "We sing at the Albert Hall on 3
 * May", "Sam does the rota this week"), not for good ("Tom covers Saturdays").
 */
function onceDated(sentence: string): boolean {
  // "… while I'm away", "… whenever she is off": the condition recurs, the duty stands.
  const main = sentence.replace(/\b(?:while|whenever|when)\b[^,.;]*/gi, '');
  return ONE_OFF_TIME.test(main) || OCCASION_TIME.test(main) || CALENDAR_DATE.test(main);
}

// A reading taken now: "now" closing or opening a verbless line ("Battery 12% now", "Now 1,8 MB",
// "Flashing 3 units now") says what a gauge shows at the moment, not a state that was changed
// ("Rent now 1,450 from May", "The pool is now 40", "Standup at 09:30 now" keep their reading).
// A day or a clock time makes it a schedule ("saturday 10:00 now"), not a reading.
const SCHEDULED = new RegExp(`\\b\\d{1,2}:\\d{2}\\b|\\b(?:${CALENDAR_NAME})s?\\b`, 'i');
const NOW_AT_EDGE = /^now\b|\bnow[.!]*$/i;
function readingNow(sentence: string): boolean {
  // "Phone at 3% now": a share a gauge is at is its reading, not a place or a time.
  const other = sentence.replace(/\bnow\b/gi, '').replace(/\bat\s+\d+(?:[.,]\d+)?\s?%/gi, '');
  return (
    NOW_AT_EDGE.test(sentence.trim()) &&
    !STATE.test(other) &&
    !FINITE.test(other) &&
    !/\b(?:at|on|from|to|every|per|until|by)\b/i.test(other) &&
    !SCHEDULED.test(other)
  );
}

// A short "X is Y" that names what something is or who holds it ("DNS is cloudflare.", "Landlord
// is mr Ferguson", "Backend is supabase"): lower-case names are no specifics, so the other cues
// leave it as context. The subject is a noun phrase, not a pronoun or a day; the predicate ends in
// a noun or a word outside the model's vocabulary, never a state ("The weather is awful").
const COPULAR =
  /^(?!(?:it|its|it's|this|that|these|those|he|she|they|i|we|you|there|here|what|which|who|everything|nothing|something|today|tomorrow|tonight)\b)((?:[\p{L}\d.@'&-]+\s+){0,2}[\p{L}\d.@'&-]+)\s+(?:is|are)\s+((?:[\p{L}\d.@'&-]+\s+){0,3}[\p{L}\d.@'&-]+)[.!]?$/iu;
const DAY_SUBJECT = new RegExp(
  `\\b(?:${CALENDAR_NAME})s?\\b|\\b(?:week|weekend|day|morning|night)\\b`,
  'i',
);
// What something is today is no lasting fact ("Dinner is pasta", "Mood is meh", "The winner is
// Sam", "Next stop is Leeds"): the subject must name a lasting role or attribute, held by the
// speaker's side (a possessive: "Our DNS", "My insurance"), a role or an outside party ("The
// landlord", "Bank"), or a named system (an acronym: "DNS", "CDN").
// The parts of the speaker's system a thing holds for good ("Backend is supabase", "CMS is
// wordpress") are lasting roles as much as people are.
const SYSTEM_PART =
  'backend|frontend|database|db|hosting|cms|crm|framework|platform|stack|repo|registry|printer|router|scanner';
const LASTING_HEAD = new RegExp(`^(?:${ROLE_NOUN}|${PARTY}|${SYSTEM_PART})s?$`, 'i');
function lastingSubject(subject: string): boolean {
  const words = subject.split(/\s+/);
  const head = words[words.length - 1] ?? '';
  return (
    /^(?:my|our|your|their)$/i.test(words[0] ?? '') ||
    /\p{L}['’]s$/u.test(words[0] ?? '') ||
    LASTING_HEAD.test(head) ||
    RELATIONAL_NOUN.pattern.test(head) ||
    /^\p{Lu}{2,5}$/u.test(head)
  );
}
// A scope after what a part is ("Backend is Postgres for the billing app").
const PART_SCOPE = /\s+(?:for|on|in)\s+(?:the|our|my)\s+[\p{L}\d\s.-]{1,30}?[.!]?$/iu;
function namesWhatItIs(sentence: string): boolean {
  const match = COPULAR.exec(sentence.trim().replace(PART_SCOPE, ''));
  if (match === null || isHedged(sentence) || PROBLEM.test(sentence)) return false;
  // "First one is tomorrow", "Cups are crazy for me": a moment, or a state held for someone.
  if (
    ONE_OFF_TIME.test(sentence) ||
    /\b(?:for|to|with|about|at|in|on)\s+(?:me|us|him|her|them)\b/i.test(match[2] ?? '')
  )
    return false;
  if (DAY_SUBJECT.test(match[1] ?? '') || !lastingSubject(match[1] ?? '')) return false;
  const words = (match[2] ?? '').split(/\s+/).filter((w) => !/^(?:only|just|too|also)$/i.test(w));
  const head = (words[words.length - 1] ?? '').replace(/[.!]+$/, '');
  if (head === '' || !/\p{L}/u.test(head)) return false;
  // Tagged as said ("it is fine", "it is a swamp"): an adjective, a verb or a figure of speech
  // after an article ("the whole problem", "a swamp") is a judgement, not what the thing is.
  // "Bank is Nationwide", "Registrar is Gandi": a capitalised name is what the thing is, whatever
  // the tagger reads the word as in lower case.
  if (words.every((w) => /^\p{Lu}/u.test(w))) return true;
  const tokens = analyseClause(`it is ${words.join(' ').toLowerCase()}`)
    .tokens.slice(2)
    .filter((t) => t.pos !== 'PUNCT');
  const last = tokens[tokens.length - 1];
  if (tokens.some((t) => t.pos === 'ADJ' || t.pos === 'VERB' || t.pos === 'DET' || t.pos === 'ADV'))
    return false;
  if (!isVocabularyWord(head.toLowerCase())) return true;
  return last !== undefined && (last.pos === 'NOUN' || last.pos === 'PROPN');
}

/** The reading of one sentence. */
export interface SentenceClass {
  readonly kind:
    | 'skip'
    | 'question'
    | 'hedge'
    | 'rule'
    | 'preference'
    | 'decision'
    | 'fix'
    | 'problem'
    | 'state'
    | 'instruction'
    | 'setting'
    | 'fact'
    | 'context';
}

// The assistant's report of a change it has just made ("Updated: warfarin 3mg at 19:00",
// "Changed to 45 minutes", "Created \"Club Index\" with four columns") or its note of what it was
// told ("Noted: the shutoff is under the sink"), opened by the verb of the report.
const CHANGE_MADE =
  /^(?:updated|changed|scheduled|added|created|switched|renamed|moved)\b\s*(?::|[—–]|\s(?=\S))\s*/i;
// rules@35: "Understood, no HELOC", "Agreed, match prod: …" and "Will do: yen and CLP for every
// price" note it too: a comma after the acknowledgement, or "will do" / "agreed" opening it.
const NOTED = /^(?:noted|understood|got it|will do|agreed)\s*(?:[:—–-]|,(?=\s))\s*/i;
// What a report names when it names no thing of its own: "Changed both", "Updated it", "Added that".
const NO_THING_NAMED = /^(?:both|it|them|that|this|those|these|all|everything|the rest|as well)\b/i;

/**
 * The kind of an assistant's report of the user's setup as it now stands: a change it made
 * ("Scheduled: daily 07:00 into the weekly table", "Updated the reminder lead to 48 hours") is
 * a setting, a note of what the user told it ("Noted: the invoices go out from Xero") a fact.
 * The report must carry a specific or a value and name a thing (not "Changed both, tests pass"),
 * and must not ask or hedge; null for any other sentence.
 */
export function reportsChangeMade(sentence: string): SentenceClass['kind'] | null {
  const noted = NOTED.exec(sentence);
  const opener = noted ?? CHANGE_MADE.exec(sentence);
  if (opener === null) return null;
  const rest = sentence.slice(opener[0].length);
  if (rest.split(/\s+/).length < 2 || NO_THING_NAMED.test(rest)) return null;
  if (isQuestion(sentence) || isHedged(rest)) return null;
  // A note restates the user's words, whatever they hold ("Noted - dry event, no alcohol").
  if (noted === null && !hasSpecifics(rest) && !hasValue(rest)) return null;
  return noted === null ? 'setting' : 'fact';
}

// "Only" that limits nothing lasting: the moment ("so far", "for now"), a wish ("if only"), an
// addition ("not only"), a degree ("only just", "only a bit").
const NO_STANDING_LIMIT =
  /\b(?:so far|yet|for now|right now|for the moment|if only|not only|only just|only (?:a bit|a little|slightly|partly))\b/i;

/**
 * A user's standing limit to one thing, said with "only" ("manual failover only", "ssh only
 * over tailscale", "preorders are shopify only", "only named partners get a plus one"): a rule,
 * when it is tied to no moment, hedged or asked.
 */
function restrictsToOnly(sentence: string): boolean {
  if (!/\bonly\b/i.test(sentence) || NO_STANDING_LIMIT.test(sentence)) return false;
  return (
    !ONE_OFF_TIME.test(sentence) &&
    !OCCASION_TIME.test(sentence) &&
    !isHedged(sentence) &&
    !isQuestion(sentence)
  );
}

/**
 * Classifies one user or assistant sentence. Order matters: questions and hedges are never
 * promoted whatever words they contain; fixes are read before problems ("fixed the crash" is a
 * fix); rules before decisions.
 */
export function classifySentence(
  sentence: string,
  speaker: 'user' | 'assistant',
): SentenceClass['kind'] {
  if (speaker === 'user' && /^(fixed|solved|resolved)\b/i.test(sentence)) return 'fix';
  const provided = underProviso(sentence, speaker);
  if (provided !== null) return provided;
  if (
    speaker === 'user' &&
    STANDING_REQUEST.test(sentence) &&
    !isHedged(sentence.replace(/^(?:can|could|would) you\s+/i, ''))
  )
    return 'rule';
  if (
    NO_RULE.test(sentence) &&
    !STATUS.test(sentence) &&
    !isHedged(sentence) &&
    !isQuestion(sentence)
  )
    return speaker === 'user' ? 'rule' : 'context';
  // "I'm Ngozi.": two words, which chatter would take, but a name the tagger reads as one.
  // "I'm vegetarian.": two words, which chatter would take, but a lasting condition.
  if (speaker === 'user' && sentence.split(/\s+/).length <= 2 && !isQuestion(sentence)) {
    if (LASTING_CONDITION.test(sentence)) return 'fact';
    if (INTRODUCED_NAME.test(sentence)) return introduces(sentence) ? 'fact' : 'skip';
  }
  const unstated = notStated(sentence, speaker);
  if (unstated !== null) return unstated;
  const specific = hasSpecifics(sentence);
  if (speaker === 'assistant') {
    if (FIX.test(sentence) && specific) return 'fix';
    return specific ? 'context' : 'skip';
  }
  if (FIX.test(sentence)) return 'fix';
  // "I'm the secretary of X, and our sheet is a mess": the problem is what the sentence reports.
  if (
    introduces(sentence) &&
    !ONE_OFF_TIME.test(sentence) &&
    !OCCASION_TIME.test(sentence) &&
    !PROBLEM.test(sentence) &&
    !ALARMING.test(sentence)
  )
    return 'fact';
  if (REQUEST.test(sentence) || OWN_MOMENT.test(sentence)) return 'context';
  if (
    (PAST_EVENT.test(sentence) &&
      !DECISION.test(sentence) &&
      !COMMITMENT.test(sentence) &&
      !VALUE_ASSIGNMENT.test(sentence)) ||
    (TOPIC.test(sentence) && !FINITE.test(sentence) && !sentence.includes(':'))
  )
    return restrictsToOnly(sentence) ? 'rule' : 'context';
  if (statesRule(sentence)) return 'rule';
  const held = heldBySomeone(sentence);
  if (held !== null) return held;
  if (CANNOT_BE.test(sentence)) return 'rule';
  if (
    THEIR_TERMS.test(sentence) &&
    (hasValue(sentence) || hasSpecifics(sentence)) &&
    !ONE_OFF_TIME.test(sentence) &&
    !asksOnce(sentence)
  )
    return 'rule';
  if (REMEMBER.test(sentence) && (specific || sentence.split(/\s+/).length >= 5)) return 'fact';
  // "I like that", "we love it": the liked thing is in the message it answers.
  if (PREFERENCE.test(sentence) && !specific && BARE_PREFERENCE.test(sentence)) return 'skip';
  if (PREFERENCE.test(sentence)) return 'preference';
  // "Go with that", "let's do it": the choice is in the message it answers, not in these words.
  if (!specific && BARE_COMMITMENT.test(sentence)) return 'skip';
  if (DECISION.test(sentence) || COMMITMENT.test(sentence) || (LETS.test(sentence) && specific))
    return 'decision';
  const threshold =
    THRESHOLD.test(sentence) || (SETTING_NOUN.test(sentence) && /\d/.test(sentence));
  if (HANDLING.test(sentence)) return 'rule';
  // "move it to friday 09:30, thursdays are packed": the reason after the comma is not the point.
  if (
    (PROBLEM.test(sentence) || ALARMING.test(sentence)) &&
    (!threshold || ALARMING.test(sentence)) &&
    leadInstruction(sentence) === null
  )
    return 'problem';
  if (STATUS.test(sentence)) return 'context';
  if (KEY_VALUE.test(sentence) && (hasValue(sentence) || /"[^"]{2,40}"/.test(sentence)))
    return 'fact';
  if (IMPERATIVE.test(sentence)) return instructionKind(sentence, specific);
  // "Battery 9% now", "Signal at 2 bars", "The answer is 42": what a gauge shows at the moment,
  // whether or not the figure is written like a specific.
  if ((specific || hasValue(sentence)) && (readingNow(sentence) || isGaugeReading(sentence)))
    return 'context';
  if (STATE.test(sentence) && specific) return 'state';
  if (statesWhatIs(sentence, specific)) return 'fact';
  return restrictsToOnly(sentence) ? 'rule' : 'context';
}

/**
 * A standing rule stated outright: a rule named or labelled, a rule cue or an obligation not
 * limited to the moment, a classification convention, a standing reaction to an event.
 */
function statesRule(sentence: string): boolean {
  // "The inbox rule that forwards claims stopped working": a rule named as a thing that fails is a
  // problem report; "Dress rule: …" labels a rule whatever its words.
  if (
    RULE_NOUN.test(sentence) &&
    (sentence.includes(':') || (FINITE.test(sentence) && !PROBLEM.test(sentence)))
  )
    return true;
  // "I don't want to pay for anything right now": a rule for the moment does not stand.
  if (
    (RULE.test(sentence) || RULE_DONT.test(sentence) || OBLIGATION.test(sentence)) &&
    !MOMENT_ONLY.test(sentence)
  )
    return true;
  if (HAS_TO.test(sentence) && !SPEAKER_NOW.test(sentence) && !ONE_OFF_TIME.test(sentence))
    return true;
  return CLASSIFICATION.test(sentence) || standingOnEvent(sentence);
}

/**
 * What someone holds: a role, a habit, a duty, an occupation or a lasting condition is a fact,
 * and the moment's context when held once ("Tom covers for me today"); null when none is named.
 */
function heldBySomeone(sentence: string): 'fact' | 'context' | null {
  if (ROLE.test(sentence) || HABIT.test(sentence)) return 'fact';
  const held =
    DUTY.test(sentence) ||
    (OCCUPATION.test(sentence) && analyseClause(sentence).tense === 'present');
  if (held) return onceDated(sentence) ? 'context' : 'fact';
  if (LASTING_CONDITION.test(sentence) && !onceDated(sentence) && !MOMENT_ONLY.test(sentence))
    return 'fact';
  return null;
}

/**
 * A statement of what is, kept as a fact: where something is, a specific stated with a verb and
 * no moment, a value, a relation, or what a lasting thing is.
 */
function statesWhatIs(sentence: string, specific: boolean): boolean {
  if (
    PRONOUN_PLACE.test(sentence) &&
    (hasSpecifics(sentence.replace(NUMBER_ONLY, '')) || /\d+\.\d+/.test(sentence)) &&
    !ONE_OFF_TIME.test(sentence)
  )
    return true;
  if (
    specific &&
    FINITE.test(sentence) &&
    sentence.split(/\s+/).length >= 4 &&
    !ONE_OFF_TIME.test(sentence)
  )
    return true;
  return (
    isValueStatement(sentence) ||
    namesRelation(sentence) ||
    namesWhatItIs(sentence) ||
    describesSetup(sentence)
  );
}

/** Verbs of feeling, thinking or wanting: "we love Netlify" is a liking, not how things are set up. */
const STANCE_VERBS = new Set(
  'be have do get feel think know want need like love hate hope guess seem wish mean say see'.split(
    ' ',
  ),
);
/** Capitalised words that name no thing of the setup. */
const NOT_A_NAME =
  /^(?:I|I'm|I've|I'd|I'll|OK|Ok|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August|September|October|November|December)$/;

/**
 * How the user's or the team's things are set up, said in the present simple with a named thing
 * ("We host the docs on Netlify", "Our invoices go out through Stripe", "The team uses Linear for
 * tickets"): a durable fact, not working context. Read from the clause: a statement in the simple
 * present (not "we are rebuilding", not "we hosted", not "we might"), not negated, by its owner
 * ("we", "I", "our …"), with a verb of doing rather than of stance, naming something by a
 * capitalised name in what the verb takes, and tied to no moment ("We meet at Starbucks tomorrow"
 * is a plan).
 */
function describesSetup(sentence: string): boolean {
  if (ONE_OFF_TIME.test(sentence) || OCCASION_TIME.test(sentence) || isHedged(sentence))
    return false;
  const clause = analyseClause(sentence);
  if (
    clause.mood !== 'statement' ||
    clause.tense !== 'present' ||
    clause.aspect !== 'simple' ||
    clause.negated ||
    clause.predicate === null ||
    STANCE_VERBS.has(clause.predicate)
  )
    return false;
  // The owner says how their own things are: "we", "I" or "our …" as the subject. A thing named
  // by others ("The back office crawls on the Invoices screen") is as often a symptom, and "my …"
  // as often the speaker's moment ("my fingers barely type on the Thinkpad").
  const owned =
    clause.subject.kind === 'we' ||
    clause.subject.kind === 'speaker' ||
    /^(?:\S+\s+)?our\s/i.test(sentence);
  if (!owned) return false;
  // "I'm a bit annoyed at Dave", "it is freezing, my fingers barely type on the Thinkpad",
  // "Vineyard block C is a swamp" (the tagger took "block" for the verb): a state said with a
  // copula is no setup, whatever verb the tagger finds beside it.
  if (/\b(?:am|is|are|was|were)\b|['’](?:m|re)\b/i.test(sentence)) return false;
  // The name is in what the verb takes, and is no one addressed ("We love it, Priya").
  const addressed = new Set(
    [...sentence.matchAll(/,\s*(\p{Lu}[\p{L}-]*)\s*(?:[,.!?]|$)/gu)].map((m) => m[1]),
  );
  return (clause.object ?? '').split(/\s+/).some((word) => {
    const bare = word.replace(/^[("'“‘]+|[)"'”’.,;:!?]+$/g, '');
    return /^\p{Lu}/u.test(bare) && !NOT_A_NAME.test(bare) && !addressed.has(bare);
  });
}

// An obligation that would follow once ("we'll have to cancel", "we would need to move it").
const CONSEQUENCE = /\b(?:will|'ll|would|'d|might|may|could)\s+(?:have|need|have got)\s+to\b/i;
// A proviso that holds each time rather than a condition of a moment ("Unless told otherwise, …",
// "If possible …", "Where needed …", "When in doubt, …").
const STANDING_PROVISO =
  /^(?:unless (?:(?:told|stated|noted|agreed|asked|specified|instructed|said) otherwise|otherwise (?:stated|noted|agreed|specified))|(?:if|where|when|whenever) (?:possible|needed|necessary|practical|feasible|in doubt|unsure|applicable))\b[,\s]*/i;
const DEFAULTED = new Set<SentenceClass['kind']>(['fact', 'setting', 'instruction', 'rule']);

/**
 * The kind of a user sentence that opens with a standing proviso: a default the user keeps ("Unless
 * told otherwise, invoices go out on the 1st", "If possible keep replies short") is a rule; null
 * without a proviso.
 */
function underProviso(
  sentence: string,
  speaker: 'user' | 'assistant',
): SentenceClass['kind'] | null {
  const proviso = speaker === 'user' ? STANDING_PROVISO.exec(sentence) : null;
  const rest = proviso === null ? '' : sentence.slice(proviso[0].length);
  if (rest.split(/\s+/).length < 2) return null;
  const kind = classifySentence(rest.charAt(0).toUpperCase() + rest.slice(1), speaker);
  const told = IMPERATIVE.test(rest) || analyseClause(rest).mood === 'imperative';
  return DEFAULTED.has(kind) || (kind === 'skip' && told) ? 'rule' : kind;
}

/**
 * A sentence that opens with a supposition ("if they all come we're at 40", "unless the grant
 * lands we're short") states what would be, not what is; a rule or a decision for each time the
 * condition holds ("if a build fails, page the on-call", "if it rains we always move indoors", "if
 * a player drops out they have to find cover") stands.
 */
function supposes(sentence: string): boolean {
  if (SUPPOSITION.pattern.exec(sentence)?.index !== 0) return false;
  const stands = [RULE, RULE_DONT, STANDING_WORD, RULE_NOUN, DECISION, COMMITMENT];
  if (stands.some((cue) => cue.test(sentence))) return false;
  // "… they have to find cover" holds each time; "… we'll have to cancel" is what would follow.
  if (HAS_TO.test(sentence) && !CONSEQUENCE.test(sentence)) return false;
  const main = sentence.split(/,\s*/).slice(1).join(', ');
  return main === '' || !(IMPERATIVE.test(main) || analyseClause(main).mood === 'imperative');
}

/**
 * The kind of a sentence that states nothing (chatter, a joke, a question, a hedge, the speaker
 * leaving, an option someone put to the speaker), else null.
 */
function notStated(sentence: string, speaker: 'user' | 'assistant'): SentenceClass['kind'] | null {
  if (isChatter(sentence)) return 'skip';
  // "swap seats with me lol": a sentence closed by a laugh is a joke, not a standing instruction.
  if (closesWithLaugh(sentence)) return 'skip';
  if (isQuestion(sentence) || TAG_QUESTION.test(sentence)) return 'question';
  if (isHedged(sentence)) return 'hedge';
  if (speaker === 'user' && (isLeaving(sentence) || isPassingState(sentence))) return 'hedge';
  // "Codemagic is building, …", "S4 done 🎉": progress or a cheered result, unless it also decides.
  if (
    speaker === 'user' &&
    isProgressNow(sentence) &&
    !DECISION.test(sentence) &&
    !COMMITMENT.test(sentence)
  )
    return 'hedge';
  if (speaker === 'user' && supposes(sentence)) return 'hedge';
  if (
    speaker === 'user' &&
    ADVISED.test(sentence) &&
    !(AUTHORITY.test(sentence) && STANDING_WORD.test(sentence)) &&
    !DECISION.test(sentence) &&
    !COMMITMENT.test(sentence)
  )
    return 'hedge';
  return null;
}

/** The kind of a user instruction: a rule, a setting, a one-off instruction, or nothing to keep. */
function instructionKind(sentence: string, specific: boolean): SentenceClass['kind'] {
  // An instruction for every case ("blur faces in any image") is a rule, whatever it names.
  if (UNIVERSAL.test(sentence)) return 'rule';
  if (NAMING.test(sentence) || keepsDefault(sentence) || CONTRAST.test(sentence)) return 'setting';
  // "skip only "staff meeting"": a quoted name is what the instruction is about.
  if (!specific && !hasValue(sentence) && !/"[^"]{2,40}"/.test(sentence)) return 'skip';
  if (ANAPHORIC_OBJECT.test(sentence) && !/\d/.test(sentence) && !NAMED.test(sentence))
    return 'skip';
  return STANDING.test(sentence) || VALUE_ASSIGNMENT.test(sentence) ? 'setting' : 'instruction';
}

/**
 * The instruction with a value that opens a sentence whose later clause is a complaint ("move it
 * to friday 09:30, thursdays are packed" → "move it to friday 09:30"), else null.
 */
export function leadInstruction(sentence: string): string | null {
  const [first = sentence, ...others] = sentence.split(/,\s*/);
  // "deploy with the script, not by hand, hand deploys skip the checks": the contrast belongs to the lead.
  const contrast = others[0] !== undefined && /^not\s+\w/i.test(others[0]);
  const lead = contrast ? `${first}, ${others[0]}` : first;
  const rest = contrast ? others.slice(1) : others;
  if (rest.length === 0 || !IMPERATIVE.test(lead) || PROBLEM.test(lead)) return null;
  if (!hasValue(lead) && !contrast) return null;
  return PROBLEM.test(rest.join(', ')) ? lead : null;
}

/** "Keep default timeout": a default kept for something named, not a bare "leave it". */
function keepsDefault(sentence: string): boolean {
  if (!KEEP_DEFAULT.test(sentence)) return false;
  const words = sentence.toLowerCase().match(/[a-z0-9][\w-]*/g) ?? [];
  return words.some((w) => !KEEP_WORDS.test(w));
}

/** A clause that tells someone what to do each time something happens ("cc the owner when merging"). */
function standingOnEvent(sentence: string): boolean {
  return sentence
    .split(/[,;]\s*/)
    .some(
      (clause) =>
        IMPERATIVE.test(clause) &&
        WHEN_EVENT.test(clause) &&
        !/^\w+\s+(?:it|that|this)\b/i.test(clause) &&
        !ONE_OFF_TIME.test(clause),
    );
}

function lastWords(text: string, max: number): string {
  const words = text
    .replace(/[,;:]$/, '')
    .split(/\s+/)
    .filter((w) => w !== '');
  const stop = new Set([
    'now',
    'uses',
    'use',
    'is',
    'are',
    'to',
    'points',
    'the',
    'at',
    'runs',
    'on',
  ]);
  const picked: string[] = [];
  for (let i = words.length - 1; i >= 0 && picked.length < max; i--) {
    const word = words[i] ?? '';
    if (stop.has(word.toLowerCase())) break;
    picked.unshift(word);
  }
  return picked.join(' ');
}

function firstWords(text: string, max: number): string {
  return (
    text
      .split(/[,;.]|\s+(?:on|in|for|at|starting|since|when|because)\s+/)[0]
      ?.split(/\s+/)
      .filter((w) => w !== '')
      .slice(0, max)
      .join(' ')
      .trim() ?? ''
  );
}

/**
 * Reads a state change out of a sentence ("A instead of B", "replacing B with A", "from B to
 * A", "A, up from B") as `{ now, before }`, or null.
 */
export function stateChange(sentence: string): { now: string; before: string } | null {
  const s = sentence.replace(/[.!]+$/, '');
  let m = /^(.*?)\s+instead of\s+(.+)$/i.exec(s);
  if (m?.[1] && m[2]) {
    const now = lastWords(m[1], 3);
    const before = firstWords(m[2], 3);
    if (now !== '' && before !== '') return { now, before };
  }
  m = /\breplac(?:e|ed|ing)\s+(.+?)\s+with\s+(.+)$/i.exec(s);
  if (m?.[1] && m[2]) return { now: firstWords(m[2], 3), before: firstWords(m[1], 3) };
  m = /\bswap(?:ped|ping)?\s+(.+?)\s+(?:for|with)\s+(.+)$/i.exec(s);
  if (m?.[1] && m[2]) return { now: firstWords(m[2], 3), before: firstWords(m[1], 3) };
  m = /\bfrom\s+(\S+(?:\s+\S+)?)\s+to\s+(.+)$/i.exec(s);
  if (m?.[1] && m[2] && /\b(switch|mov|migrat|chang|go)\w*\b/i.test(s)) {
    return { now: firstWords(m[2], 3), before: m[1] };
  }
  m = /^(.*?),?\s+(?:up|down) from\s+(.+)$/i.exec(s);
  if (m?.[1] && m[2]) return { now: lastWords(m[1], 2), before: firstWords(m[2], 3) };
  return null;
}

const STOPWORDS = new Set(
  'a an the and or but of to in on at for with from by is are was were be been it this that these those we i you they he she our your their my me us them as so if then than too also just now not no yes do does did have has had will would can could should may might let lets there here what which who how when where why all any some into over under about after before again very'.split(
    ' ',
  ),
);

/** Lower-case content words (for overlap, merging and duplicate checks). */
export function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z0-9][a-z0-9._:/@-]*[a-z0-9]|[a-z0-9]/g) ?? [];
  return new Set(words.filter((w) => !STOPWORDS.has(w)));
}

/** Jaccard overlap of two word sets. */
export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}
