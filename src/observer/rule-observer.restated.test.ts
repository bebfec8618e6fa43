// rules@11: the assistant's restatement of what the user just told it ("Put 15 days" → "Payment
// terms changed to 15 days.") is the user's fact, in words that stand alone. Sentences of our own,
// not from the observe sets.
import { describe, expect, it } from 'vitest';
import { observeTranscript } from './rule-observer.js';

type Turn = readonly ['user' | 'assistant' | 'tool', string];

/** The 🔴 observations of a conversation, rules alone (no scorer). */
function redOf(turns: readonly Turn[]) {
  const entries = turns.map(([role, text], i) => ({
    id: String(i + 1),
    role,
    text,
    at: `2026-05-06T09:0${i}:00.000Z`,
  }));
  return observeTranscript({
    captureKey: 'e'.repeat(64),
    sessionId: 's',
    entries,
    fallbackDate: '2026-05-06',
    scorer: null,
  })
    .segments.flatMap((s) => s.observations)
    .filter((o) => o.priority === 'red');
}

describe('rules@11: a restatement of the user by the assistant', () => {
  const RESTATED: readonly (readonly [string, string, string])[] = [
    ['invoices net 45 from now', 'Noted — invoices are due net 45.', 'Invoices are due net 45'],
    [
      'make it 3 retries',
      'Retry limit changed to 3 attempts.',
      'Retry limit changed to 3 attempts',
    ],
    [
      'ok swap: the standup moves to 09:15',
      'Updated: daily standup at 09:15 in the small room.',
      'Daily standup at 09:15 in the small room',
    ],
    [
      'Berit does the payroll, not me',
      'Understood, payroll is handled by Berit from now on.',
      'Payroll is handled by Berit from now on',
    ],
    [
      'nah, keeping the Fastmail plan, the 5 EUR is fine',
      'Fair enough — sticking with Fastmail at 5 EUR a month.',
      'Sticking with Fastmail at 5 EUR a month',
    ],
    [
      'the kiln is in the garage, 240v line',
      'Got it: kiln in the garage on the 240 V line.',
      'Kiln in the garage on the 240 V line',
    ],
  ];
  it.each(RESTATED)('"%s" → "%s" is the user’s fact', (user, assistant, text) => {
    const red = redOf([
      ['user', user],
      ['assistant', assistant],
    ]);
    const kept = red.find((o) => o.text === text);
    expect(kept?.speaker).toBe('user');
    expect(kept?.source_message_ids).toEqual(['1', '2']);
  });

  it('takes a name opening the restatement when the user wrote it so', () => {
    const red = redOf([
      ['user', 'the ferry is fully booked. Change it to Lindisfarne then'],
      ['assistant', 'Changed: Lindisfarne day trip on 4 May instead.'],
    ]);
    expect(red.map((o) => o.text)).toContain('Lindisfarne day trip on 4 May instead');
  });

  it('keeps a standing rule the assistant restates in the first person', () => {
    const red = redOf([
      ['user', "never post the kids' surnames in the Elmwood group chat"],
      ['assistant', "Understood — I'll never put surnames in anything for the Elmwood group."],
    ]);
    expect(red.map((o) => o.text)).toContain(
      "I'll never put surnames in anything for the Elmwood group",
    );
  });

  it('reads past tool output to the user message the assistant answers', () => {
    const red = redOf([
      ['user', 'set the upload cap to 25 MB'],
      ['tool', 'config written'],
      ['assistant', 'Upload cap set to 25 MB.'],
    ]);
    expect(red.map((o) => o.text)).toContain('Upload cap set to 25 MB');
  });

  const NOT_RESTATED: readonly (readonly [string, string])[] = [
    // A value or name the user never gave: the assistant's own report, not a restatement.
    ['can you tidy the cron file?', 'Noted — the cleanup job now runs at 04:10.'],
    ['please bump the pool', 'Pool size changed to 40 connections.'],
    // A step done once, though it names what the user named.
    ['restart web-07 please', 'Done — restarted web-07.'],
    ['restart web-07 please', 'Noted: restarted web-07 and cleared its cache.'],
    // Questions, plans and suppositions of the assistant.
    ['the backups go to nas-03', 'Noted — should nas-03 also keep the weekly copies?'],
    ['the budget is 900 EUR', "I'll keep the quotes under 900 EUR."],
    ['we might move to Hetzner', 'Understood, if you moved to Hetzner it would cost 30 EUR.'],
    // What the user asked, hedged or relayed is not what they stated.
    ['is the retro at 16:00 or 17:00?', 'Noted — the retro is at 16:00 per the invite.'],
    ['we might move the demo to Friday 15:00', 'Noted: demo possibly on Friday 15:00.'],
    ['Jonas from IT says the VPN is down until 15:00', 'Noted — VPN down until 15:00.'],
    // A restatement that does not say what it is about.
    ['actually no, 03:00', 'Changed to 03:00.'],
    // A restatement of something that happened once.
    ['the courier came at 14:20', 'Noted — the parcel came at 14:20, signed by Lotte.'],
    // A failure restated is a problem, not a fact.
    [
      'the export to Fiken fails above 500 rows',
      'Understood: the Fiken export fails past 500 rows.',
    ],
    // The assistant's own task, restated.
    [
      'Can you draft a reply to Ines? Say we can do Tuesday.',
      'Noted — drafting a reply to Ines for Tuesday.',
    ],
    ['Tell Marco the invoice is 340 EUR', 'Understood, I will tell Marco the invoice is 340 EUR.'],
    // An acknowledgement without what was acknowledged in the same sentence.
    ['the deadline is 14 March', 'Noted. Anything else for the report?'],
  ];
  it.each(NOT_RESTATED)('"%s" → "%s" adds no 🔴', (user, assistant) => {
    const red = redOf([
      ['user', user],
      ['assistant', assistant],
    ]);
    expect(red.filter((o) => o.source_message_ids.includes('2'))).toEqual([]);
  });

  it('restates only the message just before, not an earlier user message', () => {
    const red = redOf([
      ['user', 'the office wifi is on vlan 30'],
      ['assistant', 'Thanks.'],
      ['user', 'and what about guests?'],
      ['assistant', 'Noted — guests on VLAN 30 as well.'],
    ]);
    expect(red.filter((o) => o.source_message_ids.includes('4'))).toEqual([]);
  });
});
