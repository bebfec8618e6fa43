import { describe, expect, it } from 'vitest';
import { findAmounts } from './money.js';

// Amounts as feeds, bills and people write them; every text was written for this test.
const values = (text: string) => findAmounts(text).map((m) => m.value);

describe('findAmounts', () => {
  it.each([
    ['English grouping and cents', 'Total due: $1,284.50 by Friday', ['1284.50']],
    ['comma decimals, code after', 'Kartenzahlung 79,99 EUR', ['79.99']],
    ['dot grouping, comma decimals', 'Miete 1.120,00 EUR', ['1120']],
    ['space grouping, złoty', 'czynsz 1 850,00 zł', ['1850']],
    ['rand with a space', 'City of Joburg R 2,045.10', ['2045.10']],
    ['real', 'conta de luz R$ 87,40', ['87.40']],
    ['a loose thousand', "rent's about 2k now", ['2000']],
    ['a bare whole number is kept for the caller to judge', 'rent is 24,500 a month', ['24500']],
  ])('%s: "%s"', (_shape, text, expected) => {
    expect(values(text)).toEqual(expected);
  });

  const NO_MONEY: Readonly<Record<string, string>> = {
    'a year': 'back in 2019 we lived there',
    'an order number': 'order 10234-88213 has shipped',
    'a reference': 'ref 88123',
    'a masked card number': 'Card ...9012 was used',
    'a time of day': 'meet at 14:30',
    'a date with a dot': 'see you on 12.05',
    'quantities of other things': 'walked 14.5 km in 3 days',
    'a percentage': 'rates went up 4.5 %',
  };
  it.each(Object.entries(NO_MONEY))('no money in %s: "%s"', (_shape, text) => {
    expect(values(text)).toEqual([]);
  });

  it('marks a currency, cents and money going out', () => {
    const [out] = findAmounts('Transfer out -150.00 to Checking');
    expect(out).toMatchObject({ value: '150', cents: true, negative: true, currency: false });
    const [priced] = findAmounts('only £12 today');
    expect(priced).toMatchObject({ value: '12', cents: false, currency: true });
  });
});
