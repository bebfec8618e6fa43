// rules@33: the assistant's hedged guess at a name ("maybe it's named differently?") answered by
// the name itself is the user's fact; the hedge was the assistant's doubt (issue #13; found in the
// even-numbered observe sets). An offer, or a hedged answer, stays out. Sentences of our own,
// not from the observe sets.
// rules@34 (second block): a statement whose subject was dropped ("Is on a VPS in Hetzner") is
// no question; found among the odd-numbered sets' misses, so those are no independent check of it.
// rules@35 (third block): "Understood," "Agreed," and "Will do:" open a note of what the user said.
import { describe, expect, it } from 'vitest';
import { observedIn, type Turn } from './__fixtures__/sentences.js';
import { reflectObservations } from './reflector.js';
import { isQuestion } from './text-rules.js';

const RULES = { from: '2026-06-09T09:00:00.000Z', scorer: null } as const;

/** The 🔴 observations of a chat, by the rules alone, that hold `words`. */
const keptHolding = (turns: readonly Turn[], words: string) =>
  observedIn(turns, RULES).filter((o) => o.priority === 'red' && o.text.includes(words));

describe('rules@33: a name given to the assistant’s hedged guess is kept', () => {
  it.each<[string, readonly Turn[], string]>([
    // Positive: the guessed name was wrong, the user names the right one.
    [
      'a module named differently',
      [
        ['assistant', "cache_main isn't in the config — maybe it's named differently?"],
        ['user', 'its cache_primary'],
      ],
      'cache_primary',
    ],
    // Reworded positive: "perhaps" and a host name, answered with "it's".
    [
      'a host guessed with perhaps',
      [
        ['assistant', 'The relay did not answer. Perhaps it runs on another box now?'],
        ['user', "it's mailrelay-02"],
      ],
      'mailrelay-02',
    ],
    // Positive: a bare identifier as the whole answer.
    [
      'a bare table name',
      [
        ['assistant', 'I can’t find the orders table, maybe it was renamed?'],
        ['user', 'orders_archive'],
      ],
      'orders_archive',
    ],
  ])('keeps %s', (_, turns, words) => {
    expect(keptHolding(turns, words).length).toBeGreaterThan(0);
  });

  it.each<[string, readonly Turn[], string]>([
    // Near-misses: an offer asks for no name; the user's answer is itself a guess; a sentence.
    [
      'an answer to an offer',
      [
        ['assistant', 'Maybe I should rename the job to invoice_svc?'],
        ['user', 'invoice_svc_v2'],
      ],
      'invoice_svc_v2',
    ],
    [
      'a hedged answer',
      [
        ['assistant', "ledger_v1 isn't there — maybe it's named differently?"],
        ['user', 'maybe ledger_v2, not sure'],
      ],
      'ledger_v2',
    ],
    [
      'a longer answer that says something else',
      [
        ['assistant', "reports-eu-2 isn't responding, maybe it was moved?"],
        ['user', 'its the rack beside reports-eu-3 with the blue label'],
      ],
      'reports-eu-3',
    ],
  ])('leaves %s out', (_, turns, words) => {
    expect(keptHolding(turns, words)).toEqual([]);
  });
});

// rules@34: an auxiliary with no subject after it opens a statement whose subject was dropped.
describe('rules@34: a statement without its subject is not a question', () => {
  it.each([
    // Positive, and reworded positives: "is" + place, "will be", "has to".
    'Is on the office NAS, 8 GB ram, Nextcloud 27',
    'Will be ready by the 14th, the printer confirmed',
    'Has to go out before the audit in March',
  ])('reads "%s" as a statement', (sentence) => {
    expect(isQuestion(sentence)).toBe(false);
  });

  it.each([
    // Near-misses: the subject is there, or the mark is.
    'Is it on the office NAS',
    'Will the printer be ready by the 14th',
    'Is on the office NAS?',
  ])('still reads "%s" as a question', (sentence) => {
    expect(isQuestion(sentence)).toBe(true);
  });

  it('lets the reflector propose the statement once its final stop is gone', () => {
    const observation = {
      observation_id: 'o1',
      priority: 'red',
      memory_priority: 'P1',
      type: 'fact',
      time: '09:00',
      at: '2026-06-09T09:00:00.000Z',
      text: 'Is on the office NAS, 8 GB ram, Nextcloud 27.',
      speaker: 'user',
      source_message_ids: ['m1'],
      resolved_by: null,
      session_id: 's1',
      date: '2026-06-09',
    } as const;
    const chatter = Array.from({ length: 6 }, (_, i) => ({
      ...observation,
      observation_id: `g${i}`,
      priority: 'green' as const,
      type: 'question' as const,
      text: `Idea ${i} came up while we talked, and nobody settled anything about it`,
    }));
    const r = reflectObservations({
      observations: [observation, ...chatter],
      memory: [],
      proposals: [],
      now: Date.parse('2026-06-09T18:00:00Z'),
    });
    expect(r.drafts.map((d) => d.text)).toEqual(['Is on the office NAS, 8 GB ram, Nextcloud 27']);
    expect(r.rejected).toEqual([]);
  });
});

// rules@35: "Understood, …", "Agreed, …" and "Will do: …" note what the user said, as "Noted:"
// does: a comma after the acknowledgement, or "will do" / "agreed" opening it.
describe('rules@35: a note opened by "Understood," "Agreed," or "Will do:" is kept', () => {
  /** The assistant's 🔴 observations, by the rules alone, that hold `words`. */
  const keptNotes = (turns: readonly Turn[], words: string) =>
    observedIn(turns, RULES).filter(
      (o) => o.priority === 'red' && o.speaker === 'assistant' && o.text.includes(words),
    );

  it.each<[string, readonly Turn[], string]>([
    // Positive: the comma form restates a thing ruled out.
    [
      'an acknowledgement with a comma',
      [
        ['user', 'No leasing for the van, we buy outright from Fernleigh Motors.'],
        ['assistant', 'Understood, no leasing: outright purchase from Fernleigh Motors.'],
      ],
      'Fernleigh',
    ],
    // Reworded positives: "Agreed," and "Will do:".
    [
      'an agreement',
      [
        ['user', 'Keep the staging database on quarry-db, same as production.'],
        ['assistant', 'Agreed, staging stays on quarry-db like production.'],
      ],
      'quarry-db',
    ],
    [
      'a "will do" note',
      [
        ['user', 'Always quote prices in both euros and Swiss francs.'],
        ['assistant', 'Will do: euros and Swiss francs for every price.'],
      ],
      'Swiss francs',
    ],
  ])('keeps %s', (_, turns, words) => {
    expect(keptNotes(turns, words).length).toBeGreaterThan(0);
  });

  it.each<[string, readonly Turn[], string]>([
    // Near-misses: restates none of the user's words; turned down in the next message.
    [
      'an acknowledgement of feelings',
      [
        ['user', 'The week has been awful and the van broke down again.'],
        ['assistant', 'Understood, sorry to hear that — rough timing before the Fernleigh trip.'],
      ],
      'Fernleigh',
    ],
    [
      'a note the user corrects',
      [
        ['user', 'Keep the staging database on quarry-db.'],
        ['assistant', 'Agreed, staging stays on quarry-db-old.'],
        ['user', 'No, not the old one.'],
      ],
      'quarry-db-old',
    ],
  ])('leaves %s out', (_, turns, words) => {
    expect(keptNotes(turns, words)).toEqual([]);
  });
});
