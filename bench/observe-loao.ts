// npx tsx bench/observe-loao.ts — a fast leave-one-author-out check of scorer variants through the
// observer and the reflector (not the engine): for each of the ten authors, train on the other
// nine, observe each left-out session and reflect it on its own with an empty MEMORY.md (the
// bench carries approvals across sessions; recall lands within a label or two of bench:observe).
// Junk is counted as the scorer's training labels count it (observe/corpus.ts labelOf: a proposal
// holding a durable label's words is not junk) and as bench:observe counts it (corpus.benchJunk).
// Variants: VARIANTS below (VARIANTS=0,2 runs a subset).
// OBSERVE_AUTHORS=tuning runs the same check over every tuning set: the training authors and the
// later tuning sets blind12–blind21 (twenty-two authors; the scorer is shipped trained on the
// training authors only). HELD_OUT=1 instead trains each variant once on the training authors and
// measures it on blind12–blind21, which it never saw.
import type { ScorerModel } from '../src/observer/index.js';
import * as corpus from './observe/corpus.js';
import { modelWithout } from './observe/scorer-settings.js';

/** The tuning sets that are not training authors (blind22 onwards are headline sets: never here). */
const LATER_TUNING = [12, 13, 14, 15, 16, 17, 18, 19, 20, 21].map((n) =>
  corpus.writtenAuthor(`blind${n}`),
);
const heldOut = process.env['HELD_OUT'] === '1';
const training = corpus.trainingAuthors();
const authors = heldOut
  ? LATER_TUNING
  : process.env['OBSERVE_AUTHORS'] === 'tuning'
    ? [...training, ...LATER_TUNING]
    : training;
const candidates = (heldOut ? training : authors).map((a) => corpus.labelledCandidates(a));

function run(author: corpus.AuthorSet, scorer: ScorerModel | null) {
  let durable = 0;
  let recalled = 0;
  let proposals = 0;
  let junk = 0;
  let benchJunk = 0;
  let other = 0;
  for (const session of corpus.sessionsOf(author)) {
    const { label } = session;
    const { texts } = corpus.reflectSession(session, scorer);
    for (const fact of label.durable) {
      durable += 1;
      if (texts.some((t) => corpus.has(t, fact.must))) recalled += 1;
    }
    proposals += texts.length;
    junk += texts.filter((t) => corpus.labelOf(t, label) === 'junk').length;
    benchJunk += texts.filter((t) => corpus.benchJunk(t, label)).length;
    other += texts.filter(
      (t) => !corpus.benchJunk(t, label) && !label.durable.some((f) => corpus.has(t, f.must)),
    ).length;
  }
  return { durable, recalled, proposals, junk, benchJunk, other };
}

type Tally = ReturnType<typeof run>;
const fmt = (t: Tally) =>
  `${t.recalled}/${t.durable} = ${(t.recalled / t.durable).toFixed(3)}, ${t.proposals} proposals, junk ${t.junk} (${((100 * t.junk) / t.proposals).toFixed(1)} %), bench junk ${t.benchJunk} (${((100 * t.benchJunk) / t.proposals).toFixed(1)} %), unlabelled ${t.other}`;
const sum = (ts: Tally[]): Tally =>
  ts.reduce(
    (a, b) => ({
      durable: a.durable + b.durable,
      recalled: a.recalled + b.recalled,
      proposals: a.proposals + b.proposals,
      junk: a.junk + b.junk,
      benchJunk: a.benchJunk + b.benchJunk,
      other: a.other + b.other,
    }),
    { durable: 0, recalled: 0, proposals: 0, junk: 0, benchJunk: 0, other: 0 },
  );

/** A scorer variant: the overrides of CHOSEN it is trained with. */
interface Variant {
  readonly name: string;
  readonly overrides: Parameters<typeof modelWithout>[3];
}
// The shipped setting (CHOSEN: scorer@7, the `shape` group added to scorer@4's setting), the
// setting before it, and the overrides measured against them in session 18 (ADR
// 2026-11-26-observer-rules, "scorer@7").
const VARIANTS: readonly Variant[] = [
  { name: 'shipped setting (CHOSEN, scorer@7: context + shape)', overrides: {} },
  { name: "scorer@4's setting (CHOSEN without shape)", overrides: { shape: false } },
  ...[0.7, 0.8].map((admit) => ({ name: `CHOSEN, admit ${admit}`, overrides: { admit } })),
  { name: 'CHOSEN, admit 0.775', overrides: { admit: 0.775 } },
  { name: 'CHOSEN, junk weighs 4', overrides: { junkWeight: 4 } },
  ...[0.7, 0.8].map((admit) => ({
    name: `CHOSEN without shape, admit ${admit}`,
    overrides: { shape: false, admit },
  })),
  { name: 'CHOSEN, junk weighs 2', overrides: { junkWeight: 2 } },
  { name: 'CHOSEN, unlabelled weighs 0.1', overrides: { otherWeight: 0.1 } },
];
const only = process.env['VARIANTS']?.split(',');
const rules = authors.map((a) => run(a, null));
console.log(
  `rules alone: ${fmt(sum(rules))}\n  ${authors.map((a, k) => `${a.key} ${fmt(rules[k] as Tally)}`).join('\n  ')}`,
);
for (const [i, v] of VARIANTS.entries()) {
  if (only !== undefined && !only.includes(String(i))) continue;
  // Held out: one model on every training author (k = -1 leaves none out).
  const once = heldOut ? modelWithout(candidates, -1, 'v-held-out', v.overrides) : null;
  const per = authors.map((a, k) =>
    run(a, once ?? modelWithout(candidates, k, `v-${a.key}`, v.overrides)),
  );
  console.log(
    `${v.name}: ${fmt(sum(per))}\n  ${authors.map((a, k) => `${a.key} ${fmt(per[k] as Tally)}`).join('\n  ')}`,
  );
}
