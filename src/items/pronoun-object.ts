/**
 * A task whose object is only a pronoun ("Pay it by Thursday", "send them to Dana"): the verb, the
 * pronoun and what follows it. A demonstrative counts only when no noun follows ("book that by
 * Friday", not "book that table"), and "it"/"them" before a noun phrase is the recipient ("send
 * them the photos"), not the object.
 */
const PRONOUN_OBJECT =
  /^([A-Za-z]+)\s+(?:(?:it|them)(?!\s+(?:the|a|an|my|our|your|his|her|their|some|any|this|that|these|those)\b)|(?:this|that|these|those)(?=\s*$|\s*[,.;:!?]|\s+(?:by|on|to|for|before|after|until|at|in|tomorrow|today|tonight|now|later|asap|first|again|back|up|out|over|off|then|too|as well)\b))\b/i;

/** Past forms of task verbs that do not add -ed ("paid the bill", "sent the deck"). */
const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  pay: ['paid'],
  send: ['sent'],
  buy: ['bought'],
  bring: ['brought'],
  write: ['wrote', 'written'],
  build: ['built'],
  tell: ['told'],
  set: ['set'],
  run: ['ran'],
};

/** The forms of `verb` a thread may have used ("pay", "pays", "paid", "paying"). */
function formsOf(verb: string): string[] {
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  const doubled = /[^aeiou][aeiou][bdgmnprt]$/.test(verb) ? `${verb}${verb.at(-1)}` : verb;
  return [
    verb,
    `${verb}s`,
    `${verb}es`,
    `${stem}ed`,
    `${stem}ing`,
    `${doubled}ed`,
    `${doubled}ing`,
    ...(verb.endsWith('y') ? [`${verb.slice(0, -1)}ied`] : []),
    ...(IRREGULAR[verb] ?? []),
  ];
}

/** Words that end the noun phrase a verb took ("the water bill by Friday", "the deck yet?"). */
const PHRASE_END =
  '(?=\\s*(?:[?.!,;:\\u2013\\u2014]|$)|\\s+(?:by|on|for|to|before|after|until|at|in|with|yet|tomorrow|today|tonight|now|already|this|next|please|and|or|but|so|then|soon|later)\\b)';

/**
 * The object a task's pronoun stands for, read from what the thread said before it: the noun
 * phrase the same verb last took ("Did you pay the water bill?" … "I'll pay it by Thursday" →
 * "the water bill"). A possessive is said from its speaker's side, so it becomes "the" ("your
 * phone bill" → "the phone bill"); "our" stays. Null when the thread names none.
 */
function referentOf(verb: string, earlier: string): string | null {
  const forms = formsOf(verb.toLowerCase()).join('|');
  const phrase = new RegExp(
    `\\b(?:${forms})\\s+((?:the|our|my|your|his|her|their|a|an)\\s+[\\w'-]+(?:\\s+[\\w'-]+){0,3}?)${PHRASE_END}`,
    'gi',
  );
  let last: string | null = null;
  for (const match of earlier.matchAll(phrase)) last = match[1] ?? last;
  return last?.replace(/^(?:my|your|his|her|their)\b/i, 'the') ?? null;
}

/** Whether a task's object is only a pronoun ("Pay it", "Sort them out"): it names no object. */
export function hasPronounObject(text: string): boolean {
  return PRONOUN_OBJECT.test(text);
}

/**
 * An action's text with a pronoun object replaced by what it stands for in the thread
 * (`earlier`: what was said before the sentence, as written), else unchanged. An action whose
 * referent the thread does not name stays as said: it is still a commitment (its refs lead to the
 * message), but no task is captured under a title like "Pay it" (`hasPronounObject`).
 */
export function withObjectFromThread(text: string, earlier: string): string {
  const match = PRONOUN_OBJECT.exec(text);
  if (match === null || match[1] === undefined) return text;
  const referent = referentOf(match[1], earlier);
  return referent === null ? text : `${match[1]} ${referent}${text.slice(match[0].length)}`;
}
