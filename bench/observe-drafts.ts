// npx tsx bench/observe-drafts.ts — where the rules' 🟡/🟢 drafts stand (issue #13): over every
// author's sessions, each unresolved 🟡/🟢 draft is durable (holds a durable label's words) or not
// (junk or unlabelled, observe/corpus.ts labelOf), and is tabulated by the rule kind that made it,
// speaker, drawn from a reply, answers the assistant's question, names a specific, a specific said
// again later in the segment, near the segment's end, after a fix, and hedged. Prints, per
// feature value, durable / not and the durable share: the material a promotion model learns from.
import { observeCandidates } from '../src/observer/index.js';
import { hasSpecifics, isHedged } from '../src/observer/text-rules.js';
import * as corpus from './observe/corpus.js';

/** Drafts: durable and holding a label no 🔴 draft holds, durable anyway, junk, unlabelled. */
interface Row {
  fresh: number;
  durable: number;
  junk: number;
  other: number;
}
const table = new Map<string, Row>();
const count = (key: string, label: corpus.CandidateLabel, fresh: boolean) => {
  const row = table.get(key) ?? { fresh: 0, durable: 0, junk: 0, other: 0 };
  if (fresh) row.fresh += 1;
  row[label] += 1;
  table.set(key, row);
};

let labels = 0;
const onlyLowCovered = new Set<string>();
const redCovered = new Set<string>();
for (const author of corpus.trainingAuthors()) {
  for (const s of corpus.sessionsOf(author)) {
    labels += s.label.durable.length;
    const drafts = observeCandidates(corpus.observeInput(s)).filter(
      (d) => d.observation.resolved_by === null,
    );
    const inRed = new Set(
      drafts
        .filter((d) => d.candidate.priority === 'red')
        .flatMap((d) => s.label.durable.filter((f) => corpus.has(d.candidate.text, f.must)))
        .map((f) => f.id),
    );
    for (const id of inRed) redCovered.add(`${s.id}/${id}`);
    for (const { candidate: c } of drafts) {
      if (c.priority === 'red') continue;
      const covers = s.label.durable.filter((f) => corpus.has(c.text, f.must));
      for (const f of covers) onlyLowCovered.add(`${s.id}/${f.id}`);
      const label = corpus.labelOf(c.text, s.label);
      const fresh = covers.some((f) => !inRed.has(f.id));
      const x = c.context;
      const facts: [string, string | boolean][] = [
        ['all', 'all'],
        ['priority', c.priority],
        ['kind', c.kind],
        ['speaker', c.speaker],
        ['reply', c.fromReply],
        ['answers_question', x?.answersQuestion ?? false],
        ['has_specific', hasSpecifics(c.text)],
        ['echoed_later', x?.echoed ?? false],
        ['segment_end', x?.segmentEnd ?? false],
        ['after_fix', x?.afterFix ?? false],
        ['hedged', isHedged(c.text)],
        ['speaker&kind', `${c.speaker}&${c.kind}`],
        ['speaker&echoed', `${c.speaker}&${x?.echoed ?? false}`],
        ['speaker&specific', `${c.speaker}&${hasSpecifics(c.text)}`],
      ];
      for (const [name, value] of facts) count(`${name}=${value}`, label, fresh);
    }
  }
}
const missedByRed = [...onlyLowCovered].filter((k) => !redCovered.has(k)).length;
console.log(
  `${labels} durable labels; ${missedByRed} held only by a 🟡/🟢 draft (no 🔴 draft holds them)`,
);
console.log(
  '| feature = value | durable, label not in a 🔴 draft | durable | junk | unlabelled | durable share |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [key, r] of [...table.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
  const share = r.durable / Math.max(1, r.durable + r.junk + r.other);
  console.log(
    `| ${key} | ${r.fresh} | ${r.durable} | ${r.junk} | ${r.other} | ${share.toFixed(3)} |`,
  );
}
