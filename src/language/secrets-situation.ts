/**
 * The situation a reply is said in, read across turns: whether a stretch of a conversation is
 * access talk (getting into a place, a device, a network or an account), and which tokens of a
 * reply inside it have a code's shape (ADR 2026-11-27-secrets-in-memory, issue #13). A secret is
 * often given bare, in a later turn, in any language, and named by nothing but the situation:
 * "Al almacén no puedo entrar" | "el jefe dice 9 1 9 1" | "ya abrió, gracias". The situation is
 * read from concepts (`ACCESS_CONCEPTS`) before the value and from a confirmation after it
 * (`CONFIRMED_WORDS`), never from the wording of one question. A technical session speaks of
 * logins and locks without giving codes: a value its sentence labels as an ordinary technical one
 * ("port 8010", "app id is 3141590", `TECHNICAL_LABELS`) is no code, and a word of access said in
 * another sense ("the login node", "pin the image", `OTHER_SENSES`) makes no access talk.
 */
import type { SecretSpan } from './secrets.js';

/** Letters that are no word's edge: CJK text runs words together ("0528に合わせて"). */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
/** A word character for a word's edge: a letter of a script written with spaces, or a digit. */
const WORD_CHAR = `(?:(?![${CJK}])[\\p{L}\\p{M}]|\\p{N})`;
/** A letter or digit of a token: CJK text around a token is no part of it ("パスワードはHana2024です"). */
const TOKEN_CHAR = `(?:(?![${CJK}])\\p{L}|\\p{N})`;

/**
 * One concept of access, with the words naming it in the languages read. `words` is a regex
 * alternation read between word edges (CJK entries without); `source` says where the words come
 * from. Each concept has a sentence of our own in `secrets-situation.test.ts`, in no bench file,
 * and a test fails when one has none.
 */
export interface AccessConcept {
  readonly concept: string;
  readonly words: string;
  readonly source: string;
}

const EVERYDAY =
  'written by hand from everyday usage; the non-English words checked against Wiktionary translations of the English entry';

/**
 * The concepts of access: a place, a device, a network or an account, and what opens it. English,
 * German, French, Spanish, Portuguese, Italian, Dutch, Polish, Turkish, Indonesian, romanised
 * Hindi, Japanese and Chinese. A word too common in another sense is left out ("red" is Spanish
 * for network, "parola" Italian for word, "slot" Dutch for lock); "safe" is read only as a noun.
 */
export const ACCESS_CONCEPTS: readonly AccessConcept[] = [
  {
    concept: 'door or entrance',
    words:
      'doors?|front door|entrance|entry|\\p{L}*t(?:ü|ue)r|\\p{L}*eingang|portes?|puertas?|portas?|portone|deur|voordeur|ingang|drzwi|wej(?:ś|s)cie|kap(?:ı|i)s(?:ı|i)|pintu|darwaz[ae]|ドア|玄関|入口|入り口|大门|门口|門口',
    source: EVERYDAY,
  },
  {
    concept: 'gate',
    words: 'gate|tor|portail|port(?:ó|o)n|port(?:ã|a)o|cancello|hek|brama|furtka|gerbang|門扉',
    source: EVERYDAY,
  },
  {
    concept: 'keypad, key box or parcel locker',
    words:
      'key ?pad|lock ?box|key ?box|key ?safe|tastenfeld|schl(?:ü|u)ssel(?:kasten|tresor|box)|bo(?:î|i)te (?:à|a) cl(?:é|e)s?|digicode|teclado|caja de llaves|caixa de chaves|caixinha|tastierino|cassetta (?:delle|per le) chiavi|sleutelkluis|pakketkluis|kluis|paczkomat|skrytk\\p{L}*|anahtar kutusu|キーボックス|キーパッド|钥匙盒|密码箱',
    source: EVERYDAY,
  },
  {
    concept: 'lock or safe',
    words:
      'locks?|padlock|combination|(?:the|a|my|his|her|wall|hotel|old) safe|\\p{L}*schloss|tresor|cadenas|coffre(?:-fort)?|serrure|candado|caja fuerte|cadeado|lucchetto|cassaforte|hangslot|k(?:ł|l)(?:ó|o)dk\\p{L}*|kilit|gembok|brankas|南京錠|金庫|保险柜|保險櫃|锁|鎖',
    source: EVERYDAY,
  },
  {
    concept: 'alarm',
    words: 'alarm\\p{L}*|alarme|allarme|警報|警报|アラーム',
    source: EVERYDAY,
  },
  {
    concept: 'wifi, router or modem',
    words:
      'wi-?fi|wlan|ssid|router|modem|hotspot|r(?:é|e)seau|netwerk|sie(?:ć|c)i?|ルーター|無線LAN|路由器|无线|無線',
    source: EVERYDAY,
  },
  {
    concept: 'logging in to an account',
    words:
      'log(?:ged|ging) ?(?:in|on)(?:to)?|(?<!(?:the|an?|this|that|my|our|your|its|their|error|access|audit|debug|server|system|build|event|change|chat|call|web|app|nginx|apache)\\s+)log ?(?:in|on)(?:to)?|login|sign(?:ed|ing)? ?in(?:to)?|einlogg\\p{L}*|eingeloggt|anmeld\\p{L}*|se connecter|me connecter|iniciar sesi(?:ó|o)n|fazer login|accedere|inlogg\\p{L}*|ingelogd|zalogowa\\p{L}*|giri(?:ş|s) yap\\p{L}*|masuk|ログイン|登录|登錄|登入|netflix|disney\\+?|spotify|steam|hulu|hbo',
    source: `${EVERYDAY}; the services are ones whose logins families share. A bare "log in/on" after an article, a possessive or a kind of log ("the error log on the web host", "our access log in S3") is a file, not logging in`,
  },
  {
    concept: 'password or PIN',
    words:
      'passwords?|passcode|passphrase|passwort|kennwort|mot de passe|mdp|contrase(?:ñ|n)a|clave|senha|palavra-passe|wachtwoord|has(?:ł|l)o|(?:ş|s)ifre|kata sandi|PINs?|PIN-Code|PUK|SIM|パスワード|暗証番号|パスコード|密码|密碼|口令|비밀번호',
    source: EVERYDAY,
  },
  {
    concept: 'one-time or verification code',
    words:
      'OTP|one-?time (?:code|password)|verification code|security code|2fa|two-factor|authenticator|steam guard|c(?:ó|o)digo de verificaci(?:ó|o)n|c(?:ó|o)digo de seguran(?:ç|c)a|code de (?:v(?:é|e)rification|s(?:é|e)curit(?:é|e))|best(?:ä|a)tigungscode|sicherheitscode|verifizierungscode|codice di verifica|verificatiecode|kod (?:weryfikacyjny|sms)|do(?:ğ|g)rulama kodu|kode verifikasi|認証コード|確認コード|验证码|驗證碼',
    source: EVERYDAY,
  },
  {
    concept: 'unlocking or getting in',
    words:
      'unlock(?:ed|ing|s)?|locked out|get in(?:to|side)?|let (?:me|us|them) in|rein(?:kommen|komme)?|entsperr\\p{L}*|ausgesperrt|d(?:é|e)verrouill\\p{L}*|entrer|desbloque\\p{L}*|entrar|sblocc\\p{L}*|entrare|ontgrendel\\p{L}*|naar binnen|odblokowa\\p{L}*|wej(?:ść|sc)|dosta(?:ć|c) si(?:ę|e)|kilidi a(?:ç|c)|girem\\p{L}*|buka kunci|ロック解除|入れない|解锁|解鎖|进不去|進不去',
    source: EVERYDAY,
  },
  {
    concept: 'connecting a device',
    words:
      'connect(?:ing)?|verbinden|connecter|conectar?|conecto|collegar\\p{L}*|verbinding|po(?:ł|l)(?:ą|a)czy(?:ć|c)|pod(?:ł|l)(?:ą|a)czy(?:ć|c)|ba(?:ğ|g)lan\\p{L}*|menyambung|接続|连接|連接',
    source: EVERYDAY,
  },
];

/**
 * Words confirming that a value just given worked: "I'm in", "it opened", "connected",
 * "funcionó", "abriu", "działa", "hij is open", "bağlandı", "開きました", "登上了". Read in the
 * turns after a reply, they make the stretch access talk though none named the place before.
 * Written by hand from everyday usage, each language with a chat of our own in
 * `secrets-situation.test.ts`.
 */
export const CONFIRMED_WORDS: readonly string[] = [
  // English
  "i'?m in|i am in|we'?re in|got in|(?:it|that) (?:worked|works|opened)|opened|it'?s open|unlocked it|(?:i'?m |it'?s )?(?:connected|logged in|signed in)",
  // German
  'bin drin|sind drin|ging auf|geht auf|ist (?:offen|auf)|hat geklappt|verbunden|eingeloggt',
  // French
  "(?:ça|ca) (?:a )?march(?:e|é)|c'est ouvert|(?:je suis )?(?:connecté|connectée)|ça s'est ouvert",
  // Spanish, Portuguese
  'funcion(?:ó|o)|funciona|(?:ya )?abri(?:ó|u)|ya entr(?:é|e)|conectad[oa]|ya tengo internet|entrei|consegui|funcionou|conectou',
  // Italian
  'ha funzionato|funziona|si (?:è|e) aperto|sono dentro|(?:mi sono )?collegat[oa]',
  // Dutch, Polish, Turkish, Indonesian
  'is open|werkt|gelukt|ik ben binnen|ingelogd|dzia(?:ł|l)a|otworzy(?:ł|l)[oa]?|otwarte|zalogowan[ya]|ba(?:ğ|g)land(?:ı|i)|a(?:ç|c)(?:ı|i)ld(?:ı|i)|girdim|berhasil|sudah masuk|khul gaya',
  // Japanese, Chinese
  '開きました|開いた|入れました|入れた|つながった|繋がった|ログインできた|登上了|打开了|打開了|开了|進去了|进去了|连上了|連上了',
];

/** A pattern for an alternation of words, read between word edges (none needed around CJK). */
function between(words: string): RegExp {
  return new RegExp(`(?<!${WORD_CHAR})(?:${words})(?!${WORD_CHAR})`, 'iu');
}

const CONCEPT_PATTERNS = ACCESS_CONCEPTS.map((c) => ({ ...c, pattern: between(c.words) }));
const ACCESS = between(ACCESS_CONCEPTS.map((c) => c.words).join('|'));
const CONFIRMED = between(CONFIRMED_WORDS.join('|'));

/** The words of the concepts that name a thing opened, not the secret opening it. */
const OPENED_WORDS = ACCESS_CONCEPTS.filter(
  (c) => c.concept !== 'password or PIN' && c.concept !== 'one-time or verification code',
).map((c) => c.words);

/** Technical nouns a word of access can modify: "login node", "lock table", "Steam app id". */
const TECHNICAL_HEADS =
  'nodes?|shells?|tables?|files?|app ?ids?|ids?|depots?|branch(?:es)?|builds?|scripts?|hooks?|timeouts?|modules?|api|sdk|endpoints?|handlers?|flows?|tests?|headers?|mappings?|thresholds?|metrics?|contention';

/** Words before a lowercase "pin" that make it a part: "the ADC pin", "a cotter pin", "40-pin". */
const PART_BEFORE = new RegExp(
  `(?<!${WORD_CHAR})(?:gpio|adc|dac|header|pogo|ground|gnd|power|vcc|vdd|reset|data|analog(?:ue)?|digital|io|output|input|pwm|spi|i2c|uart|cotter|dowel|hinge|clevis|shear|bobby|firing|safety|chain|\\d+)[ -]$`,
  'iu',
);
/** Words before a lowercase "pin" that make it a verb: "we pin 3.14.0", "should I pin". */
const VERB_BEFORE = new RegExp(
  `(?<!${WORD_CHAR})(?:i|we|you|they|to|should|shall|will|would|can|could|must|might|don'?t|never|always|also|just|let'?s)\\s+$`,
  'iu',
);
/** Words after a lowercase "pin" that make it a verb: "pin the image", "pins that tag". */
const VERB_AFTER =
  /^\s+(?:the|that|this|these|those|it|them|its|our|their|all|every|each|v?\d+\.\d)(?!\p{L})/iu;
/** Words before a lowercase "pin" that say it as a PIN: owned, asked for, entered or set. */
const PIN_SAID_BEFORE = new RegExp(
  `(?<!${WORD_CHAR})(?:the|my|your|his|her|our|their|its|new|old|same|card|bank|sim|phone|atm|debit|credit|parental|screen|account|ipad|iphone|tablet|laptop|what'?s|whats|what is|(?:enter|type|change|reset|forgot|forget|remember|know|need|needs|want|wants|asks? for|send|set|create|choose|tell me|give me|share)(?:\\s+(?:a|an|the|my|your|his|her|our|their))?|\\d-digit|four-digit|six-digit)\\s+$`,
  'iu',
);
/** Words after a lowercase "pin" that say it as a PIN: "pin is", "pin code", "pin 5812", "pin?". */
const PIN_SAID_AFTER =
  /^\s*(?:code|number|no\b|#|:|is\b|was\b|['’]s\b|for\b|again\b|please\b|\?|\d)/iu;

/** Whether a lowercase "pin" at `at` is said as a PIN: not a part, not a verb (`OTHER_SENSES`). */
function saidAsPin(text: string, at: number, found: string): boolean {
  if (/^PINS?$/u.test(found)) return true;
  const before = text.slice(Math.max(0, at - 24), at);
  const after = text.slice(at + found.length, at + found.length + 12);
  // Part of an identifier ("garage.pin", "ALARM_pin="): a setting named after a PIN.
  if (/[\p{L}\p{N}][._]$/u.test(before) || /^(?:[._][\p{L}\p{N}]|=)/u.test(after)) return true;
  if (PART_BEFORE.test(before)) return false;
  // A code right after it is a PIN whatever comes before: "just pin 4417 and it opens"; a
  // version is not ("we pin 3.14.0").
  if (/^\s*\d{3,8}(?!\d|[.,:/-]\d)/u.test(after)) return true;
  if (VERB_BEFORE.test(before)) return false;
  if (PIN_SAID_BEFORE.test(before)) return true;
  return !VERB_AFTER.test(after) && PIN_SAID_AFTER.test(after);
}

/** A part of an identifier naming a credential: "DOOR_CODE", "alarm.pin", "--wifi-pass". */
const CREDENTIAL_PART =
  /^(?:codes?|pins?|pass|passwd|passwords?|passcode|passphrase|pwd|secrets?|keys?|tokens?|otp|combo|combination)$/iu;

/** Whether an identifier names a credential by one of its parts: "DOOR_CODE" is access talk. */
function namesCredential(_text: string, _at: number, found: string): boolean {
  return found.split(/[_.+-]+/u).some((part) => CREDENTIAL_PART.test(part));
}

/**
 * A word of access said in another sense: what a technical session says beside login or lock
 * talk without speaking of getting in. Read out of a text (`withoutOtherSenses`) before its
 * concepts are read, unless `keeps` keeps the one found. Each has a sentence of our own in
 * `secrets-technical.test.ts`, in no bench file, and a test fails when one has none.
 */
export interface OtherSense {
  readonly phenomenon: string;
  /** A global pattern for the words in that sense. */
  readonly pattern: RegExp;
  /** Whether the words found at `at` are access talk after all. */
  readonly keeps?: (text: string, at: number, found: string) => boolean;
  readonly source: string;
}

const TECHNICAL_USAGE =
  'written by hand from how software, hardware and operations sessions use these words';

/** The senses of access words that are no access talk; written by hand from technical usage. */
export const OTHER_SENSES: readonly OtherSense[] = [
  {
    phenomenon:
      'a technical thing named by a word of access: a login node, a lock table, a Steam app id',
    pattern: new RegExp(
      `(?<!${WORD_CHAR})(?:${OPENED_WORDS.join('|')})[ -](?:${TECHNICAL_HEADS})(?!${WORD_CHAR})`,
      'giu',
    ),
    source: TECHNICAL_USAGE,
  },
  {
    phenomenon: "a lock software holds: a state lock, a DynamoDB lock, a repository's locks",
    pattern: new RegExp(
      `(?<!${WORD_CHAR})(?:state|file|table|row|advisory|mutex|db|database|dynamodb|terraform|tf|git|index|package|npm|yarn|cargo|poetry|flake|gem|composer|pipenv)[ -]locks?(?!${WORD_CHAR})`,
      'giu',
    ),
    source: TECHNICAL_USAGE,
  },
  {
    phenomenon:
      'a word of access inside an identifier, a flag or a dotted name: +login, metric_alarm, STEAM_USERNAME',
    pattern:
      /(?<!\S)[+-]{0,2}[\p{L}\p{N}]+(?:[_.][\p{L}\p{N}]+)+|(?<!\S)(?:\+|--)[\p{L}\p{N}][\p{L}\p{N}_-]*/gu,
    keeps: namesCredential,
    source: TECHNICAL_USAGE,
  },
  {
    phenomenon: 'logging something in a record (a log, a book, a sheet), not logging in',
    pattern: new RegExp(
      `(?<!${WORD_CHAR})log(?:s|ged|ging)? in(?:to)? (?:the|a|an|our|my|your|his|her|their|this|that|each|every|\\p{L}+['’]s)(?: [\\p{L}'’-]+){0,3}? (?:logs?|(?:log|note|work|record|guest|day)?books?|(?:spread|time|work|run|log)?sheets?|journals?|registers?|ledgers?|trackers?|diar(?:y|ies)|databases?|records?|wikis?|tickets?)(?!${WORD_CHAR})`,
      'giu',
    ),
    source: TECHNICAL_USAGE,
  },
  {
    phenomenon:
      'a pin that is no PIN: a part ("the ADC pin"), a verb ("pin the image to a tag"), a pin not said as a PIN ("not a pin")',
    pattern: /(?<![\p{L}\p{N}])pins?(?![\p{L}\p{N}])/giu,
    keeps: saidAsPin,
    source: TECHNICAL_USAGE,
  },
];

/** `text` with the words of `OTHER_SENSES` blanked (the same length: offsets hold). */
export function withoutOtherSenses(text: string): string {
  return OTHER_SENSES.reduce(
    (said, sense) =>
      said.replace(sense.pattern, (found: string, ...rest: unknown[]) => {
        const at = rest.find((r) => typeof r === 'number') ?? 0;
        return sense.keeps?.(said, at, found) ? found : ' '.repeat(found.length);
      }),
    text,
  );
}

/** The concept of access `text` names first, or null: what makes a stretch access talk. */
export function accessConcept(text: string): string | null {
  const said = withoutOtherSenses(text);
  return CONCEPT_PATTERNS.find((c) => c.pattern.test(said))?.concept ?? null;
}

/** Whether `text` names a concept of access (`ACCESS_CONCEPTS`), in no other sense. */
export function speaksOfAccessConcept(text: string): boolean {
  return ACCESS.test(withoutOtherSenses(text));
}

/** Whether `text` confirms that a value just given worked (`CONFIRMED_WORDS`). */
export function confirmsAccess(text: string): boolean {
  return CONFIRMED.test(text);
}

/**
 * A code-shaped token, language-independent: 3 to 8 digits, together, spaced or dashed ("4471",
 * "4 7 1 9", "47-19", "*2291#"); letters mixed with digits ("8H2K9", "ayse1987kaya"); a
 * password-like token mixing letters, digits and symbols ("Rakieta!2019"); groups of letters and
 * digits joined by dashes ("mb7Q-22kd-Wz4r"); turns of a dial ("R32 L18 R5").
 */
const DIGITS = new RegExp(
  `(?<!${WORD_CHAR}|[.,:/$£€¥₹+#*-]|\\d )[#*]?\\d(?:\\d|[ -](?=\\d)){2,15}[#*]?(?!${WORD_CHAR}|[.,:/]\\d|\\s?%| \\d)`,
  'gu',
);
const MIXED = new RegExp(
  `(?<!${WORD_CHAR}|[_@./\\\\-])(?=${TOKEN_CHAR}*\\d)(?=${TOKEN_CHAR}*\\p{L})${TOKEN_CHAR}{5,24}(?!${WORD_CHAR}|[_@/\\\\]|-[\\p{L}\\p{N}]|\\.\\d)`,
  'gu',
);
const SYMBOLED = new RegExp(
  `(?<![^\\s"'“‘«(:：,，])(?=\\S*\\p{L})(?=\\S*\\d)(?=\\S*[!#$%&*+?^~])[^\\s"'”’»)，,=${CJK}]{6,40}(?![^\\s"'”’»)，,])(?<![.,!?;:])`,
  'gu',
);
const DASHED_GROUPS = new RegExp(
  `(?<!${WORD_CHAR}|[_@./-])${TOKEN_CHAR}{2,8}(?:-${TOKEN_CHAR}{2,8}){1,5}(?!${WORD_CHAR}|[_@/-])`,
  'gu',
);
const DIAL = /(?<![\p{L}\p{N}])[LR] ?\d{1,3}(?:,? +[LR] ?\d{1,3}){2,5}(?![\p{L}\p{N}])/gu;

/**
 * A token that is an ordinary value by its own shape: "B27", "LH123", "12E", "10am", "4th", a
 * name led by a digit ("1Password", "3Com").
 */
const ORDINARY_SHAPE =
  /^(?:\p{Lu}{1,3}\d{1,4}|\d{1,4}\p{L}{1,3}|\d+(?:st|nd|rd|th|am|pm)|\d\p{Lu}\p{Ll}{2,})$/u;
/** A date: "2024-05-12", "12-05-2024". */
const DATE_SHAPE = /^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}-\d{1,2}-\d{2,4})$/u;

/**
 * Words before a number that make it an ordinary value: a number's noun, a room, flat, bay or
 * locker, a platform, a line, a seat, an order, booking or tracking number, an extension, a
 * postcode, a year's preposition. English, German, French, Spanish, Portuguese, Italian, Dutch,
 * Polish, Turkish; then an optional "is", "#" or ":".
 */
const ORDINARY_BEFORE = new RegExp(
  `(?<!${WORD_CHAR})(?:numbers?|no\\.?|nr\\.?|n[º°]|num(?:é|e)ro|n(?:ú|u)mero|nummer|numer|numara|rooms?|rm|flat|apt|apartment|suite|unit|floor|bay|locker|platform|track|v(?:í|i)a|and(?:é|e)n|gleis|voie|binario|spoor|peron|seat|row|page|line|bus|tram|train|flight|order|booking|reservation|ref|reference|invoice|tracking|parcel|extension|ext\\.?|durchwahl|zimmer|chambre|habitaci(?:ó|o)n|quarto|stanza|kamer|pok(?:ó|o)j|oda|daire|bestellung|commande|pedido|ordine|bestelling|zam(?:ó|o)wienie|sipari(?:ş|s)|postcode|postal|zip|plz|cep|postleitzahl|year|jahr|ann(?:é|e)e|a(?:ñ|n)o|anno|jaar|rok|y(?:ı|i)l|since|seit|depuis|desde|born|model|[\\p{L}]*nummer|boarding|departs?|departure|arrives?|arrival|lands?|at|um|(?:à|a) las?|alle|(?:à|a)s|om|user ?name|login name|kullan(?:ı|i)c(?:ı|i) ad(?:ı|i)|benutzer(?:name)?|nom d'utilisateur|usuari[oa]|usu(?:á|a)rio|utente|gebruikersnaam|nazwa u(?:ż|z)ytkownika)(?:\\s+(?:is|are|ist|sind|est|sont|es|son|(?:é|e)|s(?:ã|a)o|è|sono|zijn|s(?:ą|a)|to))?\\s*[#:]?\\s*$`,
  'iu',
);
/**
 * A product's name before a number, written with a capital or a mark inside it: "Fritz!Box 7530",
 * "iPhone 15", "MacBook 2019" (a model, not a code).
 */
const PRODUCT_BEFORE = /(?<!\S)(?=\S*[\p{Ll}!][\p{Lu}])[\p{L}!+-]{3,}\s+$/u;
/** Carrier codes before a number: "LH 1234", "AVE 02111", "IC 2013" (not a label: "PIN 5812"). */
const CARRIER_BEFORE = /(?<![\p{L}\p{N}])(\p{Lu}{2,3})\s+$/u;
/** A label of a secret in capitals, never a carrier: "PIN 5812", "OTP 4411", "TAN 3321". */
const SECRET_CAPS = /^(?:PIN|OTP|PUK|TAN|SIM|CVV|CVC|ATM)$/u;
/** Currency before a number: "£245", "€ 1200", "USD 300", "Rs 500". */
const CURRENCY_BEFORE = /(?:[$£€¥₹]|\b(?:USD|EUR|GBP|INR|PLN|TRY|CHF)\s?|\b[Rr]s\.?\s?)$/u;
/** A currency, a unit or a count after a number: "245 €", "1200 mm", "300 km", "12 people". */
const UNIT_AFTER = new RegExp(
  `^\\s?(?:[$£€¥₹%°]|(?:euros?|eur|usd|dollars?|pounds?|quid|z(?:ł|l)|pln|tl|lira|yen|rs|rupees?|kr|chf|mm|cm|km|kg|mg|ml|m|g|l|gb|mb|kb|tb|mph|km/h|kmh|bar|psi|w|kw|kwh|v|hz|mhz|ghz|dpi|px|hrs?|hours?|mins?|minutes?|secs?|seconds?|days?|weeks?|months?|years?|people|persons?|pages?|words?|steps?|calories|kcal)(?!${WORD_CHAR})|[年月日円元人個个分秒時时号號番階层層位桁次块塊])`,
  'iu',
);
/**
 * An English count after a number: "120 tests", "300 signups" (a plural noun straight after it;
 * "1955, depois" has a comma, "4471 then" no plural).
 */
const COUNT_AFTER = /^ \p{Ll}{3,}s(?![\p{L}])/u;
/** A year said as one: "in 1987", "since 2019", "seit 2004" (not "ayse1987kaya"). */
const YEAR_BEFORE =
  /(?<![\p{L}])(?:in|from|until|till|since|by|of|im|seit|bis|von|en|depuis|desde|em|dal|nel|del|sinds|od|w|do)\s+$/iu;
const YEAR = /^(?:19|20)\d{2}$/u;
/** A phone number: a leading "0" or "+" and seven digits or more. */
const PHONE = /^(?:\+|0)\d(?:[\d -]){5,}\d$/u;

/**
 * A value given as the wrong one after the right one: "7702 not 7720", "4471, nicht 4417". The
 * right one is the code; the wrong one is shown, as the readings of a labelled reply show it.
 */
const WRONG_ONE_BEFORE = /\d[#*]?\s*,?\s+(?:not|nicht|pas|niet|nie|non|n(?:ã|a)o|no)\s+$/iu;

/**
 * One kind of ordinary technical value, with the words labelling it: a value a sentence labels so
 * is no credential, even in a stretch of login or lock talk ("ice.kfrw.org port 8010" after "the
 * source password is rejected"), unless its clause names a credential (`CREDENTIAL`). Each has a
 * sentence of our own in `secrets-technical.test.ts`, in no bench file, and a test fails when one
 * has none.
 */
export interface TechnicalLabel {
  readonly phenomenon: string;
  /** Words right before the value, then "is", "=", ":" or "#" ("port 8010", "app id is 3141590"). */
  readonly before: string;
  /** Words right after the value ("443 udp", "8080/tcp"), if any say what it is. */
  readonly after?: string;
  readonly source: string;
}

const TECHNICAL =
  'written by hand from the vocabulary of software, network, hardware and radio sessions, whose words are mostly English in every language';

/** The ordinary technical values: names and quantities of a technical session. */
export const TECHNICAL_LABELS: readonly TechnicalLabel[] = [
  {
    phenomenon: 'a network port, address or protocol',
    before: 'ports?|ip(?: address)?|ipv[46](?: address)?|subnet|vlan|mac address|udp|tcp',
    after: '/?(?:tcp|udp)',
    source: TECHNICAL,
  },
  {
    phenomenon: 'the id of an app, a build, a job or a record',
    before:
      '(?:app(?:lication)?|depot|build|job|run|process|project|package|bundle|client|tenant|org|chat|channel|guild|device)[ _-]?ids?|appid|ids?|pid|pr|pull request|issues?|tickets?|commits?|jobs?|builds?|depots?',
    source: TECHNICAL,
  },
  {
    phenomenon: 'a host, a node or a machine',
    before:
      'hosts?|host ?names?|nodes?|servers?|machines?|vms?|instances?|containers?|pods?|clusters?',
    source: TECHNICAL,
  },
  {
    phenomenon: 'a store of data: a bucket, a table, a database, a repository, a queue',
    before:
      'buckets?|tables?|databases?|dbs?|schemas?|volumes?|repos?|repositor(?:y|ies)|branch(?:es)?|namespaces?|topics?|queues?|indexes|index|partitions?|shards?',
    source: TECHNICAL,
  },
  {
    phenomenon: 'an image, a tag, a version or a release',
    before: 'images?|tags?|versions?|releases?|firmware|kernel|sdk|revision|rev|api level',
    source: TECHNICAL,
  },
  {
    phenomenon: 'a radio call sign, a frequency or a channel',
    before: 'call ?signs?|callsign|frequency|freq|channels?|ctcss|repeater',
    source: TECHNICAL,
  },
  {
    phenomenon: 'a measured or counted quantity: a length, a count, a limit, a timeout',
    before:
      '(?:chain )?lengths?|counts?|sizes?|thresholds?|timeouts?|limits?|max(?:imum)?|min(?:imum)?|capacity|quota|ttl|retries|replicas|workers|threads|cores',
    source: TECHNICAL,
  },
];

/** Words naming a credential: a value labelled by one in its clause is a secret, whatever else. */
const CREDENTIAL = between(
  [
    ...ACCESS_CONCEPTS.filter(
      (c) => c.concept === 'password or PIN' || c.concept === 'one-time or verification code',
    ).map((c) => c.words),
    'tokens?|secrets?|keys?|codes?|combination|combo|credentials?',
  ].join('|'),
);
const TECHNICAL_BEFORE = new RegExp(
  `(?<!${WORD_CHAR})(?:${TECHNICAL_LABELS.map((l) => l.before).join('|')})(?:\\s+names?)?(?:\\s+(?:is|are|was|were|=)|\\s*[:=#])?\\s*$`,
  'iu',
);
const TECHNICAL_AFTER = new RegExp(
  `^\\s?(?:${TECHNICAL_LABELS.flatMap((l) => (l.after === undefined ? [] : [l.after])).join('|')})(?!${WORD_CHAR})`,
  'iu',
);

/**
 * Whether the value at `start`..`end` is labelled as an ordinary technical value
 * (`TECHNICAL_LABELS`) and its clause names no credential before it: "port 51820", "443 udp",
 * "idle_timeout = 120"; not "the PIN for the app id is 4417".
 */
function technicallyLabelled(text: string, start: number, end: number): boolean {
  const from = Math.max(0, start - 48);
  const label = TECHNICAL_BEFORE.exec(text.slice(from, start));
  if (label === null && !TECHNICAL_AFTER.test(text.slice(end, end + 8))) return false;
  const labelAt = label === null ? start : from + label.index;
  const clause = text.slice(0, labelAt).search(/[^,;.!?\n]*$/u);
  if (CREDENTIAL.test(withoutOtherSenses(text.slice(clause, start)))) return false;
  // A label that opens the clause after a comma, where the clause before names a credential and
  // gives no value of its own, says what that credential's value is ("PIN for the card, id
  // 4417"). One that gave its value ("the password is hunter2, port 8443"), or a clause with
  // words of its own before the label ("…, and the firewall allows port 8830"), leaves it ordinary.
  const before = text.slice(0, clause).replace(/[,\s]+$/u, '');
  const previous = before.slice(before.search(/[^,;.!?\n]*$/u));
  return !(
    /,\s*$/u.test(text.slice(0, clause)) &&
    text.slice(clause, labelAt).trim() === '' &&
    CREDENTIAL.test(withoutOtherSenses(previous)) &&
    !/\p{N}/u.test(previous)
  );
}

/**
 * Words before a value that say where a secret lives, not what it is: "the password is in
 * 1password", "it lives in the station 1password vault". A word between "in" and the value only
 * after an article or a possessive: "is in lowercase sunflower77" says how the secret is written.
 */
const PLACE_OF_SECRET_BEFORE =
  /(?<!\p{L})(?:is|are|was|were|lives?|living|stored|kept|saved|sits?|stays?)\s+in(?:side)?\s+(?:(?:the|our|my|your|their|his|her|a|an)\s+(?:\p{L}+\s+)?)?$/iu;

/** Whether the value at `start`..`end` of `text` is an ordinary value by what is said around it. */
function ordinary(text: string, start: number, end: number): boolean {
  const value = text.slice(start, end);
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 16);
  if (ORDINARY_SHAPE.test(value) || DATE_SHAPE.test(value) || PHONE.test(value)) return true;
  if (CURRENCY_BEFORE.test(before) || UNIT_AFTER.test(after)) return true;
  if (WRONG_ONE_BEFORE.test(before)) return true;
  if (/^\d[\d ]*$/u.test(value) && COUNT_AFTER.test(after)) return true;
  if (ORDINARY_BEFORE.test(before) || PLACE_OF_SECRET_BEFORE.test(before)) return true;
  if (technicallyLabelled(text, start, end)) return true;
  if (/^\d/u.test(value) && PRODUCT_BEFORE.test(before)) return true;
  const carrier = CARRIER_BEFORE.exec(before)?.[1];
  if (carrier !== undefined && !SECRET_CAPS.test(carrier) && /^\d+$/u.test(value)) return true;
  return YEAR.test(value) && YEAR_BEFORE.test(before);
}

/** How many digits a value holds. */
const digitsOf = (value: string) => (value.match(/\d/gu) ?? []).length;

/** A word that is an email, a web address or a file: never a code. */
const ADDRESS = /@|https?:|www\.|\.(?:com|org|net|de|fr|es|pdf|jpg|png|txt)\b/iu;
/** A template's placeholder inside a token: "db-5.internal:5432:*:app:<password>" is a form. */
const PLACEHOLDER = /<[\p{L}_ -]+>/u;

/**
 * The code-shaped tokens of `text` (see `DIGITS`, `MIXED`, `SYMBOLED`, `DASHED_GROUPS`, `DIAL`)
 * that are no ordinary value (`ordinary`): what a reply inside access talk gives. `digitsOnly`
 * reads 3 to 8 digits alone, the stricter reading measured beside it.
 */
export function codeShapedTokens(text: string, digitsOnly = false): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const add = (start: number, end: number) =>
    spans.push({ start, end, kind: 'access_code' } satisfies SecretSpan);
  for (const m of text.matchAll(DIAL)) add(m.index ?? 0, (m.index ?? 0) + m[0].length);
  for (const m of text.matchAll(DIGITS)) {
    const at = m.index ?? 0;
    const n = digitsOf(m[0]);
    if (n < 3 || n > 8) continue;
    if (digitsOnly || !ordinary(text, at, at + m[0].length)) add(at, at + m[0].length);
  }
  if (digitsOnly) return mergeSpans(spans);
  for (const pattern of [MIXED, DASHED_GROUPS, SYMBOLED]) {
    for (const m of text.matchAll(pattern)) {
      const at = m.index ?? 0;
      const value = m[0];
      if (ADDRESS.test(value) || PLACEHOLDER.test(value) || /^[\d\s#*-]+$/u.test(value)) continue;
      if (pattern === DASHED_GROUPS) {
        // "mb7Q-22kd-Wz4r": two groups or more holding a digit ("COVID-19" holds one).
        const withDigit = value.split('-').filter((g) => /\d/u.test(g)).length;
        if (withDigit < 2 || !/\p{L}/u.test(value)) continue;
      }
      if (!ordinary(text, at, at + value.length)) add(at, at + value.length);
    }
  }
  return mergeSpans(spans);
}

/**
 * A passphrase of words joined by dashes, given as the whole reply or after a colon at its end:
 * "ustawił: zielony-kot-na-dachu" ("state-of-the-art" inside a sentence is a word).
 */
const DASHED_WORDS = /(?:^|[:：]\s*)(\p{Ll}{2,}(?:-\p{Ll}{2,}){2,7})\s*[.!]?\s*$/u;

/**
 * The spans of `spans`, in order of position, overlapping ones merged into the first (its kind
 * kept): the one merge of every secrets reading (`findSecrets` uses it too).
 */
export function mergeSpans(spans: readonly SecretSpan[]): SecretSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretSpan[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && span.start < last.end) {
      if (span.end > last.end) out[out.length - 1] = { ...last, end: span.end };
      continue;
    }
    out.push(span);
  }
  return out;
}

/** What a turn is read with: the turns before it it may answer, the turns after it. */
export interface TurnSurround {
  /** The spoken turns before, joined: what the turn may answer (undefined for the first). */
  readonly before: string | undefined;
  /** The spoken turns after, joined: what may confirm it ("that worked, I'm in"). */
  readonly after: string | undefined;
  /**
   * Whether the turn answers another side: the last turn read before it is not its speaker's.
   * A speaker going on after their own remark ("The side gate code for deliveries is
   * different." | "8812") is read by its own words and by what follows, not as a reply; so is
   * a tool's output that is more than a value ("$ pg_dump -p 5433 …").
   */
  readonly replies: boolean;
}

/** A reply short enough to be read as a whole value given: longer turns are read by sentence. */
const BARE_REPLY = 160;

/**
 * Where a sentence ends: how a long text is read sentence by sentence. A space after the mark
 * ("4471.5" is no end), none needed after a CJK one; a trail of dots is a pause, not an end
 * ("It was 5 5 1 2... no, 6 0 4 8 now" is one sentence).
 */
const SENTENCE_END = /(?<=[.!?])(?<!\.\.)\s+|(?<=[。！？])\s*|\n+/gu;

/**
 * The code-shaped values of `text` given inside access talk. A short turn is inside it when it
 * names a concept of access, when it replies to turns that do, or when the turns after confirm
 * access ("ya abrió", "I'm in"); a longer text or a turn with no neighbours, when the sentence
 * holding the value or the one before names a concept ("the alarm panel … it's 2486 now"). Values
 * of an ordinary shape or said as one (a price, a room, a flight, a year) are never read.
 */
export function situationCodes(
  text: string,
  around: TurnSurround | undefined,
  digitsOnly = false,
): SecretSpan[] {
  const tokens = codeShapedTokens(text, digitsOnly);
  const bare = text.trim().length <= BARE_REPLY;
  const dashed = DASHED_WORDS.exec(text);
  if (dashed?.[1] !== undefined) {
    const start = (dashed.index ?? 0) + dashed[0].indexOf(dashed[1]);
    tokens.push({ start, end: start + dashed[1].length, kind: 'password' });
  }
  if (tokens.length === 0) return [];
  // The situation is what is said around the values, never the values themselves: a reply
  // "finch-tf-locks" names no lock. Other senses are read first: "pin 5812" is said as a PIN.
  const said = blanked(withoutOtherSenses(text), tokens);
  const neighbours =
    around !== undefined &&
    bare &&
    ((around.replies &&
      around.before !== undefined &&
      speaksOfAccessConcept(lastTurns(around.before)) &&
      !asksTechnicalValue(lastTurns(around.before))) ||
      (around.after !== undefined && confirmsAccess(around.after)));
  if (neighbours || (bare && around !== undefined && ACCESS.test(said))) return mergeSpans(tokens);
  // Read by sentence: the value's own sentence or the one before names the concept. A year
  // there is said as one ("Der Alarmcode ist 1998 geändert worden"): a code given as a year
  // is read from a reply's neighbours only.
  const starts = [0, ...[...text.matchAll(SENTENCE_END)].map((m) => (m.index ?? 0) + m[0].length)];
  return mergeSpans(
    tokens.filter((t) => {
      if (YEAR.test(text.slice(t.start, t.end))) return false;
      const i = starts.findLastIndex((s) => s <= t.start);
      const from = starts[Math.max(0, i - 1)] ?? 0;
      const to = starts.find((s) => s > t.end) ?? text.length;
      return ACCESS.test(said.slice(from, to));
    }),
  );
}

/** `text` with `spans` blanked (the same length: offsets hold). */
function blanked(text: string, spans: readonly SecretSpan[]): string {
  let out = text;
  for (const s of spans)
    out = out.slice(0, s.start) + ' '.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

const TECHNICAL_NAMED = between(TECHNICAL_LABELS.map((l) => l.before).join('|'));

/**
 * Whether the last sentence of `heard` asks for an ordinary technical value and names no
 * credential: "Bucket name?", "DynamoDB table?", "What are the app and depot IDs?". A bare reply
 * to it gives that value, whatever login or lock talk came before.
 */
function asksTechnicalValue(heard: string): boolean {
  const sentences = heard.split(SENTENCE_END).filter((s) => s.trim() !== '');
  const last = sentences.at(-1) ?? '';
  const said = withoutOtherSenses(last);
  if (!/[?？]\s*$/u.test(last) || !TECHNICAL_NAMED.test(said) || CREDENTIAL.test(said)) {
    return false;
  }
  // A question for a credential just before it in the same turn asks for that too: a bare
  // reply to "What is the wifi password? And the bucket name?" may be either.
  const turn = heard.split('\n').at(-1) ?? '';
  return !turn
    .split(SENTENCE_END)
    .some((q) => /[?？]\s*$/u.test(q) && CREDENTIAL.test(withoutOtherSenses(q)));
}

/** The last two turns of a joined `before`: the stretch a reply is said in. */
function lastTurns(before: string): string {
  return before.split('\n').slice(-4).join('\n');
}
