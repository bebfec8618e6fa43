import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

// Staying is being, said of a day: "Jonah stayed home with a cough" says what "Jonah is home with
// a cough" says, so the member is sick (issue #10).
const FAMILY = 'family:okafor';
const registry = { members: { [FAMILY]: ['Ife', 'Dara'] }, we: {}, aliases: {} };

function read(text: string): string[] {
  return readMessage(text, { entityId: FAMILY, registry, at: '2026-11-02T09:00:00Z' }).map(
    (o) => `${o.field}=${o.value}`,
  );
}

describe('a member who stayed home or off school with an illness', () => {
  it('is sick', () => {
    expect(read('Ife stayed home with a cold today.')).toEqual(['family.ife.status=sick']);
    expect(read('Dara stayed off school with a temperature.')).toEqual(['family.dara.status=sick']);
    expect(read('Dara stayed home sick this morning.')).toEqual(['family.dara.status=sick']);
  });

  it('is not sick when the stay names no illness, or someone else stayed', () => {
    expect(read('Ife stayed home with her cousin today.')).toEqual([]);
    expect(read('Dara stayed up late with a cough sweet.')).toEqual([]);
    expect(read('the coach stayed home sick today')).toEqual([]);
  });
});
