// npx tsx bench/observe-loao.ts — a fast leave-one-author-out check of scorer variants through the
// observer and the reflector (not the engine): for each of the eight authors, train on the other
// seven, observe each left-out session and reflect it on its own with an empty MEMORY.md (the
// bench carries approvals across sessions; figures land within a label or two of bench:observe).
// Variants are the shipped setting with the clause features and the assistant lift on and off.
import {
  observeTranscript,
  type ReflectorInput,
  reflectObservations,
  type ScorerModel,
} from '../src/observer/index.js';
import {
  type AuthorSet,
  has,
  labelledCandidates,
  labelOf,
  sessionsOf,
  trainingAuthors,
} from './observe/corpus.js';
import { modelWithout } from './observe/scorer-settings.js';

const authors = trainingAuthors();
const candidates = authors.map((a) => labelledCandidates(a));

function run(author: AuthorSet, scorer: ScorerModel | null) {
  let durable = 0;
  let recalled = 0;
  let proposals = 0;
  let junk = 0;
  for (const { id, date, label, entries } of sessionsOf(author)) {
    const observed = observeTranscript({
      captureKey: id,
      sessionId: id,
      entries,
      fallbackDate: date,
      scorer,
    });
    const observations: ReflectorInput[] = observed.segments.flatMap((s) =>
      s.observations.map((o) => ({ ...o, session_id: id, date: observed.date })),
    );
    const texts = reflectObservations({
      observations,
      memory: [],
      proposals: [],
      now: Date.parse(`${date}T20:00:00Z`),
    }).drafts.map((d) => d.text);
    for (const fact of label.durable) {
      durable += 1;
      if (texts.some((t) => has(t, fact.must))) recalled += 1;
    }
    proposals += texts.length;
    junk += texts.filter((t) => labelOf(t, label) === 'junk').length;
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

const variants: { name: string; syntax: boolean; liftAssistant: boolean; admit: number }[] = [
  {
    name: 'scorer@1 features, user only (admit 0.7)',
    syntax: false,
    liftAssistant: false,
    admit: 0.7,
  },
  {
    name: 'clause features, user only (admit 0.7)',
    syntax: true,
    liftAssistant: false,
    admit: 0.7,
  },
  {
    name: 'clause features + assistant lift (admit 0.9)',
    syntax: true,
    liftAssistant: true,
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
