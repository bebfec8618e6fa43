import { describe, expect, it } from 'vitest';
import { extractWithRules } from './rule-extractor.js';
import { EMPTY_REGISTRY } from './types.js';

// Issue #10 §2 and §3, recall on the tuning failure families, generalised by grammar: every
// sentence here was written for this test (in no benchmark file).

function read(text: string, role: 'user' | 'assistant' = 'user'): string[] {
  return extractWithRules({
    text,
    at: '2026-05-04T09:00:00Z',
    source: 'chat',
    role,
    entityId: 'user:primary',
    known: [],
    registry: EMPTY_REGISTRY,
  }).observations.map((o) => `${o.field}=${o.value} (${o.evidence} ${o.intent})`);
}

describe('requests to the assistant are preferences of the speaker', () => {
  it.each([
    ['a standing language', 'Please answer me in Greek from now on.', 'language=greek'],
    ['a language for a plural thing', 'Reports in Dutch please.', 'language=dutch'],
    ['a switch of language', 'Change my digests to Swahili, thanks.', 'language=swahili'],
    ['units', 'Please use imperial for everything.', 'units=imperial'],
    ['units without please', 'Always give me distances in metric.', 'units=metric'],
    ['a name', 'Please call me Bex, Rebecca feels formal.', 'name=Bex'],
    [
      'a diet word on a thing',
      'From now on book me the kosher meal on long flights.',
      'meal=kosher',
    ],
  ])('%s: "%s"', (_phenomenon, text, expected) => {
    expect(read(text)).toContain(`profile.preference.${expected} (strong assertive)`);
  });

  it.each([
    ['a single task', 'Translate this paragraph into German.'],
    ['a single document', 'Write the thank-you note in French please.'],
    ["someone else's wish", 'My manager wants his reports in Italian.'],
    ['for someone else', 'Please set up summaries in Polish for her.'],
    ['a question', 'Could you write to me in Hindi sometimes?'],
    ['a hypothetical', 'If I move to Quebec I will need French instead.'],
    ['a joke', 'From now on call me Captain Awesome, jk.'],
    ['the assistant speaking', 'Should I reply in Korean from now on?'],
    ['a one-off', 'Just this once, use metric for the recipe please.'],
    ['a unit that is not a system', 'The recipe says two imperial pints of stock.'],
  ])('%s is not one: "%s"', (_phenomenon, text) => {
    const committing = read(text).filter(
      (o) => /^profile\./.test(o) && /\((?:strong|moderate) (?:assertive|planning)\)$/.test(o),
    );
    expect(committing).toEqual([]);
  });
});
