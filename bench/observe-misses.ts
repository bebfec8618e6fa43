// npx tsx bench/observe-misses.ts [prefix ...] — where the pipeline loses each missed durable
// label and where each junk proposal comes from, by stage (issue #13, rules@7 miss analysis).
// Default sets: blind6 and blind7; `author1` names the first author's sets (labels.json). Junk is counted as observe/corpus.ts labelOf counts it (a
// proposal holding a durable label's words is not junk), so it reads lower than the bench's. Each session is observed and reflected on its own, with an
// empty MEMORY.md (the bench carries approvals across sessions, so its "duplicate of MEMORY.md"
// stage does not occur here; the per-set recall printed below shows how close this is to the bench).
//
// Stages of a missed label, in pipeline order (the first stage where its words are gone):
//   message    no single user or assistant message holds all its words (spans messages)
//   candidate  no draft of the rules holds them (sentence never drafted, or clipped)
//   resolved   only a problem the rules linked to a later fix holds them
//   priority   drafted, but the rules left every such draft 🟡/🟢 and the scorer did not admit it
//   scorer     the rules made it 🔴 and the scorer gated it to 🟡
//   reflector  a 🔴 observation holds them but no proposal does (merge, distill, quality gate)
import { observeCandidates } from '../src/observer/index.js';
import {
  benchJunk,
  firstAuthor,
  has,
  labelOf,
  observeInput,
  reflectSession,
  sessionsOf,
  writtenAuthor,
} from './observe/corpus.js';

const prefixes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['blind6', 'blind7'];
const total = { durable: 0, recalled: 0, proposals: 0, junk: 0, benchJunk: 0 };
const stages = ['message', 'candidate', 'resolved', 'priority', 'scorer', 'reflector'] as const;
type Stage = (typeof stages)[number];

for (const prefix of prefixes) {
  const set = prefix === 'author1' ? firstAuthor() : writtenAuthor(prefix);
  const missed = new Map<Stage, string[]>(stages.map((s) => [s, []]));
  const junk = new Map<string, string[]>();
  let durable = 0;
  let recalled = 0;
  let proposals = 0;
  for (const session of sessionsOf(set)) {
    const { id, label, entries } = session;
    const drafts = observeCandidates(observeInput(session));
    const { observations, reflection } = reflectSession(session);
    const texts = reflection.drafts.map((d) => d.text);
    for (const fact of label.durable) {
      durable += 1;
      const words = fact.must;
      if (texts.some((t) => has(t, words))) {
        recalled += 1;
        continue;
      }
      const line = `${id} ${fact.id} (${words.join(' + ')})`;
      const holding = drafts.filter((d) => has(d.observation.text, words));
      const finalRed = observations.some((o) => o.priority === 'red' && has(o.text, words));
      let stage: Stage;
      if (!entries.some((e) => e.role !== 'tool' && has(e.text, words))) stage = 'message';
      else if (holding.length === 0) stage = 'candidate';
      else if (finalRed) stage = 'reflector';
      else if (holding.some((d) => d.observation.priority === 'red' && !d.observation.resolved_by))
        stage = 'scorer';
      else if (holding.every((d) => d.observation.resolved_by !== null)) stage = 'resolved';
      else stage = 'priority';
      const detail =
        stage === 'priority' || stage === 'scorer' || stage === 'resolved'
          ? ` ← ${holding.map((d) => `[${d.observation.priority}/${d.candidate.kind}/${d.candidate.speaker}] ${d.observation.text}`).join(' | ')}`
          : stage === 'reflector'
            ? ` ← ${
                reflection.rejected
                  .filter((r) => r.source_observation_ids.length > 0)
                  .find((r) =>
                    observations.some(
                      (o) =>
                        r.source_observation_ids.includes(o.observation_id) && has(o.text, words),
                    ),
                  )
                  ?.reasons.join(',') ?? 'merged/distilled'
              }`
            : '';
      missed.get(stage)?.push(line + detail);
    }
    for (const d of reflection.drafts) {
      proposals += 1;
      if (benchJunk(d.text, label)) total.benchJunk += 1;
      if (labelOf(d.text, label) !== 'junk') {
        if (benchJunk(d.text, label)) {
          const key = 'bench only (also holds a durable label)';
          junk.set(key, [...(junk.get(key) ?? []), `${id}: ${d.text}`]);
        }
        continue;
      }
      const sources = observations.filter((o) =>
        d.source_observation_ids.includes(o.observation_id),
      );
      const admitted = sources.some((o) =>
        drafts.some(
          (c) =>
            c.observation.observation_id === o.observation_id && c.observation.priority !== 'red',
        ),
      );
      const kinds = [
        ...new Set(
          sources.flatMap((o) =>
            drafts
              .filter((c) => c.observation.observation_id === o.observation_id)
              .map((c) => `${c.candidate.kind}/${c.candidate.speaker}`),
          ),
        ),
      ].join(',');
      const stage = admitted ? 'scorer admitted' : `rules 🔴 (${kinds})`;
      junk.set(stage, [...(junk.get(stage) ?? []), `${id}: ${d.text}`]);
    }
  }
  const junkCount = [...junk]
    .filter(([stage]) => !stage.startsWith('bench only'))
    .reduce((n, [, l]) => n + l.length, 0);
  total.durable += durable;
  total.recalled += recalled;
  total.proposals += proposals;
  total.junk += junkCount;
  console.log(
    `\n## ${prefix}: recall ${recalled}/${durable} = ${(recalled / durable).toFixed(3)}, junk ${junkCount}/${proposals}`,
  );
  for (const s of stages) {
    const list = missed.get(s) ?? [];
    console.log(`\n### missed at ${s}: ${list.length}`);
    for (const l of list) console.log(`- ${l}`);
  }
  for (const [s, list] of junk) {
    console.log(`\n### junk from ${s}: ${list.length}`);
    for (const l of list) console.log(`- ${l}`);
  }
}
console.log(
  `\n## all: recall ${total.recalled}/${total.durable}, junk ${total.junk}/${total.proposals}, bench junk ${total.benchJunk} (${((100 * total.benchJunk) / total.proposals).toFixed(2)} %)`,
);
