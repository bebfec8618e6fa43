// Splits a code-blind writer's distractor draft into a tuning half (odd id number) and a held-out half
// (even id number) without printing any sentence. Deterministic: the split depends only on each id, and the
// output keeps the draft's line order. Usage:
//   npx tsx bench/state-split-distractors.ts <draft.jsonl> <set letter>
// writes bench/state-scenarios/distractors-tuning-<letter>.jsonl and distractors-heldout-<letter>.jsonl.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OWN = join(dirname(fileURLToPath(import.meta.url)), 'state-scenarios');

const [draft, letter] = process.argv.slice(2);
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
  (Number(digits[1]) % 2 === 1 ? tuning : heldout).push(out);
}
writeFileSync(join(OWN, `distractors-tuning-${letter}.jsonl`), `${tuning.join('\n')}\n`);
writeFileSync(join(OWN, `distractors-heldout-${letter}.jsonl`), `${heldout.join('\n')}\n`);
console.log(
  `split ${tuning.length + heldout.length} rows: ${tuning.length} tuning (odd ids), ${heldout.length} held out (even ids), ${rejected} rejected`,
);
