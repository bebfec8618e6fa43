// Sentences of our own for the secret detector and the memory gates that use it (issue #13).

/**
 * Near misses: sentences about secrets (policies, where a key lives, lengths) and sentences with
 * numbers that are not secrets (ports, versions, order numbers). Memory must keep proposing them.
 */
export const NOT_SECRETS = [
  'Rotate PINs every 90 days.',
  'The API key lives in Vault, never in the repo.',
  'The password reset flow uses magic links.',
  'Postgres listens on port 5433 in staging.',
  'We pinned the SDK to version 4.2.1.',
  'Order number 884213 shipped on Tuesday.',
  'The PIN must be 6 digits long.',
  'PINs are 4 digits.',
  'Passwords need at least 12 characters.',
  'The staging password is stored in 1Password under Ops.',
  'The API token comes from the STRIPE_TOKEN environment variable.',
  'Tokens expire after 15 minutes.',
  'Pin numpy to 1.26 for the notebook image.',
  'Set max tokens to 4096 for summaries.',
  'The door code changes every month, ask facilities.',
  'Two-factor auth is mandatory for admin accounts.',
  'The build took 1732712345678 ms according to the log.',
  'Call the front desk at 555 0142 for parcels.',
  'Use the secrets manager for every credential.',
  'The session token is rotated on every login.',
  'Secrets: managed by Vault, one path per service.',
  'Password: at least 12 characters, no reuse.',
  'The header pins are 2.54 mm apart on the new board.',
];

/** Secrets in wordings of our own, with the value that must never appear unmasked. */
export const SECRETS: readonly [string, string][] = [
  ['My PIN for the office door is 4471, keep it handy.', '4471'],
  ['bank card pin: 0912', '0912'],
  ['The wifi password is Coffee2024! for guests.', 'Coffee2024'],
  ['our shared passphrase is "orange kettle morning"', 'orange kettle morning'],
  ['Password: swordfish', 'swordfish'],
  ['the alarm code was changed to 7731 last week', '7731'],
  ['Gate code 2580# works after 6pm.', '2580'],
  ['The safe combination is 12-34-56.', '12-34-56'],
  ['Your one-time code is 448190.', '448190'],
  ['OTP = 771203', '771203'],
  ['The Stripe key is sk_live_51Habc9876ZyXwVuTsRqPo.', 'sk_live_51Habc9876ZyXwVuTsRqPo'],
  ['export GITHUB_TOKEN=ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8', 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2'],
  ['Card 4111 1111 1111 1111, expiry 09/28.', '4111 1111 1111 1111'],
  ['Please wire it to DE89 3704 0044 0532 0130 00 by Friday.', 'DE89 3704 0044 0532 0130 00'],
  ['Account number: 00123456, sort code 20-00-00.', '00123456'],
  [
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\n-----END OPENSSH PRIVATE KEY-----',
    'b3BlbnNzaC1rZXktdjEAAAA',
  ],
  ['the api key is 9f8e7d6c5b4a39281706 for the staging tenant', '9f8e7d6c5b4a39281706'],
  ['The PIN code for the bike lock is 0451.', '0451'],
  ["Locker combination's 30-12-07, don't share it.", '30-12-07'],
];
