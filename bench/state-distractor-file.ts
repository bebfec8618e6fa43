// One distractor file through the same run as `npm run bench:state -- -- --sets distractors`
// (bench/state-protocol.ts `runDistractors`): committed and asked per 1,000 sentences, and, with
// --show, each committing sentence (only for a file that may be read, never a held-out one).
//
//   npx tsx bench/state-distractor-file.ts FILE.jsonl [--show]
import { runDistractors } from './state-protocol.js';

const file = process.argv[2];
if (file === undefined || /heldout/.test(file)) {
  console.log(
    'usage: npx tsx bench/state-distractor-file.ts FILE.jsonl [--show] (no held-out file)',
  );
  process.exit(1);
}
const show = process.argv.includes('--show');
const d = await runDistractors(
  file,
  show ? (x) => console.log(`COMMIT ${x.id} (${x.category}): ${x.text}`) : undefined,
);
if (d === null) {
  console.log(`${file}: not found`);
} else {
  const per = (n: number) => ((1000 * n) / d.sentences).toFixed(2);
  console.log(
    `${file}: ${d.sentences} sentences, ${d.committed} committed (${per(d.committed)} per 1,000), ${d.asked} review prompts (${per(d.asked)} per 1,000)`,
  );
}
