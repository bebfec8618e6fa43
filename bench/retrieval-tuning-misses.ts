// Issue #17, session 26: where the LongMemEval **tuning** half's evidence ranks out of fold, and
// what outranks it. The learned ranker is trained five-fold on the tuning halves
// (bench/retrieval-session-features.ts, shipped settings); each question is ranked by the model
// that did not see its haystack. Per question type: evidence R@10 / NDCG@10, the rank of each
// evidence turn, and of the turns ranked above an evidence turn, the share that are assistant
// turns, that sit in an evidence session, and that are longer than the evidence turn. The
// held-out halves are never read.
// Run: npx tsx bench/retrieval-tuning-misses.ts <collected.json> [--set2] [--questions]
import { queryIntent } from '../src/search/query-intent.js';
import { loadLme } from './longmemeval.js';
import { score } from './retrieval-harness.js';
import { crossValidate, prepare } from './retrieval-session-features.js';
import { readCollected } from './retrieval-suite.js';
import { halves } from './retrieval-train.js';

const [file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: retrieval-tuning-misses <collected.json>');
const extra = process.argv.includes('--set2') ? ['session_max'] : [];
const { locomoA, lmeTuning } = halves(readCollected(file));
const tuning = new Set(lmeTuning.map((c) => c.question.corpus));
const messages = new Map(
  loadLme()
    .messages.filter((m) => tuning.has(m.conversation_id))
    .map((m) => [m.message_id, m]),
);
const cv = crossValidate(prepare(locomoA), prepare(lmeTuning), extra);

interface Tally {
  n: number;
  r10: number;
  ndcg: number;
  ranks: number[];
  above: number;
  assistant: number;
  sameSession: number;
  longer: number;
}
const byType = new Map<string, Tally>();
const f2 = (n: number) => n.toFixed(2);
for (const c of lmeTuning) {
  const ranked = cv.ranked.get(c.question.id) ?? [];
  const s = score(ranked, c.question.gold);
  const t = byType.get(c.question.type) ?? {
    n: 0,
    r10: 0,
    ndcg: 0,
    ranks: [],
    above: 0,
    assistant: 0,
    sameSession: 0,
    longer: 0,
  };
  t.n += 1;
  t.r10 += s.r10;
  t.ndcg += s.ndcg;
  const gold = new Set(c.question.gold);
  const goldSessions = new Set(c.question.gold.map((g) => messages.get(g)?.session_id));
  const ranks = c.question.gold.map((g) => ranked.indexOf(g));
  t.ranks.push(...ranks);
  // Turns above the lowest-ranked evidence turn inside the top 10 (or above the 10th place when an
  // evidence turn is below it) that are not evidence: what the ranking preferred.
  const worst = Math.min(10, Math.max(...ranks.map((r) => (r === -1 ? 10 : r))));
  const shortestGold = Math.min(
    ...c.question.gold.map((g) => messages.get(g)?.content.length ?? 0),
  );
  const rivals = ranked.slice(0, worst).filter((id) => !gold.has(id));
  for (const id of rivals) {
    const m = messages.get(id);
    t.above += 1;
    if (m?.role === 'assistant') t.assistant += 1;
    if (goldSessions.has(m?.session_id)) t.sameSession += 1;
    if ((m?.content.length ?? 0) > shortestGold) t.longer += 1;
  }
  byType.set(c.question.type, t);
  if (process.argv.includes('--questions') && s.ndcg < 0.8) {
    const intent = queryIntent(c.question.question);
    const flags = Object.entries(intent)
      .filter(([, on]) => on === true)
      .map(([k]) => k)
      .join(',');
    console.log(
      `\n[${c.question.type}] ndcg ${f2(s.ndcg)} r10 ${f2(s.r10)} intents {${flags}} Q: ${c.question.question}`,
    );
    for (const g of c.question.gold) {
      const m = messages.get(g);
      console.log(
        `  gold @${ranked.indexOf(g)} ${m?.role} ${m?.session_id} len ${m?.content.length}: ${m?.content.slice(0, 140).replace(/\s+/g, ' ')}`,
      );
    }
    ranked.slice(0, 5).forEach((id, i) => {
      if (gold.has(id)) return;
      const m = messages.get(id);
      console.log(
        `  #${i} ${m?.role} ${goldSessions.has(m?.session_id) ? 'gold-session' : 'other'} len ${m?.content.length}: ${m?.content.slice(0, 110).replace(/\s+/g, ' ')}`,
      );
    });
  }
}
console.log(
  `\nLME tuning out of fold (${extra.length === 0 ? 'feature set 1' : 'feature set 2'}); n = ${lmeTuning.length}`,
);
console.log(
  '| type | n | R@10 | NDCG@10 | evidence ranks | turns above evidence | assistant | in an evidence session | longer than the evidence |',
);
console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |');
for (const [type, t] of [...byType].sort(([x], [y]) => (x < y ? -1 : 1))) {
  const share = (k: number) => (t.above === 0 ? '—' : f2(k / t.above));
  console.log(
    `| ${type} | ${t.n} | ${(t.r10 / t.n).toFixed(3)} | ${(t.ndcg / t.n).toFixed(3)} | ${[...t.ranks].sort((x, y) => x - y).join(' ')} | ${t.above} | ${share(t.assistant)} | ${share(t.sameSession)} | ${share(t.longer)} |`,
  );
}
