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
  // A number with a unit is a measurement; algorithm and standard names are no values.
  'Passphrases: 16 minimum, 64 maximum.',
  'Signing key: Ed25519.',
  'The encryption key is AES-128 in CBC mode.',
  'The signing key is ECDSA-P256-SHA256.',
  'Disk encryption key: XTS-AES-512.',
  'The electrical code is 2020 NEC.',
  'The ribbon cable has pins 0.1 in apart.',
  'The dowel pin is 8mm long.',
  'GPIO pin 22 reads the door sensor.',
  'The buzzer sits on pin A3 next to the LED.',
  'The connector pins are 50 mil wide.',
  // Long digit runs with no card word near them: phone serials, parcel references.
  'The serial of the spare phone is 490154203237518.',
  'Parcel reference 4716 2210 4589 3012 left the depot.',
  // Booking and order codes are shown to anyone with the email.
  'The reservation confirmation code is QX4N7B.',
  'Promo code SPRING25 takes a quarter off.',
  // Status words after a label.
  'PIN: changed last week.',
  'Passwords: salted and hashed.',
  'The password is weak, rotate it.',
  'The password is shared with the night shift.',
  'The code is 400 lines long.',
  'Exit code 137 means the pod ran out of memory.',
  'The zip code is 02139 for the Cambridge office.',
  'Log in to the dashboard with your company account.',
  'The key to the storeroom hangs by the door.',
  'Now sign in to the console with SSO.',
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
  // 'code' or 'combo' alone, said of a door, gate or lock.
  ['The code for the back gate is 7730.', '7730'],
  ['The padlock combo is 09-22-41.', '09-22-41'],
  // Set or change a secret to a value.
  ['Set the door code to 1357 before the guests arrive.', '1357'],
  ['I changed the router password to Mango44 yesterday.', 'Mango44'],
  // A bare word after 'is' or ':' when the label is a password word.
  ['the admin password is tangerine', 'tangerine'],
  ['Passphrase: quillfeather for the backup disk.', 'quillfeather'],
  ['The guest passcode is bluebird!', 'bluebird'],
  // Digits with separators and a code named by what it opens.
  ['To unlock the side door enter 5-0-5-2.', '5-0-5-2'],
  ['The verification code I got was 604 117.', '604 117'],
  // Login pairs.
  ['cloud login is ops / Fern#Lake12', 'Fern#Lake12'],
  ['Log in to the camera with viewer and kestrel9', 'kestrel9'],
  ['wlan: SSID Loft, key 4hj8-22kd-90az', '4hj8-22kd-90az'],
  // Abbreviations.
  ['router pw: Saffron31', 'Saffron31'],
  ['The tablet pwd is Nimbus2020', 'Nimbus2020'],
  ['My social is 123-45-6789.', '123-45-6789'],
  ['API key 7c6b5a4d3e2f1a0b9c8d7e6f is for production', '7c6b5a4d3e2f1a0b9c8d7e6f'],
  // A trailing '!' or '?' is part of the value.
  ['The hotspot password: Pebble88!', 'Pebble88!'],
  // A card number with a card word nearby.
  ['My Visa is 4111-1111-1111-1111.', '4111-1111-1111-1111'],
];
