// A project owner named with three or four words keeps the whole name, and "now" closes what is
// owned. The owner rule kept only the last two capitalised words ("Fatima Zahra Benali" became
// "Zahra Benali", a wrong committed value) and read "billing export now" as the project; found on
// a fresh code-blind draft (tuning-gc gc04). Every sentence here is our own, in no bench file.
import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

const TEAM = { entityId: 'team:ledger-tools', at: '2027-02-01T10:00:00Z' };
const owners = (text: string) =>
  readMessage(text, TEAM)
    .filter((o) => o.field.endsWith('.owner'))
    .map((o) => `${o.field}=${o.value}`);

describe('the owner of a project', () => {
  it.each([
    [
      'Maria Jose Carvalho owns the invoice sync from now on.',
      'project.invoice_sync.owner=Maria Jose Carvalho',
    ],
    ['So Nguyen Thi Lan owns invoice sync now.', 'project.invoice_sync.owner=Nguyen Thi Lan'],
    [
      'Jean-Baptiste Ndiaye Sarr owns invoice sync, starting today.',
      'project.invoice_sync.owner=Jean-Baptiste Ndiaye Sarr',
    ],
    ['Omar owns invoice sync.', 'project.invoice_sync.owner=Omar'],
  ])('keeps the whole name in "%s"', (text, reading) => {
    expect(owners(text)).toEqual([reading]);
  });

  it('does not take "now" into the project named', () => {
    expect(owners('Priya Raman owns the invoice sync now.').join()).not.toContain('sync_now');
  });

  it('reads no owner from a sentence opener alone', () => {
    expect(owners('So owns the invoice sync.')).toEqual([]);
  });
});
