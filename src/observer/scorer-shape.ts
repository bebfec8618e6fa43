// The `shape` feature group of the learned scorer: what a sentence names and how, read from the
// language layer's clause analysis (wink-nlp parts of speech) and from the form of its tokens, never
// from a list of words. Durable facts the rules leave 🟡 are often terse: a self-introduction with a
// role or an organisation, a bare answer naming a product, a version or a quantity, a lasting
// attribute of a named person, a number to call later. Pure and deterministic.
import { analyseClause } from '../language/index.js';

// A token that names something exactly: letters and digits mixed (STM32G474, GS-88213, v3), or
// an inner `.`, `_`, `@`, `:` or `/` between word characters (module.transit_gw, ana@x.org).
const IDENTIFIER = /^(?=.*\d)(?=.*[A-Za-z])[\w.-]+$|\w[._@:/]\w/;
// A number with its unit written on (40M, 5.4mg, 12kg, 90%).
const NUMBER_WITH_UNIT = /^\d[\d.,]*(?:[A-Za-z]{1,3}|%)$/;
// An e-mail address, or a phone number: seven or more digits in groups, optionally after "+".
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;
const PHONE = /(?:^|[^\w/:.-])\+?\d[\d ()-]{5,}\d(?![\w/:.-])/;

/**
 * The shape features of one sentence (each a name; the scorer weighs them):
 * - `proper_name`: a proper noun after the first word; `proper_run`: two or more proper nouns in a
 *   row (an organisation, a product, a place: "St Olaf Hospital", "Bramhall Chamber Choir");
 * - `name_after_preposition`: a proper noun after a preposition (an affiliation: "at Acme", "from
 *   the Leeds office");
 * - `identifier`: a token mixing letters and digits or joined by `.`, `_`, `@`, `:`, `/`;
 * - `quantity`: a number followed by a noun or with its unit written on ("40M rows", "45 minutes");
 * - `contact`: an e-mail address or a phone number;
 * - `verbless_named`: no verb, and a proper noun, identifier or quantity (a bare fact line);
 *   `short_named`: the same in at most five words;
 * - `self_is_noun`: the speaker ("I"/"we") is a noun phrase (a role: "I'm the treasurer");
 * - `name_apposition`: a verbless line opening with a proper noun followed by a noun ("Maria
 *   here, nurse at …");
 * - `named_is`: a named subject with "be" in the simple present (a lasting attribute: "Joan is
 *   diabetic", "Ravi is our landlord");
 * - `named_present`: a named subject with any verb in the simple present.
 */
export function shapeFeatures(text: string): string[] {
  const a = analyseClause(text);
  const tokens = a.tokens;
  const out = new Set<string>();
  let properAfterFirst = false;
  let names = false;
  for (const [i, t] of tokens.entries()) {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (t.pos === 'PROPN') {
      names = true;
      if (i > 0) properAfterFirst = true;
      if (prev?.pos === 'PROPN') out.add('proper_run');
      if (prev?.pos === 'ADP' || (prev?.pos === 'DET' && tokens[i - 2]?.pos === 'ADP'))
        out.add('name_after_preposition');
    }
    const unitAfter =
      next?.pos === 'NOUN' ||
      (next?.pos === 'PROPN' && tokens[i + 2]?.pos === 'NOUN') ||
      (next?.pos === 'SYM' && tokens[i + 2]?.pos === 'NOUN');
    if ((t.pos === 'NUM' && unitAfter) || NUMBER_WITH_UNIT.test(t.text)) {
      out.add('quantity');
      names = true;
    }
  }
  // Identifiers are read on the text's own words: the tagger splits "module.transit_gw" apart.
  for (const raw of text.split(/\s+/)) {
    if (IDENTIFIER.test(raw.replace(/^[("'`]+|[)"'`.,;:!?]+$/g, ''))) {
      out.add('identifier');
      names = true;
    }
  }
  if (properAfterFirst) out.add('proper_name');
  if (EMAIL.test(text) || PHONE.test(text)) out.add('contact');
  const words = tokens.filter((t) => t.pos !== 'PUNCT' && t.pos !== 'SYM').length;
  if (a.predicate === null && names) {
    out.add('verbless_named');
    if (words <= 5) out.add('short_named');
    if (tokens[0]?.pos === 'PROPN' && tokens.slice(1, 4).some((t) => t.pos === 'NOUN'))
      out.add('name_apposition');
  }
  const simplePresent = a.tense === 'present' && a.aspect === 'simple' && a.mood === 'statement';
  if (
    (a.subject.kind === 'speaker' || a.subject.kind === 'we') &&
    a.predicate === 'be' &&
    simplePresent &&
    !a.negated &&
    /\b(?:a|an|the|our|my)\s/i.test(a.object ?? '')
  )
    out.add('self_is_noun');
  if (a.subject.kind === 'named' && a.predicate !== null && simplePresent) {
    out.add('named_present');
    if (a.predicate === 'be') out.add('named_is');
  }
  return [...out].sort();
}
