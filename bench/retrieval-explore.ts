// Tuning aid for bench:retrieval: ranks configurations from the candidate lists a previous
// `bench/retrieval.bench.ts --collected <file>` run saved, on the tuning halves only (LoCoMo A and
// the LongMemEval tuning half), per question type. Held-out halves are printed only with
// `--held-out`, for the final report. Run: npx tsx bench/retrieval-explore.ts <file> '<configs json>'
import { readFileSync } from 'node:fs';
import type { FusionSettings } from '../src/search/index.js';
import { loadLocomo } from './locomo.js';
import { loadLme, splitLme } from './longmemeval.js';
import { type Collected, evaluateConfig, type SuiteConfig } from './retrieval-suite.js';

const [file, configsJson] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: retrieval-explore <collected.json> [configs]');
const saved = JSON.parse(readFileSync(file, 'utf8')) as { locomo: Collected[]; lme: Collected[] };
const conversations = [...new Set(loadLocomo().messages.map((m) => m.conversation_id))].sort();
const split = splitLme(loadLme().queries);
const heldOut = process.argv.includes('--held-out');
const halves: Record<string, Collected[]> = {
  'LoCoMo A': saved.locomo.filter((c) => conversations.slice(0, 5).includes(c.question.corpus)),
  'LME tuning': saved.lme.filter((c) => split.tuning.includes(c.question.corpus)),
  ...(heldOut
    ? {
        'LoCoMo B': saved.locomo.filter((c) => conversations.slice(5).includes(c.question.corpus)),
        'LME held out': saved.lme.filter((c) => split.heldOut.includes(c.question.corpus)),
      }
    : {}),
};
const extra = (configsJson === undefined ? [] : JSON.parse(configsJson)) as {
  name: string;
  fusion: Partial<FusionSettings>;
}[];
const configs: SuiteConfig[] = [
  { name: 'BM25 + time', mode: 'text' },
  { name: 'vector', mode: 'vector', timeAware: false },
  { name: 'default', mode: 'hybrid' },
  ...extra.map((e) => ({ name: e.name, mode: 'hybrid' as const, fusion: e.fusion })),
];
const f3 = (n: number | undefined) => (n ?? 0).toFixed(4);
const perType = process.argv.includes('--types');
for (const config of configs) {
  const cells: string[] = [];
  let objective = 0;
  for (const [half, list] of Object.entries(halves)) {
    const rows = evaluateConfig(list, config, (type) => type !== 'adversarial (cat. 5)');
    const overall = rows['overall']?.message;
    if (half === 'LoCoMo A' || half === 'LME tuning') {
      objective += ((overall?.r10 ?? 0) + (overall?.ndcg ?? 0)) / 4;
    }
    cells.push(`${half} ${f3(overall?.r10)}/${f3(overall?.ndcg)}`);
    if (perType) {
      for (const [type, row] of Object.entries(rows)) {
        if (type !== 'overall')
          cells.push(
            `\n    ${half} ${type} n=${row.n} ${f3(row.message.r10)}/${f3(row.message.ndcg)}`,
          );
      }
    }
  }
  console.log(`${config.name.padEnd(44)} obj ${objective.toFixed(4)} | ${cells.join(' | ')}`);
}
