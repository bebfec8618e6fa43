import type { Intent } from '../../core/index.js';
import { classReading } from '../../language/index.js';
import {
  type Candidate,
  type Clause,
  type DocContext,
  isKnownMember,
  matchKnown,
  ownedByThirdParty,
  speakerEntity,
  subjectOf,
  weEntity,
} from '../clauses.js';
import { canBeName, properPhraseAt, singular, slugify } from '../text.js';
import { HEDGED_CONFIDENCE } from '../types.js';

/** Status words and the canonical project status each one means. */
const STATUS_WORDS: readonly (readonly [RegExp, string])[] = [
  [
    /^(?:unblocked|back on track|resumed|underway|under way|in progress|in-progress|ongoing|started|kicked off|active|wip|back on (?:it|track))$/i,
    'in_progress',
  ],
  [/^(?:blocked|stuck|on hold|paused|stalled|waiting)$/i, 'blocked'],
  [
    /^(?:shipped|launched|live|released|deployed|done|complete|completed|finished|landed|rolled out|went live|in production)$/i,
    'shipped',
  ],
  [
    /^(?:cancelled|canceled|killed|scrapped|shelved|dropped|axed|abandoned|pulled|off)$/i,
    'cancelled',
  ],
  [/^(?:planned|scheduled|on the roadmap|queued|proposed|not started)$/i, 'planned'],
];

function statusOf(word: string): string | null {
  const w = word.trim().replace(/[.!,]+$/, '');
  for (const [pattern, status] of STATUS_WORDS) if (pattern.test(w)) return status;
  return null;
}

const STATUS_ALTERNATION =
  'unblocked|back on track|resumed|underway|under way|in progress|in-progress|ongoing|started|kicked off|blocked|stuck|on hold|paused|stalled|shipped|launched|live|released|deployed|done|complete|completed|finished|landed|rolled out|went live|cancelled|canceled|killed|scrapped|shelved|dropped|axed|abandoned|planned|scheduled';

/** "<NP> is (now|officially|still) <status>" and "<NP> shipped/launched/landed". */
const COPULA_STATUS = new RegExp(
  `^(.{2,60}?)\\s+(?:is|'s|are|has been|have been|was|were|got|just got|just|has|have|finally|officially)?\\s*(?:now\\s+|officially\\s+|still\\s+|finally\\s+|currently\\s+|already\\s+|just\\s+|been\\s+)*(${STATUS_ALTERNATION})\\b`,
  'i',
);
/** "cancelled my side project, the recipe app", "shipped the new onboarding". */
const VERB_OBJECT =
  /\b(cancell?ed|killed|scrapped|shelved|dropped|axed|shipped|launched|released|deployed|started|kicked off|paused|resumed)\s+(?:my|our|the|their)?\s*(.{2,60}?)(?:[.;!](?!\d)|$|\s+(?:today|yesterday|last|this|because|since|after|so)\b)/i;
/**
 * A report labelled with a project's name and, at most, the kind of meeting it comes from
 * ("Kestrel standup:", "Osprey weekly -", "Harbor:"). Group 1 is the name.
 */
const LABELLED_REPORT =
  /^([A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)(?:\s+(?:standup|stand-up|sync|update|retro|weekly|daily|status|check-in|news))?\s*(?::|\s-|\s–)\s+/;
/** "Weekly status, ingest-v3: BLOCKED", "Status - checkout: in progress". */
const LABELLED_STATUS = new RegExp(
  `(?:status[,:-]?\\s+)?([A-Za-z][\\w .-]{1,40}?):\\s*(${STATUS_ALTERNATION})\\b`,
  'i',
);
const PROJECT_WORDS =
  /\b(?:project|app|application|migration|upgrade|launch|release|feature|program|programme|sprint|api|service|sync|redesign|refactor|rewrite|revamp|rework|overhaul|integration|pipeline|checkout|dashboard|website|site|platform|rollout|initiative|epic|v\d+|mvp|beta|pilot|experiment|onboarding|infra|database|db|cluster|deploy|build)\b/i;
/** A project word alone, with no name ("build", "app", "migration"). */
const BARE_KIND = new RegExp(`^(?:${PROJECT_WORDS.source.slice(5, -3)})$`, 'i');
const NOT_PROJECTS =
  /^(?:i|we|you|he|she|they|it|that|this|there|everything|everyone|nothing|all|things|the trip|trip|the flight|flight|practice|school|class|lesson|camp|the gym|gym|debit|payment|rent|bill|the budget|budget|it all|work|the weather|weather)$/i;

/** A phrase that opens with a pronoun and its verb ("It's back to", "that was"): no name. */
const PRONOUN_LED = /^(?:it|that|this)(?:['’]s|\s+(?:is|was|has|had|got|went|will|'ll))(?:\s|$)/i;

const VERSIONED =
  /\b([A-Za-z][\w-]*)\s+(\d+(?:\.\d+)*)\s+(upgrade|migration|release|update|rollout)\b/i;

interface ProjectName {
  readonly slug: string;
  readonly version: string | null;
}

/**
 * The project a noun phrase names, as a slug: determiners dropped, an appositive name preferred
 * ("my side project, the recipe app" → recipe_app), a version number split off ("the Postgres
 * 16 upgrade" → postgres_upgrade, version 16), and an existing project preferred when the words
 * match it ("referrals" → referral_program).
 */
function projectName(phrase: string, doc: DocContext, entityId: string): ProjectName | null {
  // "It's back to in progress": a pronoun and its verb name no project; "it" is the project just
  // named, else the team's one project on record, else nothing.
  if (PRONOUN_LED.test(phrase.trim())) {
    const slug = doc.lastProject ?? onlyProject(doc, entityId);
    return slug === null ? null : { slug, version: null };
  }
  // A parenthetical is a gloss, not part of the name: "Fjord (alignment pipeline)" → fjord.
  let text = phrase
    .replace(/\s*\([^()]*\)/g, ' ')
    .trim()
    .replace(/^["'(]+|["')]+$/g, '');
  if (text.includes(':')) text = text.slice(text.lastIndexOf(':') + 1).trim();
  // A part of a project names the project: "Sprint 1 of Harbor", "phase two of the migration".
  text = text.replace(
    /^(?:the\s+)?(?:first\s+|second\s+|third\s+|final\s+|last\s+|next\s+)?(?:sprint|phase|stage|milestone|iteration|part|leg|wave|round)(?:\s+[\w-]+)?\s+of\s+/i,
    '',
  );
  // A release of a project names the project with that version: "v2.3 of the billing service",
  // "version 4 of the app".
  // "2 of the fixes", "some of the tickets": a share of some work, not a project.
  if (/^(?:\d+|some|most|half|all|none|one|two|three|a few|several)\s+of\b/i.test(text))
    return null;
  // "v2.3 of the billing service", "the billing service v2.3": a release and its version. A bare
  // number before "of" needs a dot ("shipped 2 of the fixes" names no release).
  const before =
    /^(?:the\s+)?(?:(?:v|version\s+)(\d+(?:\.\d+)*)|(\d+(?:\.\d+)+))\s+of\s+(.+)$/i.exec(text);
  // A whole number after the name is part of it ("Search v2", "checkout v2" are projects).
  const after = /^(.+?)\s+(?:v|version\s+)(\d+(?:\.\d+)+)$/i.exec(text);
  const releaseVersion = before ? (before[1] ?? before[2] ?? null) : (after?.[2] ?? null);
  const released = before?.[3] ?? after?.[1];
  if (released !== undefined) text = released;
  const appositive = /,\s*(?:the|our|my)\s+(.+)$/i.exec(text);
  if (appositive?.[1]) text = appositive[1];
  text = text
    .replace(
      /^(?:the|our|my|their|his|her|your|a|an|this|that|(?:weekly |daily |monthly )?(?:status|update|report),?)\s+/i,
      '',
    )
    .replace(/\s+(?:project|work|effort)$/i, (m) => (/\bside\b/i.test(text) ? m : ''))
    .trim();
  if (text === '' || NOT_PROJECTS.test(text) || text.split(/\s+/).length > 6) return null;
  if (/[#/@]|\b(?:PR|pull request|commit|branch)\b/i.test(text)) return null;
  // A phrase that holds an attribute or a date is a run-on line, not a project's name.
  if (/\b(?:owner|deadline|due|provider|status)\b|\d{4}-\d{2}-\d{2}/i.test(text)) return null;
  // "Project Apollo" is Apollo: the word for the kind of thing before a name is no part of it.
  text = text.replace(/^project\s+(?=\p{Lu})/iu, '');
  let version: string | null = releaseVersion;
  const versioned = VERSIONED.exec(text);
  if (versioned) {
    version = versioned[2] ?? null;
    text = text.replace(VERSIONED, '$1 $3');
  }
  const words = slugify(text)
    .split('_')
    .filter((w) => w !== '');
  const known = matchKnown(words, 'project', doc.input.known, entityId);
  const slug = known ?? words.join('_');
  if (slug === '' || /^\d+$/.test(slug)) return null;
  return { slug, version };
}

function isPersonal(text: string): boolean {
  return /\b(?:my|personal|mine)\b/i.test(text) && !/\b(?:we|our|team)\b/i.test(text);
}

function makeCandidate(
  entityId: string,
  slug: string,
  attribute: string,
  value: string,
  clause: Clause,
  span: string,
  intentOverride?: Intent,
): Candidate {
  const intent = clause.intent.intent;
  return {
    entityId,
    field: `project.${slug}.${attribute}`,
    value,
    intent:
      intentOverride ?? (intent === 'assertive' || intent === 'planning' ? 'assertive' : intent),
    confidence: clause.intent.hedged ? HEDGED_CONFIDENCE : 1,
    correction: clause.intent.supersedes,
    span,
  };
}

/**
 * A noun phrase headed by a word for a group of people ("the platform team", "design squad",
 * "the ops folks", "our vendor"): who did something, not what was done.
 */
const GROUP_AGENT =
  /(?:^|\s)(?:team|teams|squad|crew|department|dept|group|org|organisation|organization|folks|people|guys|staff|vendor|vendors|contractors?|agency|committee|board|council|leadership|management)$/i;

/** Cuts a clause at a subordinate conjunction: "blocked until the API team ships" → "blocked". */
function mainClause(text: string): string {
  const cut =
    /\s+(?:until|till|unless|once|as soon as|because|since|so that|in case|waiting on|waiting for|pending)\b/i.exec(
      text,
    );
  return cut ? text.slice(0, cut.index) : text;
}

/** Whether the message is about project work: a team thread, project words or a known project. */
function projectContext(text: string, doc: DocContext): boolean {
  if (doc.group?.startsWith('team:')) return true;
  if (PROJECT_WORDS.test(text)) return true;
  return doc.input.known.some((k) => k.field.startsWith('project.'));
}

/**
 * Blocked work read from the clause's verb class (`classReading`), not a phrase: the team
 * stuck or held up on a piece of work ("we're stuck on offline sync until …": the work after
 * "on"), and a blockage said to have ended ("X is no longer blocked", "X isn't stalled
 * anymore": work under way again). A plain negation ("X isn't blocked") says what the work is
 * not, and is left alone.
 */
function stallCandidates(
  clause: Clause,
  main: string,
  doc: DocContext,
  addStatus: (phrase: string, word: string, span: string) => void,
): void {
  const reading = classReading(clause, 'stall');
  if (reading === null || clause.analysis.mood !== 'statement') {
    return;
  }
  const subject = lastPhrase(reading.subjectPhrase);
  if (
    reading.ceased &&
    subject !== '' &&
    !/^(?:it|this|that|we|i|they)$/i.test(subject) &&
    namesWork(subject, doc)
  ) {
    addStatus(subject, 'unblocked', main);
  } else if (!reading.negated && /^(?:we|i)$/i.test(reading.subjectPhrase)) {
    // The thing stuck on ends with its clause: "stuck on the pricing overhaul, legal has not
    // replied" names the overhaul, "… till design signs off" says how long.
    const on =
      /\b(?:stuck|blocked|held up|stalled)\s+on\s+(?:the\s+|our\s+)?([^,;]{2,60}?)\s*(?:[,;]|\b(?:till|until|because|since|while|but|so|as)\b|$)/i.exec(
        main,
      );
    if (on?.[1] && namesWork(on[1], doc)) addStatus(on[1], 'blocked', on[0]);
  }
}

/**
 * Whether a phrase read from a verb alone (stuck on X, X no longer blocked, taking X over) names
 * a piece of work: a word for a kind of work ("the billing migration") or a project on record.
 * A team's thread is not enough: people there are stuck on trains and roads too ("we're stuck
 * on the A1"), and take children and dogs over to places.
 */
function namesWork(phrase: string, doc: DocContext): boolean {
  if (PROJECT_WORDS.test(phrase)) return true;
  const slug = projectName(phrase, doc, weEntity(doc))?.slug;
  return slug !== undefined && doc.input.known.some((k) => k.field.startsWith(`project.${slug}.`));
}

/**
 * The last phrase of a subject: a label, a comma, a dash or an emoji ends what came before
 * ("legal signed off 🙌 monsoon unblocked" → monsoon, "Legal signed off, API redesign is
 * unblocked" → API redesign), and so does a leading conjunction.
 */
function lastPhrase(phrase: string): string {
  return (
    phrase
      .split(/[:;,]|\s[-–]\s|\p{Extended_Pictographic}/u)
      .pop()
      ?.replace(/^(?:and|but|so)\s+/i, '')
      .trim() ?? ''
  );
}

/**
 * "Billing, payments and search are blocked", "Atlas and Comet are all shipped": a coordinated
 * subject with a plural verb names several things, and no one project's name is read from it
 * (the words joined would make a key of no project). A singular verb keeps one name ("Search
 * and discovery is blocked").
 */
function severalThings(subject: string, matched: string): boolean {
  if (!/\s(?:and|&)\s|,/.test(subject)) return false;
  const verb = matched.slice(subject.length);
  return (
    /^\s*(?:are|were|have been|'re)\b/i.test(verb) ||
    /\b(?:are|were)\s+(?:all|both)$/i.test(subject)
  );
}

/** Status words that are also verbs taking an object ("shipped a fix", "started the audit"). */
const TRANSITIVE_STATUS =
  /^(?:shipped|launched|released|deployed|started|kicked off|finished|completed|dropped|killed|scrapped|cancell?ed|paused|resumed|landed|rolled out)$/i;

/** Whether a transitive status verb has an object after it: a determiner or a name follows. */
function agentWithObject(status: string, after: string): boolean {
  return (
    TRANSITIVE_STATUS.test(status) &&
    /^\s+(?:a|an|the|its|their|his|her|some|two|three|several|new|\p{Lu})/u.test(after)
  );
}

/**
 * In a team's thread, a project owned by someone who is not a member ("the vendor's migration",
 * "Google's launch", "their rollout") is not the team's.
 */
function ownedOutsideTeam(phrase: string, doc: DocContext): boolean {
  if (!ownedByThirdParty(phrase)) return false;
  const possessor = /([\p{L}]+)['’]s\b/u.exec(phrase)?.[1];
  return possessor === undefined || !isKnownMember(possessor, doc);
}

/** Status: "X is blocked", "ingest-v3: BLOCKED", "we shipped X", "it's back on track". */
function statusCandidates(clause: Clause, doc: DocContext, teamEntity: string): Candidate[] {
  const t = clause.text;
  const out: Candidate[] = [];
  const entityFor = (phrase: string): string =>
    isPersonal(phrase) || isPersonal(t.slice(0, 40)) ? speakerEntity(doc) : teamEntity;
  const main = mainClause(t);

  const addStatus = (phrase: string, word: string, span: string): void => {
    const status = statusOf(word);
    if (status === null) return;
    // Outside a team's thread, someone else's project ("their migration", "Google's project",
    // "my friend's launch") is not the speaker's or the group's.
    if (!doc.group?.startsWith('team:') && ownedByThirdParty(phrase)) return;
    if (doc.group?.startsWith('team:') && ownedOutsideTeam(phrase, doc)) return;
    // "The platform team shipped …", "legal finished …": a group of people is the agent of a
    // status verb, never a project.
    if (GROUP_AGENT.test(phrase.trim())) return;
    const entityId = entityFor(phrase);
    const name = projectName(phrase, doc, entityId);
    if (name === null) return;
    const known = doc.input.known.some((k) => k.field.startsWith(`project.${name.slug}.`));
    if (!PROJECT_WORDS.test(phrase) && !doc.group?.startsWith('team:') && !known) return;
    // "The build is blocked", "the app is live": a bare kind of work, with no name, says
    // nothing about which project, outside a team's thread and unless one is on record.
    if (!known && !doc.group?.startsWith('team:') && BARE_KIND.test(name.slug)) return;
    doc.lastProject = name.slug;
    out.push(makeCandidate(entityId, name.slug, 'status', status, clause, span));
    if (name.version !== null) {
      out.push(makeCandidate(entityId, name.slug, 'version', name.version, clause, span));
    }
  };

  const labelled = LABELLED_STATUS.exec(main);
  const copula = COPULA_STATUS.exec(main);
  const verbObject = VERB_OBJECT.exec(main);
  const copulaSubject = lastPhrase(copula?.[1] ?? '');
  const pronoun =
    /^(?:i|we|they|you|i've|we've|they've|i have|we have|i just|we just|we've just|i've just|just|finally|i'm|we're|they're|i am|we are|they are|we're still|we are still)?$/i;
  // "Kestrel standup: we're blocked on the sandbox": the team reports on the labelled project.
  const label = LABELLED_REPORT.exec(main);
  if (
    label?.[1] &&
    copula?.[2] &&
    /^(?:we|we're|we are|we've|we have|we just|we're still|we are still)$/i.test(copulaSubject)
  ) {
    addStatus(label[1], copula[2], copula[0]);
  } else if (
    labelled?.[1] &&
    labelled[2] &&
    !/^(?:status|note|update)$/i.test(labelled[1].trim())
  ) {
    addStatus(labelled[1], labelled[2], labelled[0]);
  } else if (
    copula?.[2] &&
    copulaSubject !== '' &&
    !pronoun.test(copulaSubject) &&
    // "The migration isn't blocked": a negated status says what the project is not.
    // Texted without the apostrophe too ("isnt", "arent").
    !/(?:n't|\bnot|\bnever|\bno longer|\b(?:is|are|was|were|has|have|had)nt)\s*$/i.test(
      copulaSubject,
    ) &&
    // "The redesign is basically done", "almost shipped": a hedged status is not that status.
    !/\b(?:is|are|was|were|'s)\s+(?:basically|mostly|almost|nearly|practically|pretty much|kind of|sort of|more or less|not quite|largely|partly|partially)$/i.test(
      copulaSubject,
    ) &&
    // "Is the payments API still blocked?": asked, not said.
    !/^(?:is|are|was|were)\b/i.test(copulaSubject) &&
    !severalThings(copula[1] ?? '', copula[0]) &&
    // "Google shipped a new model": with an object after it, the verb's subject is who did it,
    // not a project.
    !agentWithObject(copula[2], main.slice((copula.index ?? 0) + copula[0].length))
  ) {
    if (/^(?:it|this|that)$/i.test(copulaSubject) && doc.lastProject !== null) {
      const status = statusOf(copula[2]);
      if (status !== null) {
        out.push(makeCandidate(teamEntity, doc.lastProject, 'status', status, clause, copula[0]));
      }
    } else if (
      !/^[A-Z][a-z]+$/.test(copulaSubject) ||
      !canBeName(copulaSubject) ||
      // In a team's thread a one-word name that is not a member is a project's code name
      // ("Kestrel is unblocked"): people are not shipped or unblocked.
      (doc.group?.startsWith('team:') === true && !isKnownMember(copulaSubject, doc))
    ) {
      addStatus(copulaSubject, copula[2], copula[0]);
    }
  } else if (
    verbObject?.[1] &&
    verbObject[2] &&
    pronoun.test((main.slice(0, verbObject.index).split(/[:,;]/).pop() ?? '').trim())
  ) {
    addStatus(verbObject[2], verbObject[1], verbObject[0]);
  }
  // Stall readings land through addStatus, like the other status readings.
  if (out.length === 0) stallCandidates(clause, main, doc, addStatus);
  if (
    /\b(?:is|are|'s|'re)\s+back on (?:it|track)\b/i.test(t) &&
    doc.lastProject !== null &&
    out.length === 0
  ) {
    out.push(makeCandidate(teamEntity, doc.lastProject, 'status', 'in_progress', clause, t));
  }

  return out;
}

/** Owner: "Omar owns it", "led by Lina Park". */
function ownerCandidates(clause: Clause, doc: DocContext, teamEntity: string): Candidate[] {
  const t = clause.text;
  const out: Candidate[] = [];
  // A name of up to four capitalised words ("Fatima Zahra Benali", "Ana Paula Souza"): a shorter
  // pattern kept only the last two and committed a wrong owner. A sentence opener before it ("So
  // Ana Paula Souza owns…") is no part of it (`withoutOpener`).
  const owner =
    /(?<![\p{L}])(\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+){0,3})\s+(?:owns|is leading|leads|is the owner of|is driving|runs|takes over|took over|is taking over|will take over|has taken over|inherits|inherited)\s+(it|this|that|.{2,40}?)(?:[,.;]|\s+(?:from|starting|as of|next|this|today|tomorrow|now)(?![\p{L}])|$)/u.exec(
      t,
    ) ??
    /(?<![\p{L}])(?:owned by|led by|owner is|owner:)\s+(\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+){0,3})/u.exec(
      t,
    );
  const ownerName = owner?.[1] === undefined ? '' : withoutOpener(owner[1]);
  if (owner !== null && ownerName !== '') {
    const target = owner[2];
    let slug = doc.lastProject;
    if (target !== undefined && !/^(?:it|this|that)$/i.test(target)) {
      // "Jonno is driving to Broome": what is driven or run must be a project.
      const named = projectName(target, doc, teamEntity);
      slug = named !== null && namesProject(target, named.slug, doc) ? named.slug : null;
    }
    const name = ownerName.split(/\s+/)[0] ?? ownerName;
    if (slug !== null && canBeName(name)) {
      out.push(makeCandidate(teamEntity, slug, 'owner', ownerName, clause, owner[0]));
    }
  } else {
    const moved = particleOwner(clause, doc, teamEntity);
    if (moved !== null) out.push(moved);
  }

  return out;
}

/** Words that open a sentence and are capitalised there, never part of a name after them. */
const OPENERS = new Set('so and but now then also well ok okay yes plus anyway'.split(' '));

/** A preposition that opens a sentence with the time a change starts ("From Monday …"). */
const TIME_OPENERS = new Set('from starting beginning after since until on'.split(' '));

/** A day or a month, capitalised in English wherever it stands. */
const WEEKDAY = /^(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)day$/i;
const MONTH =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * Whether the words open with a time the change starts: a weekday, or a month with a name of
 * two words after it ("Starting June Carter …" may be June Carter; "Starting June Priya Raman"
 * is not).
 */
function opensWithTime(words: readonly string[]): boolean {
  if (!TIME_OPENERS.has((words[0] ?? '').toLowerCase())) return false;
  const when = words[1] ?? '';
  return WEEKDAY.test(when) || (MONTH.test(when) && words.length >= 4);
}

/**
 * `name` without the sentence openers before it: "So Ana Paula Souza" is "Ana Paula Souza", and
 * "From Monday Oluwaseun Okafor" (a time the change starts, then the name) is "Oluwaseun Okafor";
 * empty when a time opener is left that cannot be told from the name.
 */
function withoutOpener(name: string): string {
  const words = name.split(/\s+/);
  for (;;) {
    const first = (words[0] ?? '').toLowerCase();
    if (OPENERS.has(first)) words.shift();
    else if (opensWithTime(words)) words.splice(0, 2);
    else break;
  }
  // "Starting June Carter …": whether the name is "June Carter" or "Carter" is a guess.
  if (TIME_OPENERS.has((words[0] ?? '').toLowerCase())) return '';
  return words.join(' ');
}

/**
 * "Wanjiru is taking Sankofa over from Tomasz": the `own` verb class with its particle after a
 * one-word object (English moves the particle of "take over" behind a short object). The owner
 * is the name that ends the subject phrase; the object must be a project on record (or a word
 * for a kind of work): "Sam took Bella over after lunch" carries someone, even in a team thread.
 */
function particleOwner(clause: Clause, doc: DocContext, teamEntity: string): Candidate | null {
  const reading = classReading(clause, 'own');
  if (reading === null || reading.negated || clause.analysis.mood !== 'statement') {
    return null;
  }
  const name = /(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)$/u.exec(reading.subjectPhrase)?.[1];
  // "taking Leo over to the park": "over to" is a direction, and Leo is carried, not owned.
  const target =
    /\b(?:take|takes|taking|took|taken)\s+(\p{Lu}[\w-]*)\s+over\b(?!\s+(?:to|there|here|at)\b)/u.exec(
      clause.text,
    );
  if (name === undefined || target?.[1] === undefined || isKnownMember(target[1], doc)) return null;
  if (!canBeName(name.split(/\s+/)[0] ?? name)) return null;
  const named = projectName(target[1], doc, teamEntity);
  if (named === null || !namesWork(target[1], doc)) return null;
  doc.lastProject = named.slug;
  return makeCandidate(teamEntity, named.slug, 'owner', name, clause, target[0]);
}

/**
 * "switched the X cluster from A to B", "migrated our Y backend off A to B": a thing moved from
 * one named provider to another. Group 1 is the thing, group 2 the new provider.
 */
const MOVED_THING =
  /\b(?:switched|moved|migrated|shifted|ported)\s+(?:the\s+|our\s+|my\s+)?((?:[\w.-]+\s+){0,3}[\w.-]+)\s+(?:from|off)\s+[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?\s+(?:to|onto)\s+([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)(?=[\s.,;!]|$)/;

/** Provider: "switched to Adyen for checkout v2", "we decided to use Stripe for X". */
function providerCandidates(clause: Clause, doc: DocContext, teamEntity: string): Candidate[] {
  const t = clause.text;
  const out: Candidate[] = [];
  const provider =
    /\b(?:switched|switching|moved|moving|migrated|migrating|changed|going)\s+(?:over\s+)?(?:from\s+[A-Z]\w+\s+)?to\s+([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)(?:\s+(?:for|on)\s+(?:the\s+)?([\w .-]{2,40}?))?(?:[.,;]|$)/.exec(
      t,
    );
  const moved = provider === null ? MOVED_THING.exec(t) : null;
  if (moved?.[1] && moved[2]) {
    // "We switched the Fjord GPU cluster from AWS to Hetzner": the thing moved names a project
    // on record (or, in a team thread, is one); the place it moved to is its provider.
    const name = projectName(moved[1], doc, teamEntity);
    const known =
      name !== null && doc.input.known.some((k) => k.field.startsWith(`project.${name.slug}.`));
    if (name !== null && (known || doc.group?.startsWith('team:') === true)) {
      doc.lastProject = name.slug;
      out.push({
        ...makeCandidate(
          teamEntity,
          name.slug,
          'provider',
          moved[2].replace(/\.+$/, ''),
          clause,
          moved[0],
        ),
        correction: true,
      });
    }
  }
  // What moved is the team's or the speaker's work ("we switched to Adyen"), not a thing that
  // goes somewhere ("the package is going to Oslo", "the ticket moved to In Review").
  const mover = provider === null ? null : subjectOf(t.slice(0, provider.index), doc);
  if (provider?.[1] && mover !== null && (mover.kind === 'speaker' || mover.kind === 'we')) {
    const named = provider[2] ? projectName(provider[2], doc, teamEntity) : null;
    const slug = provider[2]
      ? named !== null && namesProject(provider[2], named.slug, doc)
        ? named.slug
        : null
      : (doc.lastProject ?? onlyProjectWithProvider(doc, teamEntity));
    if (slug !== null) {
      const attribute =
        doc.input.known
          .filter((k) => k.field.startsWith(`project.${slug}.`) && k.value !== null)
          .map((k) => k.field.split('.').pop() ?? '')
          .find((a) =>
            /^(?:provider|vendor|platform|stack|tool|database|host|processor)$/.test(a),
          ) ?? 'provider';
      doc.lastProject = slug;
      out.push({
        ...makeCandidate(teamEntity, slug, attribute, provider[1], clause, provider[0]),
        correction: true,
      });
    }
  }

  // A decision names what a project uses: "we decided to use Stripe for checkout v2", "we're
  // going with Postgres as the database for the ledger". The attribute is the noun after "as
  // (the)", else `provider`.
  const decided =
    /\b(?:decided (?:to (?:use|go with|adopt|pick|choose)|on)|(?:are|'re) going with|will use|chose|picked|settled on|went with|opted for)\s+([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)(?:\s+as\s+(?:the\s+|our\s+)?([a-z]+))?\s+(?:for|on)\s+(?:the\s+|our\s+)?([\w .-]{2,40}?)(?:[.,;!]|$)/.exec(
      t,
    );
  if (!provider && decided?.[1] && decided[3] && clause.analysis.mood === 'statement') {
    const name = projectName(decided[3], doc, teamEntity);
    if (name !== null) {
      doc.lastProject = name.slug;
      const attribute = decided[2] ? slugify(singular(decided[2])) : 'provider';
      out.push(makeCandidate(teamEntity, name.slug, attribute, decided[1], clause, decided[0]));
    }
  }

  return out;
}

/**
 * "due 2026-05-29", "due by Friday": the adjective "due" opening a segment of the clause, with a
 * date right after it, said of the project `slug` named as the subject of the segment of the same
 * sentence right before it ("Meridian is underway, due …"). Another noun phrase in between ("Atlas
 * is live; the library books, due …") is what is due, and a new sentence ("Atlas is live. Due
 * Friday: my tax return") names its own.
 */
function dueDate(
  clause: Clause,
  slug: string,
  doc: DocContext,
  teamEntity: string,
): { date: string; span: string } | null {
  const due = /\bdue\s+(?:on\s+|by\s+|for\s+)?/i.exec(clause.text);
  if (due === null) return null;
  // "due" must open its own segment after the project's clause ("X is underway, due …"): with
  // a noun of its own before it ("pen-test report due next week") something else is due.
  const segment = clause.text.slice(0, due.index).split(/[,;:]/).pop() ?? '';
  if (segment.trim() !== '') return null;
  const clauseAt = clause.sentence.indexOf(clause.text);
  const dueAt =
    clauseAt === -1
      ? clause.sentence.toLowerCase().indexOf(due[0].toLowerCase())
      : clauseAt + due.index;
  const before = clause.sentence.slice(0, Math.max(dueAt, 0)).split(/[,;:]/).slice(0, -1);
  const previous = before.at(-1)?.trim() ?? '';
  const subject = COPULA_STATUS.exec(previous)?.[1] ?? previous;
  // The nearest noun phrase is the project's name, or a pronoun for the project the sentence
  // named before it ("Sankofa is in progress; Tomasz owns it, due …").
  const named = previous !== '' && projectName(subject, doc, teamEntity)?.slug === slug;
  const referred =
    /\b(?:it|this|that)$/i.test(previous) &&
    `_${slugify(before.slice(0, -1).join(' '))}_`.includes(`_${slug}_`);
  if (!named && !referred) return null;
  const after = due.index + due[0].length;
  const date = clause.dates.find((d) => d.start === after && d.date !== null && !d.vague);
  return date?.date
    ? { date: date.date, span: due[0] + clause.text.slice(after, after + 20) }
    : null;
}

/** Deadline: "the deadline moved to May 29", "Aurora's deadline is Friday", "X is underway, due …". */
function deadlineCandidates(clause: Clause, doc: DocContext, teamEntity: string): Candidate[] {
  const t = clause.text;
  const out: Candidate[] = [];
  const deadline =
    /\b(?:(?:launch\s+|release\s+|ship\s+)?deadline|due date|launch date|target(?: date)?|go-live)\s+(?:for\s+(?:the\s+)?([\w .-]{2,40}?)\s+)?(?:is|was|'s|changed to|moved to|pushed to|slipped to|now|set to|:|(?=\d{4}-\d{2}-\d{2}))\s*(?:now\s+)?(?:to\s+)?(.{2,40}?)(?:[.;,]|$)/i.exec(
      t,
    );
  // "Aurora's deadline", "the Condor deadline", "Condor - release deadline": the name before it.
  const deadlineOwner =
    /\b([A-Z][\w-]+)(?:'s)?\s+(?:-\s+)?(?:(?:launch|release|ship|final)\s+)?deadline\b/.exec(t);
  if (deadlineOwner?.[1] && !doc.lastProject && canBeProject(deadlineOwner[1], doc)) {
    doc.lastProject = slugify(deadlineOwner[1]);
  }
  if (deadline === null && doc.lastProject !== null) {
    const due = dueDate(clause, doc.lastProject, doc, teamEntity);
    if (due !== null) {
      out.push(makeCandidate(teamEntity, doc.lastProject, 'deadline', due.date, clause, due.span));
    }
  }
  const slipped = deadline === null ? slippedLaunch(clause, doc, teamEntity) : null;
  if (slipped !== null) out.push(slipped);
  if (
    deadline?.[2] &&
    !/\b(?:it was|was)\b/i.test(deadline[0].split(/\s+/).slice(0, 2).join(' '))
  ) {
    const named = deadline[1] ? projectName(deadline[1], doc, teamEntity) : null;
    // "The deadline for the grant is April 30": a deadline for something that is no project.
    const slug =
      deadline[1] === undefined
        ? doc.lastProject
        : named !== null && namesProject(deadline[1], named.slug, doc)
          ? named.slug
          : null;
    const dateIndex = t.indexOf(deadline[2]);
    const date = clause.dates.find((d) => d.start >= dateIndex && d.date !== null);
    const value = date?.date ?? deadline[2].replace(/^the\s+/i, '').trim();
    if (slug !== null && value !== '') {
      doc.lastProject = slug;
      out.push({
        ...makeCandidate(teamEntity, slug, 'deadline', value, clause, deadline[0]),
        correction: clause.intent.supersedes || /changed|moved|pushed|slipped/i.test(deadline[0]),
      });
    }
  }

  return out;
}

/**
 * A project's launch (release, go-live, rollout) moved to a day: "<project> launch is pushed to
 * …", "the <project> release slipped to …". The day is the project's new deadline.
 */
const SLIPPED_LAUNCH =
  /^(?:the\s+|our\s+)?([\p{L}][\p{L}\d .-]{1,40}?)\s+(?:launch|release|go-live|rollout|ship date)\s+(?:(?:is|has been|was|got|'s)\s+)?(?:now\s+)?(?:pushed|moved|slipped|delayed|postponed|bumped)\s+(?:back\s+|out\s+)?to\s+/iu;

/**
 * A release named by its version moved to a day ("Release 4.2 slipped to next Thursday", "v2.1
 * is pushed to the 30th"): the version names no project, so it is the team's one project on
 * record, and nothing when the team has none or several.
 */
const SLIPPED_VERSION =
  /^(?:the\s+)?(?:release|version)?\s*v?\d+(?:\.\d+)+\s+(?:release\s+)?(?:(?:is|has been|was|got|'s)\s+)?(?:now\s+)?(?:pushed|moved|slipped|delayed|postponed|bumped)\s+(?:back\s+|out\s+)?to\s+/iu;

/** The one project a team has on record, or null. */
function onlyProject(doc: DocContext, teamEntity: string): string | null {
  const slugs = new Set(
    doc.input.known
      .filter((k) => k.entityId === teamEntity && k.field.startsWith('project.'))
      .map((k) => k.field.split('.')[1] ?? ''),
  );
  return slugs.size === 1 ? ([...slugs][0] ?? null) : null;
}

/** The project a slipped launch names (see `SLIPPED_LAUNCH`, `SLIPPED_VERSION`), or null. */
function slippedProject(
  doc: DocContext,
  teamEntity: string,
  m: RegExpExecArray,
): { slug: string } | null {
  if (m[1] === undefined) {
    const slug = doc.group?.startsWith('team:') ? onlyProject(doc, teamEntity) : null;
    return slug === null ? null : { slug };
  }
  const named = projectName(m[1], doc, teamEntity);
  return named === null || !namesProject(m[1], named.slug, doc) ? null : named;
}

/** The deadline a launch moved to a day gives its project (see `SLIPPED_LAUNCH`). */
function slippedLaunch(clause: Clause, doc: DocContext, teamEntity: string): Candidate | null {
  const t = clause.text;
  const m = SLIPPED_LAUNCH.exec(t) ?? SLIPPED_VERSION.exec(t);
  if (m === null || clause.analysis.negated) return null;
  const date = clause.dates.find((d) => d.start >= m[0].length - 1 && d.date !== null);
  if (date?.date == null || date.start > m[0].length + 4) return null;
  const named = slippedProject(doc, teamEntity, m);
  if (named === null) return null;
  // Outside a team's thread a launch is any launch ("the SpaceX launch"): only a project on
  // record is one of the user's.
  const onRecord = doc.input.known.some((k) => k.field.startsWith(`project.${named.slug}.`));
  if (!doc.group?.startsWith('team:') && !onRecord) return null;
  doc.lastProject = named.slug;
  return {
    ...makeCandidate(teamEntity, named.slug, 'deadline', date.date, clause, m[0]),
    correction: true,
  };
}

/** Version and release: a production deploy, a published release, an upgrade to a version. */
function releaseCandidates(clause: Clause, doc: DocContext, teamEntity: string): Candidate[] {
  const t = clause.text;
  const out: Candidate[] = [];
  // A deploy or release event names the project and its version: "[deploy] kestrel v2.0.0 ->
  // production: SUCCESS", "release published - harmattan v3.2.0". A deploy elsewhere than
  // production, or one that failed, ships nothing.
  const deployed =
    /\b([a-z][\w-]*)\s+v?(\d+\.\d+(?:\.\d+)?)\s*(?:->|to)\s*(?:production|prod)\b[:\s]*(?:success|succeeded|ok|done|deployed|green)\b/i.exec(
      t,
    ) ??
    /\brelease (?:published|created|tagged|shipped)\s*[-:]\s*([a-z][\w-]*)\s+v?(\d+(?:\.\d+)+)/i.exec(
      t,
    );
  if (deployed?.[1] && deployed[2] && !/\b(?:failed|failure|error|rolled back)\b/i.test(t)) {
    const slug = projectName(deployed[1], doc, teamEntity)?.slug ?? null;
    if (slug !== null) {
      doc.lastProject = slug;
      out.push(makeCandidate(teamEntity, slug, 'status', 'shipped', clause, deployed[0]));
      out.push(makeCandidate(teamEntity, slug, 'version', deployed[2], clause, deployed[0]));
    }
  }

  const upgrade =
    /\b(?:upgrade|migrate|move|roll back|rollback|downgrade)\s+to\s+(?:([A-Z][\w-]*)\s+)?(\d+(?:\.\d+)*)\b/i.exec(
      t,
    );
  if (upgrade?.[2] && doc.lastProject !== null) {
    out.push(makeCandidate(teamEntity, doc.lastProject, 'version', upgrade[2], clause, upgrade[0]));
  }
  return out;
}

/**
 * Projects: status changes ("X shipped", "X is blocked on Y", "X is unblocked", "cancelled my
 * side project, the recipe app", "ingest-v3: BLOCKED"), owner ("Omar owns it", "Owner: Lina
 * Park"), provider ("switched to Adyen for checkout v2"), deadline ("deadline changed to May
 * 29") and version ("the Postgres 16 upgrade").
 */
export function projectRules(clause: Clause, doc: DocContext): Candidate[] {
  if (!projectContext(clause.text, doc)) return [];
  const teamEntity = weEntity(doc);
  // In this order: each may name the project the next ones refer to (`doc.lastProject`).
  return [
    statusCandidates,
    ownerCandidates,
    providerCandidates,
    deadlineCandidates,
    releaseCandidates,
  ].flatMap((read) => read(clause, doc, teamEntity));
}

/**
 * Whether a phrase read as the project of an attribute ("for Christmas", "for the grant", "to
 * Broome") can be one: a project on record, a phrase with a word for a kind of work ("checkout
 * v2", "the billing API"), or any name in a team's thread. One known project elsewhere does not
 * make every "for X" a project.
 */
function namesProject(phrase: string, slug: string, doc: DocContext): boolean {
  if (doc.group?.startsWith('team:')) return true;
  if (doc.input.known.some((k) => k.field.startsWith(`project.${slug}.`))) return true;
  return PROJECT_WORDS.test(phrase);
}

/** Whether a capitalised word can name a project here: a team thread or a known project. */
function canBeProject(word: string, doc: DocContext): boolean {
  const slug = slugify(word);
  if (doc.input.known.some((k) => k.field.startsWith(`project.${slug}.`))) return true;
  return doc.group?.startsWith('team:') === true && !isKnownMember(word, doc);
}

/**
 * The one project of `entityId` that already has a provider-like attribute, for a switch that
 * names no project ("we switched to Adyen"); null when none or several.
 */
function onlyProjectWithProvider(doc: DocContext, entityId: string): string | null {
  const slugs = new Set(
    doc.input.known
      .filter(
        (k) =>
          k.entityId === entityId &&
          /^project\.[a-z0-9_]+\.(?:provider|vendor|platform|processor)$/.test(k.field),
      )
      .map((k) => k.field.split('.')[1] ?? ''),
  );
  return slugs.size === 1 ? ([...slugs][0] ?? null) : null;
}

/**
 * Words that title a section of a document rather than name a project ("# Projects", "## Status
 * report", "## Active work", "## Notes"): a brief's line under such a heading names no project.
 */
const SECTION_WORDS =
  /^(?:active|current|open|our|my|the|team|all|other|notes?|overview|summary|status|report|roadmap|brief|spec|details?|backlog|updates?|work|ongoing|misc|todo|tasks?|project|q[1-4]|\d{4}|sprint|\d{1,3})$/;

/**
 * Whether a heading titles a section: every word a section word or a kind of work in the plural
 * ("Projects", "Active migrations"). A kind of work in the singular may be a name ("Checkout v2").
 */
function isSectionTitle(heading: string): boolean {
  const words = slugify(heading)
    .split('_')
    .filter((w) => w !== '');
  return words.every(
    (w) => SECTION_WORDS.test(w) || (singular(w) !== w && BARE_KIND.test(singular(w))),
  );
}

/** Whether a heading titles a list of projects ("Projects", "Active work streams"). */
function isProjectList(heading: string): boolean {
  return (
    isSectionTitle(heading) &&
    slugify(heading)
      .split('_')
      .some((w) => BARE_KIND.test(singular(w)))
  );
}

/** A brief key of words then an attribute ("Project Apollo status"): group 1 may name a project. */
const NAMED_KEY = /^(.+?)\s+(status|state|owner|lead|deadline|due date|provider|version)$/i;

/**
 * Project brief lines: `Status: in progress`, `Owner: Lina Park`, `Target: end of April`. The
 * project is the one the key names ("Project Apollo status: on track"), else the nearest of
 * `topics` (headings above the line, nearest first, then the document's title) that names a
 * project rather than a section ("## Apollo" under "# Projects").
 */
export function projectField(
  key: string,
  value: string,
  clause: Clause,
  doc: DocContext,
  topics: readonly string[],
): Candidate | null {
  const entityId = weEntity(doc);
  const listed = listedStatus(key, value, clause, doc, entityId);
  if (listed !== undefined) return listed;
  // "Project Apollo status", "Billing migration owner": the key names its project with a word
  // for work, or by the name of a project already named ("Puffin owner" after a "Puffin: …"
  // line, or with Puffin on record); a modifier alone ("Hosting provider", "Compute provider",
  // "Project status") names none.
  const keyed = NAMED_KEY.exec(key.trim());
  const named =
    keyed?.[1] &&
    (PROJECT_WORDS.test(keyed[1]) || projectAlreadyNamed(keyed[1], doc, entityId)) &&
    !isSectionTitle(keyed[1])
      ? keyed
      : null;
  // A sub-heading names the project only under a list of projects ("# Projects") or with a
  // word for work of its own ("## Billing migration"); elsewhere ("## Errands" in a memory file)
  // it is a section, and the document's own title is read as before.
  const last = topics.length - 1;
  const topic =
    named?.[1] ??
    topics.find(
      (t, i) =>
        !isSectionTitle(t) &&
        (i === last || PROJECT_WORDS.test(t) || topics.slice(i + 1).some(isProjectList)),
    );
  if (topic === undefined) return null;
  const name = projectName(topic, doc, entityId);
  if (name === null) return null;
  const k = slugify(named?.[2] ?? key);
  let attribute = k;
  let v = value.trim().replace(/[.;]+$/, '');
  if (k === 'status' || k === 'state') {
    const status = statusOf(v.toLowerCase());
    if (status === null) return null;
    attribute = 'status';
    v = status;
  } else if (/^(?:target|deadline|due|due_date|launch|launch_date|eta|target_date)$/.test(k)) {
    attribute = 'deadline';
    const date = clause.dates.find((d) => d.date !== null);
    v = date?.date ?? v;
  } else if (/^(?:lead|owner|dri|assignee)$/.test(k)) {
    attribute = 'owner';
  } else if (PROVIDER_HEAD.test(k)) {
    // "Compute provider", "Payment processor", "Hosting vendor": a modifier then the head noun
    // of a provider attribute is that attribute.
    attribute = 'provider';
  }
  if (v === '' || v.length > 200) return null;
  doc.lastProject = name.slug;
  return makeCandidate(entityId, name.slug, attribute, v, clause, `${key}: ${value}`, 'assertive');
}

/** Whether `phrase` is the slug of a project named earlier in the note or on record. */
function projectAlreadyNamed(phrase: string, doc: DocContext, entityId: string): boolean {
  const slug = slugify(phrase);
  if (slug === '') return false;
  if (doc.lastProject === slug) return true;
  return doc.input.known.some(
    (k) => k.entityId === entityId && k.field.startsWith(`project.${slug}.`),
  );
}

/** Words after a status that say when, not what: "planned for September", "live since May". */
const STATUS_WHEN = /\s+(?:for|since|until|till|from|as of|by|in|on|after|before)\s.*$/i;

/**
 * An entry of a list of projects: the key is the project's name, with or without a gloss in
 * parentheses, and the value opens with its status ("Harbor (internal container registry):
 * planned, kickoff early August"; "Lighthouse: in progress"). Undefined when the key names an
 * attribute or the value opens with no status, for the brief readings to try; null when the name
 * is no project's.
 */
function listedStatus(
  key: string,
  value: string,
  clause: Clause,
  doc: DocContext,
  entityId: string,
): Candidate | null | undefined {
  const bare = key.replace(/\s*\([^()]*\)\s*$/, '').trim();
  if (NAMED_KEY.test(bare) || ATTRIBUTE_KEY.test(slugify(bare)) || !/^\p{Lu}/u.test(bare)) {
    return undefined;
  }
  const head = (/^[^,;(]+/.exec(value.trim())?.[0] ?? '').trim().replace(STATUS_WHEN, '');
  const status = statusOf(head.toLowerCase());
  if (status === null) return undefined;
  const name = projectName(key, doc, entityId);
  if (name === null || isSectionTitle(bare)) return null;
  doc.lastProject = name.slug;
  return makeCandidate(
    entityId,
    name.slug,
    'status',
    status,
    clause,
    `${key}: ${value}`,
    'assertive',
  );
}

/** Keys that name an attribute of the document's project rather than a project. */
const ATTRIBUTE_KEY =
  /^(?:status|state|target|deadline|due|due_date|launch|launch_date|eta|target_date|lead|owner|dri|assignee|provider|version|milestone|phase|stage|progress|health|next_steps?|notes?|summary|risks?|blockers?)$/;

/** A key whose head noun is a provider word, after one or two modifiers ("compute_provider"). */
const PROVIDER_HEAD = /^(?:[a-z]+_){1,2}(?:provider|vendor|processor)$/;

/** Whether a note's title or keys describe a project brief. */
export function isProjectDocument(topic: string | null, keys: readonly string[]): boolean {
  if (
    topic !== null &&
    /\b(?:projects?|brief|spec|status report|roadmap|prd|rfc|sprint\s*\d+)\b/i.test(topic)
  ) {
    return true;
  }
  return keys.some(
    (k) =>
      /^(?:status|owner|provider|target|deadline|dri|milestone)$/i.test(k) ||
      // "Project Apollo status", "Billing migration owner": a key naming a project's attribute.
      PROJECT_WORDS.test(NAMED_KEY.exec(k.trim())?.[1] ?? ''),
  );
}

/** A proper name at `index` (exported for the other rules). */
export function nameAt(text: string, index: number): string | null {
  return properPhraseAt(text, index);
}
