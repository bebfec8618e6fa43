// What writing fact keys costs ingest: LoCoMo's ten conversations and the first LongMemEval
// haystacks ingested into fresh SQLite files (extraction and vectors off, so the fold's own work
// is what is timed), in alternating rounds. Run once as committed and once with the fact-key write
// in the message fold switched off to compare (ADR 2026-11-26-retrieval-across-datasets).
// Run: npx tsx bench/retrieval-keys-cost.ts [rounds] [haystacks]
import { loadavg } from 'node:os';
import { fixedClock } from '../src/core/index.js';
import { loadLocomo, toRecord } from './locomo.js';
import { lmeAvailable, lmeRecord, loadLme } from './longmemeval.js';
import { openSqlite } from './retrieval-harness.js';

const rounds = Number(process.argv[2] ?? 3);
const haystacks = Number(process.argv[3] ?? 10);
const locomo = loadLocomo().messages;
const lme = lmeAvailable() ? loadLme() : { messages: [], queries: [] };
const corpora = new Map<string, string[]>();
for (const m of locomo) corpora.set(`locomo/${m.conversation_id}`, []);
for (const m of locomo) corpora.get(`locomo/${m.conversation_id}`)?.push(toRecord(m));
const lmeIds = lme.queries.slice(0, haystacks).map((q) => q.conversation_id);
for (const id of lmeIds) {
  corpora.set(`lme/${id}`, lme.messages.filter((m) => m.conversation_id === id).map(lmeRecord));
}

async function ingestAll(
  prefix: string,
): Promise<{ texts: number; seconds: number; chars: number }> {
  let texts = 0;
  let seconds = 0;
  let chars = 0;
  for (const [id, lines] of corpora) {
    if (!id.startsWith(prefix)) continue;
    const opened = await openSqlite({
      clock: fixedClock(Date.parse('2030-01-01T00:00:00Z')),
      embeddings: { model: null },
      extraction: null,
    });
    const started = performance.now();
    for (let i = 0; i < lines.length; i += 2000) {
      await opened.engine.ingest(lines.slice(i, i + 2000).join('\n'), { waitForIndex: false });
    }
    seconds += (performance.now() - started) / 1000;
    texts += lines.length;
    chars += lines.reduce((sum, line) => sum + line.length, 0);
    await opened.dispose();
  }
  return { texts, seconds, chars };
}

console.log(`load average before: ${loadavg()[0]?.toFixed(1)}`);
for (let round = 1; round <= rounds; round += 1) {
  for (const prefix of ['locomo/', 'lme/']) {
    const r = await ingestAll(prefix);
    console.log(
      `round ${round} ${prefix.padEnd(8)} ${r.texts} texts in ${r.seconds.toFixed(2)} s = ${(r.texts / r.seconds).toFixed(0)} texts/s (load ${loadavg()[0]?.toFixed(1)})`,
    );
  }
}
