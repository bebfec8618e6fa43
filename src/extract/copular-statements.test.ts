import { describe, it } from 'vitest';
import { expectNoCommits, expectStrongReadings } from './__fixtures__/read-chat.js';

// Statements made with a copula and no verb of their own. Every sentence was written for this
// test (in no benchmark file).

// A preference said with a preference noun ("mornings are my preference for meetings", "my
// default is oat milk"): a standing preference, its topic the noun after the preference word's
// "for".
describe('a copular preference', () => {
  it('is a standing preference, on the topic its "for" names', () => {
    expectStrongReadings(
      [
        ['honestly mornings are my preference for long meetings', 'meeting_time=morning'],
        ['my preference for client calls is afternoons', 'call_time=afternoon'],
        ['afternoons my default for dentist visits', 'visit_time=afternoon'],
        ['my preference for flights is evenings now', 'flight_time=evening'],
        ['Mornings my preference for meetings pls, before 11', 'meeting_time=morning'],
        ['my default is oat milk', 'milk=oat milk'],
      ],
      'profile.preference.',
    );
  });

  it("reads nothing from a former, a questioned or someone else's preference", () => {
    expectNoCommits([
      'my preference for meetings was mornings',
      'is morning my preference for meetings?',
      'his preference for meetings is mornings',
      "Ana's preference for calls is evenings",
      'Ana says mornings are her preference for meetings',
      'evenings r my go-to for calls',
    ]);
  });
});

// A bill put in a payment state by a copula alone, the copula written "'s" ("water bill's
// paid"), which the tagger reads as a possessive.
describe('a bill in a payment state, without a verb', () => {
  it('reads the bill and its state', () => {
    expectStrongReadings(
      [
        ["water bill's paid", 'water_bill.status=paid'],
        ["internet bill's overdue again ugh", 'internet_bill.status=unpaid'],
        ["ok so the gas bill's paid now", 'gas_bill.status=paid'],
        ["phone bill's outstanding still", 'phone_bill.status=unpaid'],
        ["tv licence fee's paid finally", 'tv_licence.status=paid'],
      ],
      'financial.',
    );
  });

  it("reads nothing from someone else's bill, a question or a name", () => {
    expectNoCommits([
      "her phone bill's paid",
      "my sister's rent is paid",
      "water bill's paid?",
      "Sam's paid",
      "the restaurant's bill's paid by the company",
    ]);
  });
});
