// Merges a blind labeller's `labels.jsonl` (from a sample written by `bench/items.bench.ts
// --sample DIR`) into the committed label files, keys and labels only, never text: LoCoMo keys into
// bench/items/labels-b.json, LongMemEval keys (`lme-s-dev/…`) into bench/items/labels-lme.json.
// Run: npx tsx bench/items-merge-labels.ts DIR SAMPLE_SEED RULES_COMMIT
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Label = 'correct' | 'incorrect';
interface LabelFile {
  readonly samples: readonly { readonly sample: string; readonly rules: string }[];
  readonly labels: readonly { readonly key: string; readonly label: Label }[];
}

const [dir, sample, rules] = process.argv.slice(2);
if (dir === undefined || sample === undefined || rules === undefined) {
  console.error('usage: items-merge-labels.ts DIR SAMPLE_SEED RULES_COMMIT');
  process.exit(2);
}
const round = { sample, rules };

const incoming = readFileSync(join(dir, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { key: unknown; label: unknown });
const invalid = incoming.filter(
  (l) => typeof l.key !== 'string' || (l.label !== 'correct' && l.label !== 'incorrect'),
);
if (invalid.length > 0) {
  console.error(
    `${invalid.length} lines without a key or a correct/incorrect label: nothing merged`,
  );
  process.exit(1);
}

/** Reads a label file, accepting round 1's form (`sample` and `rules` at the top). */
function read(file: string): LabelFile {
  if (!existsSync(file)) return { samples: [], labels: [] };
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<LabelFile> & {
    sample?: string;
    rules?: string;
  };
  const samples =
    raw.samples ?? (raw.sample && raw.rules ? [{ sample: raw.sample, rules: raw.rules }] : []);
  return { samples, labels: raw.labels ?? [] };
}

function merge(file: string, keep: (key: string) => boolean): number {
  const current = read(file);
  const known = new Set(current.labels.map((l) => l.key));
  const added = incoming
    .filter((l) => keep(l.key as string) && !known.has(l.key as string))
    .map((l) => ({ key: l.key as string, label: l.label as Label }));
  if (added.length === 0 && existsSync(file)) return 0;
  const next: LabelFile = {
    samples: [...current.samples, round],
    labels: [...current.labels, ...added],
  };
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  return added.length;
}

const root = join(import.meta.dirname, 'items');
const lme = (key: string) => key.startsWith('lme-s-dev/');
const toB = merge(join(root, 'labels-b.json'), (key) => !lme(key));
const toLme = merge(join(root, 'labels-lme.json'), lme);
console.log(`merged ${toB} half-B labels and ${toLme} LongMemEval labels`);
