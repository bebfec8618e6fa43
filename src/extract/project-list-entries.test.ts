import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

// A note that lists projects, one a line: the key is the project's name (glossed in parentheses
// or not) and the value opens with its status.
function readNote(text: string): string[] {
  return readMessage(text, { source: 'note', entityId: 'team:kite' }).map(
    (o) => `${o.field}=${o.value}`,
  );
}

describe('a list of projects in a note', () => {
  it('reads each entry’s status, a gloss in parentheses and the words of when left out', () => {
    expect(
      readNote(
        '# Projects\nZephyrine (payments gateway rewrite): planned for October\nBramblewick: in progress, demo next week',
      ),
    ).toEqual(['project.zephyrine.status=planned', 'project.bramblewick.status=in_progress']);
  });

  it('reads a sprint’s page as a list of projects', () => {
    expect(
      readNote(
        '# Sprint 14\nZephyrine (payments gateway rewrite): in progress\nBramblewick: blocked by the vendor',
      ),
    ).toEqual(['project.zephyrine.status=in_progress', 'project.bramblewick.status=blocked']);
  });
});

describe('near misses', () => {
  it('reads no project from an entry whose value opens with no status', () => {
    expect(
      readNote('# Projects\nZephyrine (payments gateway rewrite): kickoff early August'),
    ).toEqual([]);
  });

  it('reads no project from a key that names an attribute, nor a glossed key outside a brief', () => {
    expect(readNote('# Projects\nStatus: planned\nOwner: Dana')).toEqual([]);
    expect(readNote('# Groceries\nApples (green ones): planned')).toEqual([]);
  });
});
