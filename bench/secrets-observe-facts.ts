// npx tsx bench/secrets-observe-facts.ts [--list] — how many labelled durable values of the
// readable observer sets the capture-time masking hides (issue #13). Every session is masked as
// the engine masks a capture before any observer reads it (engine/observer/observe.ts: each entry
// with `maskSecrets(text, askedBefore(turns, i))`); a label is hidden when an entry holds one of
// the words it `must` hold as written and not once masked (the observer may read the fact from
// that entry alone: "same length as old, 114" beside "around 114 links"). Quick (no engine,
// no model): the figure to watch while tuning the secrets readers, beside `npm run bench:observe`.
// Held-out sets (blind22 and later) are not read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { askedBefore, maskSecrets, turnSide } from '../src/language/index.js';
import { parseTranscript } from '../src/observer/index.js';
import { type AuthorSet, type Label, writtenAuthor } from './observe/corpus.js';
import { type BenchSession, loadSessions } from './observe/sessions.js';

const dir = join(import.meta.dirname, 'observe');

/** The readable sets: the first author's tuning and held-out halves, fresh, blind2 to blind21. */
function readableSets(): AuthorSet[] {
  const first = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as {
    tuning: string[];
    held_out: string[];
    sessions: Record<string, Label>;
  };
  const pool = loadSessions(join(dir, 'sessions.txt'));
  const blind = Array.from({ length: 20 }, (_, i) => writtenAuthor(`blind${i + 2}`));
  return [
    { key: 'tuning', ids: first.tuning, pool, labelled: first.sessions },
    { key: 'heldOut', ids: first.held_out, pool, labelled: first.sessions },
    writtenAuthor('fresh'),
    ...blind,
  ];
}

/** The session's entry texts as written and as the engine masks them at capture. */
function maskedSession(session: BenchSession): { raw: string[]; masked: string[] } {
  const parsed = parseTranscript(session.jsonl);
  if (!parsed.ok) throw new Error(`${session.id}: ${parsed.error.message}`);
  const entries = parsed.value.entries;
  const turns = entries.map((e) => ({ side: turnSide(e.role), text: e.text }));
  return {
    raw: entries.map((e) => e.text),
    masked: entries.map((e, i) => maskSecrets(e.text, askedBefore(turns, i))),
  };
}

const holds = (texts: readonly string[], word: string) =>
  texts.some((t) => t.toLowerCase().includes(word.toLowerCase()));

const list = process.argv.includes('--list');
let labels = 0;
let hidden = 0;
for (const set of readableSets()) {
  let setLabels = 0;
  const setHidden: string[] = [];
  for (const id of set.ids) {
    const session = set.pool.find((s) => s.id === id);
    const label = set.labelled[id];
    if (session === undefined || label === undefined) throw new Error(`missing ${id}`);
    const { raw, masked } = maskedSession(session);
    for (const fact of label.durable) {
      setLabels += 1;
      const lost = fact.must.filter((w) =>
        raw.some((text, i) => holds([text], w) && !holds([masked[i] ?? ''], w)),
      );
      if (lost.length > 0) setHidden.push(`${fact.id} (${lost.join(' + ')})`);
    }
  }
  labels += setLabels;
  hidden += setHidden.length;
  console.log(`${set.key}: ${setHidden.length} of ${setLabels} durable labels hidden`);
  if (list) for (const h of setHidden) console.log(`  ${h}`);
}
console.log(`readable sets: ${hidden} of ${labels} durable labels hidden by a mask`);
