// npx tsx bench/observe-validate.ts PREFIX… — checks a written observe set (bench/observe/
// <prefix>-sessions.txt + -labels.json): every listed session exists (else it throws), and every
// label phrase (durable `must` words, noise phrases, resolved problems and fixes) occurs in its
// session's parsed message text, case-insensitive, as the bench matches them. Prints what is
// missing; changes nothing.
import * as corpus from './observe/corpus.js';

for (const prefix of process.argv.slice(2)) {
  const set = corpus.writtenAuthor(prefix);
  let phrases = 0;
  const missing: string[] = [];
  for (const { id, label, entries } of corpus.sessionsOf(set)) {
    const text = entries
      .map((e) => e.text)
      .join('\n')
      .toLowerCase();
    const check = (where: string, words: readonly string[]) => {
      for (const w of words) {
        phrases += 1;
        if (!text.includes(w.toLowerCase())) missing.push(`${id} ${where}: "${w}"`);
      }
    };
    for (const f of label.durable) check(f.id, f.must);
    for (const n of label.noise) check('noise', n);
    for (const r of label.resolved) {
      check('resolved problem', r.problem);
      check('resolved fix', r.fix);
    }
  }
  console.log(
    `${prefix}: ${set.ids.length} sessions, ${phrases} label phrases, ${missing.length} missing${missing.length === 0 ? '' : `:\n  ${missing.join('\n  ')}`}`,
  );
}
