// Where a readable probe is lost (issue #10, goal 1 of the language task). Run:
// npx tsx bench/state-diagnose.ts <tuning|reworded|perturbed> <probe id>...
// For each probe, prints every message up to asked_at with what the rule extractor read from it
// (field, value, evidence, confidence), so a miss can be put down to the stage that lost it.
// Never pass it the held-out files: it reads only tuning, reworded and the perturbed dev+tuning.
import { join } from 'node:path';
import { EMPTY_REGISTRY, extractWithRules } from '../src/extract/index.js';
import { loadScenarios, perturb, type Scenario } from './state-protocol.js';

const ROOT = join(import.meta.dirname, '..');
const OWN = join(ROOT, 'bench', 'state-scenarios');
const [set, ...ids] = process.argv.slice(2);
const base = (): Scenario[] => [
  ...loadScenarios(join(ROOT, '..', 'shared', 'bench', 'state-scenarios-dev.jsonl')),
  ...loadScenarios(join(OWN, 'tuning.jsonl')),
];
const scenarios: Scenario[] =
  set === 'reworded'
    ? loadScenarios(join(OWN, 'reworded.jsonl'))
    : set === 'perturbed'
      ? base().map((s) => perturb(s))
      : set === 'tuning'
        ? loadScenarios(join(OWN, 'tuning.jsonl'))
        : [];
if (scenarios.length === 0)
  throw new Error('usage: state-diagnose <tuning|reworded|perturbed> <probe id>...');

for (const id of ids) {
  const scenario = scenarios.find((s) => s.probes.some((p) => p.probe_id === id));
  const probe = scenario?.probes.find((p) => p.probe_id === id);
  if (scenario === undefined || probe === undefined) {
    console.log(`## ${id}: not found`);
    continue;
  }
  console.log(`## ${id} ${probe.slot} expected ${probe.expected} (asked ${probe.asked_at})`);
  for (const m of scenario.messages.filter((x) => x.timestamp <= probe.asked_at)) {
    console.log(`  [${m.timestamp} ${m.source}/${m.role}] ${m.content.replace(/\n/g, ' ⏎ ')}`);
    const out = extractWithRules({
      text: m.content,
      at: m.timestamp,
      source: m.source,
      role: m.role,
      entityId: scenario.entity.id,
      ...(m.note_title === undefined ? {} : { title: m.note_title }),
      known: [],
      registry: EMPTY_REGISTRY,
    });
    for (const o of out.observations) {
      console.log(
        `     -> ${o.field} = ${o.value} (${o.evidence} ${o.confidence}${o.correction ? ' corr' : ''}) «${o.span}»`,
      );
    }
  }
}
