import { describe, expect, it } from 'vitest';
import { mentionedDays } from './fact-keys.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('mentionedDays', () => {
  it('resolves relative and explicit dates against the time the text was written', () => {
    expect(mentionedDays('I went to the support group yesterday.', '2023-05-08T13:56:00Z')).toEqual(
      [day('2023-05-07')],
    );
    expect(
      mentionedDays('The recital is on June 3rd, and rehearsal was today.', '2023-05-20T10:00:00Z'),
    ).toEqual([day('2023-05-20'), day('2023-06-03')]);
  });

  it('finds nothing in a text that names no day', () => {
    expect(mentionedDays('I love hiking with my dog.', '2023-05-08T13:56:00Z')).toEqual([]);
    expect(mentionedDays('yesterday', 'not a date')).toEqual([]);
  });
});
