import type { StoreReader } from '../stores/index.js';
import { readCaptures, readMemory, readObservations } from './fold.js';
import type { MemoryEntry, ObserverOutput } from './types.js';

/**
 * What a retired MEMORY.md entry still stands behind: the entry, the observations it was promoted
 * from (unless an active entry cites them too), their source messages (`session:<id>/<message>`),
 * and any passage with the same words said no later than the retirement. Such a passage is
 * history, not the current answer: `ask` and the recall pack show it marked, after current ones.
 */
export interface RetiredPassages {
  readonly ids: ReadonlySet<string>;
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
      for (const message of found.o.source_message_ids)
        ids.add(`session:${found.session}/${message}`);
    }
  }
  return { ids, texts };
}

/** Whether a passage (`id` as `ask` cites it) is one a retired entry stands behind. */
export function isRetiredPassage(
  retired: RetiredPassages,
  passage: { readonly id: string; readonly text: string; readonly at: string | null },
): boolean {
  if (retired.ids.has(passage.id)) return true;
  const until = retired.texts.get(passageKey(passage.text));
  if (until === undefined) return false;
  const at = passage.at === null ? Number.NaN : Date.parse(passage.at);
  // Words said again after the retirement are a new statement, not the retired one.
  return Number.isNaN(at) || at <= until;
}

/** Reads the entries and recorded observations and returns `retiredPassages` of them. */
export async function readRetiredPassages(reader: StoreReader): Promise<RetiredPassages> {
  const memory = await readMemory(reader);
  if (!memory.some((m) => m.status === 'retired')) return { ids: new Set(), texts: new Map() };
  const outputs: ObserverOutput[] = [];
  for (const capture of await readCaptures(reader)) {
    const stored = await readObservations(reader, capture.capture_key);
    if (stored !== null) outputs.push(stored);
  }
  return retiredPassages(memory, outputs);
}
