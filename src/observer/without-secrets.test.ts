import { describe, expect, it } from 'vitest';
import { observeTranscript } from './rule-observer.js';
import { clipMasked, withoutSecrets } from './without-secrets.js';

describe('clipMasked', () => {
  it('masks before it cuts, so a secret cut short is still masked', () => {
    const text = 'The archive passphrase is "copper lantern drifting over seven quiet harbours"';
    const clipped = clipMasked(text, 48);
    expect(clipped).not.toMatch(/copper|lantern/);
    expect(clipped).toBe('The archive passphrase is [secret]');
  });

  it('never splits a mask at the cut', () => {
    expect(clipMasked('Note: the bike lock PIN is 7290 and more words follow here', 32)).toBe(
      'Note: the bike lock PIN is…',
    );
  });

  it('leaves a text without secrets as the plain cut', () => {
    expect(clipMasked('Deploy the billing service after the standup', 20)).toBe(
      'Deploy the billing…',
    );
  });
});

/** What the rule observer makes of one user message that the assistant answers "Noted.". */
function noted(text: string) {
  return observeTranscript({
    captureKey: 'e'.repeat(64),
    sessionId: 's',
    entries: [
      { id: 'm1', role: 'user', text, at: '2026-05-12T14:00:00.000Z' },
      { id: 'm2', role: 'assistant', text: 'Noted.', at: '2026-05-12T14:01:00.000Z' },
    ],
    fallbackDate: '2026-05-12',
  });
}

const texts = (output: ReturnType<typeof noted>) =>
  output.segments.flatMap((s) => s.observations.map((o) => o.text));

/** The observations the rule observer keeps of one user message, after `withoutSecrets`. */
const observationsOf = (text: string) => texts(withoutSecrets(noted(text)));

describe('withoutSecrets on the rule observer', () => {
  it('keeps the fact beside a secret, with the secret masked', () => {
    expect(
      observationsOf('We moved the printer to the loft and its admin password is now Birch!Owl42.'),
    ).toEqual(['We moved the printer to the loft and its admin password is now [secret].']);
  });

  it('drops an observation that said nothing but its secret', () => {
    expect(observationsOf('The gate code is 5512.')).toEqual([]);
  });

  it('keeps a long quoted secret out of titles, narratives, the current task and observations', () => {
    const phrase = 'maple orbit canyon lettuce winter bronze socket velvet ladder quartz';
    const output = withoutSecrets(
      noted(`The vault passphrase is "${phrase}" for the photo backup.`),
    );
    const shown = [
      output.current_task ?? '',
      ...output.segments.flatMap((s) => [
        s.title,
        s.narrative,
        ...s.observations.map((o) => o.text),
      ]),
    ].join('\n');
    for (const word of phrase.split(' ')) expect(shown).not.toContain(word);
  });

  it.each([
    // The rest of a value a mask did not cover: the clause goes on after the mask.
    'Our cabin router got a fresh passphrase today and it is [secret] Otter Teapot.',
    // A label and ":" are no fact beside the secret.
    'Fresh guest wifi password: [secret]',
  ])('drops "%s", whose clause says nothing but its secret', (text) => {
    expect(observationsOfMasked(text)).toEqual([]);
  });

  it.each([
    [
      'Wir haben den Drucker in den Keller gestellt und das Passwort ist Birke!Eule42.',
      'Wir haben den Drucker in den Keller gestellt und das Passwort ist [secret].',
    ],
    [
      'Nous avons déplacé le routeur au grenier et le mot de passe est Tilleul#88.',
      'Nous avons déplacé le routeur au grenier et le mot de passe est [secret].',
    ],
    [
      'Movimos la impresora al sótano y la contraseña es Roble!Lince7.',
      'Movimos la impresora al sótano y la contraseña es [secret].',
    ],
  ])('keeps the fact beside a secret joined by another language’s "and": "%s"', (text, kept) => {
    expect(observationsOf(text)).toEqual([kept]);
  });
});

/** `withoutSecrets` over one observation already holding a mask, whatever observer wrote it. */
function observationsOfMasked(text: string): string[] {
  const observed = noted(text);
  // The rule observer did observe it: what goes is `withoutSecrets`'s doing.
  expect(texts(observed)).toContain(text);
  return texts(withoutSecrets(observed));
}
