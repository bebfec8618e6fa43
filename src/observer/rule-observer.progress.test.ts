// rules@23: a job under way now ("the Xero export is running"), a cheered result ("S4 done 🎉",
// "all 12k rows in, nice") and the wait of the moment ("been 6 min so far") are the moment's
// progress, not memory; a durable clause beside them is still kept, and where or when a job runs,
// a decision cheered, or an estimate that lasts keep their reading. Sentences of our own, not
// from the observe sets.
import { describe, expect, it } from 'vitest';
import { chatsFrom } from './__fixtures__/sentences.js';
import { isProgressNow } from './text-rules.js';

const { keeps, keepsWithout, keepsNothing } = chatsFrom({ from: '2026-06-02T14:00:00.000Z' });

describe('rules@23: a job under way now', () => {
  it.each([
    'The Xero export is running, takes like 20 min',
    'Bitrise is still compiling…',
    'Gateway firmware on the RAK7268 is flashing, been 6 min so far',
    'The Synology is finally resyncing',
    'The Jellyfin library scan is running again 🙄',
  ])('"%s" gives nothing durable', keepsNothing);

  it.each([
    [
      'The reindex is running, and the search API lives at search.orchid.example:9200',
      'search.orchid.example',
    ],
  ])('"%s" keeps its durable clause', keepsWithout(/is running/));

  // Positive neighbours: where or when a job runs, and what it is, last.
  it.each([
    ['The backup is running on nas-02 under the restic user', 'nas-02'],
    ['The sync is running every night at 02:15 from the Hetzner box', '02:15'],
    ['Staging is running Postgres 16.3 since the upgrade', 'Postgres 16.3'],
    ['Takes about 40 minutes, the full Cypress suite on CI runner ci-7', 'ci-7'],
  ])('"%s" stays durable', keeps);
});

describe('rules@23: a result cheered', () => {
  it.each([
    'Batch 7 done 🎉',
    'All 12k rows imported into Airtable, nice',
    '3.2 GB freed on the laptop 🥳🥳',
    'Build 4412 green, finally',
  ])('"%s" gives nothing durable', keepsNothing);

  // Positive neighbours: a decision or a standing rule said with a cheer.
  it.each([
    ['We switched the newsletter to Buttondown 🎉', 'Buttondown'],
    ["We're going with the oak worktop from Hartwell's 🙌", 'Hartwell'],
    ['Every order over £40 ships free now 🎉', '£40'],
  ])('"%s" stays durable', keeps);

  it('reads the close of the sentence, not a word inside it', () => {
    expect(isProgressNow('Nice, the spare key is with Dot at number 12')).toBe(false);
    expect(isProgressNow('The 🎉 emoji marks a release in #general')).toBe(false);
    expect(isProgressNow('Release 2.4 tagged 🚀')).toBe(true);
  });
});
