import { describe, expect, it } from 'vitest';
import { asEntityReading, readMessage } from './__fixtures__/read-chat.js';

// "It's back to in progress" in a team thread: a pronoun and its verb are no project's name (it
// had made a project `it_s_back_to`); "it" is the project just named, else the team's one
// project on record, else nothing (issue #10, precision). Sentences written for this test.
const TEAM = 'team:search';
const AT = '2026-05-04T09:00:00Z';
const slot = (slug: string) => ({
  entityId: TEAM,
  field: `project.${slug}.status`,
  value: 'shipped',
});

function read(text: string, known = [slot('ranker_v3')]): string[] {
  return readMessage(text, { entityId: TEAM, at: AT, known }).map(asEntityReading);
}

describe('a project status said of "it"', () => {
  it("is the team's one project, or the project just named", () => {
    expect(read("Reverted the deploy last night. It's in progress again.")).toEqual([
      `${TEAM} project.ranker_v3.status=in_progress (strong)`,
    ]);
    expect(
      read("Autocomplete went live Monday. It's blocked on the CDN now.", [
        slot('ranker_v3'),
        slot('autocomplete'),
      ]),
    ).toEqual([`${TEAM} project.autocomplete.status=blocked (strong)`]);
  });

  it('names no project when the team has several and none was just named', () => {
    const several = [slot('ranker_v3'), slot('autocomplete')];
    expect(read("Reverted the deploy last night. It's in progress again.", several)).toEqual([]);
    expect(read("It's in progress again after the revert.", [])).toEqual([]);
  });
});
