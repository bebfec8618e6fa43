import type { StoreReader } from '../stores/index.js';
import { readCaptures, readMemory, readObservations } from './fold.js';
import { splitSentences } from './text-rules.js';
import type { MemoryEntry, ObserverOutput } from './types.js';

/**
 * What a retired MEMORY.md entry still stands behind: the entry, the observations it was promoted
 * from (unless an active entry cites them too), the sentences of their source messages those
 * observations were read from, and any passage with the same words said no later than the
 * retirement. Such a passage is history, not the current answer: `ask` and the recall pack show it
 * marked, after current ones. A message is history only when all it says is; other facts said in
 * the same message stay current, and only the retired sentence is marked (`markRetired`).
 */
export interface RetiredPassages {
  /** Retired entries and the observations behind them. */
  readonly ids: ReadonlySet<string>;
  /** Source message (`session:<id>/<message>`) → keys of the retired observations read from it. */
  readonly messages: ReadonlyMap<string, ReadonlySet<string>>;
  /** Passage key (`passageKey`) → when the entry holding those words was retired (ms). */
  readonly texts: ReadonlyMap<string, number>;
}

/** A passage's words, case and punctuation aside: the key two passages share when they agree. */
export function passageKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The passages retired entries stand behind, from the entries and the recorded observations. */
export function retiredPassages(
  memory: readonly MemoryEntry[],
  outputs: readonly ObserverOutput[],
): RetiredPassages {
  const active = memory.filter((m) => m.status === 'active');
  const kept = new Set(active.flatMap((m) => m.source_observation_ids));
  const activeKeys = new Set(active.map((m) => passageKey(m.text)));
  const observations = new Map(
    outputs.flatMap((output) =>
      output.segments.flatMap((s) =>
        s.observations.map((o) => [o.observation_id, { o, session: output.session_id }] as const),
      ),
    ),
  );
  const ids = new Set<string>();
  const messages = new Map<string, Set<string>>();
  const texts = new Map<string, number>();
  const retire = (text: string, at: number) => {
    const key = passageKey(text);
    if (key === '' || activeKeys.has(key)) return;
    texts.set(key, Math.max(texts.get(key) ?? at, at));
  };
  for (const m of memory) {
    if (m.status !== 'retired') continue;
    const at = Date.parse(m.retired_at ?? '') || Number.POSITIVE_INFINITY;
    ids.add(m.memory_id);
    retire(m.text, at);
    for (const id of m.source_observation_ids) {
      const found = observations.get(id);
      if (kept.has(id) || found === undefined) continue;
      ids.add(id);
      retire(found.o.text, at);
      const key = passageKey(found.o.text);
      for (const message of found.o.source_message_ids) {
        const id = `session:${found.session}/${message}`;
        messages.set(id, (messages.get(id) ?? new Set()).add(key));
      }
    }
  }
  return { ids, messages, texts };
}

/** A passage as `ask` and the recall pack cite it: `session:<id>/<message>` for a message. */
export interface CitedPassage {
  readonly id: string;
  readonly text: string;
  readonly at: string | null;
}

/** Whether a sentence is one a retired observation was read from (same words, or within them). */
function sentenceRetired(sentence: string, keys: ReadonlySet<string>): boolean {
  const key = passageKey(sentence);
  // A word or two ("ok", "billing") is within many a retired fact without being one.
  if (key.split(' ').length < 3) return false;
  for (const retired of keys) if (retired.includes(key) || key.includes(retired)) return true;
  return false;
}

/** Whether a passage (`id` as `ask` cites it) is one a retired entry stands behind, all of it. */
export function isRetiredPassage(retired: RetiredPassages, passage: CitedPassage): boolean {
  if (retired.ids.has(passage.id)) return true;
  const keys = retired.messages.get(passage.id);
  if (keys !== undefined) {
    const sentences = splitSentences(passage.text);
    if (sentences.length > 0 && sentences.every((s) => sentenceRetired(s, keys))) return true;
  }
  const until = retired.texts.get(passageKey(passage.text));
  if (until === undefined) return false;
  const at = passage.at === null ? Number.NaN : Date.parse(passage.at);
  // Words said again after the retirement are a new statement, not the retired one.
  return Number.isNaN(at) || at <= until;
}

/**
 * A passage's text with "(retired) " before each sentence a retired entry came from, when only
 * some of it is retired (a wholly retired passage is marked as a whole by `isRetiredPassage`).
 */
export function markRetired(retired: RetiredPassages, passage: CitedPassage): string {
  const keys = retired.messages.get(passage.id);
  if (keys === undefined || isRetiredPassage(retired, passage)) return passage.text;
  let out = '';
  let at = 0;
  for (const sentence of splitSentences(passage.text)) {
    const start = passage.text.indexOf(sentence, at);
    if (start === -1) continue;
    if (sentenceRetired(sentence, keys)) {
      out += `${passage.text.slice(at, start)}(retired) ${sentence}`;
      at = start + sentence.length;
    }
  }
  return out + passage.text.slice(at);
}

/** Reads the entries and recorded observations and returns `retiredPassages` of them. */
export async function readRetiredPassages(reader: StoreReader): Promise<RetiredPassages> {
  const memory = await readMemory(reader);
  if (!memory.some((m) => m.status === 'retired'))
    return { ids: new Set(), messages: new Map(), texts: new Map() };
  const outputs: ObserverOutput[] = [];
  for (const capture of await readCaptures(reader)) {
    const stored = await readObservations(reader, capture.capture_key);
    if (stored !== null) outputs.push(stored);
  }
  return retiredPassages(memory, outputs);
}
