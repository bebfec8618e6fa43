import { describe, expect, it } from 'vitest';
import { asEntityReading, readMessage } from './__fixtures__/read-chat.js';

// A release named only by its version and moved to a day ("Release 4.2 slipped to next
// Thursday") is the deadline of the team's one project on record (issue #10, recall). Sentences
// written for this test, in no benchmark file.
const TEAM = 'team:core';
const AT = '2026-05-04T09:00:00Z';
const slot = (slug: string) => ({
  entityId: TEAM,
  field: `project.${slug}.status`,
  value: 'in_progress',
});

function read(text: string, known = [slot('lantern')], entityId = TEAM): string[] {
  return readMessage(text, { entityId, at: AT, known })
    .filter((o) => o.evidence !== 'weak')
    .map(asEntityReading);
}

describe('a release named by its version, moved to a day', () => {
  it("is the deadline of the team's one project", () => {
    expect(read('Release 4.2 slipped to May 14')).toEqual([
      `${TEAM} project.lantern.deadline=2026-05-14 (strong)`,
    ]);
    expect(read('v3.0 got pushed to the 28th')).toEqual([
      `${TEAM} project.lantern.deadline=2026-05-28 (strong)`,
    ]);
  });

  it('reads nothing when the team has no project or several, when denied, or outside a team', () => {
    expect(read('Release 4.2 slipped to May 14', [])).toEqual([]);
    expect(read('Release 4.2 slipped to May 14', [slot('lantern'), slot('beacon')])).toEqual([]);
    expect(read("Release 4.2 wasn't pushed to May 14")).toEqual([]);
    expect(read('Release 4.2 went out on May 14')).toEqual([]);
    expect(read('iOS 18.2 got pushed to the 28th', [], 'user:primary')).toEqual([]);
  });
});
