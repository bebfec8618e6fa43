// The generalisation protocol of bench/state.bench.ts (issue #10 §5): programmatic perturbations
// of a scenario (people and places renamed, dates shifted) and the distractor run. Pure helpers;
// state.bench.ts runs them.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../src/core/index.js';
import { createEngine } from '../src/engine/index.js';
import { isVocabularyWord } from '../src/language/index.js';

/** The scenario shape of ../shared/bench/README.md (only the fields the bench reads). */
export interface Message {
  readonly message_id: string;
  readonly timestamp: string;
  readonly source: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly note_title?: string;
}

export interface Probe {
  readonly probe_id: string;
  readonly asked_at: string;
  readonly slot: string;
  readonly expected: string;
  readonly accept: readonly string[];
  readonly reject: readonly string[];
}

export interface Scenario {
  readonly scenario_id: string;
  readonly domain: string;
  readonly title: string;
  readonly entity: { readonly id: string; readonly name?: string };
  readonly tags: readonly string[];
  readonly messages: readonly Message[];
  readonly probes: readonly Probe[];
}

/** Reads a JSON Lines scenario file; an empty list when it is missing. */
export function loadScenarios(path: string): Scenario[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Scenario);
}

// Replacement names and places: varied cultures; places are real, so that a renamed scenario
// still talks about somewhere that exists.
const NAMES = [
  'Aiyana',
  'Bongani',
  'Chiara',
  'Dmitri',
  'Esperanza',
  'Farhan',
  'Gulnara',
  'Haruto',
  'Ifeoma',
  'Joaquim',
  'Kalani',
  'Ludmila',
  'Mateo',
  'Nadia',
  'Oluwaseun',
  'Parisa',
  'Quentin',
  'Rashida',
  'Sione',
  'Tamar',
  'Umberto',
  'Valentina',
  'Wanjiru',
  'Xiomara',
  'Yusuf',
  'Zofia',
];
const PLACES = [
  'Cartagena',
  'Tbilisi',
  'Hobart',
  'Ljubljana',
  'Oaxaca',
  'Dakar',
  'Trondheim',
  'Kochi',
  'Valparaiso',
  'Tallinn',
  'Hoi An',
  'Marrakesh',
  'Galway',
  'Bergen',
  'Cusco',
  'Zanzibar',
  'Sapporo',
  'Plovdiv',
  'Asheville',
  'Queenstown',
];

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const DAY = 86_400_000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function shiftIso(iso: string, days: number): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms + days * DAY).toISOString().replace('.000Z', 'Z');
}

/** Shifts `YYYY-MM-DD` (alone or before a time) inside a value. */
function shiftValue(value: string, days: number): string {
  return value.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (d) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10),
  );
}

/**
 * Shifts day-of-month mentions in text by `days` (a multiple of 7 keeps every weekday right):
 * "March 22" / "Mar 22nd" / "22 March" get a new month and day; "the 22nd" a new day. `year` is
 * the message's year, used to place the date.
 */
function shiftTextDates(text: string, days: number, anchor: number): string {
  const year = new Date(anchor).getUTCFullYear();
  const monthRe =
    '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
  const monthIndex = (m: string) =>
    MONTHS.findIndex((x) => x.toLowerCase().startsWith(m.slice(0, 3).toLowerCase()));
  // Month names keep the case they were written in ("3 oct" stays lower case).
  const render = (m: number, d: number, written: string, suffix: string) => {
    const shifted = new Date(Date.UTC(year, m, d) + days * DAY);
    const name = MONTHS[shifted.getUTCMonth()] ?? '';
    const month = written.length > 3 ? name : name.slice(0, 3);
    return {
      month: written === written.toLowerCase() ? month.toLowerCase() : month,
      day: `${shifted.getUTCDate()}${suffix ? ordinal(shifted.getUTCDate()) : ''}`,
    };
  };
  let out = text.replace(
    new RegExp(`\\b${monthRe}\\.? (\\d{1,2})(st|nd|rd|th)?\\b`, 'gi'),
    (_all, m: string, d: string, suffix: string | undefined) => {
      const r = render(monthIndex(m), Number(d), m, suffix ?? '');
      return `${r.month} ${r.day}`;
    },
  );
  out = out.replace(
    new RegExp(`\\b(\\d{1,2})(st|nd|rd|th)? ${monthRe}\\b`, 'gi'),
    (_all, d: string, suffix: string | undefined, m: string) => {
      const r = render(monthIndex(m), Number(d), m, suffix ?? '');
      return `${r.day} ${r.month}`;
    },
  );
  // ISO dates ("2027-03-12") move like every other date.
  out = out.replace(/\b(20\d\d-\d\d-\d\d)\b/g, (all, iso: string) => {
    const at = Date.parse(`${iso}T00:00:00Z`);
    return Number.isNaN(at) ? all : new Date(at + days * DAY).toISOString().slice(0, 10);
  });
  // "the 22nd": the first such day on or after the message's date, moved by `days`.
  out = out.replace(/\bthe (\d{1,2})(st|nd|rd|th)\b/g, (all, d: string) => {
    const day = Number(d);
    const from = new Date(anchor);
    for (let m = 0; m < 3; m++) {
      const candidate = Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + m, day);
      if (new Date(candidate).getUTCDate() !== day) continue;
      if (candidate < Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()))
        continue;
      const shifted = new Date(candidate + days * DAY).getUTCDate();
      return `the ${shifted}${ordinal(shifted)}`;
    }
    return all;
  });
  return out;
}

function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
}

/**
 * A renamed and date-shifted copy of a scenario, generated: every place a travel probe expects
 * (or accepts or rejects) and every person whose name is a family slot or the entity's first
 * name gets a replacement chosen by hash; timestamps, probe times and dated values move by
 * `days` (a multiple of 7, so weekdays in the text stay right), and day-of-month mentions in the
 * text move with them. Text that names a date with a weekday ("Friday the 22nd") keeps its
 * ordinal day unchanged, so shifted scenarios that use that form test the date reader harder.
 */
export function perturb(s: Scenario, days = 28): Scenario {
  const renames = new Map<string, string>();
  const places = new Set<string>();
  for (const p of s.probes) {
    if (!/^travel\.(?:location|destination)$/.test(p.slot)) continue;
    for (const v of [p.expected, ...p.accept, ...p.reject]) {
      const name = v.split(',')[0]?.trim() ?? '';
      if (/^[A-Z]/.test(name) && !/^(?:home|unknown|none)$/i.test(name)) places.add(name);
    }
  }
  const people = new Set<string>();
  const first = s.entity.name?.split(/\s+/)[0];
  if (first && /^[A-Z][a-z]+$/.test(first)) people.add(first);
  const text = s.messages.map((m) => m.content).join('\n');
  for (const p of s.probes) {
    const member = /^family\.([a-z]+)\.status$/.exec(p.slot)?.[1];
    if (member === undefined) continue;
    const written = new RegExp(`\\b(${member[0]?.toUpperCase()}${member.slice(1)})\\b`).exec(text);
    if (written?.[1]) people.add(written[1]);
  }
  let k = hash(s.scenario_id);
  for (const place of [...places].sort((a, b) => b.length - a.length)) {
    let pick = PLACES[k++ % PLACES.length] ?? 'Tallinn';
    while ([...renames.values()].includes(pick) || text.includes(pick))
      pick = PLACES[k++ % PLACES.length] ?? pick;
    renames.set(place, pick);
  }
  for (const person of people) {
    let pick = NAMES[k++ % NAMES.length] ?? 'Zofia';
    while ([...renames.values()].includes(pick) || text.includes(pick))
      pick = NAMES[k++ % NAMES.length] ?? pick;
    renames.set(person, pick);
  }
  const rename = (t: string): string => {
    let out = t;
    for (const [from, to] of renames)
      out = out.replace(new RegExp(`\\b${escapeRegExp(from)}\\b`, 'g'), to);
    return out;
  };
  const renameSlot = (slotPath: string): string => {
    let out = slotPath;
    for (const [from, to] of renames) {
      out = out.replace(new RegExp(`\\.${slug(from)}\\.`), `.${slug(to)}.`);
    }
    return out;
  };
  // Names written in lower case ("sigrid aas", "lantern v1.7.2") are renamed the same way, so
  // text, slots and expected values stay consistent.
  const renameValue = (t: string): string => {
    let out = t;
    for (const [from, to] of renames) {
      // A name that is also an ordinary word ("Will", "Grace") is renamed only as a name.
      const flags = isVocabularyWord(from.toLowerCase()) ? 'g' : 'gi';
      out = out.replace(new RegExp(`\\b${escapeRegExp(from)}\\b`, flags), (hit) =>
        hit === hit.toLowerCase() ? to.toLowerCase() : to,
      );
    }
    return out;
  };
  const value = (v: string) => shiftValue(renameValue(v), days);
  return {
    ...s,
    scenario_id: `${s.scenario_id}~p`,
    entity: { ...s.entity, ...(s.entity.name ? { name: rename(s.entity.name) } : {}) },
    messages: s.messages.map((m) => ({
      ...m,
      message_id: `${m.message_id}~p`,
      timestamp: shiftIso(m.timestamp, days),
      content: shiftTextDates(renameValue(m.content), days, Date.parse(m.timestamp)),
      ...(m.note_title ? { note_title: renameValue(m.note_title) } : {}),
    })),
    probes: s.probes.map((p) => ({
      ...p,
      probe_id: `${p.probe_id}~p`,
      asked_at: shiftIso(p.asked_at, days),
      slot: renameSlot(p.slot),
      expected: value(p.expected),
      accept: p.accept.map(value),
      reject: p.reject.map(value),
    })),
  };
}

/** One distractor sentence: ordinary text that must change no state. */
export interface Distractor {
  readonly id: string;
  readonly text: string;
  readonly category: string;
}

/** What the distractor run counted. */
export interface DistractorResult {
  readonly sentences: number;
  /** Observations auto-committed (including uncontested bootstraps). */
  readonly committed: number;
  /** Review prompts raised. */
  readonly asked: number;
  readonly perCategory: Readonly<Record<string, { sentences: number; committed: number }>>;
}

/**
 * Ingests every distractor sentence as the user's chat message (one thread each, a minute apart)
 * into one fresh engine, in batches, and counts the decisions: auto-commits and review prompts.
 * `onCommit` sees each committing sentence (used for the tuning file only).
 */
export async function runDistractors(
  path: string,
  onCommit?: (d: Distractor) => void,
): Promise<DistractorResult | null> {
  if (!existsSync(path)) return null;
  const items = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Distractor);
  const home = mkdtempSync(join(tmpdir(), 'verity-bench-distractors-'));
  const perCategory: Record<string, { sentences: number; committed: number }> = {};
  let committed = 0;
  let asked = 0;
  const base = Date.parse('2026-04-01T08:00:00Z');
  try {
    const at = (i: number) => new Date(base + i * 60_000).toISOString();
    const engine = await createEngine({
      home: join(home, 'store'),
      clock: fixedClock(base + items.length * 60_000),
      embeddings: { model: null },
    });
    try {
      for (const [i, d] of items.entries()) {
        const report = await engine.ingest([
          {
            type: 'message',
            thread_id: `distractor-${d.id}`,
            message_id: d.id,
            role: 'user',
            content: d.text,
            created_at: at(i),
            entity_id: 'user:primary',
            source: 'chat',
          },
        ]);
        const c = report.decisions.auto_commit ?? 0;
        const row = perCategory[d.category] ?? { sentences: 0, committed: 0 };
        row.sentences += 1;
        row.committed += c;
        perCategory[d.category] = row;
        committed += c;
        asked += report.decisions.ask_user ?? 0;
        if (c > 0) onCommit?.(d);
      }
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return { sentences: items.length, committed, asked, perCategory };
}
