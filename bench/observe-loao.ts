// npx tsx bench/observe-loao.ts — a fast leave-one-author-out check of scorer variants through the
// observer and the reflector (not the engine): for each of the ten authors, train on the other
// nine, observe each left-out session and reflect it on its own with an empty MEMORY.md (the
// bench carries approvals across sessions; recall lands within a label or two of bench:observe).
// Junk is counted as the scorer's training labels count it (observe/corpus.ts labelOf: a proposal
// holding a durable label's words is not junk) and as bench:observe counts it (corpus.benchJunk).
// Variants: VARIANTS below (VARIANTS=0,2 runs a subset).
import type { ScorerModel } from '../src/observer/index.js';
import * as corpus from './observe/corpus.js';
import { modelWithout } from './observe/scorer-settings.js';

const authors = corpus.trainingAuthors();
const candidates = authors.map((a) => corpus.labelledCandidates(a));

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
// The shipped setting (CHOSEN: scorer@4 trains with the setting scorer@3 chose) and the four
// overrides measured against it in the rules@7 session: two admit thresholds and two weights.
const VARIANTS: readonly Variant[] = [
  { name: 'shipped setting (CHOSEN, scorer@4)', overrides: {} },
  ...[0.7, 0.8].map((admit) => ({ name: `CHOSEN, admit ${admit}`, overrides: { admit } })),
  { name: 'CHOSEN, junk weighs 2', overrides: { junkWeight: 2 } },
  { name: 'CHOSEN, unlabelled weighs 0.1', overrides: { otherWeight: 0.1 } },
  // Session 18 (obs6): the `shape` feature group, alone and with the two admit thresholds.
  { name: 'CHOSEN + shape', overrides: { shape: true } },
  ...[0.7, 0.8].map((admit) => ({
    name: `CHOSEN + shape, admit ${admit}`,
    overrides: { shape: true, admit },
  })),
  { name: 'CHOSEN + shape, admit 0.775', overrides: { shape: true, admit: 0.775 } },
  { name: 'CHOSEN + shape, junk weighs 4', overrides: { shape: true, junkWeight: 4 } },
];
const only = process.env['VARIANTS']?.split(',');
const rules = authors.map((a) => run(a, null));
console.log(
  `rules alone: ${fmt(sum(rules))}\n  ${authors.map((a, k) => `${a.key} ${fmt(rules[k] as Tally)}`).join('\n  ')}`,
);
for (const [i, v] of VARIANTS.entries()) {
  if (only !== undefined && !only.includes(String(i))) continue;
  const per = authors.map((a, k) => run(a, modelWithout(candidates, k, `v-${a.key}`, v.overrides)));
  console.log(
    `${v.name}: ${fmt(sum(per))}\n  ${authors.map((a, k) => `${a.key} ${fmt(per[k] as Tally)}`).join('\n  ')}`,
  );
}
