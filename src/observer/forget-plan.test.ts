import { describe, expect, it } from 'vitest';
import { scrubForgotten, sharesPassage } from './forget-plan.js';

const FORGOTTEN = ['Partial refunds go through the finance mailbox, never the payments API'];

describe('sharesPassage', () => {
  it.each([
    [
      'the same sentence',
      'Partial refunds go through the finance mailbox, never the payments API',
      true,
    ],
    ['a clipped title of it', 'Partial refunds go through the finance…', true],
    [
      'a narrative ending with its opening words',
      '3 messages, 2 from the user: Partial refunds go through the finance mailbox.',
      true,
    ],
    [
      'a message sharing a run of its words, not quoting it',
      'ok so: partial refunds go through the finance mailbox now',
      false,
    ],
    [
      'another fact that opens with the same words',
      'Partial refunds go through the finance team for approval first',
      false,
    ],
    ['a short acknowledgement', 'Noted.', false],
    ['another fact on the same topic', 'Full refunds are automatic after 14 days', false],
  ])('%s', (_name, text, expected) => {
    expect(sharesPassage(text, FORGOTTEN)).toBe(expected);
  });
});

describe('scrubForgotten', () => {
  it('drops the bullets quoting the text and blanks headings and narratives, keeping the rest', () => {
    const log = [
      '#### Partial refunds go through the finance mailbox',
      '*3 messages, 2 from the user: Partial refunds go through the finance mailbox.*',
      '',
      '* 🔴 (09:02) Partial refunds go through the finance mailbox, never the payments API',
      '* 🔴 (09:05) Invoices are numbered per tenant',
    ].join('\n');
    expect(scrubForgotten(log, FORGOTTEN)).toBe(
      [
        '#### (forgotten)',
        '*(forgotten)*',
        '',
        '* 🔴 (09:05) Invoices are numbered per tenant',
      ].join('\n'),
    );
  });
});
