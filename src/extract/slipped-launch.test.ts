import { describe, expect, it } from 'vitest';
import { asEntityReading, readMessage } from './__fixtures__/read-chat.js';

// A project's launch (release, go-live) moved to a day gives the project its new deadline
// (issue #10, recall). Sentences written for this test, in no benchmark file.
const TEAM = 'team:growth';
const AT = '2026-05-04T09:00:00Z';

function read(text: string, entityId = TEAM): string[] {
  return readMessage(text, { entityId, at: AT })
    .filter((o) => o.evidence !== 'weak')
    .map(asEntityReading);
}

describe('a launch moved to a day', () => {
  it("reads the day as the project's deadline", () => {
    expect(read('Referral launch is pushed to the 30th')).toEqual([
      `${TEAM} project.referral.deadline=2026-05-30 (strong)`,
    ]);
    expect(read('the billing portal release slipped to June 3')).toEqual([
      `${TEAM} project.billing_portal.deadline=2026-06-03 (strong)`,
    ]);
  });

  it('reads nothing from a denied move, another event, or a launch outside a team thread', () => {
    expect(read("the referral launch wasn't pushed to the 30th")).toEqual([]);
    expect(read('the dentist got pushed to the 30th')).toEqual([]);
    expect(read('the SpaceX launch got pushed to the 30th', 'user:primary')).toEqual([]);
  });
});
