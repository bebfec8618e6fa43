/**
 * Word lists of the language service. Each entry names the general phenomenon it covers; each is
 * exercised by `lexicon.test.ts` with sentences written for it (in no benchmark file).
 */

/** One lexicon entry: the pattern and the phenomenon it stands for. */
export interface LexiconEntry {
  readonly phenomenon: string;
  readonly pattern: RegExp;
}

/**
 * Geographic features named by their kind: lakes, mountains, islands, parks, beaches, valleys,
 * coasts. The gazetteer lists populated places only; these are still destinations.
 */
export const GEOGRAPHIC_FEATURE =
  /^(?:(?:Lake|Mount|Mt\.?|Isle of|Cape|Glacier|Lago|Monte)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s+(?:Lake|Lakes|Island|Islands|Mountains|National Park|National Forest|Valley|Beach|Coast|Canyon|Falls|Bay|Peninsula|Alps|Highlands))$/;

/**
 * Everyday venues and occasions: where people are within a day, never a trip destination
 * ("at the office", "back from lunch", "at the gym").
 */
export const VENUE: LexiconEntry = {
  phenomenon: 'everyday venue or occasion, not a trip destination',
  pattern:
    /^(?:the\s+|my\s+|our\s+|a\s+)?(?:office|work|school|gym|lunch|dinner|breakfast|brunch|coffee|cafe|café|meeting|standup|class|practice|dentist|doctor|clinic|hospital|store|shop|supermarket|mall|library|church|park|bar|pub|restaurant|party|game|movies?|cinema|bank|post office|pharmacy|vet|salon|daycare|appointment|call|interview|errands?|walk|run|shower|bed|break|gig|concert|drinks|show|match|date|haircut)\b/i,
};

/**
 * Book, film and document parts that read like places after "in" ("we are in Chapter 11",
 * "in Section 3", "in Act II").
 */
export const DOCUMENT_PART: LexiconEntry = {
  phenomenon: 'a part of a book, document or show, not a place',
  pattern:
    /^(?:chapter|section|part|act|scene|season|episode|volume|book|level|round|phase|stage|step|page|unit|module|lesson|sprint|week|day|q[1-4])\b/i,
};

/**
 * A trip or plan talked about as an experience rather than changed: "got off to a bad start",
 * "was amazing", "went well". The trip's status does not change.
 */
export const TRIP_EXPERIENCE: LexiconEntry = {
  phenomenon: 'an evaluation of a trip, not a change of its status',
  pattern:
    /\b(?:got off to|off to a (?:bad|rough|good|great|slow) start|was (?:amazing|great|awful|terrible|fun|lovely|wonderful|a disaster|a blast)|went (?:well|badly|great|fine)|(?:is|was) going (?:well|badly|great|fine))\b/i,
};

/**
 * Nouns for people and pets defined by their relation to someone ("Leo's friend", "my boss's
 * son", "the neighbour's dog"): a status said of one is that person's, not the possessor's.
 */
export const RELATIONAL_NOUN: LexiconEntry = {
  phenomenon: 'a person or pet named by relation to someone else',
  pattern:
    /^(?:friends?|mates?|buddy|buddies|pals?|mum|mom|mother|dad|father|parents?|brothers?|sisters?|siblings?|cousins?|aunt|auntie|uncle|nephew|niece|grand(?:ma|pa|mother|father|parents?|son|daughter|kids?)|grand?-?dad|granny|gran|nan|nana|in-laws|wife|husband|partner|spouse|fianc[eé]e?|boyfriend|girlfriend|son|daughter|kids?|children|child|baby|teacher|coach|tutor|boss|manager|colleague|coworker|co-worker|classmates?|roommate|flatmate|neighbou?rs?|landlord|doctor|dog|cat|puppy|kitten|pet|team|family)\b/i,
};

/**
 * A possessor other than the speaker or the speaker's group at the start of a noun phrase ("his
 * migration", "their launch", "Google's project", "my friend's rent", "the neighbours' renovation"):
 * the thing belongs to a third party. A time's possessive ("August's bill", "last month's rent",
 * "Monday's call") is a date, not an owner.
 */
export const THIRD_PARTY_POSSESSOR: LexiconEntry = {
  phenomenon: "a noun phrase owned by someone other than the speaker ('his', 'their', 'X's')",
  pattern:
    /(?:^|\s)(?:his|her|their|its|(?!(?:it|that|what|there|here|who|let|today|tomorrow|yesterday|tonight|week|month|year|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)'s)\p{L}[\p{L}-]*'s|\p{L}+s')\s+\p{L}/iu,
};

/**
 * Narrative framing: a past time adverbial ("two weeks ago", "last week", "years back", "in
 * 2019", "once") or a temporal subordinate clause at the start ("When we got to X", "After we
 * landed", "The first night we arrived"). An arrival or a return told this way is a story, not
 * the speaker's present state.
 */
export const NARRATIVE: LexiconEntry = {
  phenomenon: 'an event told as a story (past time adverbial or temporal subordinate clause)',
  pattern:
    /^(?:when|after|before|while|once|as soon as|by the time|the (?:first|last|next|second) (?:night|day|time|morning|evening|week)|the (?:moment|minute|day|night) (?:i|we))\b|\b(?:(?:\d+|a|an|one|two|three|four|five|six|a few|a couple of|several|many) (?:days|weeks|months|years) (?:ago|back)|years back|last (?:week|month|year)|since (?:january|february|march|april|may|june|july|august|september|october|november|december|last)|in (?:19|20)\d\d|(?:i|we) once|once(?=\s*(?:[,.!;]|$))|never again|that time|(?:on|during|in) (?:my|our) (?:gap year|year abroad|honeymoon|twenties|thirties|teens|childhood|student days|(?:first|last|previous|old) (?:trip|visit|job|holiday|vacation)))\b/i,
};

/**
 * A sports fixture: a place name that is a team ("Liverpool vs Chelsea", "Leeds v Hull",
 * "Boston against Miami"). Matched against the words right after the name.
 */
export const SPORTS_FIXTURE: LexiconEntry = {
  phenomenon: 'a place name used as a team in a fixture',
  pattern: /^\s*(?:vs\.?|v\.?|versus|against)\s+\S/i,
};

/**
 * A name taken up by a personal pronoun or a relative "who" right after it ("visiting Austin
 * and his new baby", "Florence, who runs the bakery"): a person, not a place. Matched against
 * the words right after the name.
 */
export const PERSON_ANAPHORA: LexiconEntry = {
  phenomenon: 'a name referred back to as a person',
  pattern:
    /^\s*,?\s*(?:(?:and|with|plus)\s+(?:his|her|him|hers)\b|who\b|whose\b|,\s*(?:he|she)\b)/i,
};

/**
 * Light-verb idioms with "pay" whose object is not money owed ("paid my respects", "paid the
 * price", "paid a visit", "pay attention", "paid it forward"): no bill, fee or account.
 */
export const PAYMENT_IDIOM: LexiconEntry = {
  phenomenon: '"pay" in an idiom, not a payment',
  pattern:
    /\bpa(?:id|y|ys|ying)\s+(?:(?:my|his|her|our|their|your|its)\s+)?(?:respects|the price|a (?:high|heavy|steep) price|attention|a visit|a call|tribute|homage|(?:a )?compliments?|lip service|it forward|dearly|no mind|heed|court|dividends|off in the end|dues(?=\s+(?:in|at|as|over|early|back|for years|long ago)\b))\b/i,
};

/**
 * Hearsay markers ("apparently", "according to", "I heard that", "rumour has it"): what follows is
 * someone else's claim, second-hand.
 */
export const HEARSAY: LexiconEntry = {
  phenomenon: 'a claim marked as second-hand (hearsay)',
  pattern: /\b(?:apparently|according to|(?:i )?heard (?:that|from)|rumou?r (?:is|has it))\b/i,
};

// Verbs that pass on what someone said or showed: the one list both readings below are built on.
const SAYING =
  'says|said|told (?:me|us)|tells (?:me|us)|mentioned|claims|claimed|reckons|thinks|texted|wrote|shows|showed';

/**
 * A named or pronoun speaker and a verb of saying ("Lucia says", "he told me", "the email says",
 * "my boss reckons"): the claim after it is the speaker's, not the writer's. Case matters (a
 * capitalised word is a name).
 */
export const REPORTING_SPEAKER: LexiconEntry = {
  phenomenon: "someone else's words, with their speaker",
  pattern: new RegExp(
    `\\b(?:[Hh]e|[Ss]he|[Tt]hey|[A-Z][a-z]+|[a-z]+'s [a-z]+|(?:[Tt]he|[Aa]n?|[Mm]y|[Oo]ur|[Yy]our) [A-Za-z]+) (?:${SAYING})(?: that)?\\b`,
  ),
};

/**
 * A verb of saying whoever the speaker ("marco says", "someone told me", "the log shows"), case
 * ignored: for text typed in lower case, where a name cannot be told from a word.
 */
export const SAYING_VERB: LexiconEntry = {
  phenomenon: 'a verb that passes on what someone said or showed',
  pattern: new RegExp(`\\b(?:${SAYING})\\b`, 'i'),
};

/**
 * Words that suppose or set a condition ("if", "unless", "suppose", "assuming", "in case", "what
 * if", "in theory"): the clause they open states nothing as it is.
 */
export const SUPPOSITION: LexiconEntry = {
  phenomenon: 'a supposition or a condition',
  pattern:
    /\b(?:if|what if|suppose|supposing|imagine|in case|assuming|unless|hypothetically|in theory|were we to|should we ever)\b/i,
};

/**
 * An option offered to the reader ("you can move your flight", "you may cancel within 24 hours",
 * "you're welcome to switch"): what the reader is allowed to do, not what anyone has done or
 * plans. A vendor's offer, or a user telling the assistant what it may do, changes no state.
 * "You can call me Ravi" gives the speaker's own name, not an option, and stays out.
 */
export const OFFERED_OPTION: LexiconEntry = {
  phenomenon: 'an option or permission offered to the reader',
  pattern:
    /\byou(?:(?:'ll| will)?\s+(?:can|could|may|might|be able to)|(?:'re|\s+are) (?:able|welcome|free) to)\s+(?:also\s+|now\s+|still\s+|always\s+|easily\s+)?(?!not\b|be\b|see\b|tell\b|call\b|address\b)\p{L}/iu,
};

/**
 * Being or going somewhere only in the mind ("in my dreams", "in my head", "in spirit",
 * "mentally"): no trip and no presence.
 */
export const IMAGINED: LexiconEntry = {
  phenomenon: 'somewhere only in the imagination',
  pattern:
    /\b(?:in (?:my|our) (?:dreams?|head|heads|mind|imagination|fantasies)|in spirit|mentally|daydream(?:ing|s)?)\b/i,
};

/**
 * An event one goes out to and comes back from within a day ("what a game", "the gig was
 * loud"): said with a return, it makes the place a day out (a stadium's district, a venue's
 * town), not the end of a trip.
 */
export const DAY_EVENT: LexiconEntry = {
  phenomenon: 'an event attended within a day',
  pattern:
    /\b(?:match|game|gig|concert|show|derby|final|race|tournament|festival|recital|play|panto|drinks|dinner|lunch|brunch|party|rave|comedy night|quiz night)\b/i,
};

/**
 * The speaker looking forward to what they speak of ("I'm really excited about it", "can't
 * wait", "looking forward to it", "my upcoming trip"): it still lies ahead.
 */
export const ANTICIPATION: LexiconEntry = {
  phenomenon: 'the speaker looking forward to something (it lies ahead)',
  pattern:
    /\b(?:(?:'m|am|are|'re|so|really|super)\s+(?:\w+\s+)?excited|can(?:'|no)?t wait|looking forward|upcoming|counting down)\b/i,
};

/**
 * A modifier that makes a trip an errand ("a shopping trip", "a grocery trip", "a supermarket
 * trip"): an outing near home, no journey, so coming back from it ends no trip.
 */
export const ERRAND_TRIP: LexiconEntry = {
  phenomenon: 'an errand called a trip (shopping, groceries)',
  pattern:
    /^(?:shopping|grocery|groceries|supermarket|store|mall|errand|ikea|costco|food|coffee|beer|snack|bathroom|toilet|library)$/i,
};

/**
 * A place inside a game, a simulator or a virtual map ("landed in Tokyo in the flight sim",
 * "made it to Rome in the game", "walked around Kyoto on Street View"): no trip and no presence.
 */
export const VIRTUAL_PLACE: LexiconEntry = {
  phenomenon: 'a place in a game, a simulation or a virtual map',
  pattern:
    /\b(?:in[- ]game|in (?:the|my|this|that|our) (?:game|sim|simulator|server|campaign|save)|(?:flight |train |truck )?sim(?:ulator)?s?\b|in (?:vr|virtual reality)|on street ?view|(?:my|our) (?:character|avatar|sims?)\b)/i,
};

/**
 * Sarcasm that takes back what was just said ("said no one ever", "yeah right", a closing "as
 * if"): nothing in the sentence is meant.
 */
export const SARCASM: LexiconEntry = {
  phenomenon: 'a sarcastic statement that means the opposite',
  pattern:
    /\b(?:said no ?one ever|said nobody ever|yeah,? right|as if(?=\s*[.!]*$))|\u{1F644}|\u{1F643}|(?:^|\s)\/s(?=\s*$)/iu,
};

/**
 * An intention said to be habitually left undone ("we always say we'll go to X and never do",
 * "every year I say I'll book Y"): the plan is talked about, not made.
 */
export const UNREALISED: LexiconEntry = {
  phenomenon: 'an intention said to be habitually left undone',
  pattern:
    /\b(?:always|keep|kept|every (?:year|summer|winter|time)\s*(?:i|we)?)\s+(?:say(?:s|ing)?|said|talk(?:s|ing)? about|promis(?:e|es|ing))\b|\band (?:then )?never (?:do|does|did|go|goes|went|end up)\b/i,
};

/**
 * "Back" in an idiom of time or repetition ("back in the day", "back then", "back and forth",
 * "back to square one"): no return from anywhere.
 */
export const BACK_IDIOM: LexiconEntry = {
  phenomenon: '"back" in an idiom of time or repetition, not a return',
  pattern:
    /\b(?:back in the day|back in (?:my|our|those|the old) days|back then|way back when|back and forth|back to square one|back to the drawing board)\b/i,
};

/**
 * A named holiday, festival or break that a stay is planned around ("Jaipur for Diwali",
 * "Rome for Easter", "home for half term"): a span of days on the calendar, unlike a day event
 * (`DAY_EVENT`) one goes out to and comes back from.
 */
export const HOLIDAY_PERIOD: LexiconEntry = {
  phenomenon: 'a named holiday or break: a span of days a stay is planned around',
  pattern:
    /^(?:the\s+)?(?:christmas|xmas|easter|diwali|deepavali|eid(?:\s+al[- ](?:fitr|adha))?|hanukk?ah|chanukah|thanksgiving|new year(?:'s)?(?:\s+eve)?|nye|ramadan|passover|pesach|lunar new year|chinese new year|tet|holi|navratri|durga puja|onam|pongal|songkran|obon|golden week|carnival|carnaval|spring break|half[- ]term|summer (?:break|holidays?|vacation)|winter (?:break|holidays?)|the holidays|bank holiday(?: weekend)?|long weekend|(?:memorial|labou?r|victoria|canada|independence) day(?: weekend)?|fourth of july|4th of july)\b/i,
};

/**
 * Nouns for a stretch of time ("the weekend", "summers", "the holidays"): when something happens,
 * never what it is about. After "over" they make it mean "during" ("over the weekend"), and as
 * the head of a preference's phrase they are its occasion, never its topic.
 */
export const TIME_STRETCH: LexiconEntry = {
  phenomenon: 'a noun for a stretch of time (weekend, summer, term), when something happens',
  pattern:
    /^(?:weekends?|weekdays?|days?|nights?|weeks?|months?|years?|holidays?|summers?|winters?|springs?|autumns?|falls?|seasons?|semesters?|terms?|vacations?|breaks?|christmas|easter|periods?)$/i,
};

/**
 * Nouns that name an intended choice, so that "<place> is the plan" says where the speaker
 * means to go ("Seattle's the plan for the long weekend", "Porto is the pick"): the subject is
 * the destination.
 */
export const PLAN_NOUN: LexiconEntry = {
  phenomenon: 'a noun naming an intended choice (the plan, the pick)',
  pattern: /^(?:the\s+)?(?:plan|pick|choice|destination)\b/i,
};

/**
 * Time said around a terse plan or presence that makes it a memory ("Paris for the weekend,
 * years ago", "in Rome back then"): a recollection, not the speaker's plan or whereabouts.
 */
export const RECALLED_TIME: LexiconEntry = {
  phenomenon: 'a time adverbial placing what is said in the past (a memory)',
  pattern:
    /\b(?:ago|back then|back in the day|last (?:year|summer|winter|spring|autumn|fall|month))\b/i,
};

/** Time said around a terse plan that makes it a wish ("Japan for a month, someday"). */
export const WISHED_TIME: LexiconEntry = {
  phenomenon: 'an indefinite future time that makes a plan a wish',
  pattern: /\b(?:someday|some day|one day|sometime|in another life)\b/i,
};

/**
 * A sentence that puts what it says to the listener ("Rome for Easter, what do you think",
 * "Porto for the long weekend, thoughts", "Lisbon in June — sound good"): a proposal awaiting
 * their view, not a settled plan.
 */
export const OPINION_ASKED: LexiconEntry = {
  phenomenon: "a proposal put to the listener: the sentence asks for the listener's view",
  pattern:
    /\?|\b(?:what do (?:you|u|ya) (?:think|reckon)|wdyt|thoughts|how does that sound|(?:does that |that )?sounds? (?:good|ok|okay|alright)|are you up for it|yay or nay|(?:any )?objections)\b/i,
};

/**
 * Sentence adverbs by which the speaker comments on what they say ("allergic to shellfish,
 * sadly", "it got cancelled, unfortunately"): they end a list or a phrase, they never name a
 * thing in it.
 */
export const COMMENT_ADVERB: LexiconEntry = {
  phenomenon: "a sentence adverb: the speaker's comment on the statement, not part of it",
  pattern:
    /^(?:sadly|unfortunately|fortunately|luckily|thankfully|honestly|frankly|obviously|apparently|hopefully|admittedly|seriously|basically|ironically|annoyingly|weirdly|strangely|surprisingly|oddly|tbh|lol|haha)$/i,
};

/**
 * What may follow a verb used without an object ("the plan renewed today", "it renewed at 598",
 * "renewed again 👍"): a time ("today", "this morning", "on the 5th", "until June"), a manner or
 * repetition adverb ("automatically", "again"), a price after "at" or "for", a term ("for another
 * year"), a comment, or nothing. A noun phrase there ("renewed the show", "renewed it") is an
 * object: the subject acted on something else. Matched against the whole text after the verb.
 */
export const VERB_ADJUNCT: LexiconEntry = {
  phenomenon: 'the adjuncts of a verb used without an object (time, manner, price, term)',
  pattern:
    /^(?:[\s,.;:!?()-]|\p{Extended_Pictographic}|\u{FE0F}|\b(?:today|tonight|yesterday|yday|yest|just now|now|again|agian|automatically|auto|finally|already|as usual|as expected|on schedule|on time|without (?:any )?(?:fuss|issues?|problems?)|(?:this|last|on|every) (?:morning|afternoon|evening|night|week|month|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on (?:the )?\d{1,2}(?:st|nd|rd|th)?(?: (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)?|on (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}(?:st|nd|rd|th)?|(?:until|till|til|through) \w+(?: \d{1,2}(?:st|nd|rd|th)?)?|(?:at|for) (?:[$€£]\s?)?\d[\d.,]*(?:\s?(?:k|eur|usd|gbp|euros?|dollars?|pounds?))?(?: (?:a|per) (?:month|year|week)|\/(?:month|mo|year|yr|week|wk))?|for (?:another |a further )?(?:a |one |\d{1,2} )?(?:more )?(?:year|month|term|week)s?|lol|haha|thank god|phew|yay|ok|ugh|too|as well)\b)*$/iu,
};

/**
 * Verbs of liking, by lemma ("like", "love", "prefer", "adore"): said by someone in the present
 * simple of something in general, a lasting taste ("I love window seats"); in the past, the
 * conditional or of one thing on one occasion, not ("I loved the seat", "I'd love a seat").
 */
export const LIKING_VERB: LexiconEntry = {
  phenomenon: 'a verb of liking (by lemma): its present simple states a lasting taste',
  pattern: /^(?:like|love|prefer|adore)$/,
};
