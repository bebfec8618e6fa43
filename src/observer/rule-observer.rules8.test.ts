// rules@8: moments, progress lines and reports passed on stay out of 🔴; a reply in several short
// sentences is one answer; a name answers "who"; "X is Y only" restricts X; a nod to "…, right?"
// confirms the statement it checks. Sentences of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { redOf, type Turn } from './__fixtures__/red-of.js';

const holds = (texts: readonly string[], words: readonly string[]) =>
  texts.some((t) => words.every((w) => t.toLowerCase().includes(w.toLowerCase())));

describe('rules@8: the moment, not a standing fact', () => {
  it.each([
    'Dentist appointment in 20 minutes, talk soon',
    'my train is in 15 mins so this has to be quick',
    'what a long week, the boiler guy came on Friday and the flat is still freezing',
    'Chapter 4 done 🎉',
    'invoices sorted!',
    'down to 2k now',
    'hang on, let me check with the landlord on Signal first',
    'Stock is 212 now, we counted this morning',
  ])('keeps "%s" out of 🔴', (text) => {
    expect(redOf([['user', text]])).toEqual([]);
  });

  it.each([
    'Customers are reporting that no receipts arrive after 18:00',
    'the nightly export job keeps OOMing on worker-3',
    'tickets piling up in the #support-l2 queue, barely moving',
  ])('reads "%s" as a problem, not a rule or a fact', (text) => {
    expect(redOf([['user', text]])).toEqual([]);
  });

  it('writes no reaction as the answer to a "which" question', () => {
    const red = redOf([
      ['assistant', 'Which logo do you prefer — the round one or the square one?'],
      ['user', 'lovely'],
    ]);
    expect(red.join('\n')).not.toContain('lovely');
  });
});

describe('rules@8: a reply in several short sentences is one answer', () => {
  const CASES: readonly (readonly [string, string, readonly string[]])[] = [
    ['Should the backups go to a separate GCS project?', 'yes. ops-backup-eu', ['ops-backup-eu']],
    ['Email on failure?', 'yes. marta.k@kiln-labs.io', ['marta.k@kiln-labs.io']],
    [
      'Who should I list as the emergency contact?',
      'agency. Northgate Plumbing, contact is Mrs. Adeyemi',
      ['Northgate Plumbing', 'Adeyemi'],
    ],
    [
      'Do you want a message when the backup finishes?',
      'yes, #ops-alerts. the webhook is already set up',
      ['#ops-alerts'],
    ],
    ['Who reviews the translations?', 'Tomasz for nl, Ines for pt', ['Tomasz', 'Ines']],
  ];
  it.each(CASES)('"%s" → "%s"', (asked, reply, must) => {
    const red = redOf([
      ['assistant', asked],
      ['user', reply],
    ]);
    expect(holds(red, must), JSON.stringify(red)).toBe(true);
  });

  it('keeps a correction in two words as the correction it is', () => {
    const red = redOf([
      ['assistant', 'Courts of Leeds for disputes?'],
      ['user', 'york actually. the board prefers it'],
    ]);
    expect(holds(red, ['york']), JSON.stringify(red)).toBe(true);
    expect(red.join('\n')).not.toContain('Leeds');
  });
});

describe('rules@8: standing statements without a verb the rules knew', () => {
  it.each([
    ['Halina is rota owner.', ['Halina', 'rota owner']],
    ['Refunds are card only', ['Refunds', 'card only']],
    ['releases go out mon/wed only btw, today is mon so fine', ['mon/wed only']],
  ])('"%s" is 🔴', (text, must) => {
    const red = redOf([['user', text]]);
    expect(holds(red, must), JSON.stringify(red)).toBe(true);
  });

  it('keeps a one-off "only" and a pronoun out', () => {
    expect(redOf([['user', 'It is broken on mobile only']])).toEqual([]);
    expect(redOf([['user', 'It is team lead stuff']])).toEqual([]);
  });
});

describe('rules@8: a nod to a statement put as a check', () => {
  const turns = (check: string, nod: string): Turn[] => [
    ['user', 'Set up the backup cron for the NAS.'],
    ['assistant', `The cron runs as svc-backup, so it cannot read /home. ${check}`],
    ['user', nod],
  ];
  it.each(['👍', 'ok'])('"Right?" → "%s" confirms the statement', (nod) => {
    expect(holds(redOf(turns('Right?', nod)), ['svc-backup'])).toBe(true);
  });
  it('a nod without the check confirms no statement', () => {
    expect(holds(redOf(turns('', '👍')), ['svc-backup'])).toBe(false);
  });
});
