import { describe, expect, it } from 'vitest';
import { asEntityReading, readMessage } from './__fixtures__/read-chat.js';

// "Staying home" is where the speaker is now (travel.location=home). Someone else staying home is
// that person's own state, and a stretch at home that is over says nothing of now (issue #10,
// precision). Sentences written for this test, in no benchmark file.
function travel(text: string): string[] {
  return readMessage(text)
    .filter((o) => o.field.startsWith('travel.'))
    .map(asEntityReading);
}

const AT_HOME = ['user:primary travel.location=home (strong)'];

describe('home presence: the speaker, now', () => {
  it('reads the speaker at home, with or without a reason', () => {
    expect(travel("I'm staying home with a sore throat")).toEqual(AT_HOME);
    expect(travel('staying home today, the kids are poorly')).toEqual(AT_HOME);
    expect(travel('working from home today, snowed in')).toEqual(AT_HOME);
  });

  it('reads no trip state from a family member staying home', () => {
    for (const text of [
      'Ruth is staying home with a sore throat',
      'Tomás is staying home today',
      "Ines's staying home with a cold",
      'Grandma is home all week',
    ]) {
      expect(travel(text), text).toEqual([]);
    }
  });

  it('reads nothing from a stretch at home that is over', () => {
    for (const text of [
      'We stayed home all weekend, too rainy',
      'I stayed home all week with the flu',
      'we were home all weekend',
    ]) {
      expect(travel(text), text).toEqual([]);
    }
  });
});
