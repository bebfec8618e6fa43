// Compares the two NLP candidates for src/language/ (issue #10 §2): compromise and wink-nlp
// (+ wink-eng-lite-web-model). Accuracy of tense, negation and subject on a small hand-labelled
// sample written for this comparison (in no benchmark file), and speed on the development
// scenarios' messages. Run: npx tsx bench/language-libs.ts. compromise lost and is no longer a
// dependency: to rerun its half, `npm install --no-save compromise@14.17.0` first (it is skipped
// when absent). The choice is recorded in docs/decisions/2026-11-26-language-analysis.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';

type Tense = 'past' | 'present' | 'future';
type Subj = 'i' | 'we' | 'you' | 'third';
interface Label {
  readonly text: string;
  readonly tense: Tense;
  readonly negated: boolean;
  readonly subject: Subj;
}

// Written for this comparison; none of these sentences is in a benchmark file.
const SAMPLE: readonly Label[] = [
  { text: 'I drove to Porto yesterday.', tense: 'past', negated: false, subject: 'i' },
  { text: 'We are staying in Kraków this week.', tense: 'present', negated: false, subject: 'we' },
  { text: 'Amara will fly to Accra on Monday.', tense: 'future', negated: false, subject: 'third' },
  { text: "I didn't renew the gym membership.", tense: 'past', negated: true, subject: 'i' },
  { text: "We're not going to Oslo after all.", tense: 'future', negated: true, subject: 'we' },
  { text: 'You booked the wrong hotel.', tense: 'past', negated: false, subject: 'you' },
  { text: 'Tomás is at the dentist.', tense: 'present', negated: false, subject: 'third' },
  { text: 'I am going to cancel the subscription.', tense: 'future', negated: false, subject: 'i' },
  { text: 'We never paid the plumber.', tense: 'past', negated: true, subject: 'we' },
  { text: 'I work from the Hanoi office now.', tense: 'present', negated: false, subject: 'i' },
  { text: "She won't be home until Sunday.", tense: 'future', negated: true, subject: 'third' },
  { text: 'We moved the standup to Thursdays.', tense: 'past', negated: false, subject: 'we' },
  { text: "I'm not sick anymore.", tense: 'present', negated: true, subject: 'i' },
  {
    text: 'The twins start swimming lessons next month.',
    tense: 'present',
    negated: false,
    subject: 'third',
  },
  { text: 'I shipped the export feature last night.', tense: 'past', negated: false, subject: 'i' },
  { text: "We don't use Jenkins any more.", tense: 'present', negated: true, subject: 'we' },
  { text: 'Priya left for Chennai this morning.', tense: 'past', negated: false, subject: 'third' },
  {
    text: "I'll pay the electricity bill on Friday.",
    tense: 'future',
    negated: false,
    subject: 'i',
  },
  { text: 'You were right about the deadline.', tense: 'past', negated: false, subject: 'you' },
  { text: 'We have landed in Nairobi.', tense: 'past', negated: false, subject: 'we' },
  { text: 'Kenji does not eat shellfish.', tense: 'present', negated: true, subject: 'third' },
  { text: 'I was in Lagos for two weeks in 2019.', tense: 'past', negated: false, subject: 'i' },
  {
    text: 'We will switch the CI to GitHub Actions.',
    tense: 'future',
    negated: false,
    subject: 'we',
  },
  { text: 'I prefer aisle seats on long flights.', tense: 'present', negated: false, subject: 'i' },
  {
    text: 'Our landlord raised the rent to 1450.',
    tense: 'past',
    negated: false,
    subject: 'third',
  },
  { text: "I haven't heard back from the bank.", tense: 'past', negated: true, subject: 'i' },
  { text: 'We are flying home tomorrow.', tense: 'present', negated: false, subject: 'we' },
  { text: 'You should call the airline.', tense: 'present', negated: false, subject: 'you' },
  { text: 'Mei cancelled her trip to Busan.', tense: 'past', negated: false, subject: 'third' },
  { text: "I can't make the Tuesday rehearsal.", tense: 'present', negated: true, subject: 'i' },
  { text: 'We finished the migration on Wednesday.', tense: 'past', negated: false, subject: 'we' },
  { text: 'I am back in Montreal.', tense: 'present', negated: false, subject: 'i' },
  {
    text: 'The deploy is blocked on the security review.',
    tense: 'present',
    negated: false,
    subject: 'third',
  },
  {
    text: 'We are going to repaint the kitchen in May.',
    tense: 'future',
    negated: false,
    subject: 'we',
  },
  { text: 'I no longer drink coffee after noon.', tense: 'present', negated: true, subject: 'i' },
  { text: 'Olu paid the deposit last week.', tense: 'past', negated: false, subject: 'third' },
  { text: 'I will not attend the offsite.', tense: 'future', negated: true, subject: 'i' },
  { text: 'We got back from Lima on Sunday.', tense: 'past', negated: false, subject: 'we' },
  { text: 'You never told me about the refund.', tense: 'past', negated: true, subject: 'you' },
  { text: 'I take the 7:40 train every day.', tense: 'present', negated: false, subject: 'i' },
];

function subjOf(word: string): Subj {
  const w = word.toLowerCase().replace(/'.*$/, '');
  if (w === 'i') return 'i';
  if (w === 'we') return 'we';
  if (w === 'you') return 'you';
  return 'third';
}

interface Reading {
  tense: Tense;
  negated: boolean;
  subject: Subj;
}

type Compromise = (text: string) => {
  verbs(): { json(): unknown[] };
  sentences(): { json(): unknown[] };
  has(match: string): boolean;
};
let nlp: Compromise | null = null;
try {
  const name = 'compromise';
  nlp = ((await import(name)) as { default: Compromise }).default;
} catch {
  console.log('compromise is not installed: its row is skipped');
}

function compromiseRead(text: string): Reading {
  if (nlp === null) throw new Error('compromise is not installed');
  const doc = nlp(text);
  const verbs = doc.verbs().json() as {
    verb?: { grammar?: { tense?: string }; negative?: boolean };
  }[];
  const first = verbs[0]?.verb;
  const t = first?.grammar?.tense;
  const tense: Tense = t === 'PastTense' ? 'past' : t === 'FutureTense' ? 'future' : 'present';
  const negated = verbs.some((v) => v.verb?.negative === true) || doc.has('(never|no longer)');
  const sentence = (doc.sentences().json() as { sentence?: { subject?: string } }[])[0];
  const subject = subjOf((sentence?.sentence?.subject ?? '').split(/\s+/)[0] ?? '');
  return { tense, negated, subject };
}

const wink = winkNLP(model);
const its = wink.its;
function winkRead(text: string): Reading {
  const doc = wink.readDoc(text);
  const tokens = doc.tokens().out() as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const lemma = doc.tokens().out(its.lemma as never) as string[];
  const neg = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  let tense: Tense = 'present';
  for (let i = 0; i < tokens.length; i++) {
    const w = (tokens[i] ?? '').toLowerCase();
    const l = lemma[i] ?? '';
    if (pos[i] !== 'AUX' && pos[i] !== 'VERB') continue;
    if (l === 'will' || w === "'ll" || w === 'wo' || (w === 'going' && tokens[i + 1] === 'to')) {
      tense = 'future';
      break;
    }
    if (
      /^(?:was|were|did|had|has|have)$/.test(w) ||
      (w !== l && /ed$|ought$|ent$|ft$|ew$|id$|ot$|ame$/.test(w))
    ) {
      tense = 'past';
      break;
    }
    if (pos[i] === 'VERB') break;
  }
  const negated = neg.some(Boolean) || tokens.some((t) => /^(?:never|no|not|n't)$/i.test(t));
  const first = tokens.findIndex(
    (_, i) => pos[i] === 'PRON' || pos[i] === 'PROPN' || pos[i] === 'NOUN',
  );
  return { tense, negated, subject: subjOf(tokens[first] ?? '') };
}

function score(read: (t: string) => Reading) {
  let tense = 0;
  let negated = 0;
  let subject = 0;
  for (const s of SAMPLE) {
    const r = read(s.text);
    if (r.tense === s.tense) tense++;
    if (r.negated === s.negated) negated++;
    if (r.subject === s.subject) subject++;
  }
  return { tense, negated, subject };
}

function speed(read: (t: string) => Reading, texts: readonly string[]): number {
  for (const t of texts.slice(0, 20)) read(t);
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < 2000) {
    for (const t of texts) read(t);
    n += texts.length;
  }
  return n / ((performance.now() - started) / 1000);
}

const dev = join(import.meta.dirname, '..', '..', 'shared', 'bench', 'state-scenarios-dev.jsonl');
const texts = existsSync(dev)
  ? readFileSync(dev, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .flatMap((l) =>
        (JSON.parse(l) as { messages: { content: string }[] }).messages.map((m) => m.content),
      )
  : SAMPLE.map((s) => s.text);

console.log(`sample: ${SAMPLE.length} labelled sentences; speed on ${texts.length} messages`);
console.log('| library | tense | negation | subject | messages/s |');
console.log('| --- | ---: | ---: | ---: | ---: |');
const candidates: [string, (t: string) => Reading][] = [['wink-nlp 2 + lite model', winkRead]];
if (nlp !== null) candidates.unshift(['compromise 14', compromiseRead]);
for (const [name, read] of candidates) {
  const s = score(read);
  console.log(
    `| ${name} | ${s.tense}/${SAMPLE.length} | ${s.negated}/${SAMPLE.length} | ${s.subject}/${SAMPLE.length} | ${speed(read, texts).toFixed(0)} |`,
  );
}
