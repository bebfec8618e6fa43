// Splits a code-blind writer's distractor draft into a tuning half and a held-out half without
// printing any sentence. Deterministic: the split depends only on each id, and the output keeps the
// draft's line order. By default an odd id number goes to tuning (sets b, c); with `--hash`, an id
// whose SHA-256 begins with an odd byte does (set d on: a writer's ids may follow their categories, and a
// hash spreads every category over both halves). Usage:
//   npx tsx bench/state-split-distractors.ts <draft.jsonl> <set letter> [--hash]
// writes bench/state-scenarios/distractors-tuning-<letter>.jsonl and distractors-heldout-<letter>.jsonl.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OWN = join(dirname(fileURLToPath(import.meta.url)), 'state-scenarios');

const [draft, letter, mode] = process.argv.slice(2);
const byHash = mode === '--hash';
/** Whether an id goes to the tuning half. */
function tuningId(id: string, number: number): boolean {
  if (!byHash) return number % 2 === 1;
  return (createHash('sha256').update(id).digest()[0] ?? 0) % 2 === 1;
}
if (draft === undefined || letter === undefined || !/^[a-z]$/.test(letter)) {
  console.error('usage: tsx bench/state-split-distractors.ts <draft.jsonl> <set letter a-z>');
  process.exit(2);
}

const tuning: string[] = [];
const heldout: string[] = [];
const seen = new Set<string>();
let rejected = 0;
for (const line of readFileSync(draft, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  let row: { id?: unknown; text?: unknown; category?: unknown };
  try {
    row = JSON.parse(line);
  } catch {
    rejected++;
    continue;
  }
  const id = typeof row.id === 'string' ? row.id : '';
  const digits = /(\d+)$/.exec(id);
  if (
    digits === null ||
    typeof row.text !== 'string' ||
    typeof row.category !== 'string' ||
    seen.has(id)
  ) {
    rejected++;
    continue;
  }
  seen.add(id);
  const out = JSON.stringify({ id, text: row.text, category: row.category });
  (tuningId(id, Number(digits[1])) ? tuning : heldout).push(out);
}
writeFileSync(join(OWN, `distractors-tuning-${letter}.jsonl`), `${tuning.join('\n')}\n`);
writeFileSync(join(OWN, `distractors-heldout-${letter}.jsonl`), `${heldout.join('\n')}\n`);
console.log(
  `split ${tuning.length + heldout.length} rows: ${tuning.length} tuning, ${heldout.length} held out (${byHash ? 'by id hash' : 'by id parity'}), ${rejected} rejected`,
);
