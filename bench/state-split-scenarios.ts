// Splits a code-blind writer's state-scenario draft into a tuning half and a held-out half without
// printing any message or probe. Deterministic: a scenario whose id's SHA-256 begins with an odd byte
// goes to tuning, the rest is held out; each half keeps the draft's line order. A line that does not
// parse or has no scenario_id is counted and dropped. Usage:
//   npx tsx bench/state-split-scenarios.ts <draft.jsonl> <suffix>
// writes bench/state-scenarios/tuning-<suffix>.jsonl and heldout-<suffix>.jsonl and prints the counts.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OWN = join(import.meta.dirname, 'state-scenarios');
const [draft, suffix] = process.argv.slice(2);
if (draft === undefined || suffix === undefined || !/^[a-z]{2}$/.test(suffix)) {
  console.error('usage: tsx bench/state-split-scenarios.ts <draft.jsonl> <two-letter suffix>');
  process.exit(2);
}

const halves = { tuning: [] as string[], heldout: [] as string[] };
const probes = { tuning: 0, heldout: 0 };
const seen = new Set<string>();
let dropped = 0;
for (const line of readFileSync(draft, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  let row: { scenario_id?: unknown; probes?: unknown };
  try {
    row = JSON.parse(line);
  } catch {
    dropped++;
    continue;
  }
  const id = typeof row.scenario_id === 'string' ? row.scenario_id : '';
  if (id === '' || seen.has(id)) {
    dropped++;
    continue;
  }
  seen.add(id);
  const half = (createHash('sha256').update(id).digest()[0] ?? 0) % 2 === 1 ? 'tuning' : 'heldout';
  halves[half].push(line.trim());
  probes[half] += Array.isArray(row.probes) ? row.probes.length : 0;
}
for (const half of ['tuning', 'heldout'] as const) {
  writeFileSync(join(OWN, `${half}-${suffix}.jsonl`), `${halves[half].join('\n')}\n`);
  console.log(`${half}-${suffix}: ${halves[half].length} scenarios, ${probes[half]} probes`);
}
if (dropped > 0)
  console.log(`dropped ${dropped} line(s): unparsable, without scenario_id, or repeated`);
