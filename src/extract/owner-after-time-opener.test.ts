import { describe, expect, it } from 'vitest';
import { expectNothingRead, readerIn } from './__fixtures__/read-chat.js';

// "From Monday <Name> takes over <project>": the capitalised time opener is no part of the name.
const read = readerIn('team:core');

describe('an owner after a capitalised time opener', () => {
  it.each([
    [
      'From Monday Oluwaseun Okafor takes over the vendor dashboard.',
      'vendor_dashboard',
      'Oluwaseun Okafor',
    ],
    [
      'Starting March Priya Venkataraman owns the ledger migration.',
      'ledger_migration',
      'Priya Venkataraman',
    ],
    ['From Thursday Kwabena leads the search rebuild', 'search_rebuild', 'Kwabena'],
  ])('reads the owner without the time: %s', (text, project, owner) => {
    expect(read(text)).toEqual([`project.${project}.owner=${owner} (strong)`]);
  });
});

describe('near misses', () => {
  it('reads no owner when the month may be the first name', () => {
    expectNothingRead(read, ['Starting June Carter takes over the ledger migration.']);
  });

  it('reads no owner without a name after the time', () => {
    const owners = (text: string) => read(text).filter((r) => r.includes('.owner='));
    expectNothingRead(owners, [
      'From Monday the vendor dashboard is frozen.',
      'From Monday we take over the vendor dashboard.',
    ]);
  });
});
