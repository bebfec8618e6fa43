/**
 * The one home of "is this a secret": credentials and codes a memory must never hold (PINs,
 * passwords and passphrases, one-time codes, API keys and tokens, private keys, card numbers, IBANs
 * and account numbers, door, alarm and safe codes). The observer's drafts, the reflector, promotion
 * and migrate refuse what it finds; search, ask and the recall pack show it masked.
 *
 * A sentence holds a secret when a secret's label is given a value ("My PIN for the office door is
 * 4471", "password: hunter2", "gate code 4471#"), or when a value has a credential's own shape (a
 * private key block, a token with a vendor prefix, a card number passing Luhn, an IBAN passing its
 * check digits). A label without a value is talk about secrets, not a secret: "rotate PINs every
 * 90 days", "the API key lives in Vault", "the PIN is 6 digits long".
 */

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

const LABELS: readonly { readonly kind: SecretKind; readonly words: string }[] = [
  {
    kind: 'one_time_code',
    words:
      'one[- ]time (?:pass)?(?:codes?|passwords?|pins?)|otps?|2fa codes?|mfa codes?|verification codes?|confirmation codes?|auth(?:entication)? codes?|security codes?|cvv2?|cvc2?',
  },
  {
    kind: 'access_code',
    words:
      '(?:door|alarm|gate|safe|lock|locker|garage|building|entry|keypad|key ?pad|lockbox|key ?box|padlock) (?:codes?|combinations?|pins?)|access codes?|entry codes?',
  },
  { kind: 'pin', words: 'pin (?:codes?|numbers?)|pins?' },
  {
    kind: 'password',
    words: 'passwords?|passphrases?|passcodes?|pass codes?|passwd|pwd|wi-?fi keys?',
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
    words: '(?:ssh |pgp |gpg )?private keys?|seed phrases?|recovery phrases?',
  },
  {
    kind: 'card_number',
    words: '(?:credit |debit )?card (?:numbers?|nos?\\.?|#)|credit cards?|debit cards?',
  },
  {
    kind: 'bank_account',
    words:
      'ibans?|(?:bank )?account (?:numbers?|nos?\\.?|#)|acct (?:numbers?|nos?\\.?|#)|routing numbers?|sort codes?|swift codes?',
  },
  {
    kind: 'identity_number',
    words: 'ssns?|social security numbers?|passport numbers?|tax ids?|national insurance numbers?',
  },
];

const LABEL_SOURCE = LABELS.map((l) => `(${l.words})`).join('|');
const LABEL = new RegExp(`\\b(?:${LABEL_SOURCE})\\b`, 'giu');
/** A qualifier between a label and its value: "for the office door", "of my debit card". */
const QUALIFIER = /^\s+(?:for|of|on|to|at|in)((?:\s+[\w'-]+){1,4})/iu;
/** What joins a label to its value: "is", "was", ":", "=", "set to", or nothing before digits. */
const RELATION =
  /^\s*(?:(?:(?:is|was|got|been|has been|was just) )?(?:set|changed|reset|updated|switched) to|(?:is|was|are|were|'s|remains|stays)(?:\s+(?:now|still|currently|just))?|[:=]|->)\s*/iu;
/** A value right after a label with no joining word: digits only ("gate code 4471#"). */
const BARE_VALUE = /^\s+(?=[#*]?\d[\d#* -]*(?:$|[\s.,;!?)]))/u;
const QUOTED = /^(?:"[^"\n]{1,120}"|'[^'\n]{1,120}'|`[^`\n]{1,200}`|“[^”\n]{1,120}”)/u;
/** Digit groups with spaces or dashes, as card numbers, IBANs and sort codes are written. */
const GROUPED = /^[A-Z]{0,2}\d[\dA-Z]*(?:[ -][\dA-Z]{2,6}){1,7}(?=$|[\s.,;!?)])/u;
const TOKEN = /^[^\s,;"'`)]+[^\s,;"'`).!?:]/u;
/** Words after a number that make it a length or a count, not a value ("4 digits", "90 days"). */
const UNIT =
  /^\s*(?:digits?|characters?|chars?|letters?|numbers?|symbols?|words?|long|days?|hours?|minutes?|mins?|seconds?|weeks?|months?|years?|attempts?|tries|times|retries|or (?:more|fewer|longer)|\+)\b/iu;
/** Words that fill a value's place without being one ("the password is required"). */
const NOT_A_VALUE =
  /^(?:none|null|n\/a|tbd|unset|empty|required|optional|redacted|hidden|masked|same|different|wrong|correct|expired|invalid|valid|stored|saved|kept|in|on|at|see|the|a|an|your|my|our|their|not|never)$/iu;
/** Kinds whose values are codes typed on a keypad: digits and letters, never a decimal ("2.54"). */
const CODE_VALUED: ReadonlySet<SecretKind> = new Set(['pin', 'access_code', 'one_time_code']);
const CODE = /^[#*]?[\p{L}\p{N}][\p{L}\p{N}#* -]*$/u;
/** Kinds whose real values are long: a short one is a count or a name ("token: 8000" is a limit). */
const LONG_VALUED: ReadonlySet<SecretKind> = new Set(['api_key', 'token', 'private_key']);

/** Whether a candidate value reads as a credential rather than a word about one. */
function credentialLike(value: string, afterSymbol: boolean, after: string): boolean {
  if (QUOTED.test(value)) return true;
  if (/\d/u.test(value)) return true;
  if (NOT_A_VALUE.test(value)) return false;
  // An environment variable's name says where the value is, not what it is.
  if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/u.test(value)) return false;
  // A symbol inside the word, or a case change inside it ("Tr!cky", "hunterTwo").
  if (/[\p{L}][^\p{L}\p{N}\s][\p{L}\p{N}]/u.test(value)) return true;
  if (/\p{Ll}\p{Lu}/u.test(value)) return true;
  // After ":" or "=" a bare word that ends the clause is the value itself ("Password: swordfish"),
  // not the start of a sentence about it ("Secrets: managed by Vault").
  return afterSymbol && value.length >= 4 && /^\s*(?:$|[.,;!?)])/u.test(after);
}

const KIND_PATTERNS = LABELS.map((l) => ({
  kind: l.kind,
  pattern: new RegExp(`^(?:${l.words})$`, 'iu'),
}));

function kindOf(label: string): SecretKind {
  return KIND_PATTERNS.find((k) => k.pattern.test(label))?.kind ?? 'password';
}

/** Where the text after a label joins a value: with no qualifier, or after one of 1–4 words. */
function relationAfter(rest: string): { readonly skip: number; readonly joined: string } | null {
  const starts = [0];
  const qualifier = QUALIFIER.exec(rest);
  if (qualifier?.[1] !== undefined) {
    const head = qualifier[0].length - qualifier[1].length;
    let at = head;
    for (const word of qualifier[1].matchAll(/\s+[\w'-]+/gu)) {
      at += word[0].length;
      starts.push(at);
    }
  }
  for (const start of starts) {
    const tail = rest.slice(start);
    const relation = RELATION.exec(tail) ?? BARE_VALUE.exec(tail);
    if (relation !== null) return { skip: start + relation[0].length, joined: relation[0] };
  }
  return null;
}

function labelledValues(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const match of text.matchAll(LABEL)) {
    const kind = kindOf(match[0]);
    const labelEnd = (match.index ?? 0) + match[0].length;
    const relation = relationAfter(text.slice(labelEnd));
    if (relation === null) continue;
    const at = labelEnd + relation.skip;
    const tail = text.slice(at);
    const value = QUOTED.exec(tail)?.[0] ?? GROUPED.exec(tail)?.[0] ?? TOKEN.exec(tail)?.[0];
    if (value === undefined) continue;
    const afterSymbol = /[:=>]\s*$/u.test(relation.joined);
    if (!credentialLike(value, afterSymbol, tail.slice(value.length))) continue;
    if (LONG_VALUED.has(kind) && value.length < 8) continue;
    if (CODE_VALUED.has(kind) && !QUOTED.test(value) && !CODE.test(value)) continue;
    if (UNIT.test(tail.slice(value.length))) continue;
    // "PIN is 4 or 6 digits", "the token is 8000 tokens": a number counted, not a value.
    if (/^\d{1,2}$/u.test(value) && !afterSymbol) continue;
    spans.push({ start: at, end: at + value.length, kind });
  }
  return spans;
}

const PRIVATE_KEY_BLOCK =
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/gu;
/** Tokens whose vendor prefix says what they are. */
const PREFIXED_TOKEN =
  /\b(?:sk-(?:live-|test-|proj-)?[A-Za-z0-9_-]{16,}|sk_(?:live|test)_[A-Za-z0-9]{16,}|pk_live_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|xox[abpors]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})/gu;
/** A card network's first digit, 15 or 16 digits, grouped or not (epoch milliseconds start with 1). */
const CARD_CANDIDATE = /\b[3-6]\d{3}(?:[ -]?\d){11,12}\b/gu;
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
    // A phone number or an order id rarely has a card's length and network digit *and* passes
    // Luhn, and a false mask costs less than a leaked card.
    if ((digits.length === 15 || digits.length === 16) && luhn(digits)) add(m, 'card_number');
  }
  for (const m of text.matchAll(IBAN_CANDIDATE)) if (ibanValid(m[0])) add(m, 'bank_account');
  return spans;
}

/**
 * The secret values in `text`, in order of position, overlapping finds merged (the first kind
 * kept). Empty when the text only talks about secrets.
 */
export function findSecrets(text: string): SecretSpan[] {
  const all = [...labelledValues(text), ...shapedValues(text)].sort(
    (a, b) => a.start - b.start || b.end - a.end,
  );
  const merged: SecretSpan[] = [];
  for (const span of all) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start < last.end) {
      if (span.end > last.end) merged[merged.length - 1] = { ...last, end: span.end };
      continue;
    }
    merged.push(span);
  }
  return merged;
}

/** Whether `text` holds a secret value (see `findSecrets`). */
export function holdsSecret(text: string): boolean {
  return findSecrets(text).length > 0;
}

/** `text` with every secret value replaced by `[secret]`; the rest byte-identical. */
export function maskSecrets(text: string): string {
  const spans = findSecrets(text);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + SECRET_MASK;
    at = span.end;
  }
  return out + text.slice(at);
}

const LABEL_WORDS = new RegExp(`(?:^|\\s)(?:${LABEL_SOURCE})(?:$|\\s)`, 'iu');

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
