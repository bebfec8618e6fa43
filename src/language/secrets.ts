/**
 * The one home of "is this a secret": credentials and codes a memory must never hold (PINs,
 * passwords and passphrases, one-time codes, API keys and tokens, private keys, card numbers, IBANs
 * and account numbers, door, alarm and safe codes). The observer's drafts, the reflector, promotion
 * and migrate refuse what it finds; search, ask and the recall pack show it masked.
 *
 * A sentence holds a secret when a secret's label is given a value ("My PIN for the office door is
 * 4471", "password: hunter2", "gate code 4471#"), or when a value has a credential's own shape (a
 * private key block, a token with a vendor prefix, a card number passing Luhn, an IBAN passing its
 * check digits), or when it sits where a credential goes: a configuration line whose name says
 * secret (`DB_PASSWORD=…`), a URL's `user:password@` or `?token=`, an `Authorization` header, a
 * command line's `--password`. Labels are read in English and in the languages of
 * `FOREIGN_LABELS`. A label without a value is talk about secrets, not a secret: "rotate PINs
 * every 90 days", "the API key lives in Vault", "the PIN is 6 digits long".
 */

import { replaceSpans } from '../core/index.js';
import { mergeSpans, situationCodes, type TurnSurround } from './secrets-situation.js';
import { splitSentences } from './sentences.js';

/** One secret value found in a text: where it is and what kind of secret it is. */
export interface SecretSpan {
  /** Offset of the value's first character. */
  readonly start: number;
  /** Offset just past the value. */
  readonly end: number;
  /** What it is, for messages: `pin`, `password`, `one_time_code`, `api_key`, ... */
  readonly kind: SecretKind;
}

/** Kinds of secret the detector names (never the value itself). */
export type SecretKind =
  | 'pin'
  | 'password'
  | 'one_time_code'
  | 'access_code'
  | 'api_key'
  | 'token'
  | 'private_key'
  | 'card_number'
  | 'bank_account'
  | 'identity_number';

/** What a masked value reads as. */
export const SECRET_MASK = '[secret]';

/**
 * When a label counts only with help from its clause: `place` (a bare "code" or "combo" said of a
 * door, gate or lock), `network` (a bare "key" in a wifi line), `digits` (a "social" given a
 * number of six digits or more), `login` (a bare "pass" in a clause naming a login, a user or a
 * network), `phrase` (a bare "seed", which only a run of seed words makes a secret: "seed: 42" is a
 * random generator's).
 */
type LabelGuard = 'place' | 'network' | 'digits' | 'login' | 'phrase';

/** @internal A label of the secret lexicon. */
export interface Label {
  readonly kind: SecretKind;
  readonly words: string;
  readonly guard?: LabelGuard;
  /**
   * The language of a label that is not English (ISO 639-1; `mul` for a group of several). Its
   * values must look like a credential (a digit, a symbol or a case change inside): the bare-word
   * rule of English password words needs `NOT_A_VALUE`, which knows no other language's
   * "required" or "stored".
   */
  readonly lang?: string;
}

/**
 * Secret labels in other languages, grouped by language and kind: the words for password, PIN,
 * access and one-time codes, API keys and identity numbers (each language's comment names what
 * its groups translate). "Code" alone in a language is guarded like the English one (`place`).
 * Provenance: written by hand from everyday usage in each language (the word a sign-in screen, a
 * bank's PIN letter or a door keypad shows), not taken from a word list; every group has a
 * sentence of its own in `secrets.test.ts`, and a test fails when one has none.
 */
/** @internal Exported for the test that every group has a sentence. */
export const FOREIGN_LABELS: readonly Label[] = [
  // German: password, PIN (Geheimzahl on bank letters), access / door / alarm code, one-time code,
  // API key, tax and social insurance numbers.
  { lang: 'de', kind: 'password', words: 'passw(?:ö|oe)rter|passwort|kennw(?:ö|oe)rter|kennwort' },
  { lang: 'de', kind: 'pin', words: 'geheimzahl|geheimnummer|pin-nummer' },
  {
    lang: 'de',
    kind: 'access_code',
    words: 'zugangscode|t(?:ü|ue)rcode|torcode|alarmcode|tresorcode|schlie(?:ß|ss)fachcode',
  },
  {
    lang: 'de',
    kind: 'one_time_code',
    words: 'best(?:ä|ae)tigungscode|sicherheitscode|einmalcode|einmalpasswort|m?tan-?nummer',
  },
  { lang: 'de', kind: 'api_key', words: 'api-schl(?:ü|ue)ssel|geheimer schl(?:ü|ue)ssel' },
  // A bank's TAN: "tan" is also an English colour, so it takes six digits or more, as "social".
  { lang: 'de', kind: 'one_time_code', words: 'tan', guard: 'digits' },
  {
    lang: 'de',
    kind: 'identity_number',
    words: 'steuer-?id|steueridentifikationsnummer|sozialversicherungsnummer',
  },
  // French: password (mot de passe, mdp), PIN / secret code, access code and digicode.
  { lang: 'fr', kind: 'password', words: 'mots? de passe|mdp' },
  { lang: 'fr', kind: 'pin', words: 'code (?:pin|secret|confidentiel)' },
  { lang: 'fr', kind: 'access_code', words: "codes? d['’]acc(?:è|e)s|digicode" },
  {
    lang: 'fr',
    kind: 'one_time_code',
    words: 'code de (?:v(?:é|e)rification|s(?:é|e)curit(?:é|e))',
  },
  // Spanish: password (contraseña, clave), access and verification codes.
  { lang: 'es', kind: 'password', words: 'contrase(?:ñ|n)as?|claves?' },
  { lang: 'es', kind: 'access_code', words: 'c(?:ó|o)digos? de acceso' },
  {
    lang: 'es',
    kind: 'one_time_code',
    words: 'c(?:ó|o)digos? de (?:verificaci(?:ó|o)n|seguridad)',
  },
  // Portuguese: password (senha, palavra-passe), access and verification codes.
  { lang: 'pt', kind: 'password', words: 'senhas?|palavras?-passe' },
  { lang: 'pt', kind: 'access_code', words: 'c(?:ó|o)digos? de acesso' },
  { lang: 'pt', kind: 'one_time_code', words: 'c(?:ó|o)digos? de verifica(?:ç|c)(?:ã|a)o' },
  // Italian: password (parola d'ordine; "password" itself is the usual word), secret code.
  { lang: 'it', kind: 'password', words: "parola d['’]ordine" },
  { lang: 'it', kind: 'pin', words: 'codice (?:pin|segreto)' },
  { lang: 'it', kind: 'one_time_code', words: 'codice di (?:verifica|sicurezza)' },
  { lang: 'it', kind: 'identity_number', words: 'codice fiscale' },
  // Dutch: password, PIN, access and verification codes.
  { lang: 'nl', kind: 'password', words: 'wachtwoorden|wachtwoord' },
  { lang: 'nl', kind: 'pin', words: 'pincode' },
  { lang: 'nl', kind: 'access_code', words: 'toegangscode|deurcode|alarmcode' },
  { lang: 'nl', kind: 'one_time_code', words: 'verificatiecode' },
  // Polish: password (hasło), access code, SMS / one-time code.
  { lang: 'pl', kind: 'password', words: 'has(?:ł|l)o|has(?:ł|l)a' },
  { lang: 'pl', kind: 'access_code', words: 'kod dost(?:ę|e)pu' },
  { lang: 'pl', kind: 'one_time_code', words: 'kod (?:sms|weryfikacyjny|jednorazowy)' },
  // Turkish: password (şifre with its possessives şifrem, şifresi…; parolası), verification code.
  // Turkish "parola" alone is Italian for "word": only its possessive counts.
  { lang: 'tr', kind: 'password', words: '(?:ş|s)ifre(?:m|n|si|niz|miz)?|parolası' },
  { lang: 'tr', kind: 'one_time_code', words: 'do(?:ğ|g)rulama kod(?:u|unuz)?' },
  // Swedish, Danish and Norwegian: password, PIN, gate / door / alarm and one-time codes.
  { lang: 'sv', kind: 'password', words: 'l(?:ö|o)senord(?:et)?' },
  { lang: 'sv', kind: 'pin', words: 'pinkod(?:en)?' },
  { lang: 'sv', kind: 'access_code', words: '(?:port|d(?:ö|o)rr|larm)kod(?:en)?' },
  { lang: 'sv', kind: 'one_time_code', words: '(?:eng(?:å|a)ngs|verifierings)kod(?:en)?' },
  { lang: 'da', kind: 'password', words: 'adgangskoden?|kodeord(?:et)?|passord(?:et)?' },
  // Finnish: password.
  { lang: 'fi', kind: 'password', words: 'salasana' },
  // Indonesian and Malay: password (kata sandi, kata laluan).
  { lang: 'id', kind: 'password', words: 'kata sandi|kata laluan' },
  { lang: 'id', kind: 'one_time_code', words: 'kode (?:verifikasi|otp)' },
  // Russian and Ukrainian: password, PIN code, API key and secret key, token.
  { lang: 'ru', kind: 'password', words: 'пароль|пароля|паролем' },
  { lang: 'ru', kind: 'pin', words: 'пин-код|пин код' },
  { lang: 'ru', kind: 'api_key', words: 'ключ api|api[- ]ключ|секретный ключ|токен' },
  // Czech and Slovak: password (heslo and its cases).
  { lang: 'cs', kind: 'password', words: 'heslo|hesla|heslem|heslu' },
  // Romanian: password ("parola" alone is Italian for "word": only with a possessive, or "parolă").
  { lang: 'ro', kind: 'password', words: 'parol(?:a|ă) (?:mea|ta|sa|noastră)|parolă' },
  // National identity numbers, each named by its country's own word; like "social", each needs
  // six digits or more (Polish "dni" is also "days"; Spanish "NIE" is left out, Polish "nie" is
  // "not"): PESEL (pl), DNI (es), BSN (nl),
  // TC kimlik (tr), numéro de sécu (fr), personnummer (sv).
  {
    lang: 'mul',
    kind: 'identity_number',
    words:
      'pesel|dni|bsn(?:[- ]nummer)?|burgerservicenummer|(?:tc )?kimlik (?:no|numaras(?:ı|i))|num(?:é|e)ro de s(?:é|e)cu(?:rit(?:é|e) sociale)?|personnummer',
    guard: 'digits',
  },
  // "Code" alone, said of a door, gate, alarm or cash machine (guarded like English "code").
  { lang: 'de', kind: 'access_code', words: 'zahlenkombination', guard: 'place' },
  { lang: 'it', kind: 'access_code', words: 'codice', guard: 'place' },
  { lang: 'es', kind: 'access_code', words: 'c(?:ó|o)digo', guard: 'place' },
  { lang: 'pl', kind: 'access_code', words: 'kod', guard: 'place' },
  { lang: 'sv', kind: 'access_code', words: 'koden?', guard: 'place' },
  // A combination, said of a lock, a safe or a door (guarded like English "combination").
  { lang: 'de', kind: 'access_code', words: 'kombination', guard: 'place' },
  { lang: 'fr', kind: 'access_code', words: 'combinaison', guard: 'place' },
  { lang: 'es', kind: 'access_code', words: 'combinaci(?:ó|o)n', guard: 'place' },
  { lang: 'it', kind: 'access_code', words: 'combinazione', guard: 'place' },
  { lang: 'pt', kind: 'access_code', words: 'combina(?:ç|c)(?:ã|a)o', guard: 'place' },
  { lang: 'nl', kind: 'access_code', words: 'combinatie|cijfercode', guard: 'place' },
  { lang: 'pl', kind: 'access_code', words: 'kombinacj[aię]|szyfr(?:u|em)?', guard: 'place' },
];

/** Secret labels in English. */
const ENGLISH_LABELS: readonly Label[] = [
  {
    kind: 'one_time_code',
    words:
      'one[- ]time (?:pass)?(?:codes?|passwords?|pins?)|otps?|2fa codes?|mfa codes?|sms codes?|verification codes?|auth(?:entication)? codes?|security codes?|cvv2?|cvc2?|(?:backup|recovery|2fa backup) codes?|(?:login|log-in|sign[- ]?in) codes?|puk2?(?: codes?)?',
  },
  {
    kind: 'access_code',
    words:
      '(?:door|alarm|gate|safe|lock|locker|garage|entry|keypad|key ?pad|lockbox|key ?box|padlock|shed|unit) (?:codes?|combinations?|combos?|pins?)|access codes?|entry codes?',
  },
  { kind: 'pin', words: 'pin[- ]?(?:codes?|numbers?|nos?\\.)|pins?' },
  {
    kind: 'password',
    words:
      'passwords?|passphrases?|passcodes?|pass codes?|passwd|pwds?|pws?|wi-?fi keys?|wlan keys?',
  },
  {
    kind: 'api_key',
    words:
      'api[- ]keys?|secret[- ]keys?|access[- ]keys?|license[- ]keys?|licence[- ]keys?|product keys?|encryption keys?|signing keys?|client secrets?|secrets?',
  },
  {
    kind: 'token',
    words: '(?:access|api|auth|bearer|refresh|session|personal access|deploy|bot) tokens?|token',
  },
  {
    kind: 'private_key',
    words:
      '(?:ssh |pgp |gpg )?private keys?|recovery keys?|(?:secret )?(?:seed|recovery|backup|mnemonic) (?:phrases?|words)',
  },
  {
    kind: 'card_number',
    words: '(?:credit |debit )?card (?:numbers?|nos?\\.?|#)|credit cards?|debit cards?',
  },
  {
    kind: 'bank_account',
    words:
      'ibans?|(?:bank )?account (?:numbers?|nos?\\.?|#)|acct\\.? (?:numbers?|nos?\\.?|#)|routing numbers?',
  },
  {
    kind: 'identity_number',
    words:
      'ssns?|social security numbers?|passport (?:numbers?|nos?\\.?|#)|tax ids?|national insurance numbers?',
  },
  { kind: 'access_code', words: 'codes?|combos?|combinations?|keypads?|key pads?', guard: 'place' },
  { kind: 'password', words: 'keys?', guard: 'network' },
  { kind: 'identity_number', words: 'socials?', guard: 'digits' },
  { kind: 'password', words: 'pass', guard: 'login' },
  { kind: 'password', words: 'security (?:question )?answers?|secret answers?|memorable words?' },
  { kind: 'private_key', words: 'seed', guard: 'phrase' },
];

/**
 * The secret lexicon: every label the detector reads, in one place. Other languages come first so
 * that a longer label of theirs wins over an English word it starts with.
 */
const LABELS: readonly Label[] = [...FOREIGN_LABELS, ...ENGLISH_LABELS];

const LABEL_SOURCE = LABELS.map((l) => `(${l.words})`).join('|');
/** Word edges that know letters beyond ASCII (`\\b` does not: "contraseña", "пароль"). */
const LABEL = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${LABEL_SOURCE})(?![\\p{L}\\p{N}_])`, 'giu');
/**
 * A qualifier between a label and its value: "for the office door", "of my debit card", and the
 * same prepositions in the languages of `FOREIGN_LABELS` ("für das Portal", "du routeur").
 */
const QUALIFIER =
  /^\s+(?:for|of|on|to|at|in|f(?:ü|ue)r|von|vom|zum|zur|fürs|der|des|meiner|meines|unserer|unseres|de|du|del|della|dello|dei|di|do|da|dos|das|al|au|à|zu|per|para|na|van|voor|dla|z|ze|od|k|ke|pro|f(?:ö|o)r|till|til|på|untuk|от|для)((?:\s+[\p{L}\p{N}'’-]+){1,4})/iu;
/**
 * A relative clause between a label and "is"/"was": "the 2FA code they sent me was …"; in other
 * languages, `FOREIGN_RELATIVE` ("Kata sandi email saya adalah …").
 */
const RELATIVE = /^((?:\s+[\p{L}\p{N}'’-]+){1,4}?)\s+(?=(?:is|was)\s)/iu;
/** "Is" in the languages of `FOREIGN_LABELS`: ist, est, es, è, é, är, er, jest, adalah, lautet. */
const FOREIGN_IS =
  "ist|lautet|war|est|c['’]est|(?:é|e)tait|es|era|(?:è|é)|(?:ä|a)r|var|er|jest|adalah|yaitu|je|este|—";
/** The words between another language's label and its "is" (see `RELATIVE`). */
const FOREIGN_RELATIVE = new RegExp(
  `^((?:\\s+[\\p{L}\\p{N}'’-]+){1,4}?)\\s+(?=(?:${FOREIGN_IS})\\s)`,
  'iu',
);
/** Finnish "is" ("on", "oli") joins only a Finnish label: English "on" is a preposition. */
const FINNISH_IS = /^\s+(?:on|oli)\s+/iu;
/**
 * What joins a label to its value: "is", "was", ":", "=", "set to", or nothing before digits; one
 * adverb may follow "is" ("now", "still", or one ending in "-ly": "is actually 5528"). An
 * article may follow only another language's "is" ("è la …"), and only as a word of its own: in
 * "is La-Bamba-9" the "La" is the value's.
 */
const RELATION = new RegExp(
  `^\\)?\\s*(?:(?:(?:is|was|got|been|has been|was just) )?(?:set|changed|reset|updated|switched) to|(?:is|was|are|were|'s|remains|stays)(?![\\p{L}\\p{N}])(?:\\s+(?:now|still|currently|just|\\p{L}+ly)(?![\\p{L}\\p{N}]))?\\s*:?|(?:${FOREIGN_IS})(?![\\p{L}\\p{N}])(?:\\s+(?:now|still|currently|just)(?![\\p{L}\\p{N}])|\\s+(?:le|la|el|il|lo)(?=\\s))?\\s*:?|[:=]|->)\\s*`,
  'iu',
);
/** A relation word of another language: its value must look like a credential (see `Label.lang`). */
const FOREIGN_RELATION = new RegExp(`^\\s*(?:${FOREIGN_IS})\\s*:?\\s*$`, 'iu');
/** "to" joins a label to its value when a verb of setting comes before it: "set the PIN to …". */
const SET_BEFORE =
  /\b(?:set|sets|setting|change|changes|changed|changing|reset|resets|update|updates|updated|switch|switched)\b(?:\s+[\w'-]+){0,4}\s+$/iu;
const TO = /^\s+to\s+/iu;
/** A value right after a label with no joining word: a run holding a digit ("gate code 4471#"). */
const BARE_VALUE = /^\s+(?=[#*]?[\p{L}\p{N}][^\s,;]*\d|[#*]?\d)/u;
const QUOTED = /^(?:"[^"\n]{1,400}"|'[^'\n]{1,400}'|`[^`\n]{1,400}`|“[^”\n]{1,400}”)/u;
/**
 * Digit groups with spaces or dashes, as card numbers, IBANs and sort codes are written; a closing
 * quote may follow (a summary quotes the message).
 */
const GROUPED = /^[A-Z]{0,2}\d[\dA-Z]*(?:[ -][\dA-Z]{2,6}){1,7}(?=$|[\s.,;!?)"'”’])/u;
/** A run up to a space or a clause mark; a trailing "!" or "?" stays with it ("Lantern77!"). */
const TOKEN = /^[^\s,;"'`)]+[^\s,;"'`).:]/u;
/** Words after a number that make it a length, a count or a measurement ("4 digits", "100 mil"). */
const UNIT =
  /^\s*(?:digits?|characters?|chars?|letters?|numbers?|symbols?|words?|long|wide|thick|deep|high|apart|days?|hours?|minutes?|mins?|seconds?|weeks?|months?|years?|attempts?|tries|times|retries|lines|pins|minimum|maximum|min|max|mm|cm|km|mils?|inch(?:es)?|in apart|ft|feet|kg|mg|lbs?|oz|volts?|mah|watts?|k?hz|[mg]hz|ohms?|px|bits?|bytes?|[kmgt]b|ms|psi|rpm|dpi|met(?:er|re)s?|percent|or (?:more|fewer|longer)|\+|%)(?=$|[^\p{L}\p{N}])/iu;
/** A number with its unit attached: a measurement ("40mm", "5V", "2.4GHz"), never a code. */
const MEASUREMENT =
  /^\d+(?:[.,]\d+)?(?:mm|cm|km|m|mils?|in|ft|kg|g|mg|lbs?|oz|v|mv|kv|ma|mah|w|kw|k?hz|[mg]hz|ohms?|px|pt|[kmgt]b|ms|rpm|psi|dpi|bits?|%)$/iu;
/** Algorithm and standard names: "AES-256-GCM", "RSA-4096", "2021 IBC" name a kind, not a key. */
const STANDARD_PART =
  /^(?:aes|rsa|dsa|ecdsa|ecdh|eddsa|ed25519|ed448|x25519|x448|curve25519|p256|p384|p521|sha|sha[123]|md5|hmac|gcm|cbc|ctr|ecb|xts|oaep|pss|chacha20|poly1305|pbkdf2|bcrypt|scrypt|argon2(?:id|i|d)?|blake[23]s?|3?des|tls|ssl|iso|iec|rfc|ieee|nist|fips|ibc|irc|nec|nfpa|ansi|pci|dss|wpa|wep)\d*$/iu;
/** Words that fill a value's place without being one ("the password is required"). */
const NOT_A_VALUE =
  /^(?:none|null|n\/a|tbd|unset|empty|required|optional|redacted|hidden|masked|same|different|wrong|right|correct|incorrect|current|active|blank|expired|invalid|valid|stored|saved|kept|in|on|at|for|to|by|with|from|see|the|a|an|your|my|our|their|his|her|its|this|that|these|those|it|not|never|unknown|weak|strong|long|short|secure|insecure|simple|complex|easy|hard|fine|ok|okay|good|bad|old|new|default|temporary|random|unique|one|two|three|four|five|six|seven|eight|nine|ten|twelve|personal|private|public|here|there|below|above|something|anything|nothing|whatever|ask|check|use|call|email|text|ping|contact|get|request|too|very|also|still|now|just|due|what|which|where|case|mandatory|rotated|reset|set|sent)$/iu;
/** A word that reads as a state, not a value: "changed", "expiring", "quarterly". */
const STATE_WORD = /^\p{L}+(?:ed|ing|ly)$/iu;
/** Kinds whose values are codes typed on a keypad: digits and letters, never a decimal ("2.54"). */
const CODE_VALUED: ReadonlySet<SecretKind> = new Set(['pin', 'access_code', 'one_time_code']);
const CODE = /^[#*]?[\p{L}\p{N}][\p{L}\p{N}#* -]*$/u;
/** Kinds whose real values are long: a short one is a count or a name ("token: 8000" is a limit). */
const LONG_VALUED: ReadonlySet<SecretKind> = new Set(['api_key', 'token', 'private_key']);
/** Words before a bare "code" that make it a public one: "zip code", "exit code", "booking code". */
const PUBLIC_CODE_BEFORE =
  /\b(?:zip|postal|post|area|country|status|exit|error|return|response|source|promo|discount|coupon|voucher|gift|booking|reservation|confirmation|order|reference|tracking|fire|electrical|plumbing|dress|colou?r|qr|bar|product|tax|currency|airport|language|dial(?:l?ing)?|swift|bic|branch|morse|machine|op|short|referral|invite|invitation|ticket|course|class|event|sample|example|legacy|test)\s+$/iu;
/**
 * @internal What a code opens, one list for every reading of it, in three tiers: `lock` (a lock,
 * a safe, a keypad: a bare "number" asked of one is its code, `LOCK`), `opening` (a door, a gate,
 * an alarm, a door phone: asked alone, "door?", it asks for its code, `BARE_PLACE`) and `place`
 * (a building, a flat, a side: said near a bare "code" or "combo", it is a door code, `PLACE`).
 * Each tier is read with those before it: a lock is an opening and a place. Written by hand from
 * everyday usage, in English and the languages of `FOREIGN_LABELS`; every entry has a sentence of
 * its own in `secrets.test.ts`, and a test fails when one has none.
 */
export const OPENED: readonly {
  readonly tier: 'lock' | 'opening' | 'place';
  readonly words: string;
}[] = [
  // Locks, safes and keypads, by language: en, de, fr, es, it, pt, nl, pl.
  { tier: 'lock', words: 'locks?|padlocks?|safes?|keypads?|lockbox(?:es)?' },
  { tier: 'lock', words: '(?:fahrrad|zahlen)?schloss|tresor' },
  { tier: 'lock', words: 'cadenas|coffre(?:-fort)?' },
  { tier: 'lock', words: 'candado|caja fuerte' },
  { tier: 'lock', words: 'lucchetto|cassaforte' },
  { tier: 'lock', words: 'cadeado|cofre' },
  { tier: 'lock', words: '(?:fiets|hang|cijfer|ketting|deur)slot|kluis' },
  { tier: 'lock', words: 'k(?:ł|l)(?:ó|o)dk\\p{L}*|sejf\\p{L}*' },
  // Doors, gates, alarms and door phones, by language: en, de, fr, es, it, pt, nl, pl, sv/da, id, zh/ja.
  { tier: 'opening', words: 'doors?|gates?|garages?|sheds?|alarms?|lockers?|intercom' },
  { tier: 'opening', words: '(?:haus|garagen)?t(?:ü|ue)r|(?:garagen)?tor|alarmanlage' },
  { tier: 'opening', words: 'porte|portail|alarme|interphone' },
  { tier: 'opening', words: 'puerta|port(?:ó|o)n|alarma|portero' },
  { tier: 'opening', words: 'porta|portone|cancello|allarme|citofono' },
  { tier: 'opening', words: 'portal|port(?:ã|a)o' },
  { tier: 'opening', words: 'deur|poort' },
  { tier: 'opening', words: 'drzwi|bram[aeyę]|furtk\\p{L}*|alarmu|domofon\\p{L}*' },
  { tier: 'opening', words: 'd(?:ö|o)rr(?:en)?|porten|larm(?:et)?' },
  { tier: 'opening', words: 'pintu|gerbang|brankas' },
  { tier: 'opening', words: '大门|大門|门禁|門禁|ドア|門|门' },
  // Places a door code opens, and cash machines: en, de, fr, es, it, pl.
  {
    tier: 'place',
    words:
      'house|flat|apartment|entrance|storage|vault|bike|office|front|back|side|building|cabinet|basement|loft|attic|porch|atm|cash machine',
  },
  { tier: 'place', words: 'immeuble|entr(?:é|e)e' },
  { tier: 'place', words: 'bancomat|cajero|bankomat' },
];

const TIERS = { lock: ['lock'], opening: ['lock', 'opening'], place: ['lock', 'opening', 'place'] };
/** The words of `OPENED` up to `tier`, as one alternation. */
function openedWords(tier: keyof typeof TIERS): string {
  return OPENED.filter((o) => TIERS[tier].includes(o.tier))
    .map((o) => o.words)
    .join('|');
}
/** What a bare "code" or "combo" opens, said near it. */
const PLACE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${openedWords('place')})(?![\\p{L}\\p{N}])`, 'iu');
/** What makes a bare "pass" a password: a login, a user or a network in its clause. */
const LOGIN =
  /\b(?:log ?in|login|sign ?in|user(?:name)?|admin|account|wi-?fi|wlan|hotspot|router|network|ssid)\b/iu;
/** A number a guarded "code" is given as a reference: "building code section 1004". */
const REFERENCE = /\b(?:sections?|chapters?|articles?|clauses?|paragraphs?|rules?|tables?|§)\b/iu;
/**
 * A bare "key" given a random string is one whatever it opens ("unseal key 4kQz9Rt2…"): sixteen
 * letters and digits or more, with a digit, a capital and a small letter.
 */
const RANDOM_KEY = /^(?=[^\s]*\d)(?=[^\s]*\p{Lu})(?=[^\s]*\p{Ll})[\p{L}\d_+/=-]{16,}$/u;
/**
 * Whether a string is made of word parts, as a name in code is ("checkoutButtonLabel2024",
 * "eu-west-3", "OrderLineItemId9"): split at case changes, digits and separators, every run of
 * letters reads as a word (a vowel, no four consonants in a row), at most two stand alone, and
 * one has four letters or more. A random key breaks into runs no word has ("4kQz9Rt2…": "Qz").
 */
function madeOfWords(value: string): boolean {
  const runs = value.match(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})/gu) ?? [];
  const single = runs.filter((r) => r.length === 1).length;
  return (
    single <= 2 &&
    runs.some((r) => r.length >= 4) &&
    runs.every(
      (r) =>
        r.length === 1 ||
        (/[aeiouy]/iu.test(r) &&
          !/[^aeiouy]{4}/iu.test(r) &&
          // A long run of capitals is no word ("AKIAIOSFODNN"); a short one is ("API", "HTTP").
          (r.length <= 6 || /\p{Ll}/u.test(r))),
    )
  );
}
/** A network a bare "key" belongs to. */
const NETWORK = /\b(?:wi-?fi|wlan|ssid|hotspot|router|network)\b/iu;
/** Words before a lowercase "pin" that make it hardware: "GPIO pin 17", "header pins". */
const HARDWARE_BEFORE =
  /\b(?:gpio|header|pogo|ground|gnd|power|vcc|vdd|reset|data|analog(?:ue)?|digital|io|output|input|pwm|spi|i2c|uart|cotter|dowel|hinge|clevis|shear|bobby|firing|safety|connector|ribbon|sensor)\s+$/iu;

/** Words before a lowercase "pin" that make it a PIN, never hardware: "bank pin 0713". */
const PIN_OWNER_BEFORE =
  /\b(?:bank|card|atm|debit|credit|sim|phone|mobile|visa|account|my|our|his|her|their)\s+$/iu;

/**
 * A credential's own shape: a digit, a symbol inside a word ("Tr!cky", "Gravel#Path"), or a case
 * change inside it ("hunterTwo"). With `hyphenIsWord`, a hyphen between letters makes a compound
 * word ("on-call", "live-chat"), not a credential.
 */
function hasCredentialShape(value: string, hyphenIsWord = false): boolean {
  if (/\d|\p{Ll}\p{Lu}/u.test(value)) return true;
  return (
    hyphenIsWord ? /[\p{L}][^\p{L}\p{N}\s-][\p{L}\p{N}]/u : /[\p{L}][^\p{L}\p{N}\s][\p{L}\p{N}]/u
  ).test(value);
}

/** Whether a candidate value reads as a credential rather than a word about one. */
function credentialLike(
  value: string,
  afterSymbol: boolean,
  after: string,
  word: boolean,
): boolean {
  if (QUOTED.test(value)) return true;
  if (/\d/u.test(value)) return true;
  if (NOT_A_VALUE.test(value)) return false;
  // An environment variable's name says where the value is, not what it is.
  if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/u.test(value)) return false;
  // An HTTP header's name ("X-Api-Key"), or a word made with a participle ("Bitwarden-generated").
  if (/^X-[A-Za-z]+(?:-[A-Za-z]+)*$/u.test(value)) return false;
  if (/^\p{L}+-(\p{L}+)$/u.test(value) && STATE_WORD.test(value.split('-')[1] ?? '')) return false;
  // A symbol inside the word, or a case change inside it ("Tr!cky", "hunterTwo").
  if (hasCredentialShape(value)) return true;
  if (!/^\p{L}{4,}$/u.test(value) || STATE_WORD.test(value)) return false;
  // A password word given a bare word after "is" or ":" ("the password is swordfish"): the word
  // is the value, whatever follows it.
  if (word) return !/^\s+than\b/iu.test(after);
  // Other labels after ":" or "=" take a bare word only when it ends the clause ("Token: abcdefgh"),
  // not when it starts a sentence about them ("Secrets: managed by Vault").
  return afterSymbol && /^\s*(?:$|[.,;!?)])/u.test(after);
}

const LABEL_PATTERNS = LABELS.map((l) => ({
  label: l,
  pattern: new RegExp(`^(?:${l.words})$`, 'iu'),
}));

function labelOf(word: string): Label {
  return LABEL_PATTERNS.find((k) => k.pattern.test(word))?.label ?? { kind: 'password', words: '' };
}

interface Relation {
  readonly skip: number;
  readonly joined: string;
  /** Joined right after the label or after a "for/of/to …" qualifier, not a relative clause. */
  readonly close: boolean;
  /** Joined by ":" after a word or two naming what it is for ("mdp wifi : …", "PIN karty: …"). */
  readonly named?: boolean;
}

/** One or two words naming what a secret is for, then ":" or "=" ("mdp wifi :", "OTP kamu:"). */
const NAMED = /^((?:[ \t]+[\p{L}\p{N}'’-]+){1,2})[ \t]*[:=][ \t]*/u;
/** Words after a label that make the line a setting about it: "Password manager: 1Password". */
const NAMED_SETTING =
  /(?<![\p{L}\p{N}])(?:managers?|polic(?:y|ies)|rules?|requirements?|strength|changes?|changed|attempts?|tries|models?|pads?|formats?|dates?|age|history|prompts?|generators?|vaults?|storage|reset|rotation|expiry|expires|length|limit|count|size|budget|type|field|name|file|path|version|usage|scope|scopes|permissions?|role|owner|ttl|timeout|lifetime|format|header|location|payments?|bills?|balances?|fees?|hints?|regions?|zones?)(?![\p{L}\p{N}])/iu;
/** A date is no value: "PIN expiry: 2025-01-31". */
const DATE = /^(?:\d{4}-\d{2}(?:-\d{2})?|\d{1,2}[./]\d{1,2}[./]\d{2,4})$/u;

/** Where the text after a label joins a value: with no qualifier, or after one of 1–4 words. */
function relationAfter(rest: string, setBefore: boolean, lang?: string): Relation | null {
  // An aside between a label and its value is skipped: "Recovery phrase (write it down): …".
  const aside = /^\s*\([^()\n]{1,40}\)(?=\s*[:=])/u.exec(rest)?.[0];
  if (aside !== undefined) {
    const relation = relationAfter(rest.slice(aside.length), setBefore, lang);
    return relation === null ? null : { ...relation, skip: aside.length + relation.skip };
  }
  const starts = [0];
  const qualifier = QUALIFIER.exec(rest);
  if (qualifier?.[1] !== undefined) {
    const head = qualifier[0].length - qualifier[1].length;
    let at = head;
    for (const word of qualifier[1].matchAll(/\s+[\p{L}\p{N}'’-]+/gu)) {
      at += word[0].length;
      starts.push(at);
    }
  }
  for (const start of starts) {
    const tail = rest.slice(start);
    const relation =
      RELATION.exec(tail) ??
      (lang === 'fi' ? FINNISH_IS.exec(tail) : null) ??
      (setBefore ? TO.exec(tail) : null) ??
      BARE_VALUE.exec(tail);
    if (relation !== null)
      return { skip: start + relation[0].length, joined: relation[0], close: true };
  }
  const relative = RELATIVE.exec(rest) ?? (lang === undefined ? null : FOREIGN_RELATIVE.exec(rest));
  if (relative !== null) {
    const tail = rest.slice(relative[0].length);
    const relation = RELATION.exec(tail);
    if (relation !== null)
      return { skip: relative[0].length + relation[0].length, joined: relation[0], close: false };
  }
  const named = NAMED.exec(rest);
  const namedWords = (named?.[1] ?? '').trim().split(/\s+/u);
  if (
    named !== null &&
    !NAMED_SETTING.test(named[1] ?? '') &&
    !namedWords.some((w) => PHRASE_STOP.test(w) || NOT_A_VALUE.test(w))
  )
    return { skip: named[0].length, joined: named[0], close: false, named: true };
  return null;
}

/**
 * Whether the words around a guarded label name what it guards (see `LabelGuard`): a place a
 * "code" opens, a login a "pass" belongs to, a network a "key" unlocks. Read by `guardHolds` for
 * a value given and by `labelAsked` for a value asked for.
 */
function guardedBy(label: Label, around: string): boolean {
  if (label.guard === 'place') return PLACE.test(around);
  if (label.guard === 'login') return LOGIN.test(around);
  if (label.guard === 'network') return NETWORK.test(around);
  return true;
}

/** Whether a label's guard holds in its clause (see `LabelGuard`). */
function guardHolds(
  label: Label,
  before: string,
  word: string,
  after: string,
  value: string,
): boolean {
  if (label.guard === 'place')
    return (
      guardedBy(label, `${before.slice(-30)} ${word} ${after.slice(0, 40)}`) &&
      !REFERENCE.test(after.slice(0, after.length - value.length)) &&
      (/\d/u.test(value) || WORDED.test(value))
    );
  if (label.guard === 'login')
    // "pass 120 tests" is no password: a login's pass holds a letter and a digit or a symbol.
    return (
      guardedBy(label, `${before} ${after}`) &&
      /\p{L}/u.test(value) &&
      hasCredentialShape(value.replace(/^["'`“](.*)["'`”]$/u, '$1'))
    );
  if (label.guard === 'network')
    return (
      (guardedBy(label, `${before} ${after}`) && /\d/u.test(value) && value.length >= 8) ||
      (RANDOM_KEY.test(value) && !madeOfWords(value))
    );
  if (label.guard === 'digits') return (value.match(/\d/gu) ?? []).length >= 6;
  return true;
}

/** Whether every part of a value names an algorithm or a standard, or is a number beside one. */
function isStandardName(value: string): boolean {
  const parts = value.split(/[-\s/_]+/u).filter((p) => p !== '');
  return (
    parts.some((p) => STANDARD_PART.test(p)) &&
    parts.every((p) => STANDARD_PART.test(p) || /^\d+$/u.test(p))
  );
}

/** The text of the clause before `at`: back to the last sentence or clause mark. */
function clauseBefore(text: string, at: number): string {
  const before = text.slice(Math.max(0, at - 80), at);
  return before.slice(before.search(/[^.;!?\n]*$/u));
}

/** Words that never stand in a passphrase or a seed phrase: a sentence goes on, not a phrase. */
const PHRASE_STOP =
  /^(?:the|a|an|and|or|of|in|on|at|to|for|with|by|from|is|are|was|were|be|been|it|its|my|our|your|their|his|her|not|no|but|so|as|that|this|than|then|if|when|where|which|who|will|would|can|could|should|must|has|have|had|do|does|did)$/iu;
/** Words that describe a passphrase rather than spell one ("three random words"). */
const PASSPHRASE_STOP =
  /^(?:same|written|stored|kept|saved|long|short|random|words?|characters|letters|one|two|three|four|five|six|seven|eight|nine|ten|twelve|several|some|any|all|each|every|only|just|also|very|too|more|less|most|least)$/iu;
/** A run of lowercase words up to the clause's end: "correct horse battery staple." */
const PHRASE = /^\p{Ll}{2,}(?: \p{Ll}{2,}){2,23}(?=\s*(?:$|[.;!?,)\n"'”’]))/u;
/** A passphrase's words (3 to 10) or a wallet's seed words (6 to 24, of 3 to 8 letters). */
function phraseAfter(labelWord: string, kind: SecretKind, tail: string): string | null {
  const passphrase = kind === 'password' && /phrase/iu.test(labelWord);
  const seed = kind === 'private_key' && /phrase|words|mnemonic|^seed$/iu.test(labelWord);
  if (!passphrase && !seed) return null;
  const run = PHRASE.exec(tail)?.[0];
  if (run === undefined) return null;
  const words = run.split(' ');
  if (words.some((w) => PHRASE_STOP.test(w)) || NOT_A_VALUE.test(words[0] ?? '')) return null;
  if (passphrase)
    return words.length <= 10 && !words.some((w) => PASSPHRASE_STOP.test(w)) ? run : null;
  return words.length >= 6 && words.every((w) => /^\p{Ll}{3,8}$/u.test(w)) ? run : null;
}

/**
 * Words that join two clauses, in English and in the languages of `FOREIGN_LABELS` (and, but, or,
 * because… und, aber, et, mais, y, pero, e, ma, en, maar, i, ale, ve, ama, och, men, og, ja, dan,
 * и, но). Lowercase only: a one-letter one is no English word then ("I" is).
 */
export const CLAUSE_JOIN =
  /(?<![\p{L}\p{N}])(?:and|but|or|so|because|since|while|whereas|though|although|unless|until|und|aber|oder|weil|et|mais|ou|car|y|pero|porque|e|ma|mas|en|maar|omdat|i|ale|oraz|ve|ama|och|men|og|ja|dan|tapi|и|но)(?![\p{L}\p{N}])/u;

/**
 * How far a password given as a word goes on: its next words up to the clause's end ("the
 * passphrase is Purple Monkey Dishwasher Lamp", "Blue Heron 42"), stopping before a function word
 * or a word joining clauses ("hunter2 for the router", "Kestrel9 and the guest one…").
 */
function restOfPassword(after: string): number {
  let length = 0;
  for (;;) {
    const next = /^[ \t]+([^\s,;"'`()]+)/u.exec(after.slice(length));
    const raw = next?.[1];
    if (next === null || raw === undefined) return length;
    const word = raw.replace(/[.!?:]+$/u, '');
    if (
      word === raw &&
      PASSWORD_JOIN.test(word) &&
      joinsPassword(after.slice(length + next[0].length))
    )
      length += next[0].length;
    else if (word === '' || PHRASE_STOP.test(word) || CLAUSE_JOIN.test(word)) return length;
    else {
      length += next[0].length - (raw.length - word.length);
      if (word !== raw) return length;
    }
  }
}

/** A word that may join the words of one password ("salt and vinegar crisps", "Rock And Roll"). */
const PASSWORD_JOIN = /^(?:and|or|but|n|&)$/iu;
/**
 * Words a sentence goes on with after a password and "and" ("… and expires Friday"), or that make
 * a reply a sentence rather than a password ("somewhere in the drawer", "later, sorry").
 */
const PASSWORD_VERB =
  /^(?:somewhere|anywhere|nowhere|everywhere|later|tomorrow|soon|yet|again|please|thanks|sorry|i|me|we|us|you|he|she|they|them|him|expires?|works?|changes?|rotates?|lives?|sits?|stays?|goes|needs?|opens?|unlocks?|gets?|makes?|means?|says?|said|let|lets|ask|tell|forgot|forget|remember|remembers|knows?|nobody|somebody|everybody|anybody|anyone|someone|everyone|anymore|don['’]t|doesn['’]t|didn['’]t|can['’]t|won['’]t|isn['’]t|wasn['’]t)$/iu;

/**
 * Whether the words after "and", "or" or "but" are more of the same password, not a clause of
 * their own: one to four words up to the clause's end, none a function word, a pronoun, a verb a
 * sentence goes on with, a state or a word filling a value's place ("and the main one is…",
 * "and it expires", "but ask Ana first" are clauses; "and vinegar crisps", "or hunter3," are not).
 */
function joinsPassword(rest: string): boolean {
  // A closing quote ends it too: a thread summary quotes the message.
  const clause =
    /^[^,;.!?()\n"”]*?(?=$|[,;()\n"”]|['’](?:\s|$)|[.!?](?:\s|$))/u.exec(rest)?.[0] ?? '';
  const words = clause.trim().split(/\s+/u);
  return (
    clause.trim() !== '' &&
    words.length <= 4 &&
    words.every(
      (w) =>
        /^[\p{L}\p{N}][\p{L}\p{N}#!$%*+-]*$/u.test(w) &&
        !PHRASE_STOP.test(w) &&
        !CLAUSE_JOIN.test(w) &&
        !PASSWORD_VERB.test(w) &&
        !NOT_A_VALUE.test(w) &&
        !STATE_WORD.test(w),
    )
  );
}

/**
 * A code typed digit by digit with spaces: "the PIN is 5 5 0 2", "phone passcode: 3 8 0 6" (a
 * password word takes one too: a lone digit is no token, so "3" alone would be read and refused).
 */
const SPACED = /^\d(?: \d){3,19}(?! \d)(?=$|[\s.,;!?)"'”’])/u;
/** A number written as a word, as a code is read aloud: "four", "oh", "twenty-four". */
const NUMBER_WORD =
  '(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)';
const ONE_NUMBER_WORD = new RegExp(`^${NUMBER_WORD}$`, 'iu');
/**
 * A code given in number words, three or more ("the PIN is four four seven one", "twelve
 * twenty-four six"), some perhaps as digits ("7 one 4 two"), at least one a word (digits alone
 * are `SPACED`'s): one number word is a count ("the PIN is four digits").
 */
const SAID_DIGIT = `(?:${NUMBER_WORD}|\\d)`;
const WORDED = new RegExp(
  `^(?=(?:\\d,?[ \\t]+)*${NUMBER_WORD})${SAID_DIGIT}(?:,?[ \\t]+${SAID_DIGIT}){2,11}(?![\\p{L}\\p{N}-])`,
  'iu',
);
/** Another way of typing the same code: "2-2-9-1 or 2291 if the keypad sticks", "…, or 2291". */
const OR_NEXT = /^,?\s+or\s+([#*]?\d(?:[\d#*]|-(?=\d)){2,15})(?=$|[\s.,;!?)])/u;

/** The next code of a list after a plural label: "recovery codes: 8f3k2-91qzp, 77hd0-k2m1x". */
const LIST_NEXT = /^(?:,\s*|,?\s+and\s+)([#*]?[\p{L}\p{N}][\p{L}\p{N}-]*[\p{L}\p{N}])/u;
/**
 * The next code of a list written with spaces only ("backup codes: 83920174 19283746"): taken
 * only when it is as long as the code before it, give or take one, as the codes of one list are.
 */
const SPACED_NEXT = /^[ \t]+([#*]?[\p{L}\p{N}][\p{L}\p{N}-]*[\p{L}\p{N}])(?=$|[\s.,;!?)"'”’])/u;

/**
 * Whether a value after "label <words>:" reads as a credential on its own: four characters or
 * more, with a digit, a symbol inside or a case change, no date, and ending its line. A line that
 * goes on ("Token endpoint: … for the CLI", "Access code holders: Team-B only") names a setting or
 * a thing about the secret.
 */
function namedCredential(tail: string): boolean {
  const raw = QUOTED.exec(tail)?.[0] ?? TOKEN.exec(tail)?.[0] ?? '';
  const named = raw.replace(/[!?]+$/u, '');
  return !(
    !/^\s*(?:$|[.,;!?](?:\s|$)|\s[-–—]\s)/u.test(tail.slice(raw.length)) ||
    /^[a-z][a-z0-9+.-]*:\/\/|^0x[0-9a-f]+$|[_-]$/iu.test(named) ||
    named.length < 4 ||
    DATE.test(named) ||
    /^[$€£¥]/u.test(named) ||
    !hasCredentialShape(named)
  );
}

/**
 * Whether a value is a count, a measurement or a standard's name, in any language's clause: "4
 * digits", "40mm", "AES-256", "24h", "SHA256" ("パスワードはSHA256で…").
 */
function countOrStandard(core: string, after: string): boolean {
  if (UNIT.test(after) || MEASUREMENT.test(core) || isStandardName(core)) return true;
  // A number with a suffix is a count or a length ("24h", "4-stellig", "6-digit"), and a
  // standard with a participle a state ("WPA2-verschlüsselt").
  if (/^\d{1,3}(?:h|min|-\p{Ll}{3,})$/u.test(core)) return true;
  const hyphened = /^(.+)-\p{Ll}{4,}$/u.exec(core)?.[1];
  return hyphened !== undefined && isStandardName(hyphened);
}

/**
 * Whether a value that passed `credentialLike` is still a count, a measurement, a standard's name
 * or talk about the secret: "4 digits", "40mm", "AES-256", "24h", "ist 2024 eingeführt", "is 8
 * tokens", a security answer given as a sentence.
 */
function countOrTalk(
  core: string,
  after: string,
  label: Label,
  labelWord: string,
  relation: Relation,
  afterSymbol: boolean,
): boolean {
  if (countOrStandard(core, after)) return true;
  // In another language's clause a year goes on to its verb ("ist 2024 eingeführt worden").
  const nextWord = /^\s+(\p{Ll}+)/u.exec(after)?.[1];
  if (
    (label.lang !== undefined || FOREIGN_RELATION.test(relation.joined)) &&
    /^(?:19|20)\d\d$/u.test(core) &&
    nextWord !== undefined &&
    !CLAUSE_JOIN.test(nextWord)
  )
    return true;
  // "PIN is 4 or 6 digits", "the token is 8000 tokens": a number counted, not a value.
  if (/^\d{1,2}$/u.test(core) && !afterSymbol) return true;
  // A security answer given as a sentence ("is always something made up") is talk about it.
  const run = `${core}${after.slice(0, restOfPassword(after))}`.split(/\s+/u);
  return (
    /answer|memorable/iu.test(labelWord) &&
    run.some((w) => NOT_A_VALUE.test(w) || STATE_WORD.test(w))
  );
}

/** The codes after a code's value: a list after a plural label, or another way of typing it. */
function codesAfter(text: string, first: SecretSpan, plural: boolean): SecretSpan[] {
  const { kind } = first;
  const spans: SecretSpan[] = [];
  for (let end = first.end, length = first.end - first.start; ; ) {
    const rest = text.slice(end);
    const spaced = plural ? SPACED_NEXT.exec(rest) : null;
    const alike =
      spaced !== null &&
      length >= 4 &&
      Math.abs((spaced[1] ?? '').length - length) <= 1 &&
      !UNIT.test(rest.slice(spaced[0].length));
    const next =
      (plural ? LIST_NEXT.exec(rest) : null) ?? (alike ? spaced : null) ?? OR_NEXT.exec(rest);
    const code = next?.[1];
    if (next === null || code === undefined || !/\d/u.test(code)) return spans;
    length = code.length;
    const start = end + next[0].length - code.length;
    spans.push({ start, end: start + code.length, kind });
    end = start + code.length;
  }
}

/** An item of a list written one code a line: "1. 4821-9930", "- 5510-2847", "2) 77hd0k2m". */
const LIST_ITEM =
  /^[ \t]*(?:\d{1,2}[.)]|[-*•])[ \t]+([#*]?[\p{L}\p{N}][\p{L}\p{N}-]*[\p{L}\p{N}])[ \t]*(?:\n|$)/du;

/** The codes of a list written one a line from `at`, each with a digit and four characters or more. */
function listedCodes(text: string, at: number, kind: SecretKind): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (let line = at; line < text.length; ) {
    const item = LIST_ITEM.exec(text.slice(line, text.indexOf('\n', line) + 1 || text.length));
    const code = item?.[1];
    const offset = item?.indices?.[1]?.[0];
    if (item === null || code === undefined || offset === undefined) break;
    if (!/\d/u.test(code) || code.length < 4) break;
    const start = line + offset;
    spans.push({ start, end: start + code.length, kind });
    line += item[0].length;
  }
  return spans;
}

/** The value a label found at `match` is given in `text`, and the codes listed after it. */
function valuesOfLabel(text: string, match: RegExpMatchArray): SecretSpan[] {
  const label = labelOf(match[0]);
  const { kind } = label;
  const labelStart = match.index ?? 0;
  const labelEnd = labelStart + match[0].length;
  const before = clauseBefore(text, labelStart);
  if (label.guard === 'place' && PUBLIC_CODE_BEFORE.test(before)) return [];
  // A lowercase "pin" is hardware after a part's name ("GPIO pin 17") or before a bare number
  // ("pin D5 / pin 14"); a PIN is written in capitals ("PIN no. 8820") or given with "is" or ":".
  const pinWord = match[0].split(/[\s-]/u)[0] ?? '';
  const hardware =
    kind === 'pin' && pinWord !== pinWord.toUpperCase() && !PIN_OWNER_BEFORE.test(before);
  if (hardware && HARDWARE_BEFORE.test(before)) return [];
  const relation = relationAfter(text.slice(labelEnd), SET_BEFORE.test(before), label.lang);
  if (relation === null) return [];
  const at = labelEnd + relation.skip;
  // "Backup codes:" then one code a line, numbered or bulleted: every item is a code.
  if (
    CODE_VALUED.has(kind) &&
    /s$/iu.test(match[0]) &&
    /^[^\n]*:[ \t]*\n/u.test(text.slice(labelEnd, at))
  ) {
    const listed = listedCodes(text, text.lastIndexOf('\n', at - 1) + 1, kind);
    if (listed.length > 0) return listed;
  }
  const tail = text.slice(at);
  const phrase = relation.close ? phraseAfter(match[0], kind, tail) : null;
  if (phrase !== null) return [{ start: at, end: at + phrase.length, kind }];
  if (label.guard === 'phrase' || (relation.named && !namedCredential(tail))) return [];
  const typed = CODE_VALUED.has(kind) || kind === 'password';
  const worded = typed ? WORDED.exec(tail)?.[0] : undefined;
  const value =
    QUOTED.exec(tail)?.[0] ??
    (typed ? SPACED.exec(tail)?.[0] : undefined) ??
    worded ??
    GROUPED.exec(tail)?.[0] ??
    TOKEN.exec(tail)?.[0];
  if (value === undefined) return [];
  // A "!" or "?" attached to a value is masked with it but read apart from it.
  const core = value.replace(/[!?]+$/u, '');
  const after = tail.slice(value.length);
  const afterSymbol = /[:=>]\s*$/u.test(relation.joined);
  if (hardware && relation.joined.trim() === '') return [];
  // The bare-word rule reads English: other languages' state words are not in NOT_A_VALUE.
  const english =
    kind === 'password' &&
    label.guard === undefined &&
    label.lang === undefined &&
    relation.close &&
    !FOREIGN_RELATION.test(relation.joined);
  // Other languages' words for "forgotten" or "pending" are unknown: their bare word is no value.
  const bareAfterSymbol = afterSymbol && label.lang === undefined;
  if (core === '' || (value !== worded && !credentialLike(core, bareAfterSymbol, after, english)))
    return [];
  // After "is usually", "is typically" a word is a description ("harder"); a digit makes a value.
  if (/\p{L}ly\s*$/iu.test(relation.joined) && !/\d/u.test(core) && !QUOTED.test(core)) return [];
  // "pass: 'yourpassword'", "password: <your password>": where a value goes, in an example.
  if (/^["'`“]?(?:your|<)/iu.test(core)) return [];
  // A login's words may sit before a user name with a dot in it ("user lena.m, pass …").
  const around =
    label.guard === 'login' ? text.slice(Math.max(0, labelStart - 60), labelStart) : before;
  if (!guardHolds(label, around, match[0], text.slice(labelEnd, at + value.length), core))
    return [];
  if (LONG_VALUED.has(kind) && core.length < 8) return [];
  if (CODE_VALUED.has(kind) && !QUOTED.test(core) && !CODE.test(core)) return [];
  if (countOrTalk(core, after, label, match[0], relation, afterSymbol)) return [];
  // A password of several words is masked whole; half of it would still open the door. Read in
  // English only: `PHRASE_STOP` knows no other language's "for" or "in".
  const rest =
    kind === 'password' &&
    label.guard === undefined &&
    label.lang === undefined &&
    relation.close &&
    !QUOTED.test(value)
      ? restOfPassword(after)
      : 0;
  const span = { start: at, end: at + value.length + rest, kind };
  if (!CODE_VALUED.has(kind)) return [span];
  return [span, ...codesAfter(text, span, /s$/iu.test(match[0]))];
}

function labelledValues(text: string): SecretSpan[] {
  return [...text.matchAll(LABEL)].flatMap((match) => valuesOfLabel(text, match));
}

/**
 * Chinese, Japanese and Korean labels (password, PIN, one-time code), written without spaces and
 * joined to their value by a particle or a colon ("密码是", "パスワードは", "암호는"): read apart from
 * `LABELS`, whose word edges need a space. Hand-written from everyday usage, as `FOREIGN_LABELS`.
 */
const CJK_LABEL =
  /(?:パスワード|暗証番号|パスコード|認証コード|確認コード|密码|密碼|口令|验证码|驗證碼|비밀번호|비번|암호|인증번호)(?:[はが：:是为為는은]|[ \t])[ \t]*(?:[：:][ \t]*)?([A-Za-z0-9][\w!#$%&*+.@-]*[\w!#$%&*])/gu;
/** A counter or a unit after a number ("2024年", "6位", "8자리"): a date or a length, not a code. */
const CJK_UNIT = /^[ \t]*[年月日位个個次分秒時时天桁자리번개년월일]/u;

function cjkValues(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const m of text.matchAll(CJK_LABEL)) {
    const value = m[1] ?? '';
    const end = (m.index ?? 0) + m[0].length;
    const after = text.slice(end);
    // The same vetoes as every other label's value (`countOrStandard`), and a CJK counter.
    if (value.length < 4 || !hasCredentialShape(value) || CJK_UNIT.test(after)) continue;
    if (countOrStandard(value, after)) continue;
    const label = m[0];
    const kind: SecretKind = /验证码|驗證碼|認証コード|確認コード|인증번호/u.test(label)
      ? 'one_time_code'
      : /暗証番号/u.test(label)
        ? 'pin'
        : 'password';
    spans.push({ start: end - value.length, end, kind });
  }
  return spans;
}

/** A verb of opening or disarming and a code it is done with: "to unlock the shed enter 4-4-0-9". */
const UNLOCK_WITH =
  /\b(?:open|unlock|disarm|arm)(?:s|ed|ing)?\b[^.;!?\n]{0,40}?\b(?:enter|use|type|punch in|key in|dial|with|using)\s+([#*]?\d(?:[\d#*]|[ -](?=\d)){2,15})(?=$|[\s.,;!?)])/giu;

/** Codes given by what they open rather than by a label. */
function unlockCodes(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const match of text.matchAll(UNLOCK_WITH)) {
    const code = match[1] ?? '';
    const start = (match.index ?? 0) + match[0].length - code.length;
    const around = text.slice(Math.max(0, (match.index ?? 0) - 40), start);
    if (PLACE.test(around)) spans.push({ start, end: start + code.length, kind: 'access_code' });
  }
  return spans;
}

/** A login given as a pair: "login is ops / Fern#Lake12", "sign in with viewer and kestrel9". */
const LOGIN_PAIR =
  /\b(?:log ?ins?|logins?|sign ?ins?|sign-ins?|credentials?|creds)\b[^.;!?\n]{0,40}?(?:\s+(?:is|are|was)\s+|\s*[:=]\s*|\s+with\s+)([\w.@+-]{2,40})(?:\s*\/\s*|\s+and\s+|\s*,\s*)([^\s,;"'`)]+[^\s,;"'`).:])/giu;

/** A login written as an e-mail address and a password: "netflix: ana@mail.com / Tr0mb0ne!". */
const EMAIL_PAIR =
  /(?<![\w.+/:-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?:\s+\/\s+|\s+pass(?:word)?\s+)([^\s,;"'`)]+[^\s,;"'`).:])/giu;

/**
 * A login given right after its word with no joining word, as "user / password":
 * "login root / Toor-77!". A thing about logins ("login page / v2") is no user.
 */
const BARE_LOGIN_PAIR =
  /\b(?:log ?in|sign ?in)[ \t]+([\w.@+-]{2,40})[ \t]*\/[ \t]*([^\s,;"'`)]+[^\s,;"'`).:])/giu;
const LOGIN_THING =
  /^(?:page|pages|flow|screen|form|button|link|issues?|bugs?|errors?|times?|rates?|speed|ui|ux|api|sso|oauth|saml|v\d+)$/iu;

function loginPairs(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const match of text.matchAll(BARE_LOGIN_PAIR)) {
    const user = match[1] ?? '';
    const password = match[2] ?? '';
    const core = password.replace(/[!?]+$/u, '');
    if (NOT_A_VALUE.test(user) || LOGIN_THING.test(user) || NAMED_SETTING.test(user)) continue;
    if (!/\p{L}/u.test(core) || !hasCredentialShape(core, true)) continue;
    const start = (match.index ?? 0) + match[0].length - password.length;
    spans.push({ start, end: start + password.length, kind: 'password' });
  }
  for (const match of text.matchAll(EMAIL_PAIR)) {
    const password = match[1] ?? '';
    const core = password.replace(/[!?]+$/u, '');
    // "on-call", "live-chat": a hyphen between letters makes a word, not a credential.
    if (!/\p{L}/u.test(core) || !hasCredentialShape(core, true)) continue;
    // A contact line goes on with a site or a phone, not a password ("ana@mail.com / ana.dev").
    if (/^(?:www\.|https?:)|^[\w-]+\.[a-z]{2,}(?:\/|$)|^\+?[\d\s()-]+$/iu.test(core)) continue;
    const start = (match.index ?? 0) + match[0].length - password.length;
    spans.push({ start, end: start + password.length, kind: 'password' });
  }
  for (const match of text.matchAll(LOGIN_PAIR)) {
    const user = match[1] ?? '';
    const password = match[2] ?? '';
    if (NOT_A_VALUE.test(user)) continue;
    const core = password.replace(/[!?]+$/u, '');
    if (!hasCredentialShape(core)) continue;
    const start = (match.index ?? 0) + match[0].length - password.length;
    spans.push({ start, end: start + password.length, kind: 'password' });
  }
  return spans;
}

const PRIVATE_KEY_BLOCK =
  /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----|$)/gu;
/**
 * Tokens whose vendor prefix says what they are, a JSON Web Token (its header is base64 JSON,
 * `eyJ`), and the body of an OpenSSH private key without its armour (base64 "openssh-key-v1").
 */
const PREFIXED_TOKEN =
  /\b(?:sk-(?:live-|test-|proj-)?[A-Za-z0-9_-]{16,}|sk_(?:live|test)_[A-Za-z0-9]{16,}|pk_live_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|xox[abpors]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|hv[sbr]\.[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{30,}|pypi-[A-Za-z0-9_-]{30,}|hf_[A-Za-z0-9]{30,}|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|ya29\.[A-Za-z0-9_-]{20,}|dop_v1_[a-f0-9]{40,}|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{20,}|(?:rk|whsec)_[A-Za-z0-9_]{20,}|gsk_[A-Za-z0-9]{20,}|r8_[A-Za-z0-9]{20,}|lin_api_[A-Za-z0-9]{20,}|pat[A-Za-z0-9]{14}\.[a-f0-9]{64}|b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=]{20,}|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})/gu;
/** A card network's first digit, 13 to 19 digits, grouped or not (epoch milliseconds start with 1). */
const CARD_CANDIDATE = /\b[3-6]\d{3}(?:[ -]?\d){9,15}\b/gu;
/** A word that makes a long digit run a card: an IMEI or a parcel reference passes Luhn too. */
const CARD_WORD =
  /(?<![\p{L}\p{N}])(?:cards?|credit|debit|visa|master ?card|amex|american express|discover|maestro|diners|jcb|cc|cvv|cvc|expiry|expires|exp|karte|kreditkart\p{L}*|kartennummer|tarjeta|carte|cart(?:ã|a)o|carta|kaart|karta|kort|kart(?:ı|i))(?![\p{L}\p{N}])/iu;
const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/gu;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function ibanValid(text: string): boolean {
  const compact = text.replace(/ /gu, '');
  if (compact.length < 15 || compact.length > 34) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = /\d/u.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A name's parts that say its value is a secret (`DB_PASSWORD`, `aws_secret_access_key`). */
const SECRET_PART =
  /^(?:key|apikey|secret|token|password|passwd|pwd|pass|passphrase|pin|credentials?)$/iu;
const SECRET_ANYWHERE = /^(?:secret|password|passwd|passphrase)$/iu;
/** A name's parts that make its value a setting about a secret, not one: `MAX_TOKEN`, `KEY_FILE`. */
const SETTING_PART =
  /^(?:public|primary|sort|partition|foreign|cache|idempotency|max|min|limit|count|size|length|len|ttl|timeout|expiry|expires|lifetime|budget|num|file|path|dir|name|id|url|uri|env|var|type|header|field|rotation|policy|hint|hash|algo|algorithm|encoder|backend|engine|provider|arn)$/iu;
/**
 * A configuration line: `.env`, `export`, YAML or JSON (`DB_PASSWORD=…`, `"apiKey": "…"`), and a
 * name led by "_" as `.npmrc` writes it (`//registry…/:_authToken=…`). A name of one word counts
 * only in capitals or quotes; the English label reads the rest.
 */
const CONFIG_LINE =
  /(?<![\p{L}\p{N}_$.-])(?<!\$\{)(["']?)(_?[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*)\1[ \t]*[:=][ \t]*(?=("[^"\n]{1,400}"|'[^'\n]{1,400}'|[^\s,;"'`]+))/gu;
/** A value that stands for one elsewhere: `${VAR}`, `$VAR`, `<your key>`, `{{ secret }}`, `%VAR%`. */
const PLACEHOLDER =
  /^(?:\$|<|\{|%|\*{3,}|x{4,}$|\.{3}|…|true$|false$|null$|none$|change_?me|your|example|dummy|placeholder|replace|insert)/iu;
/**
 * An unquoted value that is code or a file, not a secret: a call, an index or a block
 * (`prompt(…)`, `res["access"]`), a member or a camelCase variable (`c.CreatedDate`, `dayHourKey`),
 * a path (`/etc/app/credentials.json`).
 */
const CODE_OR_FILE =
  /[()[\]{}]|^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$|^\p{Ll}+(?:\p{Lu}\p{Ll}*)+$|^(?:\/|\.\.?\/|~\/)|\.(?:json|ya?ml|pem|key|txt|env|p12|crt|ini|cfg|conf)$/u;

function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/gu, '$1 $2')
    .split(/[_.\s-]+/u)
    .filter((p) => p !== '');
}

function configKind(last: string): SecretKind {
  if (/^pin$/iu.test(last)) return 'pin';
  if (/^(?:password|passwd|pwd|pass|passphrase)$/iu.test(last)) return 'password';
  return /^token$/iu.test(last) ? 'token' : 'api_key';
}

function configValues(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const match of text.matchAll(CONFIG_LINE)) {
    const [, quote = '', name = '', raw = ''] = match;
    const parts = nameParts(name);
    const last = parts[parts.length - 1] ?? '';
    if (parts.length === 1 && quote === '' && name !== name.toUpperCase()) continue;
    if (parts.some((p) => SETTING_PART.test(p))) continue;
    const secretLast = SECRET_PART.test(last);
    if (!secretLast && !parts.some((p) => SECRET_ANYWHERE.test(p))) continue;
    const quoted = /^["']/u.test(raw);
    const value = quoted ? raw.slice(1, -1) : raw.replace(/[.!?]+$/u, '');
    if (!quoted && CODE_OR_FILE.test(value)) continue;
    // A bare word is a value only in an environment line ("DB_PASSWORD=hunter"), not in prose
    // ("LastPass: Offers a free plan").
    if (!quoted && /^\p{L}+$/u.test(value) && !/_|^[A-Z0-9]+$/u.test(name)) continue;
    if (value.length < 4 || PLACEHOLDER.test(value) || NOT_A_VALUE.test(value)) continue;
    // "whsec_..." or "sk-…" stands for a value left out.
    if (/\.{3}|…/u.test(value)) continue;
    if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/u.test(value) || STATE_WORD.test(value)) continue;
    // A URL's credentials are read by `urlValues`; the rest of a URL is no secret.
    if (/^[a-z][a-z0-9+.-]*:\/\//iu.test(value)) continue;
    // An AWS resource name or an algorithm says where or how a secret is kept, not what it is.
    if (/^arn:/u.test(value) || isStandardName(value)) continue;
    // A secret word inside a name that ends otherwise (`SECRET_BACKEND`) names a setting whose
    // plain lowercase word is a choice ("vault", "bcrypt"), not a credential.
    if (!secretLast && /^\p{Ll}+$/u.test(value)) continue;
    // The value is read ahead, not consumed: a quoted sentence after "with:" may hold a line.
    const start = (match.index ?? 0) + match[0].length + (quoted ? 1 : 0);
    spans.push({ start, end: start + value.length, kind: configKind(last) });
  }
  return spans;
}

/** Credentials inside a URL: `scheme://user:password@host`, `?token=…`, `&api_key=…`. */
const URL_USERINFO = /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:([^\s/@]+)@/giu;
const URL_PARAMETER = /[?&#]([A-Za-z0-9_.-]+)=([^\s&#"'<>]+)/gu;
/** A URL parameter's name part that says its value is a credential. */
const URL_SECRET_PART =
  /^(?:token|key|apikey|secret|password|passwd|pwd|sig|signature|auth|credentials?)$/iu;
/** HTTP basic auth written as `user:password` after its name: "basic auth admin:S3cret". */
const BASIC_AUTH = /\bbasic[- ]?auth\b[^\n:]{0,20}?\s([\w.@-]+):([^\s,;"'`]+[^\s,;"'`.])/giu;
/**
 * Credentials on a command line: `--password=…`, `--token …`, `curl -u user:pass`, `--user
 * user:pass`, and mysql's `-p…` written against its flag.
 */
const CLI_CREDENTIAL =
  /(?:(?:^|\s)--?(?:password|passwd|pass|pwd|token|api-key|apikey|secret|auth-token)(?:=|\s+)|(?:^|\s)(?:-u|--user)\s+[^\s:]+:|\bmysql\b[^\n]*?\s-p)([^\s"'`]{3,})/giu;
/** Webhook URLs whose last part is their secret (Slack, Discord). */
const WEBHOOK =
  /\bhttps?:\/\/(?:hooks\.slack\.com\/services\/[A-Z0-9]+\/[A-Z0-9]+|(?:discord|discordapp)\.com\/api\/webhooks\/\d+)\/([A-Za-z0-9_-]{16,})/gu;
/** An HTTP header carrying a credential: `Authorization: Bearer …`, `X-Api-Key: …`. */
const AUTH_HEADER =
  /\b(?:(?:proxy-)?authorization\s*:\s*(?:(?:bearer|basic|token|digest|apikey)\s+)?|bearer\s+|x-[a-z-]*(?:key|token|secret|auth)[a-z-]*\s*:\s*)([A-Za-z0-9._~+/-]{12,}=*)/giu;

/** The value of capture `group` of `match`, which ends the match, without a sentence's stop. */
function lastGroup(match: RegExpMatchArray, kind: SecretKind, group = 1): SecretSpan | null {
  const raw = match[group] ?? '';
  const value = raw.replace(/[.,!?]+$/u, '');
  if (value === '' || PLACEHOLDER.test(value)) return null;
  const start = (match.index ?? 0) + match[0].length - raw.length;
  return { start, end: start + value.length, kind };
}

function urlValues(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const push = (span: SecretSpan | null) => {
    if (span !== null) spans.push(span);
  };
  for (const m of text.matchAll(URL_USERINFO)) {
    const start = (m.index ?? 0) + m[0].length - 1 - (m[1] ?? '').length;
    const value = m[1] ?? '';
    // "postgresql://user:password@localhost" shows where a password goes.
    if (
      value.length >= 3 &&
      !PLACEHOLDER.test(value) &&
      !/^(?:pass(?:word)?|passwd|pwd|secret)$/iu.test(value)
    )
      spans.push({ start, end: start + value.length, kind: 'password' });
  }
  for (const m of text.matchAll(URL_PARAMETER)) {
    const parts = nameParts(m[1] ?? '');
    if (!parts.some((p) => URL_SECRET_PART.test(p)) || parts.some((p) => SETTING_PART.test(p)))
      continue;
    const span = lastGroup(m, 'token', 2);
    // A credential's shape: long, with a digit or a case change ("?sort_key=name" is no secret).
    const value = span === null ? '' : text.slice(span.start, span.end);
    if (value.length >= 8 && /\d|\p{Ll}\p{Lu}/u.test(value)) push(span);
  }
  for (const m of text.matchAll(WEBHOOK)) push(lastGroup(m, 'token'));
  for (const m of text.matchAll(BASIC_AUTH)) {
    const span = lastGroup(m, 'password', 2);
    const value = span === null ? '' : text.slice(span.start, span.end);
    if (value.length >= 4 && hasCredentialShape(value) && !/^\/\//u.test(value)) push(span);
  }
  for (const m of text.matchAll(CLI_CREDENTIAL)) {
    const span = lastGroup(m, 'password');
    const value = span === null ? '' : text.slice(span.start, span.end);
    if (!NOT_A_VALUE.test(value) && !/^-/u.test(value) && !CODE_OR_FILE.test(value)) push(span);
  }
  for (const m of text.matchAll(AUTH_HEADER)) {
    const span = lastGroup(m, 'token');
    const value = span === null ? '' : text.slice(span.start, span.end);
    if (/\d/u.test(value) && /\p{L}/u.test(value)) push(span);
  }
  return spans;
}

function shapedValues(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const add = (match: RegExpExecArray | RegExpMatchArray, kind: SecretKind) => {
    const start = match.index ?? 0;
    spans.push({ start, end: start + match[0].length, kind });
  };
  for (const m of text.matchAll(PRIVATE_KEY_BLOCK)) add(m, 'private_key');
  for (const m of text.matchAll(PREFIXED_TOKEN)) add(m, 'token');
  for (const m of text.matchAll(CARD_CANDIDATE)) {
    const digits = m[0].replace(/\D/gu, '');
    const start = m.index ?? 0;
    const near = text.slice(Math.max(0, start - 60), start + m[0].length + 40);
    if (luhn(digits) && CARD_WORD.test(near)) add(m, 'card_number');
  }
  for (const m of text.matchAll(IBAN_CANDIDATE)) if (ibanValid(m[0])) add(m, 'bank_account');
  return spans;
}

/** Words that ask about a secret rather than for it: "how many digits is the PIN?", "when…". */
const ABOUT_SECRET =
  /\b(?:how (?:many|long|often|old|do|does|did|can|should)|when|where|why|who|whose|which (?:years?|(?:week)?days?|months?|weeks?|times?|one|ones|apps?)|what (?:years?|days?|months?|time|times|length|format|kind|sort|type|app|happens))\b/iu;
/**
 * A question that offers help with a secret rather than asking for it: "Lost your card PIN?",
 * "Forgot your passcode?", "Need a new PIN?". A phone number after it is a helpline, not the
 * value; a code is still the value ("Forgot the gate code? It's 4471.").
 */
const OFFERS_HELP =
  /^(?:(?:have|did|do)\s+you\s+|you\s+)?(?:lost|forgot(?:ten)?|forget|misplaced|need(?:ing)?\s+(?:a\s+)?(?:new|replacement)|locked\s+out|blocked|trouble)\b/iu;
/** A question that asks for a name as well ("the network name and password?"): a reply of words is the name. */
const NAME_TOO = /\b(?:name|ssid|user ?name)\b/iu;
/** Whether a question asks for two things: a name too, or two asks joined ("…called and what's…"). */
function asksTwo(question: string): boolean {
  return NAME_TOO.test(question) || /\S\s+(?:and|&)\s+\S/u.test(question);
}
/** A value shaped like a credential whatever it was asked as: one run of letters or signs with a digit. */
function credentialShaped(value: string): boolean {
  return /\d/u.test(value) && (!/\s/u.test(value) || CODE_REPLY.test(value));
}
/**
 * A message asking for something: a question (by its mark, or opening with "what"/"which": a chat
 * drops the mark, "whats the gate code, im outside"), or a request to give it.
 */
const REQUEST =
  /\?\s*$|^\s*(?:what|whats|which)\b|\b(?:share|send|give|tell|read|type|enter|provide|paste)\b/iu;
/**
 * What sent a code a bare "code" names: "the code they texted you", "the code in the app", and
 * its arriving in the set's other languages ("¿te llegó el código?", "ist der Code angekommen?").
 */
const SENT =
  /\b(?:text(?:ed)?|sent|sms|app|e-?mailed|authenticator|verification|login|sign[- ]?in)\b|(?<![\p{L}\p{N}])(?:angekommen|bekommen|geschickt|erhalten|re(?:ç|c)u|arriv(?:é|e)|envoy(?:é|e)|lleg(?:ó|o)|recibi(?:ste|do)|enviad[oa]|arrivato|ricevuto|inviato|chegou|recebe(?:ste|u)|recebido|ontvangen|gekregen|gestuurd|dosta(?:ł|l)(?:e(?:ś|s)|a(?:ś|s))|przysz(?:ed(?:ł|l)|(?:ł|l)a)|doszed(?:ł|l))(?![\p{L}\p{N}])/iu;
/** A question that names its secret by "it" or "the new one", after a sentence that named it. */
const BACK_REFERENCE = /\b(?:it|that|the new one|which one)\b/iu;

/**
 * Another noun phrase asked for before the label, the label inside a phrase after it: "the room
 * number for the password workshop", "the fare for the visit the code was changed on". The words
 * of that phrase are no pronoun, question word or verb ("text you as the login code" asks for it).
 */
const OTHER_HEAD_BEFORE =
  /\b(?:the|an?|your|my|our|their|his|her)\s+(?:(?!(?:you|me|us|them|it|what\S*|which|who|is|are|was|were|do|does|did|can|could|will|would)\b)[\p{L}\d'’-]+\s+){1,3}(?:on|for|of|in|from|at|about|with|to|behind|under|inside|the|an?|your|my|our|their)\s+[^,;]*$/iu;
/** The label owns a noun after it: "the password team's number" asks for the number. */
const OWNED_AFTER = /^\s+[\p{L}-]+['’]s\s+\p{L}/u;

/** What a bare "number" in a question opens when it names a secret's place: a lock or a safe. */
const LOCK = new RegExp(`(?<![\\p{L}\\p{N}])(?:${openedWords('lock')})(?![\\p{L}\\p{N}])`, 'iu');
/**
 * A device that locks with a number of its own: "die Nummer fürs Tablet", "the number for the
 * laptop" ask for its passcode. Never a phone (its number is the one to call) nor a device's model
 * or serial number (`OTHER_NUMBER`). English, German, French, Spanish, Italian, Portuguese, Dutch, Polish.
 */
const DEVICE =
  /(?<![\p{L}\p{N}])(?:tablets?|tablette|tableta|ipads?|laptops?|notebook|computer|pc|rechner|ordinateur|ordenador|port(?:á|a)til|computador|komputer|kindle)(?![\p{L}\p{N}])/iu;
/** What a bare "number" asked for opens: a lock or a safe (`LOCK`), or a device (`DEVICE`). */
const LOCKED = new RegExp(`${LOCK.source}|${DEVICE.source}`, 'iu');

/**
 * A number near a lock that is not its code: "the model number of the safe", "the serial number
 * on the bike lock", "which number bus stops by the lock", "the deposit box number", "the
 * number for the lock keeper", "the lock's part number".
 */
const OTHER_NUMBER =
  /\b(?:model|serial|part|product|item|order|phone|box|bus|tram|route|platform)\s+(?:number|no\.?|nummer|num(?:é|e)ro|n(?:ú|u)mero|numer)\b|\bnumber\s+(?:bus|tram|route|platform)\b|\block[ -]?(?:keeper|smith)s?\b/iu;

/** A question asking for a card itself, by a request ("send me the company card"). */
const CARD_REQUEST = /\b(?:send|give|read|share|tell|paste|type)\b/iu;

/**
 * @internal Words a question asks for a secret by that are no label in a text (`LABELS` reads
 * those): a number said of a lock ("the number for the bike lock", "die Nummer vom Schloss"), a
 * login asked for whole ("the login for the vet portal", "Zugangsdaten"), a card asked to be sent.
 * `needs` is what the question must also name. One sentence of our own each in `secrets.test.ts`.
 */
export const ASKED_LABELS: readonly {
  readonly lang: string;
  readonly kind: SecretKind;
  readonly words: string;
  readonly needs?: RegExp;
}[] = [
  { lang: 'en', kind: 'access_code', words: 'number', needs: LOCKED },
  { lang: 'de', kind: 'access_code', words: 'nummer|zahl', needs: LOCKED },
  { lang: 'fr', kind: 'access_code', words: 'num(?:é|e)ro', needs: LOCKED },
  { lang: 'es', kind: 'access_code', words: 'n(?:ú|u)mero', needs: LOCKED },
  { lang: 'it', kind: 'access_code', words: 'numero', needs: LOCKED },
  { lang: 'nl', kind: 'access_code', words: 'nummer', needs: LOCKED },
  { lang: 'pl', kind: 'access_code', words: 'numer', needs: LOCKED },
  // A login asked for whole, never a thing about it ("the login page", "credentials page URL").
  {
    lang: 'en',
    kind: 'password',
    words:
      '(?:(?:login|log-in|sign-in)(?: details)?|credentials)(?=\\s*(?:$|[?,.!]|\\s(?:for|to|of|on|at)\\b))',
  },
  { lang: 'de', kind: 'password', words: 'zugangsdaten|anmeldedaten' },
  { lang: 'fr', kind: 'password', words: 'identifiants' },
  { lang: 'es', kind: 'password', words: 'credenciales' },
  { lang: 'pt', kind: 'password', words: 'credenciais' },
  { lang: 'it', kind: 'password', words: 'credenziali' },
  { lang: 'nl', kind: 'password', words: 'inloggegevens' },
  { lang: 'pl', kind: 'password', words: 'dane (?:do )?logowania' },
  // A key asked for by its word, given only as a long random string (`KEY_REPLY`, not made of words).
  { lang: 'en', kind: 'api_key', words: 'keys?' },
  { lang: 'de', kind: 'api_key', words: 'schl(?:ü|ue)ssel' },
  { lang: 'fr', kind: 'api_key', words: 'cl(?:é|e)s?' },
  { lang: 'it', kind: 'api_key', words: 'chiavi|chiave' },
  { lang: 'pt', kind: 'api_key', words: 'chaves?' },
  { lang: 'nl', kind: 'api_key', words: 'sleutels?' },
  { lang: 'pl', kind: 'api_key', words: 'klucz(?:a|e|em)?' },
  {
    lang: 'mul',
    kind: 'card_number',
    words: 'card|karte|carte|tarjeta|cart(?:ã|a)o|carta|kaart|kart[aęy]',
    needs: CARD_REQUEST,
  },
];
const ASKED_PATTERNS = ASKED_LABELS.map((l) => ({
  ...l,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}_])(?:${l.words})(?![\\p{L}\\p{N}_])`, 'iu'),
}));

/** A configuration name in a sentence: `DEPLOY_TOKEN`, `PAY_KEY`, `db_password`. */
const CONFIG_NAME = /(?<![\w$.-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w-])/gu;

/**
 * A question for what is typed to get on or in: "what do they type to connect?", "what do I
 * enter to unlock it?". What is typed to connect, log in or open is a password, named or not.
 */
const TYPED_TO_ENTER =
  /\bwhat (?:do|does|did|should|will|would|must|can) (?:i|we|you|they|she|he|guests?|people) (?:type|enter|put in|key in)(?: in)? to (?:connect|join|get (?:on(?:line)?|in)|log ?(?:in|on)|sign ?in|unlock|open)\b/iu;

/**
 * The kind an `ASKED_LABELS` word in `sentence` asks for, when one is there with what it needs,
 * or a configuration name whose parts say secret, read as `configValues` reads a name ("What did
 * you put in DEPLOY_TOKEN?"; never `MAX_TOKENS`).
 */
function askedByWord(sentence: string): SecretKind | null {
  if (TYPED_TO_ENTER.test(sentence)) return 'password';
  for (const l of ASKED_PATTERNS)
    if (l.pattern.test(sentence) && (l.needs === undefined || l.needs.test(sentence))) {
      if (l.kind === 'card_number' && OTHER_CARD.test(sentence)) continue;
      if (l.needs === LOCKED && OTHER_NUMBER.test(sentence)) continue;
      return l.kind;
    }
  for (const match of sentence.matchAll(CONFIG_NAME)) {
    const parts = nameParts(match[0]);
    const last = parts[parts.length - 1] ?? '';
    if (parts.some((p) => SETTING_PART.test(p))) continue;
    if (SECRET_PART.test(last) || parts.some((p) => SECRET_ANYWHERE.test(p)))
      return configKind(last);
  }
  return null;
}

/**
 * A question asking how to get in or open a door, in the set's languages: "how do I get in?",
 * "Wie komme ich rein?", "Jak się wchodzi do klatki?", "小区大门怎么开？". Asked with its mark, it
 * asks for the code (a reply that is a sentence or a direction gives none). In English and Chinese
 * the getting-in is bare or into a place a code opens: "get in touch", "get in to see the GP",
 * "发票怎么开" (how is an invoice issued) and "这个会怎么开" (how is the meeting run) ask for none.
 */
const GET_IN =
  /how (?:do|does|can|should|will) (?:i|we|you|she|he|they|one) get (?:in(?:side)?(?: (?:now|tonight|today|there|later))?\s*[?？]|in(?:to|side)? (?:the |my |our |your |their |his |her |a |an )?(?:[\p{L}-]+ )?(?:door|building|flat|apartment|house|garage|gate|site|block|office|lobby|hall|yard|shed|unit|compound|studio|basement|cellar|warehouse|garden|lockbox|safe)s?\b)|how (?:do|can) (?:i|we|you) open the (?:door|gate)|wie komm(?:e|t|en) (?:ich|man|wir|sie|er|du) (?:(?:nochmal|eigentlich|denn|jetzt|da|dort|morgen|heute) )?(?:rein|hinein|ins?)\b|comment (?:on )?(?:entre|rentre|ouvre)|c(?:ó|o)mo (?:se )?(?:entra|abre)|come si (?:entra|apre)|como (?:se )?(?:entra|abre)|hoe kom (?:ik|je|we|jij) (?:binnen|erin)|jak si(?:ę|e) (?:wchodzi|otwiera)|jak (?:wej(?:ść|sc)|otworzy(?:ć|c))|(?:门|門|门禁|門禁|锁|鎖|闸|閘|柜|櫃|箱)怎(?:么|麼)(?:开|開)|怎(?:么|麼)(?:进|進)(?:去|来|來|门|門)?(?:小区|小區|大楼|大樓|楼|樓|屋|院子|车库|車庫|公寓)?\s*[？?]|どうやって(?:入|開け)/iu;

/**
 * A question that is nothing but a place a code opens: "door?", "and the gate?", "Alarmanlage?",
 * "le portail ?", "大门？". It asks for the code unless it goes on with a question for another value
 * in a chat saying nothing of codes or getting in (`placeAsksCode`).
 */
const BARE_PLACE = new RegExp(
  `^¿?(?:(?:and|und|et|y|e|en|i|a)\\s+)?(?:(?:the|der|die|das|le|la|l['’]|el|il|lo|o|de|het)\\s*)?(?:(?:front |back |side |garage |gate )?(?:${openedWords('opening')}))\\s*[?？]$`,
  'iu',
);

/**
 * @internal Words asking for "the one" of a place a code opens, the code left unsaid: "what's the
 * one for the gate?", "qual é o do portão?", "¿y el del portón?", "und fürs Tor?". Read before a
 * place of `OPENED` and a question mark, nothing else in the sentence (`ONE_FOR_PLACE`): asked so,
 * the place is asked as a bare one is ("gate?", `BARE_PLACE`). One word may name
 * the place's own ("and for the bike shed?"), a short phrase say whose it is ("o do portão da garagem?"). By hand, in English and the
 * languages of `OPENED`; each entry has a chat of our own in `secrets-conversation.test.ts`, and a
 * test fails when one has none.
 */
export const ONE_FOR_WORDS: readonly string[] = [
  // English
  // ("the number for the gate" is not here: a gate at an airport has a number)
  "what(?:['’]s| is| was) the one (?:for|on|of)",
  'and (?:for|on)',
  // Portuguese, Spanish, Italian
  '(?:qual (?:é|e|era)|e) (?:o|a) d(?:o|a)',
  '(?:cu(?:á|a)l es|y) (?:el|la) de(?:l| la)',
  '(?:qual (?:è|e)|e) quello d(?:el|ella)',
  // German, French, Dutch
  'und (?:f(?:ü|u)rs|f(?:ü|u)r (?:das|die|den)|vom|von der)',
  "(?:c['’]est quoi|et) (?:celui|celle) d(?:u|e la|e l['’])",
  'en (?:die|dat) van (?:de|het)',
];
const ONE_FOR_PLACE = new RegExp(
  `^¿?(?:${ONE_FOR_WORDS.join('|')})\\s*(?:(?:the|a)\\s+)?(?:[\\p{L}-]+ )?(?:${openedWords('opening')})(?:\\s+(?:da|do|de|del|of|des|der|van)\\s+[\\p{L}-]+)?\\s*[?？]$`,
  'iu',
);

/**
 * @internal Talk of getting into a place, or of being at it or on the way there: after it, a bare
 * place asked for ("door?") asks for its code, whatever was asked before ('Heading to your place
 * now' | 'door?' | '4471#', 'Got to the cabin, it's locked' | 'gate?' | '2608'). Written by hand
 * from everyday usage, in English and the languages of `FOREIGN_LABELS` and `OPENED`; each entry
 * has a sentence of our own in `secrets-bare-place.test.ts`, and a test fails when one has none.
 * A word here only ever makes a code of a reply to a bare place: a false hit masks a width.
 */
export const CODE_TALK_WORDS: readonly string[] = [
  // English: getting in
  'locked(?: out)?',
  '(?:let|buzz) (?:me|us|him|her|them) in',
  "(?:can['’]?t|cannot|can not|couldn['’]?t) get in(?:side)?",
  'keys?',
  'buzz(?:er)?',
  'door ?bell',
  'ring the bell',
  'knock(?:ed|ing)?',
  'open (?:up|the (?:door|gate))',
  'unlock(?:ed)?',
  'lockbox(?:es)?',
  'intercom',
  // English: being there, or on the way
  "(?:i['’]?m|i am|we['’]?re|we are|im) (?:at|outside|here|downstairs|out front|in front|in the lobby)",
  'on (?:my|our) way',
  '(?:heading|headed|driving|walking) (?:to|over|round)',
  '(?:just )?(?:got here|made it)',
  'arriv\\p{L}*',
  'coming',
  'see you',
  'downstairs|outside now',
  'stay(?:ing)?|visit(?:ing)?|guests?',
  '(?:almost|nearly) there',
  'be (?:there|over|round)',
  'pulling (?:up|in)',
  'parked (?:outside|out front)',
  'come (?:over|round|by)',
  'check[- ]?in',
  // German
  'abgeschlossen|zugesperrt|verschlossen',
  '(?:lass|lässt|lasst) (?:mich|uns) rein',
  'komm(?:e|en)? nicht rein',
  'mach(?:st)? (?:mir )?auf|aufmachen',
  'schl(?:ü|ue)ssel',
  'bin (?:gleich |schon )?(?:da|hier|unten|unterwegs)',
  'vor (?:dem|der|deinem|deiner|eurem|eurer) (?:haus|t(?:ü|ue)r|wohnung)',
  'angekommen|ankommen|ankunft',
  'bei (?:dir|euch|ihnen)',
  // French
  'verrouill(?:é|e)e?',
  'ferm(?:é|e)e? (?:à|a) cl(?:é|e)',
  'peux pas entrer',
  'laisse[- ]moi entrer|ouvre[- ]moi',
  'cl(?:é|e)s?',
  'je suis (?:là|devant|en bas)',
  'en route',
  // Spanish
  'cerrad[oa] con llave',
  'no puedo entrar',
  '(?:á|a)breme|d(?:é|e)jame entrar',
  'llaves?',
  'estoy (?:aqu(?:í|i)|afuera|fuera|abajo)',
  'lleg\\p{L}*',
  'de camino|voy para all(?:á|a)',
  // Italian
  'chiuso a chiave',
  'non riesco (?:a )?entrare|aprimi|fammi entrare',
  'chiav[ei]',
  'sono (?:qui|fuori|sotto)',
  // Portuguese
  'trancad[oa]',
  'n(?:ã|a)o consigo entrar|deixa[- ]me entrar',
  'chaves?',
  'estou (?:aqui|l(?:á|a) fora)|a caminho',
  'cheg\\p{L}*',
  // Dutch
  'op slot',
  'kan er niet in|laat (?:me|mij|ons) (?:er )?(?:binnen|in)',
  'sleutels?',
  'ik ben er|we zijn er|ik sta (?:voor|beneden|buiten)|onderweg',
  'aankomst|kom(?:en)? (?:aan|langs)',
  // Polish
  'zamkni(?:ę|e)t[eay]',
  'nie mog(?:ę|e) wej(?:ść|sc)|otw(?:ó|o)rz|wpu(?:ść|sc) mnie',
  'klucz(?:e|a|y|ami)?',
  'jestem (?:na miejscu|pod|na dole|ju(?:ż|z))|w drodze',
  'b(?:ę|e)d(?:ę|e)|przyjad(?:ę|e)|przyjd(?:ę|e)',
  // Swedish, Danish, Indonesian
  'l(?:å|aa)st|nyckel(?:n)?',
  'jag (?:är|ar) (?:här|utanför)',
  'n(?:ø|o)gle(?:n)?|jeg er (?:her|udenfor)',
  'terkunci|kunci',
  'sudah sampai|di depan',
  // Chinese and Japanese (read without word edges)
  '锁了|锁着|鎖了|鎖著',
  '进不去|進不去',
  '开门|開門',
  '钥匙|鑰匙',
  '到了|楼下|樓下|门口|門口|在路上',
  '鍵|入れない|開けて',
  '着いた|向かって',
  '过来|過來|来了|來了',
];

/**
 * @internal Questions for a value other than a code that a bare place may go on with: a size, a
 * weight, a price, a year ('How deep are the cupboards?' | 'the pantry is 600' | 'door?' | '820').
 * Never a time, a duration, a distance or a count: a visit is arranged by those, then the door
 * code asked ("What time should I come?" | "7" | "door?" | "4471"). By hand, in English and the
 * languages of `CODE_TALK_WORDS`; each entry has a chat of our own in `secrets-bare-place.test.ts`,
 * and a test fails when one has none.
 */
export const VALUE_ASK_WORDS: readonly string[] = [
  // English
  'how (?:deep|wide|tall|high|big|heavy|thick)',
  '(?:width|height|depth|length|size|weight)s?',
  'how old|what year',
  'how much|price|cost|set (?:you|me|us) back',
  'fares?|fees?',
  // German, French, Spanish, Italian, Portuguese, Dutch, Polish
  'wie (?:breit|tief|hoch|lang|alt|gro(?:ß|ss)|schwer)',
  'wie ?viel|was kostet|wie teuer',
  'combien',
  'hauteur|largeur|profondeur|longueur|taille|prix|poids',
  'cu(?:á|a)nto|qu(?:é|e) tama(?:ñ|n)o',
  'quant[oaie]s?',
  'hoeveel|hoe (?:breed|diep|hoog|oud|zwaar|groot)',
  'ile|jak (?:szerok|g(?:łę|le)bok|wysok|d(?:ł|l)ug|star)\\p{L}*',
  // Chinese and Japanese (read without word edges)
  '多少|多宽|多寬|多高|多长|多長|多大',
  'いくら|何年|何センチ',
];

const CJK_ENTRY = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** One pattern of a word list: word edges for words of letters, none for CJK (no spaces there). */
function wordListPattern(words: readonly string[]): RegExp {
  const spaced = words.filter((w) => !CJK_ENTRY.test(w)).join('|');
  const joined = words.filter((w) => CJK_ENTRY.test(w)).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${spaced})(?![\\p{L}\\p{N}])|${joined}`, 'iu');
}
const CODE_TALK = wordListPattern(CODE_TALK_WORDS);
const VALUE_ASK = wordListPattern(VALUE_ASK_WORDS);

/**
 * @internal Talk of getting access with a code: logging in, signing in, being locked out,
 * unlocking, needing to get in. Said in the turns before a reply that is nothing but a short
 * digit code ("locked out of the family ipad, what did u set it to" | "oh sorry!! 190387"), it
 * makes that reply the access code, though no label names it (`accessAnswer`); said in a text or
 * the turns before it, a code spelled digit by digit ("3 0 5 9") or closed by a keypad key
 * ("4471#") is one (`keyedCodes`). Never over a reply to a question for another value: a size,
 * a time, another number (`asksOther`). Written by hand from everyday usage, in English and the
 * languages of `FOREIGN_LABELS`; each entry has a chat of our own in
 * `secrets-conversation.test.ts`, and a test fails when one has none.
 */
export const ACCESS_TALK_WORDS: readonly string[] = [
  // English: logging in, being shut out, opening a device or an account
  'log(?:ged|ging)? ?(?:in|on)(?:to)?',
  'login',
  'sign(?:ed|ing)? ?in(?:to)?',
  'locked out',
  'unlock(?:ed|ing|s)?',
  '(?:how|need(?:s|ed)?|want(?:s|ed)?|trying) to get in(?:side)?',
  // German
  'einlogg\\p{L}*|eingeloggt|ausgesperrt|entsperr\\p{L}*',
  // French
  'me connecter|se connecter|d(?:é|e)verrouill\\p{L}*',
  // Spanish, Portuguese
  'iniciar sesi(?:ó|o)n|desbloque\\p{L}*|fazer login',
  // Italian
  'accedere|sblocc\\p{L}*',
  // Dutch
  'inlogg\\p{L}*|ingelogd|ontgrendel\\p{L}*|buitengesloten',
  // Polish
  'zalogowa\\p{L}*|odblokowa\\p{L}*',
  // Chinese and Japanese (read without word edges)
  '登录|登錄|登入|解锁|解鎖|ログイン|ロック解除',
];
const ACCESS_TALK = wordListPattern(ACCESS_TALK_WORDS);

/** Whether `text` speaks of getting access: `ACCESS_TALK`, a question how to get in, or code talk. */
function speaksOfAccess(text: string): boolean {
  return ACCESS_TALK.test(text) || GET_IN.test(text) || CODE_TALK.test(text);
}

/** A lock or an opening a code opens (`OPENED`, its first two tiers). */
const OPENING = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${openedWords('opening')})(?![\\p{L}\\p{N}])`,
  'iu',
);

/** A number asked for by its noun ("the order number", "die Nummer", "n° de vol"). */
const NUMBER_NOUN =
  /(?<![\p{L}])(?:numbers?|nummer|num(?:é|e)ro|n(?:ú|u)mero|numer|no\.|nr\.?)(?![\p{L}])/iu;
/** A question for a time ("what time", "when", "wann", "quand", "cuándo", "quando", "wanneer", "kiedy"). */
const ASKS_TIME =
  /(?<![\p{L}])(?:what time|when|wann|um wie ?viel uhr|quand|(?:à )?quelle heure|cu(?:á|a)ndo|a qu(?:é|e) hora|quando|a che ora|wanneer|hoe laat|kiedy|o kt(?:ó|o)rej)(?![\p{L}])/iu;

/**
 * Whether the last sentence before a reply asks for another value than a code: a size, a price,
 * a year (`VALUE_ASK`), a time, something about a secret (`ABOUT_SECRET`), or a number that is no
 * lock's ("what's the order number?").
 */
function asksOther(asked: string): boolean {
  const last = sentencesOf(asked).pop() ?? '';
  if (VALUE_ASK.test(last) || ASKS_TIME.test(last) || ABOUT_SECRET.test(last)) return true;
  return NUMBER_NOUN.test(last) && !LOCK.test(last);
}

/** A short code of 4 to 8 digits, spelled together, grouped or one by one, a keypad key around it. */
const ACCESS_CODE = /^[#*]?\d(?:\d|[ -](?=\d)){3,11}[#*]?$/u;
/** Words acknowledging before a value: "yeah 604193", "ok 4471", "oui 2291". */
const ACK_BEFORE =
  /^(?:(?:yes|yeah|yep|yup|ya|ok|okay|sure|here|oh|ah|so|ja|oui|s(?:í|i)|sim|tak|好的?|嗯)[\s,.!:;]+){1,3}/iu;

/**
 * The code a reply gives after turns speaking of access (`ACCESS_TALK`), though none asked for it
 * by name: a reply that is nothing but 4 to 8 digits, after a short frame ("oh sorry!! 190387",
 * "yeah 604193", "no wait 5821"). Null after a question for another value (`asksOther`).
 */
function accessAnswer(asked: string, reply: string): SecretSpan | null {
  if (!ACCESS_TALK.test(asked) || asksOther(asked)) return null;
  const match = REPLY.exec(reply);
  if (match === null || !framesAnswer(match[1] ?? '')) return null;
  const said = (match[2] ?? '').trim();
  const ack = ACK_BEFORE.exec(said)?.[0] ?? '';
  const value = said.slice(ack.length).replace(KEY_AFTER, '').replace(NOT_AFTER, '');
  const digits = (value.match(/\d/gu) ?? []).length;
  if (!ACCESS_CODE.test(value) || digits < 4 || digits > 8) return null;
  const start =
    (match[1] ?? '').length + reply.slice((match[1] ?? '').length).indexOf(said) + ack.length;
  return { start, end: start + value.length, kind: 'access_code' };
}

/** Talk of a crypto wallet or its backup words: what a reply of seed words answers. */
const WALLET_TALK =
  /(?<![\p{L}])(?:wallet|seed|mnemonic|recovery (?:phrase|words|sheet|card)|backup (?:phrase|words)|ledger|trezor|metamask|frase semilla|phrase de r(?:é|e)cup(?:é|e)ration|wiederherstellungs\p{L}*)(?![\p{L}])/iu;
/** A wallet's seed words: 12 to 24 lowercase words of 3 to 8 letters, read out whole. */
const SEED_WORDS = /^\p{Ll}{3,8}(?: \p{Ll}{3,8}){11,23}$/u;

/**
 * A wallet's seed words given as a whole reply after turns speaking of a wallet (`WALLET_TALK`),
 * though none named them ("I found the card from when I set up the hardware wallet" | "orbit
 * canal velvet …"): 12, 15, 18, 21 or 24 words, none a word a sentence is made with.
 */
function seedAnswer(asked: string, reply: string): SecretSpan | null {
  if (!WALLET_TALK.test(asked)) return null;
  const said = reply.trim().replace(/\.$/u, '');
  const words = said.split(' ');
  if (!SEED_WORDS.test(said) || words.length % 3 !== 0) return null;
  if (words.some((w) => PHRASE_STOP.test(w) || PASSPHRASE_STOP.test(w))) return null;
  const start = reply.indexOf(said);
  return { start, end: start + said.length, kind: 'private_key' };
}

/**
 * A code spelled digit by digit ("3 0 5 9"), 4 to 8 digits and no more ("10 9 8 7 6 5 4 3 2 1"
 * counts down), or closed by the hash key ("4471#", "*2291#"; never "**The 1975**", bold).
 */
const KEYED = /(?<![\p{L}\p{N}#*.,:/-]|\d )(?:\d(?: \d){3,7}|[#*]?\d{3,8}#)(?![\p{L}\p{N}]| \d)/gu;

/**
 * Codes shaped as typed on a keypad (`KEYED`) where access is spoken of: in the text or the turns
 * before it (`speaksOfAccess`), or a lock or an opening named in the code's own sentence ("key
 * safe by the bins, 3 0 5 9"). A lock named in another sentence is not enough ("I changed the
 * locker code. Lunch is at noon. What is it now? 5 5 1 2." asks too far back).
 */
function keyedCodes(text: string, asked: string | undefined): SecretSpan[] {
  const keyed = [...text.matchAll(KEYED)];
  if (keyed.length === 0) return [];
  const access = speaksOfAccess(text) || (asked !== undefined && speaksOfAccess(asked));
  const spans: SecretSpan[] = [];
  for (const m of keyed) {
    const at = m.index ?? 0;
    const from = text.slice(0, at).search(/[^.!?\n]*$/u);
    const to = text.slice(at).search(/[.!?](?:\s|$)|\n/u);
    const sentence = text.slice(from, to === -1 ? text.length : at + to);
    if (access || OPENING.test(sentence))
      spans.push({ start: at, end: at + m[0].length, kind: 'access_code' });
  }
  return spans;
}

/** The kinds a chat speaks of when a bare place asked for is a code's: codes, PINs, passwords. */
const CODE_KINDS: ReadonlySet<SecretKind> = new Set([
  'pin',
  'access_code',
  'password',
  'one_time_code',
]);

/**
 * Whether `text` speaks of a code or of getting in: a label of `CODE_KINDS` (its guard not needed:
 * "the code" said before "door?" is the door's; never a public code, "the zip code", nor a "pass"
 * with no login), a CJK secret word, a question how to get in (`GET_IN`), or `CODE_TALK`.
 */
function speaksOfCode(text: string): boolean {
  if (CJK_SECRET_WORD.test(text) || GET_IN.test(text) || CODE_TALK.test(text)) return true;
  for (const match of text.matchAll(LABEL)) {
    const label = labelOf(match[0]);
    if (!CODE_KINDS.has(label.kind)) continue;
    if (label.guard === 'place' && PUBLIC_CODE_BEFORE.test(text.slice(0, match.index ?? 0)))
      continue;
    if (label.guard === 'login' && !guardedBy(label, text)) continue;
    return true;
  }
  return false;
}

/** A "code" or a lowercase "pin" in a clause: what `namesOtherCode` reads the word before. */
const CODE_OR_PIN = /(?<![\p{L}])(?:code|pin)(?![\p{L}])/gu;

/**
 * Whether a clause names a public code or a hardware pin before a value: "The error code on the
 * gate is 7781", "the sensor pin is 4471" (`PUBLIC_CODE_BEFORE`, `HARDWARE_BEFORE`).
 */
function namesOtherCode(clause: string): boolean {
  return [...clause.matchAll(CODE_OR_PIN)].some((m) => {
    const before = clause.slice(0, m.index ?? 0);
    return m[0] === 'code' ? PUBLIC_CODE_BEFORE.test(before) : HARDWARE_BEFORE.test(before);
  });
}

/**
 * Whether the turns before a reply ask for no code, whatever place or account they name: a
 * question for another value (`asksOther`, `talksOfValues`), about a secret rather than for it
 * (`ABOUT_SECRET`, `CJK_ABOUT`: "パスワードはいつ変わるの？"), or for another number of a lock
 * (`OTHER_NUMBER`: "What's the lock's part number?").
 */
function asksNoCode(asked: string): boolean {
  const last = sentencesOf(asked).pop() ?? '';
  if (asksOther(asked) || talksOfValues(asked) || OTHER_NUMBER.test(last)) return true;
  return CJK_SECRET_WORD.test(last) && CJK_ABOUT.test(last);
}

/**
 * Whether the turns before a reply hold a question for another value (`asksValue`): a size, a
 * price, a year. The stretch is then about those values, whatever place it names ("How wide is
 * the landing?" | "1150" | "door?" | "760"), and a bare number in it is not read as a code.
 */
function talksOfValues(asked: string): boolean {
  return sentencesOf(asked).some(asksValue);
}

/** Whether `sentence` is a question for another value (`VALUE_ASK`): by its mark or opening so. */
function asksValue(sentence: string): boolean {
  const found = VALUE_ASK.exec(sentence);
  return found !== null && (/[?？]\s*$/u.test(sentence) || found.index === 0);
}

/**
 * Whether a bare place asked for (`BARE_PLACE`) asks for its code, read with the sentences said
 * before and after it: yes in a chat speaking of a code, of getting in, of coming or being there
 * (`speaksOfCode`); no when it goes on with a question for another value, answered with a number
 * or asked just before ("How deep are the cupboards?" | "the pantry is 600" | "door?" asks a
 * depth); yes otherwise, as a leaked code costs more than a masked width.
 */
function placeAsksCode(before: readonly string[], after: readonly string[]): boolean {
  if (speaksOfCode([...before, ...after].join('\n'))) return true;
  return !goesOnWithValue(before);
}

/** Words a sentence answering a value may hold: "the pantry is 600", "about 1100", "1350 mm". */
const ANSWER_WORDS = 5;

/**
 * Whether the sentences before a bare place are a question for another value (`asksValue`) and
 * its answers: nothing after the question, or short sentences with a number, none a question. Said
 * otherwise ("How much do I owe you?" | "nothing, enjoy", "How tall is your sofa?" | "about 85" |
 * "ok I'll bring the van round at 5"), the chat has moved on and the place is asked afresh.
 */
function goesOnWithValue(before: readonly string[]): boolean {
  const asked = before.findLastIndex(asksValue);
  if (asked === -1) return false;
  const answers = before.slice(asked + 1);
  return (
    answers.length === 0 ||
    (answers.some((s) => /\d/u.test(s)) &&
      answers.every((s) => !/[?？]/u.test(s) && s.split(/\s+/u).length <= ANSWER_WORDS))
  );
}

/** The kind of secret a label in `sentence` asks for, when it is one and is asked for. */
function labelAsked(sentence: string): SecretKind | null {
  for (const match of sentence.matchAll(LABEL)) {
    const label = labelOf(match[0]);
    const at = match.index ?? 0;
    const before = sentence.slice(0, at);
    const after = sentence.slice(at + match[0].length);
    const next = /^\s+([\p{L}-]+)/u.exec(after)?.[1] ?? '';
    // "password manager", "PIN reset": a thing about the secret, not the secret.
    if (NAMED_SETTING.test(next) || label.guard === 'phrase') continue;
    // "the number on the PIN letter", "the PIN team's number": the secret names another thing asked.
    const ownClause = before.split(/\s(?:and|or|&)\s/iu).pop() ?? '';
    if (OTHER_HEAD_BEFORE.test(ownClause) || OWNED_AFTER.test(after)) continue;
    if (label.kind === 'pin' && HARDWARE_BEFORE.test(before)) continue;
    // A code asked for may be named by what sent it rather than what it opens ("the code they texted").
    const sent = label.guard === 'place' && SENT.test(sentence);
    if (label.guard === 'place' && PUBLIC_CODE_BEFORE.test(before)) continue;
    if (!guardedBy(label, sentence) && !sent) continue;
    return label.kind;
  }
  return null;
}

/**
 * The kind of secret the end of `asked` asks for: its last sentence, when it is a question or a
 * request naming a secret ("What's your PIN so I can set up the reminder?", "Please share the OTP
 * from the app."), or names it by "it" after a sentence that does ("I changed the alarm code." /
 * "What is it now?"). A question about the secret ("how many digits…?", "when…?") asks for none.
 * When the last sentence asks nothing and is no question, an ask earlier in the same message is
 * read: "Door code? I'm outside." asks for the code.
 */
function askedKind(asked: string): SecretKind | null {
  const sentences = sentencesOf(asked);
  const last = sentences.length - 1;
  const kind = sentenceAsked(sentences, last);
  if (kind !== null) return kind;
  // "Door code? I'm outside.": an ask earlier in the same message, with nothing asked after it.
  const message = sentencesOf(asked.trimEnd().split('\n').pop() ?? '').length;
  for (let i = last; i > sentences.length - message; i--) {
    if (REQUEST.test(sentences[i] ?? '') || /[?？]\s*$/u.test(sentences[i] ?? '')) return null;
    const earlier = sentenceAsked(sentences, i - 1);
    if (earlier !== null) return earlier;
  }
  return null;
}

/**
 * The sentences of `text`, trimmed, empty ones left out: the one splitter (`splitSentences`), the
 * writer's characters kept.
 */
function sentencesOf(text: string): string[] {
  return splitSentences(text, { typography: false }).map((s) => s.text);
}

/** The kind of secret sentence `at` of `sentences` asks for (see `askedKind`). */
function sentenceAsked(sentences: readonly string[], at: number): SecretKind | null {
  const sentence = sentences[at] ?? '';
  const cjk = cjkAsked(sentence);
  if (cjk !== undefined) return cjk;
  if (BARE_PLACE.test(sentence) || ONE_FOR_PLACE.test(sentence))
    return placeAsksCode(sentences.slice(0, at), sentences.slice(at + 1)) ? 'access_code' : null;
  if (GET_IN.test(sentence) && /[?？]\s*$/u.test(sentence)) return 'access_code';
  if (!REQUEST.test(sentence) || ABOUT_SECRET.test(sentence)) return null;
  const kind = labelAsked(sentence) ?? askedByWord(sentence);
  if (kind !== null) return kind;
  // "What is it now?" after the sentence naming it; "O site pede os três dígitos de trás do
  // cartão. Tens aí?": a question of a few words, in any language, asks for what was named.
  if (!BACK_REFERENCE.test(sentence) && !SHORT_QUESTION.test(sentence)) return null;
  const before = sentences[at - 1] ?? '';
  return labelAsked(before) ?? (CARD_BACK.test(before) ? 'pin' : null);
}

/**
 * A yes-or-no question of one to three words: "Tens aí?", "Got it?", "Hast du sie?". One opening
 * with a question word asks a thing of its own ("which shed?", "welche Tür?", "onde?").
 */
const SHORT_QUESTION =
  /^(?!(?:which|what|who|where|when|why|how|welche\p{L}*|wo|wer|wann|was|wie|quel\p{L}*|o(?:ù|u)|qui|quand|comment|cu(?:á|a)l\p{L}*|qu(?:é|e)|d(?:ó|o)nde|cu(?:á|a)ndo|qual\p{L}*|onde|quando|quem|quale|dove|chi|welk\p{L}*|waar|wie|wanneer|kt(?:ó|o)r\p{L}*|gdzie|kiedy)(?![\p{L}]))[\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2}\s*[?？]$/iu;
/**
 * A card's security code told by where it is printed: "the three digits on the back of the card",
 * "os três dígitos de trás do cartão", "die drei Ziffern hinten auf der Karte". English, Portuguese,
 * Spanish, German, French, Italian.
 */
const CARD_BACK =
  /(?<![\p{L}])(?:three|3|tr(?:ê|e)s|drei|trois|tre)\s+(?:digits?|numbers?|d(?:í|i)gitos|n(?:ú|u)meros|ziffern|zahlen|chiffres|cifre)(?![\p{L}]).{0,40}(?<![\p{L}])(?:back|behind|tr(?:á|a)s|reverso|dorso|r(?:ü|u)ckseite|hinten|dos|verso|retro)(?![\p{L}]).{0,30}(?<![\p{L}])(?:card|cart(?:ã|a)o|tarjeta|karte|carte|carta)(?![\p{L}])/iu;

/** A CJK secret word, as `CJK_LABEL` names them, without the particle joining it to a value. */
const CJK_SECRET_WORD =
  /パスワード|暗証番号|パスコード|認証コード|確認コード|密码|密碼|口令|验证码|驗證碼|비밀번호|비번|암호|인증번호/u;
/**
 * A CJK word asking for the value itself: "what / how much" ("多少", "何", "なん", "뭐"), or a
 * request to be told or given it ("教えて", "告诉我", "给我", "发我", "알려", "줘").
 */
const CJK_ASKS =
  /多少|什么|什麼|是啥|何|なに|なん|뭐|무엇|教えて|告诉我|告訴我|给我|給我|发我|發我|알려|줘|줄래/u;
/** A question mark closing a CJK question. */
const CJK_QUESTION_END = /[？?][ \t]*$/u;
/**
 * A yes/no question, by its sentence-final particle or verb ending: Chinese "吗", Japanese past
 * or polite verb ("変えた？", "変えましたか？"). It asks whether something happened or is known
 * ("密码改了吗？", "你知道密码吗？"), not for the value, unless a word of `CJK_ASKS` asks too.
 */
const CJK_YES_NO = /(?:[吗嗎]|た|ます|か)[？?][ \t]*$/u;
/** A CJK question about the secret, not for it: its length, when, where, how many. */
/** @internal The words of `CJK_ABOUT`, each with a question of our own in `secrets.test.ts`. */
export const CJK_ABOUT_WORDS: readonly string[] = [
  // Chinese: how many (几, 幾), how long (多长, 多長), when (时候, 時候), where or which (哪).
  '几',
  '幾',
  '多长',
  '多長',
  '时候',
  '時候',
  '哪',
  // Japanese: how many digits, characters, times; when; where.
  '何桁',
  '何文字',
  '何回',
  'いつ',
  'どこ',
  // Korean: how many, when, where, digits (자리).
  '몇',
  '언제',
  '어디',
  '자리',
];
const CJK_ABOUT = new RegExp(CJK_ABOUT_WORDS.join('|'), 'u');

/**
 * The kind a CJK question asks for ("车库的密码是多少？", "暗証番号は？"), null for a CJK question
 * about the secret ("密码几位？"), undefined when `sentence` names no CJK secret word.
 */
function cjkAsked(sentence: string): SecretKind | null | undefined {
  const word = CJK_SECRET_WORD.exec(sentence)?.[0];
  if (word === undefined) return undefined;
  const asks =
    CJK_ASKS.test(sentence) || (CJK_QUESTION_END.test(sentence) && !CJK_YES_NO.test(sentence));
  if (!asks || CJK_ABOUT.test(sentence)) return null;
  return /验证码|驗證碼|認証コード|確認コード|인증번호/u.test(word)
    ? 'one_time_code'
    : /暗証番号/u.test(word)
      ? 'pin'
      : 'password';
}

/**
 * @internal How a code is said to be entered, before it: "press", "enter", "drück", "tape",
 * "marca", "digita", "toets", "na domofonie", "按", "输入". Read at a reply's start only. Each
 * entry has a reply of our own in `secrets.test.ts`.
 */
export const ENTRY_WORDS: readonly string[] = [
  // English ("on the keypad 4471" needs none: "keypad" is a label)
  'press',
  'enter',
  'type',
  'dial',
  'punch in',
  'key in',
  // German, French, Spanish, Italian / Portuguese, Dutch, Polish
  'dr(?:ü|u)ck(?:e)?',
  'tipp(?:e)?',
  'tape[sz]?',
  'compose[sz]?',
  'marca',
  'pulsa',
  'teclea',
  'digita',
  'premi',
  'toets',
  'druk op',
  'wpisz',
  'wci(?:ś|s)nij',
  'na (?:domofonie|klawiaturze)',
  // Chinese: press, input (simplified and traditional)
  '按',
  '输入',
  '輸入',
];
const ENTRY = ENTRY_WORDS.join('|');
/**
 * @internal Words taking back a value just given, in the languages of `FOREIGN_LABELS`: "no wait
 * 5821", "sorry, 7702", "ne, 1254", "nee", "non", "não", "nie". Read at a reply's start only. Each
 * entry has a reply of our own in `secrets.test.ts`.
 */
export const CORRECTION_WORDS: readonly string[] = [
  // English
  'no',
  'nope',
  'nah',
  'wait',
  'sorry',
  'oops',
  'actually',
  // Czech / Slovak and Polish "no", Dutch, German, French, Portuguese
  'ne',
  'nee',
  'nein',
  'non',
  'n(?:ã|a)o',
  'nie',
  // Spanish, Italian, French: sorry
  'perd(?:ó|o)n',
  'scusa',
  'pardon',
  'd(?:é|e)sol(?:é|e)',
];
const CORRECTION = CORRECTION_WORDS.join('|');
/**
 * A reply's frame around its value: an aside closed by a mark ("um,", "Sure —", "sorry! "), or a
 * word taking back what was said ("no wait", "ne,": `CORRECTION`), then words linking to the value
 * that end in "is", "'s", "was", "to", "it" or French "c'est" ("the code's", "I think it's", "bon,
 * c'est", "I changed it to"); after the value, a hedge after a comma or a dash or opening with "I",
 * "we" or "if" ("…, lower case q", "… I think", "… – changed it last week"); a full stop. Group 1
 * is the frame before the value, 2 the value, 3 the hedge.
 */
const REPLY = new RegExp(
  `^(\\s*(?:[^\\d?\\n,:;—–!]{1,24}?(?:[,:;]|!+(?=\\s)|\\s[—–-])\\s*)?(?:(?:${CORRECTION})[!,]?\\s+){0,2}(?:(?:${ENTRY})(?:\\s+|(?=\\d)))?(?:[^\\d?\\n,:;—–]{0,30}(?:(?<!\\p{L})(?:is|was|to|it|c['’]est)|['’]s)\\s+)?)(.*?)((?:,\\s*|\\s+[—–-]\\s+|\\s+(?=(?:I|we|if)\\b))[^\\d?\\n,]{1,30})?\\.?\\s*$`,
  'isu',
);
/** A determiner: words before a value that hold one name a thing, which must be the secret. */
const DETERMINER = /(?<!\p{L})(?:the|an?|my|your|our|his|her|their)(?!\p{L})/iu;

/** Whether the frame before a reply's value may open an answer: short, naming no other thing. */
function framesAnswer(frame: string): boolean {
  const words = frame
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
  if (words.length > 6) return false;
  // "the code's 6048" names the secret; "the installer is 0161…" names someone else.
  return !DETERMINER.test(frame) || (frame.match(LABEL) ?? []).length > 0;
}

/**
 * What to do after a value, said after it: "1977 then hash", "7319 followed by a long press on
 * OK", "Quokka31 then hit return", "13 57 poi chiave", "6190 e depois #", "963021然后#". Read
 * after a digit only, and only when no digit follows (two codes joined by "and" are both codes;
 * "amber and falcon orchard" is one password).
 */
/**
 * @internal The words of `KEY_AFTER`: after a space (`spaced`), or written on to the digits in
 * Chinese and Japanese (`joined`); each with a reply of our own in `secrets.test.ts`.
 */
export const KEY_AFTER_WORDS: {
  readonly spaced: readonly string[];
  readonly joined: readonly string[];
} = {
  spaced: [
    // then / and / followed by / plus, in English, German, French, Spanish, Portuguese and
    // Italian (e), Dutch, Polish (i)
    'then',
    'and',
    'und',
    'et',
    'y',
    'e',
    'en',
    'i',
    'followed by',
    'plus',
    'dann',
    'danach',
    'puis',
    'ensuite',
    'luego',
    'despu(?:é|e)s',
    'depois',
    'poi',
    'dopo',
    'daarna',
    'dan',
    'potem',
    'nast(?:ę|e)pnie',
  ],
  // Chinese: then, then press, after; Japanese: after that, and then
  joined: ['然后', '再按', '之后', 'その後', 'それから'],
};
const KEY_AFTER = new RegExp(
  `(?<=\\d[#*]?)\\s*[,;]?(?:\\s+(?:(?:and|und|et|y|e|en|i|a)\\s+)?(?:${KEY_AFTER_WORDS.spaced.join('|')})\\s+\\D*|\\s*(?:${KEY_AFTER_WORDS.joined.join('|')})\\D*)$`,
  'iu',
);
/** A value given against a wrong one: "7702 not 7720", "4471, nicht 4417". Masked is the first. */
const NOT_AFTER =
  /(?<=\d[#*]?)\s*,?\s+(?:not|nicht|pas|niet|nie|non|n(?:ã|a)o|no)\s+[#*]?\d[\d -]*[#*]?$/iu;
/** A code given whole: digits grouped or spaced ("719 264", "1 1 5 9"), or letters and digits. */
const CODE_REPLY =
  /^(?:[#*]?\d(?:[\d#*]|[ -](?=\d)){2,23}#?|(?=[\p{L}\d-]*\d)[\p{L}\d]{4,12}(?:-[\p{L}\d]{2,12}){0,3})$/u;
/** A secret long by nature given whole: a key or token of twelve characters or more. */
const KEY_REPLY = /^(?=\S*\d)(?=\S*\p{L})[\p{L}\d_.+/=-]{12,}$/u;

/** Whether a reply of plain words is one password ("velvet thunder pancake", "Blue Heron Seven"). */
function wordsArePassword(words: readonly string[]): boolean {
  return (
    words.length >= 3 &&
    words.length <= 8 &&
    words.every(
      (w, i) =>
        /^[\p{L}\d][\p{L}\d'’-]*$/u.test(w) &&
        !(PHRASE_STOP.test(w) && !(PASSWORD_JOIN.test(w) && i > 0 && i < words.length - 1)) &&
        ((!NOT_A_VALUE.test(w) && !PASSPHRASE_STOP.test(w)) || ONE_NUMBER_WORD.test(w)) &&
        !PASSWORD_VERB.test(w) &&
        !STATE_WORD.test(w),
    )
  );
}

/** Two codes given as one reply ("7319 and 4402", "7319 or 4402"): the code and a spare, or a guess. */
const TWO_CODES = /^(\S+(?: \S+)*?),?\s+(?:and|or|&)\s+(\S+(?: \S+)*)$/iu;
/** A combination read as turns of a dial: "left 32, right 14, left 8", "R 12 L 30 R 5". */
const DIAL_TURNS =
  /^(?:(?:left|right|[LR])\s*\d{1,3}(?:,\s*|\s+(?:then\s+)?|$)){2,6}$|^\d{1,3}(?:,\s*\d{1,3}){2,5}$/iu;

/** Whether `value`, a whole reply, has the shape of a secret of `kind`. */
function replyIsSecret(value: string, kind: SecretKind): boolean {
  const whole = WORDED.exec(value)?.[0] === value;
  if (CODE_VALUED.has(kind)) {
    const two = TWO_CODES.exec(value);
    if (two !== null) return CODE_REPLY.test(two[1] ?? '') && CODE_REPLY.test(two[2] ?? '');
    return whole || CODE_REPLY.test(value) || DIAL_TURNS.test(value);
  }
  // "AKIA… and wJz9…": a key's id and its secret, each long and random, given as one reply.
  const two = TWO_CODES.exec(value);
  if (
    (kind === 'password' || LONG_VALUED.has(kind)) &&
    two !== null &&
    [two[1] ?? '', two[2] ?? ''].every((k) => KEY_REPLY.test(k) && !madeOfWords(k))
  )
    return true;
  if (kind === 'password') {
    if (!/\s/u.test(value)) return value.length >= 4 && hasCredentialShape(value, true);
    return whole || /^\d(?: \d){3,19}$/u.test(value) || wordsArePassword(value.split(/\s+/u));
  }
  // "eu-central-1", "checkoutButtonLabel2024": a name made of words, not a key.
  if (LONG_VALUED.has(kind)) return KEY_REPLY.test(value) && !madeOfWords(value);
  return (value.match(/\d/gu) ?? []).length >= 6 && /^[\dA-Z][\dA-Z -]*$/u.test(value);
}

/**
 * The secret a reply gives when the message before it asked for one: "What's your PIN?" → "4471",
 * "And the wifi password?" → "it's Grapefruit-Ninja-42". Only a reply that is nothing but the
 * value (after "sure", "it's"…) counts: "It's on the fridge" or "Ask Tom" gives none.
 */
function answeredValue(asked: string, reply: string): SecretSpan | null {
  const kind = askedKind(asked);
  if (kind === null) return accessAnswer(asked, reply) ?? seedAnswer(asked, reply);
  const match = REPLY.exec(reply);
  if (match === null || !framesAnswer(match[1] ?? '')) return null;
  // "yeah 4471", "ja 551907": a word of assent before a value with a digit is no part of it.
  const framed = (match[2] ?? '').trim();
  const assent = ACK_BEFORE.exec(framed)?.[0] ?? '';
  const ack = /\d/u.test(framed.slice(assent.length)) ? assent : '';
  const said = framed.slice(ack.length);
  // What is done after a value is no part of it: masked is the value ("[secret] then hash").
  const value = said.replace(KEY_AFTER, '').replace(NOT_AFTER, '');
  // A "!" ends a sentence or a password: masked with the value, read apart from it.
  const core = value.replace(/[!?]+$/u, '');
  if (core === '' || /https?:|@/u.test(core)) return null;
  const question = sentencesOf(asked).pop() ?? '';
  if (!replyIsSecret(core, kind))
    return asksTwo(question) ? pairedValue(reply, match, core, kind) : null;
  // After "Lost your PIN?", a phone number is the number to call.
  if (
    OFFERS_HELP.test(question.trim()) &&
    /^\+?\d[\d ()-]{7,}$/u.test(core) &&
    (core.match(/\d/gu) ?? []).length >= 9
  )
    return null;
  // Asked for two things ("the network's name and password", "what's it called and what's the
  // code?"), only a reply shaped like a credential is the secret: a single run with a digit.
  if (asksTwo(question) && !credentialShaped(core)) return pairedValue(reply, match, core, kind);
  const start = (match[1] ?? '').length + ack.length;
  return { start, end: start + value.length, kind };
}

/** Two things given as one reply, a name and its credential: "Ferncroft / 8g4T-wq92", "guest, Tide-42". */
const PAIR = /^([^/,;|]+?)\s*(?:\/|,|;|\|)\s*([^\s/,;|]+)$/u;

/**
 * The credential of a reply giving two things asked for together ("What network should they join,
 * and what do they type to connect?" | "Ferncroft / 8g4T-wq92-LLm3"): its second part, when that
 * is shaped like a credential (`credentialShaped`) and the first is not. Null otherwise.
 */
function pairedValue(
  reply: string,
  match: RegExpExecArray,
  core: string,
  kind: SecretKind,
): SecretSpan | null {
  const pair = PAIR.exec(core);
  const name = pair?.[1] ?? '';
  const value = pair?.[2] ?? '';
  if (pair === null || credentialShaped(name) || !credentialShaped(value)) return null;
  if (!replyIsSecret(value, kind)) return null;
  const start =
    (match[1] ?? '').length +
    reply.slice((match[1] ?? '').length).indexOf(core) +
    core.lastIndexOf(value);
  return { start, end: start + value.length, kind };
}

/** The sentence after a "?", read in place (sticky): what may answer it. */
const REPLY_SENTENCE = /[^.!?\n]*[.!]?(?=\s|$)/uy;
/**
 * Where a text asks and answers itself: a "?" ("My voicemail PIN? It's …"), or a comma before
 * "it's" or "that's" after a secret named first ("The PIN for the bike lock, it is …"), read as
 * the question "The PIN for the bike lock?".
 */
const ASKED_MARK = /\?[ \t]+|,[ \t]+(?=(?:(?:it|that)(?:['’]s|\s+(?:is|was))|c['’]est)\s)/giu;
/**
 * A sentence giving what "it" is now, after a sentence naming a secret that changed: "The gate
 * code changed. This month it's 5173." A few words, then "it's"/"it is"/"it was"/"c'est".
 */
const NOW_IT_IS = /^[^\d,;:?]{0,30}?(?<!\p{L})(?:(?:it|that)(?:['’]s|\s+(?:is|was))|c['’]est)\s/iu;
/** How a secret is said to have changed: read off the sentence naming it ("…code changed"). */
const CHANGED =
  /\s+(?:(?:was|is|has been|got|just)\s+)?(?:changed|reset|updated|rotated|renewed|replaced|new)\b[^.!?]*[.!]?$/iu;
/** Where a sentence ends and the next begins: how `askedKind` and `answersWithin` split a text. */
const SENTENCE_BREAK = /(?<=[.!?])\s+|\n+/gu;

/**
 * Secrets asked for and answered inside one text: "My voicemail PIN? It's 2 4 6 8 1." Each "?"
 * is read with the two sentences that end at it (all `askedKind` reads), never the whole text
 * before it: a text of many questions costs in proportion to its length.
 */
function answersWithin(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const starts = [
    0,
    ...[...text.matchAll(SENTENCE_BREAK)].map((m) => (m.index ?? 0) + m[0].length),
  ];
  let next = 0;
  for (const mark of text.matchAll(ASKED_MARK)) {
    const at = mark.index ?? 0;
    const from = at + mark[0].length;
    REPLY_SENTENCE.lastIndex = from;
    const sentence = REPLY_SENTENCE.exec(text)?.[0];
    if (sentence === undefined) continue;
    // `starts[next]` is the first sentence start after the mark: the two before it open the question.
    while (next < starts.length && (starts[next] ?? 0) <= at) next++;
    const asked = `${text.slice(starts[Math.max(0, next - 2)] ?? 0, at)}?`;
    const span = answeredValue(asked, sentence);
    if (span !== null) spans.push({ ...span, start: span.start + from, end: span.end + from });
  }
  // "The gate code changed. This month it's 5173.": the sentence before names it, as a question would.
  for (let i = 1; i < starts.length; i++) {
    const from = starts[i] ?? 0;
    const sentence = text.slice(from, starts[i + 1] ?? text.length).trimEnd();
    if (!NOW_IT_IS.test(sentence)) continue;
    const named = text.slice(starts[i - 1] ?? 0, from).trim();
    if (!CHANGED.test(named)) continue;
    const span = answeredValue(`${named.replace(CHANGED, '')}?`, sentence);
    if (span !== null) spans.push({ ...span, start: span.start + from, end: span.end + from });
  }
  return spans;
}

/**
 * A number or card that is not a payment card's, asked for: a tracking, parcel, order or phone
 * number, a business, greeting, loyalty or library card, a card for someone ("the card for the florist").
 */
const OTHER_CARD =
  /\b(?:tracking|parcel|order|reference|ref|phone|mobile|business|greeting|birthday|loyalty|library|membership|courier)\b|\bcard (?:for|to|of) (?:the|my|your|our|a)\b/iu;

/** A reply that is nothing but a card's long number as printed: 13 to 19 digits in groups. */
const CARD_GROUPS = /^\s*(\d{4}(?:[ -]\d{2,6}){2,4})\s*$/u;

/**
 * A card's number given as a whole reply after turns that speak of a card ("I'll give you the
 * card." / "I'll need the long number…" | "4929 …"): grouped as a card prints it, with no Luhn
 * check (a number typed from a card may be mistyped, and is no less a card's). Null otherwise.
 */
function cardGiven(text: string, asked: string): SecretSpan | null {
  const number = CARD_GROUPS.exec(text)?.[1];
  if (number === undefined || !CARD_WORD.test(asked)) return null;
  // No card network's numbers start with 0: "0161 4960 7770" is a phone number.
  if (number.startsWith('0')) return null;
  // "the tracking number on the courier's card", "the card for the florist": another card or number.
  const question = sentencesOf(asked).pop() ?? '';
  if (OTHER_CARD.test(question)) return null;
  const digits = number.replace(/\D/gu, '').length;
  if (digits < 13 || digits > 19) return null;
  const start = text.indexOf(number);
  return { start, end: start + number.length, kind: 'card_number' };
}

/**
 * The secret values in `text`, in order of position, overlapping finds merged (the first kind
 * kept). Empty when the text only talks about secrets. `asked` is the message `text` replies to,
 * when there is one: a reply that is nothing but a secret it asked for is that secret ("What's
 * your PIN?" → "4471").
 */
export function findSecrets(text: string, heard?: string | TurnSurround): SecretSpan[] {
  const around: TurnSurround | undefined =
    typeof heard === 'string' ? { before: heard, after: undefined, replies: true } : heard;
  const asked = around?.before;
  // Inside access talk, a bare code-shaped value is the code, named or not; never after a
  // question for another value ("What time does it close?" | "2230").
  const situated =
    asked !== undefined && asksNoCode(asked)
      ? []
      : situationCodes(text, around).filter(
          (span) => !namesOtherCode(clauseBefore(text, span.start)),
        );
  const answer =
    asked === undefined ? null : (answeredValue(asked, text) ?? cardGiven(text, asked));
  const all = [
    ...(answer === null ? [] : [answer]),
    ...answersWithin(text),
    ...labelledValues(text),
    ...cjkValues(text),
    ...unlockCodes(text),
    ...keyedCodes(text, asked),
    ...loginPairs(text),
    ...shapedValues(text),
    ...configValues(text),
    ...urlValues(text),
  ];
  // A value another reading found keeps its kind: the situation adds only what none read.
  return mergeSpans([
    ...all,
    ...situated.filter((span) => !all.some((s) => s.start < span.end && span.start < s.end)),
  ]);
}

/** Whether `text` holds a secret value (see `findSecrets`). */
export function holdsSecret(text: string): boolean {
  return findSecrets(text).length > 0;
}

/**
 * `text` with every secret value replaced by `[secret]`; the rest byte-identical. `asked` is the
 * message it replies to, if any (see `findSecrets`).
 */
export function maskSecrets(text: string, heard?: string | TurnSurround): string {
  const spans = findSecrets(text, heard);
  return spans.length === 0 ? text : replaceSpans(text, spans, () => SECRET_MASK);
}

/**
 * A turn that only acknowledges or holds the floor before an answer ("sure", "ok", "one sec",
 * "hang on, let me look", "稍等"): a few words (CJK characters counted one each) with no number, no question mark of any script and no
 * secret named ("whats the gate code" asks without a mark), so it gives nothing and asks nothing.
 */
function acknowledges(text: string): boolean {
  // Counted in `SAID_UNIT`s: a CJK turn has no spaces ("电视登录要验证" is seven, not one).
  return (
    (text.match(SAID_UNIT) ?? []).length <= 5 &&
    text.length <= 40 &&
    !/[\d?？¿؟]/u.test(text) &&
    text.search(LABEL) === -1 &&
    !CJK_SECRET_WORD.test(text)
  );
}

/**
 * Who said a turn, the one rule for every surface: each person by their entity when it is known,
 * the assistant as one side, system and tool turns as none (`askedBefore` skips those: they
 * neither ask nor answer).
 */
export function turnSide(role: string, speaker?: string | null): string | null {
  if (role === 'user') return `user:${speaker ?? ''}`;
  return role === 'assistant' ? 'assistant' : null;
}

/** One turn of a conversation as `askedBefore` reads it; `side` null for turns that ask nothing (tool, system). */
export interface SaidTurn {
  /** Who said it: a role or a speaker; null for a turn that neither asks nor answers. */
  readonly side: string | null;
  readonly text: string;
}

/**
 * A turn that is nothing but a short value, one run with a digit or digit groups ("5812", "5312
 * 8840", "*4471#"; not "room 12"): what follows it may take it back or go on with it, answering
 * the same question.
 */
function givesValue(text: string): boolean {
  const said = text.trim();
  return (
    said.length <= 24 &&
    (/^[#*]?\d+(?:[ -]\d+){0,4}[#*]?$/u.test(said) || /^[^\s?？]*\d[^\s?？]*$/u.test(said))
  );
}

/** Turns holding the floor that `askedBefore` looks past: "one sec" | "hang on, finding it". */
const HELD_TURNS = 2;

/**
 * How many turns back `askedBefore` reads, whatever their side: the two spoken turns, the turns
 * holding the floor and a value just given, and up to three tool or system turns between. The one
 * bound: a surface reading stored turns (search's `shownText`) fetches this many, so search and
 * context read the same question for a reply.
 */
export const ASKED_REACH = 2 + HELD_TURNS + 1 + 3;

/**
 * What turn `index` of `turns` is read with, for `maskSecrets`: the turns before it that it may
 * answer (`before`), and the next two spoken turns (`after`), which may confirm a value given bare
 * ("9 1 9 1" | "ya abrió, gracias": `situationCodes`); undefined for a lone turn. `before` is the
 * last two spoken turns before it, joined ("I changed the alarm code." / "What is it now?"), past up to two turns that
 * only hold the floor ("one sec", "hang on, finding it") and one bare value just given (its
 * correction or second half follows); undefined before the first turn. Whoever
 * spoke them: a bare value after a question asking for a secret is that secret whoever gives it
 * (the asker may find it: "what's the gate code again?" | "found it, 2291"; two people may share
 * one role with no speaker told apart), and `answeredValue` reads only a reply that is nothing but
 * a value of the kind asked (ADR 2026-11-27-secrets-in-memory, ninth pass). Every surface that
 * shows a conversation masks its turns with this, so "What's your PIN?" | "4471" reads the same in
 * the daily log, the context tail and search.
 */
export function askedBefore(turns: readonly SaidTurn[], index: number): TurnSurround | undefined {
  const said = saidBefore(turns, index);
  const before = said.length === 0 ? undefined : said.map((t) => t.text).join('\n');
  const after = saidAfter(turns, index);
  if (before === undefined && after === undefined) return undefined;
  // A reply: the last turn read before it is another side's, or a question ("netflix?" |
  // "either Popcorn88 or popcorn88!": the asker may answer it). A tool's or the system's turn
  // answers no one unless it is nothing but a value (a program printing "4471"): a command and
  // its output ("$ pg_dump -p 5433 …") are read by their own words.
  const last = said[said.length - 1];
  const turn = turns[index];
  const replies =
    last !== undefined &&
    (turn?.side !== null || givesValue(turn.text)) &&
    (last.side !== turn?.side || /[?？]\s*$/u.test(last.text));
  return { before, after, replies };
}

/** Spoken turns `saidAfter` reads: a confirmation comes in the next turn or the one after. */
const AFTER_TURNS = 2;

/**
 * The spoken turns after turn `index`, joined, past up to three tool or system turns: what may
 * confirm a value given bare ("1955, depois empurra a alavanca" | "abriu! peguei a chave").
 * The whole session is known when it is captured; search reads the stored turns after a hit.
 */
function saidAfter(turns: readonly SaidTurn[], index: number): string | undefined {
  const said: string[] = [];
  const reach = Math.min(turns.length, index + 1 + AFTER_TURNS + 3);
  for (let i = index + 1; i < reach && said.length < AFTER_TURNS; i++) {
    const turn = turns[i];
    if (turn !== undefined && turn.side !== null) said.push(turn.text);
  }
  return said.length === 0 ? undefined : said.join('\n');
}

/** The turns before turn `index` that it may answer (see `askedBefore`). */
function saidBefore(turns: readonly SaidTurn[], index: number): SaidTurn[] {
  // Read back from `index` to the two spoken turns before it, no further: masking every turn of a
  // conversation costs in proportion to its length, not to its square.
  const said: SaidTurn[] = [];
  let held = 0;
  let valueBefore = false;
  const reach = Math.max(0, index - ASKED_REACH);
  let first = index;
  for (let i = index - 1; i >= reach && said.length < 2; i--) {
    first = i;
    const turn = turns[i];
    if (turn === undefined || turn.side === null) continue;
    if (said.length === 0 && held < HELD_TURNS && acknowledges(turn.text)) {
      held += 1;
      continue;
    }
    // A value given just before is read with the same question: its correction ("5812" | "no
    // wait, 5821") or its second half ("5312 8840" | "1167 2093").
    if (said.length === 0 && !valueBefore && givesValue(turn.text)) {
      valueBefore = true;
      continue;
    }
    said.unshift(turn);
  }
  if (said.length === 0) return said;
  // A bare place asked for ("door?") is read with the chat before it, within the same reach:
  // whether that speaks of getting in, or asks another value the place goes on with.
  if (
    sentencesOf(said[said.length - 1]?.text ?? '').some(
      (s) => BARE_PLACE.test(s) || ONE_FOR_PLACE.test(s),
    )
  )
    for (let i = first - 1; i >= reach; i--) {
      const turn = turns[i];
      if (turn !== undefined && turn.side !== null) said.unshift(turn);
    }
  return said;
}

/** A reply whose secret only forgotten turns made readable (see `answersLeftBare`). */
export interface LeftBare {
  /** Index of the reply in the turns read. */
  readonly index: number;
  /** The values only the forgotten turns masked, in order of position. */
  readonly spans: readonly SecretSpan[];
  /**
   * Whether the reply is nothing but those values and their frame ("4471", "it's 4471", "ok: 4471
   * 👍", "the code's 4471, I think"): erased whole it loses nothing else said. Otherwise ("it's
   * 4471, and the parcel comes Tuesday") the reply stays, masked where `spans` say.
   */
  readonly whole: boolean;
}

/**
 * The turns (ascending) whose secret only the turns in `gone` make readable: "What's the new
 * storage unit code?" | "4471" masks the reply because of the question, and with the question gone
 * `maskSecrets` would show "4471" whole. Turns in `gone` are not listed. The one reading of what a
 * forget does to such a reply, for every path that forgets a turn: erased whole when it says
 * nothing else (and then read as gone too, so a chain of answers goes with its first question),
 * else kept with the values masked that the turns erased made secret.
 */
export function answersLeftBare(turns: readonly SaidTurn[], gone: ReadonlySet<number>): LeftBare[] {
  const erased = new Set(gone);
  const found = new Map<number, LeftBare>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const reply of leftBareOnce(turns, erased)) {
      found.set(reply.index, reply);
      if (reply.whole) {
        erased.add(reply.index);
        grew = true;
      }
    }
  }
  return [...found.values()].sort((a, b) => a.index - b.index);
}

/** One reading of `answersLeftBare`: the replies `gone` alone leaves bare. */
function leftBareOnce(turns: readonly SaidTurn[], gone: ReadonlySet<number>): LeftBare[] {
  const first = Math.min(...gone);
  const left = turns.filter((_, i) => !gone.has(i));
  const at = turns.flatMap((_, i) => (gone.has(i) ? [] : [i]));
  const bare: LeftBare[] = [];
  at.forEach((i, j) => {
    const text = turns[i]?.text ?? '';
    if (i < first) return;
    const masked = findSecrets(text, askedBefore(turns, i));
    if (masked.length === 0) return;
    const still = findSecrets(text, askedBefore(left, j));
    const spans = masked.filter(
      (span) => !still.some((s) => s.start <= span.start && s.end >= span.end),
    );
    if (spans.length > 0) bare.push({ index: i, spans, whole: onlyValues(text, spans) });
  });
  return bare;
}

/** Words a frame may hold before a value ("sure, the code's now") and after it ("I think"). */
const FRAME_BEFORE = 6;
const FRAME_AFTER = 2;
/** A run of letters, or one CJK character (a CJK text has no spaces to count words by). */
const SAID_UNIT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu;

/**
 * Whether `text` says nothing besides the values at `spans` and a short frame: a few words before
 * the first, at most two between or after them ("7319 and 4402", "4471, I think"), no digit
 * outside them. "it's 4471, and the parcel comes Tuesday" says more.
 */
function onlyValues(text: string, spans: readonly SecretSpan[]): boolean {
  const units = (from: number, to: number) => text.slice(from, to).match(SAID_UNIT) ?? [];
  const outside = [
    text.slice(0, spans[0]?.start ?? 0),
    ...spans.map((s, k) => text.slice(s.end, spans[k + 1]?.start ?? text.length)),
  ];
  if (outside.some((part) => /\d/u.test(part))) return false;
  if (units(0, spans[0]?.start ?? 0).length > FRAME_BEFORE) return false;
  return spans.every(
    (s, k) => units(s.end, spans[k + 1]?.start ?? text.length).length <= FRAME_AFTER,
  );
}

// A key is read alone, without the clause a guarded label ("code", "key") needs.
const KEY_SOURCE = LABELS.filter((l) => l.guard === undefined)
  .map((l) => `(${l.words})`)
  .join('|');
const LABEL_WORDS = new RegExp(`(?:^|\\s)(?:${KEY_SOURCE})(?:$|\\s)`, 'iu');

/**
 * Whether a field label names a secret ("Door PIN", "wifi_password", "API key", "IBAN"): a key
 * whose value is a secret whatever it is, as `verity migrate` reads "Key: value" lines.
 */
export function isSecretLabel(label: string): boolean {
  const words = label
    .replace(/[_-]+/gu, ' ')
    .replace(/([a-z])([A-Z])/gu, '$1 $2')
    .toLowerCase()
    .trim();
  return LABEL_WORDS.test(words);
}
