// npx tsx bench/observe-train.ts — trains the shipped sentence scorer on every observe set (twelve
// authors, bench/observe/) with the setting leave-one-author-out chose (observe/scorer-settings.ts)
// and writes src/observer/scorer-model.json. Deterministic: the same sets give a byte-identical file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeScorer, trainScorer } from '../src/observer/index.js';
import { labelledCandidates, trainingAuthors } from './observe/corpus.js';
import { CHOSEN, trainingExamples } from './observe/scorer-settings.js';

// The same example builder as every leave-one-author-out figure (CHOSEN's weights, junk included).
const examples = trainingExamples(trainingAuthors().flatMap((a) => labelledCandidates(a)));
const model = trainScorer(examples, {
  l2: CHOSEN.l2,
  gate: CHOSEN.gate,
  admit: CHOSEN.admit,
  syntax: CHOSEN.syntax,
  liftAssistant: CHOSEN.liftAssistant,
  context: CHOSEN.context,
  shape: CHOSEN.shape,
  version: 'scorer@7',
});
const path = join(import.meta.dirname, '..', 'src', 'observer', 'scorer-model.json');
const text = serializeScorer(model);
writeFileSync(path, text);
console.log(
  `${path}: ${examples.length} examples, ${text.length} bytes, data ${model.data_hash.slice(0, 12)}`,
);
