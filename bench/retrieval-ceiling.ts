// Issue #17, the ceiling of reranking: for each dataset half, the share of evidence messages that
// are anywhere in the candidate union a reranker sees (BM25 top-k ∪ vector top-k), and with the
// turn before and after each candidate added. No ordering of these candidates can reach a higher
// message recall, so the figures say which targets ranking can reach and which need better
// candidates. Reads a `bench/retrieval.bench.ts --collected <file>` save.
// Run: npx tsx bench/retrieval-ceiling.ts <collected.json>
import { readFileSync } from 'node:fs';
import { loadLocomo } from './locomo.js';
import { loadLme, splitLme } from './longmemeval.js';
import type { Collected } from './retrieval-suite.js';

const [file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: retrieval-ceiling <collected.json>');
const saved = JSON.parse(readFileSync(file, 'utf8')) as { locomo: Collected[]; lme: Collected[] };
const locomo = loadLocomo();
const lme = loadLme();

/** The turn before and after each message, by session order. */
function neighboursOf(
  messages: readonly { session_id: string; message_id: string; timestamp: string }[],
): Map<string, string[]> {
  const bySession = new Map<string, { id: string; at: string }[]>();
  for (const m of messages) {
    const list = bySession.get(m.session_id) ?? [];
    list.push({ id: m.message_id, at: m.timestamp });
    bySession.set(m.session_id, list);
  }
  const out = new Map<string, string[]>();
  for (const list of bySession.values()) {
    list.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    list.forEach((m, i) => {
      out.set(
        m.id,
        [list[i - 1]?.id, list[i + 1]?.id].filter((x): x is string => x !== undefined),
      );
    });
  }
  return out;
}
const neighbours = new Map([...neighboursOf(locomo.messages), ...neighboursOf(lme.messages)]);

const conversations = [...new Set(locomo.messages.map((m) => m.conversation_id))].sort();
const split = splitLme(lme.queries);
const headline = (c: Collected) => c.question.type !== 'adversarial (cat. 5)';
const halves: Record<string, Collected[]> = {
  'LoCoMo A': saved.locomo.filter(
    (c) => conversations.slice(0, 5).includes(c.question.corpus) && headline(c),
  ),
  'LoCoMo B': saved.locomo.filter(
    (c) => conversations.slice(5).includes(c.question.corpus) && headline(c),
  ),
  'LME tuning': saved.lme.filter((c) => split.tuning.includes(c.question.corpus)),
  'LME held out': saved.lme.filter((c) => split.heldOut.includes(c.question.corpus)),
};

/** Mean over questions of the share of gold ids in `pool`. */
function coverage(list: readonly Collected[], pool: (c: Collected) => Set<string>): number {
  let sum = 0;
  for (const c of list) {
    const have = pool(c);
    sum += c.question.gold.filter((id) => have.has(id)).length / c.question.gold.length;
  }
  return sum / Math.max(1, list.length);
}
const withNeighbours = (ids: Iterable<string>) => {
  const out = new Set<string>();
  for (const id of ids) {
    out.add(id);
    for (const n of neighbours.get(id) ?? []) out.add(n);
  }
  return out;
};
const depths = [10, 20, 50];
console.log(
  '| half | n | ' +
    depths.map((d) => `BM25 ${d} | vec ${d} | union ${d} | union ${d} ±1`).join(' | ') +
    ' |',
);
for (const [half, list] of Object.entries(halves)) {
  const cells = depths.flatMap((d) => {
    const bm = (c: Collected) => new Set(c.text.slice(0, d).map((x) => x.id));
    const vec = (c: Collected) => new Set(c.vector.slice(0, d).map((x) => x.id));
    const union = (c: Collected) => new Set([...bm(c), ...vec(c)]);
    return [
      coverage(list, bm),
      coverage(list, vec),
      coverage(list, union),
      coverage(list, (c) => withNeighbours(union(c))),
    ].map((x) => x.toFixed(3));
  });
  // Per type, union 50 and ±1.
  console.log(`| ${half} | ${list.length} | ${cells.join(' | ')} |`);
  const types = [...new Set(list.map((c) => c.question.type))].sort();
  for (const type of types) {
    const sub = list.filter((c) => c.question.type === type);
    const union = (c: Collected) =>
      new Set([...c.text.map((x) => x.id), ...c.vector.map((x) => x.id)]);
    console.log(
      `|   ${type} | ${sub.length} | union 50 ${coverage(sub, union).toFixed(3)} | ±1 ${coverage(sub, (c) => withNeighbours(union(c))).toFixed(3)} |`,
    );
  }
}
