import { describe, expect, it } from 'vitest';
import { optionsOf, readUptake } from './uptake.js';

const kind = (reply: string, options: readonly string[] = []) => readUptake(reply, options).kind;

describe('readUptake', () => {
  it.each([
    'yes do that',
    'Yep, go ahead.',
    'sounds good',
    "let's do that",
    'perfect, ship it',
    'ok',
    '👍',
    '👍 thanks',
    'go for it!',
  ])('reads "%s" as acceptance', (reply) => {
    expect(kind(reply)).toBe('accept');
  });

  it.each([
    'yes but not yet',
    'ok, maybe later',
    'sure, if it stays under budget',
    "maybe, I'll think about it",
    "I'll think about it",
    'hmm not sure',
    'yes? what would that change',
    'ok wait, what about the staging box?',
    // Outside English no hedge or condition is read, so no yes is either.
    'Ja, aber erst nach dem Umzug',
    'Oui, mais pas avant lundi',
    'Sí, pero cuando vuelva Marta',
    'Si funciona en staging, vale',
    'Si ça passe les tests, on verra',
    'はい、でも再来週に',
    '好的，不过等发布以后',
    'Da, dar nu azi',
  ])('reads the hedged or deferred "%s" as no acceptance', (reply) => {
    expect(kind(reply)).toBe('none');
  });

  it.each([
    'no',
    'nope, keep it as it is',
    "let's not",
    'not that, the other thing is fine',
    'skip it',
    'nah',
    'no thanks',
  ])('reads "%s" as a rejection', (reply) => {
    expect(kind(reply)).toBe('reject');
  });

  it.each([
    'What does the migration touch?',
    'Also the invoices go out on Fridays.',
    'The printer is jammed again',
    '',
  ])('reads the new question or other subject "%s" as none', (reply) => {
    expect(kind(reply)).toBe('none');
  });

  const options = ['Keep the nightly job on cron', 'Move it to a systemd timer', 'Run it in CI'];
  it.each([
    ['the second one', 1],
    ['go with option B', 1],
    ['the latter', 2],
    ['ok the first', 0],
    ['the systemd one', 1],
    ['CI please', 2],
  ] as const)('reads "%s" as the choice of option %i', (reply, option) => {
    expect(readUptake(reply, options)).toEqual({ kind: 'choose', option });
  });

  // Review of rules@20 (findings 3, 5, 6, 7): a hedge after a first "Ok.", a request opened with
  // "please", irony, and picks hedged, conditional, turned down or read from an adverb.
  it.each([
    'Ok. We could revisit it in spring maybe.',
    'Yes. But only after the audit.',
    'Great. Although I want to ask Lena first.',
    'Please tell me what that flag changes first.',
    'yeah right, as if that ever works',
    'Nice try.',
  ])('takes nothing up from %j', (reply) => {
    expect(kind(reply)).toBe('none');
  });

  it('reads "no worries, go ahead" as consent, not refusal', () => {
    expect(kind('No worries, go ahead.')).toBe('accept');
    expect(kind('No, go with the old plan.')).toBe('reject');
  });

  const backups = ['Cron the dump on the web host', 'Run the dump from the Postgres replica'];
  it.each([
    'The second one, but perhaps after Easter.',
    "I'd take the replica one if it has disk to spare.",
    'The first one is too brittle.',
    'First I have to ask about the replica lag.',
  ])('reads no pick from %j', (reply) => {
    expect(kind(reply, backups)).toBe('none');
  });

  it('still reads plain picks by position or by a choosing phrase', () => {
    expect(readUptake('The second one.', backups)).toEqual({ kind: 'choose', option: 1 });
    expect(readUptake("Let's go with the replica.", backups)).toEqual({
      kind: 'choose',
      option: 1,
    });
    expect(readUptake('the web host one', backups)).toEqual({ kind: 'choose', option: 0 });
  });

  it('reads no choice without options, or from a word every option shares', () => {
    expect(kind('the second one')).toBe('none');
    expect(kind('the nightly one', ['nightly at 02:00', 'nightly at 04:00'])).toBe('none');
    expect(kind('the fifth one', options)).toBe('none');
    expect(kind('no, not the systemd one', options)).toBe('reject');
  });
});

describe('optionsOf', () => {
  it('reads the lines of a list, an inline enumeration, and the sides of an "or" question', () => {
    expect(optionsOf('Two ways:\n1. Pin Node 20\n2. Use Node 22\nWhich?')).toEqual([
      'Pin Node 20',
      'Use Node 22',
    ]);
    expect(optionsOf('Options: (1) a weekly digest (2) a daily digest')).toEqual([
      'a weekly digest',
      'a daily digest',
    ]);
    expect(optionsOf('Should the export be CSV or JSON?')).toEqual([
      'Should the export be CSV',
      'JSON',
    ]);
  });

  it('reads no options from a single suggestion or a statement with "or"', () => {
    expect(optionsOf("I'd pin Node 20 and use pnpm.")).toEqual([]);
    expect(optionsOf('It runs daily or when you push.')).toEqual([]);
    expect(optionsOf('- only one item')).toEqual([]);
  });
});
