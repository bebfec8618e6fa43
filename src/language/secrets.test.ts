import { describe, expect, it } from 'vitest';
import { NOT_SECRETS, SECRETS } from './__fixtures__/secret-sentences.js';
import { findSecrets, holdsSecret, isSecretLabel, maskSecrets } from './secrets.js';

describe('findSecrets', () => {
  it.each(NOT_SECRETS)('finds no secret in "%s"', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  it.each(SECRETS)('finds the secret value in "%s"', (text, value) => {
    expect(holdsSecret(text)).toBe(true);
    expect(maskSecrets(text)).not.toContain(value);
  });

  it('masks only the value and keeps the rest byte-identical', () => {
    expect(maskSecrets('My PIN for the office door is 4471, keep it handy.')).toBe(
      'My PIN for the office door is [secret], keep it handy.',
    );
    expect(maskSecrets('Rotate PINs every 90 days.')).toBe('Rotate PINs every 90 days.');
  });

  it('masks a trailing "!" or "?" with the value it is attached to', () => {
    expect(maskSecrets('The hotspot password: Pebble88!')).toBe('The hotspot password: [secret]');
    expect(maskSecrets('Is the gate PIN 2468? Asking for the courier.')).toBe(
      'Is the gate PIN [secret] Asking for the courier.',
    );
  });

  it('names the kind of each secret, never its value', () => {
    expect(
      findSecrets('Gate code 2580#, and the wifi password is Coffee2024!').map((s) => s.kind),
    ).toEqual(['access_code', 'password']);
  });
});

describe('isSecretLabel', () => {
  it.each(['Door PIN', 'wifi_password', 'API key', 'IBAN', 'alarmCode', 'Account number', 'OTP'])(
    'reads "%s" as the label of a secret',
    (label) => {
      expect(isSecretLabel(label)).toBe(true);
    },
  );

  it.each([
    'Seat preference',
    'Port',
    'Version',
    'Order number',
    'Preferred airline',
    'Zip code',
    'Primary key',
    'Social',
  ])('does not read "%s" as one', (label) => {
    expect(isSecretLabel(label)).toBe(false);
  });
});
