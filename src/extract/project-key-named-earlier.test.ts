import { describe, expect, it } from 'vitest';
import { onRecord, readMessage } from './__fixtures__/read-chat.js';

// "<Name> owner: …" in a project note: the key names its project when that project was named on
// an earlier line of the note or is on record; an ordinary word before the attribute names none.
const TEAM = 'team:kite';

function readNote(text: string, known: Record<string, string> = {}): string[] {
  return readMessage(text, { source: 'note', entityId: TEAM, known: onRecord(known, TEAM) }).map(
    (o) => `${o.field}=${o.value}`,
  );
}

describe('a key named by a project already named', () => {
  it('reads the attribute of the project named on an earlier line', () => {
    expect(
      readNote(
        '# Sprint 9\n- Zephyrine (ledger export): in progress\n- Zephyrine owner: Ifeoma Dankwa',
      ),
    ).toEqual(['project.zephyrine.status=in_progress', 'project.zephyrine.owner=Ifeoma Dankwa']);
  });

  it('reads the attribute of a project on record', () => {
    expect(
      readNote('# Sprint 9\n- Zephyrine owner: Ifeoma Dankwa', {
        'project.zephyrine.status': 'planned',
      }),
    ).toEqual(['project.zephyrine.owner=Ifeoma Dankwa']);
  });
});

describe('near misses', () => {
  it('reads no project from a name neither named before nor on record', () => {
    expect(readNote('# Sprint 9\n- Zephyrine owner: Ifeoma Dankwa')).toEqual([]);
    expect(
      readNote(
        '# Sprint 9\n- Zephyrine (ledger export): in progress\n- Bramblewick owner: Ifeoma Dankwa',
      ),
    ).toEqual(['project.zephyrine.status=in_progress']);
  });

  it('makes no project of an ordinary word before a provider', () => {
    expect(
      readNote('# Sprint 9\n- Zephyrine (ledger export): in progress\n- Storage vendor: Cloudvane'),
    ).not.toContain('project.storage.provider=Cloudvane');
  });
});
