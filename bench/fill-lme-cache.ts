// Fills the bench vector cache (`.cache/bench/`) with every LongMemEval-S dev turn, haystack by
// haystack in an order that interleaves question types and halves, so an interrupted fill still
// leaves whole haystacks scorable. Run with `npx tsx bench/fill-lme-cache.ts`; resumable.
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import { diskCachedModel } from './embedding-cache.js';
import { loadLme, splitLme } from './longmemeval.js';

const local = createLocalEmbeddingModel({ workers: Number(process.env['FILL_WORKERS'] ?? 1) });
const cached = diskCachedModel(local);
const bound = (text: string) => text.slice(0, local.maxInputTokens * 16);
const lme = loadLme();
const { tuning, heldOut } = splitLme(lme.queries);
const byType = new Map<string, string[]>();
for (const q of lme.queries) {
  const list = byType.get(q.question_type) ?? [];
  list.push(q.conversation_id);
  byType.set(q.question_type, list);
}
// Round robin over types; within a type alternate held-out and tuning haystacks.
const queues = [...byType.keys()].sort().map((type) => {
  const ids = byType.get(type) ?? [];
  const h = ids.filter((id) => heldOut.includes(id));
  const t = ids.filter((id) => tuning.includes(id));
  const out: string[] = [];
  for (let i = 0; i < Math.max(h.length, t.length); i += 1) {
    const held = h[i];
    const tune = t[i];
    if (held !== undefined) out.push(held);
    if (tune !== undefined) out.push(tune);
  }
  return out;
});
const order: string[] = [];
for (let i = 0; queues.some((q) => i < q.length); i += 1) {
  for (const q of queues) {
    const id = q[i];
    if (id !== undefined) order.push(id);
  }
}
const started = Date.now();
let embedded = 0;
for (const [n, corpus] of order.entries()) {
  const texts = [
    ...new Set(
      lme.messages.filter((m) => m.conversation_id === corpus).map((m) => bound(m.content)),
    ),
  ].filter((t) => !cached.has(t));
  for (let i = 0; i < texts.length; i += 32) {
    await cached.model.embed(texts.slice(i, i + 32));
    embedded += Math.min(32, texts.length - i);
  }
  const rate = embedded / Math.max(1, (Date.now() - started) / 1000);
  console.log(
    `${n + 1}/${order.length} ${corpus}: ${texts.length} new; ${rate.toFixed(1)} texts/s`,
  );
}
process.exit(0);
