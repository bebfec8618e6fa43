// npx tsx bench/observe-uptake.ts [prefix ...] — what the user did with the assistant turns the
// proposals hinge on (issue #13): for each durable label held only by an assistant's draft, each
// junk proposal drawn from an assistant's draft, and every assistant draft the observer leaves 🟡,
// how the next one to three user turns take up the assistant message (`readUptake`): accepted,
// rejected, one of its options chosen, or none. Default sets: the 21 tuning sets.
import {
  observeCandidates,
  optionsOf,
  readUptake,
  type TranscriptEntry,
} from '../src/observer/index.js';
import {
  has,
  labelOf,
  observeInput,
  reflectSession,
  sessionsOf,
  writtenAuthor,
} from './observe/corpus.js';

const TUNING = ['fresh', ...Array.from({ length: 20 }, (_, i) => `blind${i + 2}`)];
const prefixes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : TUNING;

/** The uptake of an assistant message by the first user turn after it, and by any of the first three. */
function uptakeAfter(entries: readonly TranscriptEntry[], messageId: string) {
  const at = entries.findIndex((e) => e.id === messageId);
  const assistant = entries[at];
  if (at < 0 || assistant === undefined) return { first: 'missing', within3: 'missing', reply: '' };
  const options = optionsOf(assistant.text);
  const replies = entries
    .slice(at + 1)
    .filter((e) => e.role === 'user')
    .slice(0, 3);
  if (replies.length === 0) return { first: 'no reply', within3: 'no reply', reply: '' };
  const kinds = replies.map((r) => readUptake(r.text, options).kind);
  return {
    first: kinds[0] ?? 'none',
    within3: kinds.find((k) => k !== 'none') ?? 'none',
    reply: (replies[0]?.text ?? '').slice(0, 70).replace(/\n/g, ' '),
  };
}

const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
const examples: string[] = [];

for (const prefix of prefixes) {
  for (const session of sessionsOf(writtenAuthor(prefix))) {
    const { label, entries } = session;
    const drafts = observeCandidates(observeInput(session));
    const { observations, reflection } = reflectSession(session);
    const texts = reflection.drafts.map((d) => d.text);
    for (const fact of label.durable) {
      if (texts.some((t) => has(t, fact.must))) continue;
      const holding = drafts.filter((d) => has(d.observation.text, fact.must));
      if (holding.length === 0 || holding.some((d) => d.observation.speaker !== 'assistant'))
        continue;
      const own = holding[0]?.observation.source_message_ids.at(-1) ?? '';
      const u = uptakeAfter(entries, own);
      count(`label only in an assistant draft | first reply ${u.first}`);
      count(`label only in an assistant draft | within 3 ${u.within3}`);
      if (process.env['SHOW'] === 'labels')
        examples.push(
          `${session.id} [${u.first}/${u.within3}] ${holding[0]?.observation.text.slice(0, 90)} ⇒ ${u.reply}`,
        );
    }
    for (const d of reflection.drafts) {
      if (labelOf(d.text, label) !== 'junk') continue;
      const sources = observations.filter((o) =>
        d.source_observation_ids.includes(o.observation_id),
      );
      const assistant = sources.find((o) => o.speaker === 'assistant');
      if (assistant === undefined) continue;
      const u = uptakeAfter(entries, assistant.source_message_ids.at(-1) ?? '');
      count(`junk proposal from an assistant draft | first reply ${u.first}`);
      count(`junk proposal from an assistant draft | within 3 ${u.within3}`);
      if (process.env['SHOW'] === 'junk')
        examples.push(`${session.id} [${u.first}/${u.within3}] ${d.text}`);
    }
    for (const o of observations) {
      if (o.speaker !== 'assistant' || o.priority !== 'yellow') continue;
      const u = uptakeAfter(entries, o.source_message_ids.at(-1) ?? '');
      count(`assistant 🟡 draft, ${labelOf(o.text, label)} | first reply ${u.first}`);
      if (process.env['SHOW'] === 'yellow' && u.first !== 'none')
        examples.push(
          `${session.id} [${u.first}] ${labelOf(o.text, label)}: ${o.text} ⇒ ${u.reply}`,
        );
    }
  }
}
for (const [key, n] of [...tally].sort(([a], [b]) => a.localeCompare(b)))
  console.log(`${key}: ${n}`);
for (const e of examples) console.log(`- ${e}`);
