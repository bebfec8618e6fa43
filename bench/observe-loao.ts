// npx tsx bench/observe-loao.ts — a fast leave-one-author-out check of scorer variants through the
// observer and the reflector (not the engine): for each of the eight authors, train on the other
// seven, observe each left-out session and reflect it on its own with an empty MEMORY.md (the
// bench carries approvals across sessions; recall lands within a label or two of bench:observe).
// Junk is counted as the scorer's training labels count it (observe/corpus.ts labelOf: a proposal
// holding a durable label's words is not junk), so it reads lower than the bench's junk.
// Variants are the shipped setting with the clause features and the assistant lift on and off.
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
  for (const session of corpus.sessionsOf(author)) {
    const { label } = session;
    const { texts } = corpus.reflectSession(session, scorer);
    for (const fact of label.durable) {
      durable += 1;
      if (texts.some((t) => corpus.has(t, fact.must))) recalled += 1;
    }
    proposals += texts.length;
    junk += texts.filter((t) => corpus.labelOf(t, label) === 'junk').length;
  }
  return { durable, recalled, proposals, junk };
}

type Tally = ReturnType<typeof run>;
const fmt = (t: Tally) =>
  `${t.recalled}/${t.durable} = ${(t.recalled / t.durable).toFixed(3)}, ${t.proposals} proposals, junk ${t.junk} (${((100 * t.junk) / t.proposals).toFixed(1)} %)`;
const sum = (ts: Tally[]): Tally =>
  ts.reduce(
    (a, b) => ({
      durable: a.durable + b.durable,
      recalled: a.recalled + b.recalled,
      proposals: a.proposals + b.proposals,
      junk: a.junk + b.junk,
    }),
    { durable: 0, recalled: 0, proposals: 0, junk: 0 },
  );

// Each with the L2 and admit its proxy search chose (bench/observe-features.ts, observe-select.ts).
const variants: {
  name: string;
  syntax: boolean;
  liftAssistant: boolean;
  l2: number;
  admit: number;
}[] = [
  { name: 'scorer@2 (shipped)', syntax: false, liftAssistant: false, l2: 1e-3, admit: 0.7 },
  { name: 'clause features', syntax: true, liftAssistant: false, l2: 1e-3, admit: 0.7 },
  {
    name: 'clause features + assistant lift',
    syntax: true,
    liftAssistant: true,
    l2: 1e-4,
    admit: 0.9,
  },
];
const rules = authors.map((a) => run(a, null));
console.log(
  `rules alone: ${fmt(sum(rules))}\n  ${authors.map((a, k) => `${a.key} ${fmt(rules[k] as Tally)}`).join('\n  ')}`,
);
for (const v of variants) {
  const per = authors.map((a, k) => {
    const model = modelWithout(candidates, k, `variant-without-${a.key}`, {
      l2: v.l2,
      admit: v.admit,
      syntax: v.syntax,
      liftAssistant: v.liftAssistant,
    });
    return run(a, model);
  });
  console.log(
    `${v.name}: ${fmt(sum(per))}\n  ${authors.map((a, k) => `${a.key} ${fmt(per[k] as Tally)}`).join('\n  ')}`,
  );
}
