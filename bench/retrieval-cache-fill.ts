// Fills the bench's vector cache (`.cache/bench/`) for the LongMemEval **tuning** half only, so
// `bench/retrieval.bench.ts` (which scores only haystacks whose vectors are all cached, unless
// `--embed-all`) collects candidate lists for the tuning half without embedding or scoring a
// held-out haystack. Inputs are bounded as the bench bounds them. With `--held-out` it fills the
// held-out half instead, so that a later scoring run can report it without embedding for hours;
// vectors carry no labels, so filling them reads nothing a tuner could fit to.
// Run: npx tsx bench/retrieval-cache-fill.ts [workers] [--held-out]
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import { diskCachedModel } from './embedding-cache.js';
import { loadLme, splitLme } from './longmemeval.js';

const heldOut = process.argv.includes('--held-out');
const workers = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 1);
const local = createLocalEmbeddingModel({ workers });
const cached = diskCachedModel(local);
const lme = loadLme();
const split = splitLme(lme.queries);
const half = new Set(heldOut ? split.heldOut : split.tuning);
const haystacks = lme.queries.filter((q) => half.has(q.query_id)).map((q) => q.conversation_id);
const bound = (text: string) => text.slice(0, local.maxInputTokens * 16);
const texts = [
  ...new Set(
    lme.messages
      .filter((m) => haystacks.includes(m.conversation_id))
      .map((m) => bound(m.content))
      .filter((t) => !cached.has(t)),
  ),
];
console.log(
  `${haystacks.length} ${heldOut ? 'held-out' : 'tuning'} haystacks, ${texts.length} texts to embed`,
);
const started = performance.now();
for (let i = 0; i < texts.length; i += 256) {
  await cached.model.embed(texts.slice(i, i + 256));
  const seconds = (performance.now() - started) / 1000;
  console.log(`${Math.min(i + 256, texts.length)} / ${texts.length} in ${seconds.toFixed(0)} s`);
}
await cached.model.close();
