import { describe, expect, it } from 'vitest';
import { answers, keepsReplies, masksReplies, shownLast } from './__fixtures__/masked-chat.js';
import { NOT_SECRETS, SECRETS } from './__fixtures__/secret-sentences.js';
import {
  ASKED_LABELS,
  answersLeftBare,
  askedBefore,
  CJK_ABOUT_WORDS,
  CORRECTION_WORDS,
  ENTRY_WORDS,
  FOREIGN_LABELS,
  findSecrets,
  holdsSecret,
  isSecretLabel,
  KEY_AFTER_WORDS,
  maskSecrets,
} from './secrets.js';

/*
 * The readings most cases here check, one helper each: a table of cases becomes one test a row,
 * named by `name` (`%s` takes the row's strings in turn).
 */

/** [text]: no secret is found in `text`. */
function keepsAll(texts: readonly string[], name = 'keeps "%s"'): void {
  it.each(texts)(name, (text) => {
    expect(findSecrets(text)).toEqual([]);
  });
}

/** [text, value]: `value` is gone from `text` once masked. */
function masksValues(
  rows: readonly (readonly [string, string])[],
  name = 'masks the value of "%s"',
): void {
  it.each(rows)(name, (text, value) => {
    expect(maskSecrets(text)).not.toContain(value);
  });
}

/** [text, masked]: `text` masked reads `masked` exactly (null: as written). */
function readsAll(rows: readonly (readonly [string, string | null])[], name = 'reads "%s"'): void {
  it.each(rows)(name, (text, masked) => {
    expect(maskSecrets(text)).toBe(masked ?? text);
  });
}

/** The entries of a lexicon (`lang: words`) that no case of the same language says. */
function unsaid(
  labels: readonly { readonly lang?: string; readonly words: string }[],
  cases: readonly (readonly [lang: string, kind: string, text: string, value: string])[],
): string[] {
  const untested = labels.filter((label) => {
    const words = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${label.words})(?![\\p{L}\\p{N}_])`, 'iu');
    return !cases.some(([lang, , text]) => lang === label.lang && words.test(text));
  });
  return untested.map((l) => `${l.lang}: ${l.words}`);
}

describe('findSecrets', () => {
  keepsAll(NOT_SECRETS, 'finds no secret in "%s"');

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

/** Each group of `FOREIGN_LABELS` with a sentence of our own: [language, label, sentence, value]. */
const FOREIGN_SENTENCES: readonly [string, string, string, string][] = [
  ['de', 'password', 'Das Passwort für den Drucker ist Kiefer#42.', 'Kiefer#42'],
  ['de', 'password', 'Kennwort vom Server: Ahorn2019', 'Ahorn2019'],
  ['de', 'pin', 'Die Geheimzahl meiner Karte ist 6203.', '6203'],
  ['de', 'access_code', 'Der Türcode lautet 9182.', '9182'],
  ['de', 'one_time_code', 'Bestätigungscode: 551902', '551902'],
  ['de', 'one_time_code', 'Einmalpasswort vom Portal: 4471', '4471'],
  [
    'de',
    'api_key',
    'Der API-Schlüssel vom Kartendienst ist 9a8b7c6d5e4f3a2b1c0d',
    '9a8b7c6d5e4f3a2b1c0d',
  ],
  ['de', 'identity_number', 'Meine Steuer-ID ist 47 036 892 815.', '47 036 892 815'],
  ['de', 'one_time_code', 'Die TAN für die Überweisung lautet 771 308.', '771 308'],
  ['de', 'access_code', 'Die Zahlenkombination vom Tresor ist 18-27-03.', '18-27-03'],
  ['fr', 'password', 'Le mot de passe de la box est Lavande88.', 'Lavande88'],
  ['fr', 'pin', 'Mon code secret de carte bleue est 7420.', '7420'],
  ['fr', 'access_code', 'Le digicode du hall est 4B12.', '4B12'],
  ['fr', 'one_time_code', 'Code de vérification : 804412', '804412'],
  ['es', 'password', 'La contraseña del portátil es Girasol_77.', 'Girasol_77'],
  ['es', 'password', 'Clave del router: Nube2023', 'Nube2023'],
  ['es', 'access_code', 'El código de acceso al garaje es 3391.', '3391'],
  ['es', 'one_time_code', 'Tu código de verificación es 118204.', '118204'],
  ['es', 'access_code', 'El código de la alarma es 1357.', '1357'],
  ['pt', 'password', 'A senha do wi-fi é Papagaio#9.', 'Papagaio#9'],
  ['pt', 'password', 'Palavra-passe do email: Mar2020azul', 'Mar2020azul'],
  ['pt', 'access_code', 'O código de acesso do prédio é 7720.', '7720'],
  ['pt', 'one_time_code', 'Código de verificação: 339018', '339018'],
  ['it', 'password', "La parola d'ordine per il server è Girasole55.", 'Girasole55'],
  ['it', 'pin', 'Il codice PIN della SIM è 2291.', '2291'],
  ['it', 'one_time_code', 'Il codice di verifica è 660142.', '660142'],
  ['it', 'identity_number', 'Il mio codice fiscale è BNCLRA80A41H501X.', 'BNCLRA80A41H501X'],
  ['it', 'access_code', 'Il codice del cancello è 2468.', '2468'],
  ['nl', 'password', 'Het wachtwoord van de router is Molen2024!', 'Molen2024'],
  ['nl', 'pin', 'Mijn pincode is 8832.', '8832'],
  ['nl', 'access_code', 'De toegangscode van de berging is 5567.', '5567'],
  ['nl', 'one_time_code', 'Verificatiecode: 400981', '400981'],
  ['pl', 'password', 'Hasło do poczty: Kasztan77', 'Kasztan77'],
  ['pl', 'access_code', 'Kod dostępu do bramy: 1946', '1946'],
  ['pl', 'access_code', 'Kod do drzwi: 4321', '4321'],
  ['pl', 'one_time_code', 'Kod SMS z banku: 620914', '620914'],
  ['tr', 'password', 'Wifi şifresi: Lale2024', 'Lale2024'],
  ['tr', 'password', 'Bilgisayar şifrem Kartal77', 'Kartal77'],
  ['tr', 'one_time_code', 'Doğrulama kodu: 903317', '903317'],
  ['sv', 'password', 'Lösenordet till routern är Ekorre55.', 'Ekorre55'],
  ['sv', 'pin', 'Pinkoden är 7311.', '7311'],
  ['sv', 'access_code', 'Koden till porten är 9090.', '9090'],
  ['sv', 'access_code', 'Dörrkoden är 2277.', '2277'],
  ['sv', 'one_time_code', 'Verifieringskoden är 550127.', '550127'],
  ['da', 'password', 'Adgangskoden til wifi er Bølge2021', 'Bølge2021'],
  ['fi', 'password', 'Salasana: Kuusi2022', 'Kuusi2022'],
  ['fi', 'password', 'Salasana on Hirvi#2019', 'Hirvi#2019'],
  ['id', 'password', 'Kata sandi untuk wifi: Melati2024', 'Melati2024'],
  ['id', 'one_time_code', 'Kode verifikasi dari bank: 830215', '830215'],
  ['id', 'password', 'Kata sandi laptop kantor saya adalah Kenari88', 'Kenari88'],
  ['ru', 'password', 'Пароль от роутера: Берёза2021', 'Берёза2021'],
  ['ru', 'pin', 'Пин-код: 4409', '4409'],
  ['ru', 'api_key', 'Токен бота: 5f2c9a0e7b1d4c3a8e6f', '5f2c9a0e7b1d4c3a8e6f'],
  ['cs', 'password', 'Heslo k počítači je Javor#88', 'Javor#88'],
  ['ro', 'password', 'Parola mea de la laptop este Brad2021!', 'Brad2021'],
  ['mul', 'identity_number', 'Mój PESEL: 90010112345', '90010112345'],
  ['mul', 'identity_number', 'Mi DNI es 12345678Z.', '12345678Z'],
  ['mul', 'identity_number', 'Mijn BSN is 123456782.', '123456782'],
  [
    'mul',
    'identity_number',
    'Numéro de sécurité sociale : 2 84 11 13 055 102 44',
    '2 84 11 13 055 102 44',
  ],
  ['mul', 'identity_number', 'TC kimlik no 10000000146', '10000000146'],
  ['mul', 'identity_number', 'Mitt personnummer är 8112189876.', '8112189876'],
  ['de', 'access_code', 'Die Kombination vom Fahrradschloss ist 3-9-0.', '3-9-0'],
  ['fr', 'access_code', 'La combinaison du cadenas est 2714.', '2714'],
  ['es', 'access_code', 'La combinación del candado es 0482.', '0482'],
  ['it', 'access_code', 'La combinazione del lucchetto è 5531.', '5531'],
  ['pt', 'access_code', 'A combinação do cadeado é 9160.', '9160'],
  ['nl', 'access_code', 'De combinatie van het fietsslot is 7-1-9.', '7-1-9'],
  ['pl', 'access_code', 'Szyfr do kłódki: 6043', '6043'],
];

describe('labels in other languages', () => {
  it.each(FOREIGN_SENTENCES)('finds the %s %s in "%s"', (_lang, kind, text, value) => {
    expect(maskSecrets(text)).not.toContain(value);
    expect(findSecrets(text).map((s) => s.kind)).toContain(kind);
  });

  it('has a sentence for every group of the lexicon', () => {
    expect(unsaid(FOREIGN_LABELS, FOREIGN_SENTENCES)).toEqual([]);
  });

  keepsAll(
    [
      'Das Passwort muss zwölf Zeichen haben.',
      'Le mot de passe est obligatoire.',
      'La clave del éxito es la constancia.',
      'Il codice postale è 20121.',
      'El código postal es 28013.',
      'Der Code für die Tür wird jeden Monat geändert.',
      'Kod pocztowy: 00-950 Warszawa.',
      'Het wachtwoord is opgeslagen in de kluis.',
      'Lösenordet byts varje kvartal.',
      'Urlop trwa 14 dni: od 3 do 17 lipca.',
      'Mein Code-Review dauert 30 Minuten.',
      'Salasana on vaihdettava kuukausittain.',
      'Heslo je uložené ve správci hesel.',
      'Parola mea este prea scurtă.',
      'La parola è bella e difficile.',
      'Die TAN-Liste liegt im Ordner.',
      'I got a tan 2024 summer in Crete.',
      'Kod do domofonu zmieniamy w maju.',
    ],
    'keeps "%s", which only talks about one',
  );
});

describe('labels written without spaces (Chinese, Japanese, Korean)', () => {
  masksValues([
    ['路由器密码是 Qiao2020', 'Qiao2020'],
    ['验证码：905512', '905512'],
    ['パスワードは tsuki-44-hana です', 'tsuki-44-hana'],
    ['暗証番号は 7203 です', '7203'],
    ['와이파이 비밀번호는 Baram77 입니다', 'Baram77'],
  ]);

  keepsAll([
    'パスワードは毎月変更します。',
    '密码是 2024年改的',
    '密码长度是 12 位',
    '암호화 AES256 사용',
    '비밀번호는 8자리 이상',
  ]);
});

describe('other languages: a value after an article, a possessive or a place', () => {
  masksValues([
    ['Mon code PIN est le 3 0 7 1', '3 0 7 1'],
    ['Kod do domofonu: 8 2 6 0', '8 2 6 0'],
    ['Il codice del citofono è 5512', '5512'],
  ]);
});

describe('configuration lines', () => {
  masksValues([
    ['MAILER_API_KEY=Zq81mWn4Lp0', 'Zq81mWn4Lp0'],
    ["export SMTP_PASSWORD='plum.Tree.71'", 'plum.Tree.71'],
    ['{"deploy_token": "k3Jd9sLq0Pz2", "region": "eu"}', 'k3Jd9sLq0Pz2'],
    ['vault_secret: 8hG2kL0pQ', '8hG2kL0pQ'],
    ['set PAYMENTS_SECRET_ACCESS_KEY = Hq7/Vn3+Lp9/Xk2 on the box', 'Hq7/Vn3+Lp9/Xk2'],
    ['clientSecret: "m4rbleHall"', 'm4rbleHall'],
    ['The runner reads REDIS_PASSWORD=orchard-lane in CI.', 'orchard-lane'],
  ]);

  keepsAll(
    [
      'Set MAX_TOKENS=4096 for the summarizer.',
      'TOKEN_LIMIT=8000 in the config.',
      'SORT_KEY=created_at',
      'PRIMARY_KEY: user_id',
      'DB_PASSWORD_FILE=/run/secrets/db',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell reference, written as one
      'JWT_SECRET=${JWT_SECRET} in compose.',
      'api_key: <paste yours here>',
      'SESSION_SECRET=see the vault entry',
      'export NODE_ENV=production',
      // Code and files in an assistant's answer, and the placeholders of an example.
      'String sessionKey = cache.lookup(id);',
      'this.apiToken = apiToken;',
      'GOOGLE_APPLICATION_CREDENTIALS=/srv/keys/service-account.json',
      'Dashlane: Stores passwords for the whole family.',
      'auth: { user: "me@example.com", pass: "yourpassword" }',
      'DATABASE_URL=mysql://user:password@localhost/shop',
      'client.Secret = "your-client-secret";',
    ],
    'keeps "%s", a setting or a reference',
  );

  it('names the value of a password line a password', () => {
    expect(findSecrets('DB_PASSWORD=rust.Gate.19').map((s) => s.kind)).toEqual(['password']);
  });
});

describe('passphrases and seed phrases of several words', () => {
  it.each([
    ['My vault passphrase is copper meadow thistle rain.', 'copper meadow thistle rain'],
    ['Backup disk passphrase: lemon anchor velvet stairs', 'lemon anchor velvet stairs'],
    [
      'Wallet seed words: pilot ember cradle fossil ivory magnet tunnel wisdom glove harbor slate',
      'pilot ember cradle fossil ivory magnet tunnel wisdom glove harbor slate',
    ],
    ['seed: orbit mango velvet sugar trophy lunar', 'orbit mango velvet sugar trophy lunar'],
    [
      'The recovery phrase is acid bronze cotton dune eagle fabric gospel hazard.',
      'acid bronze cotton dune eagle fabric gospel hazard',
    ],
  ])('masks every word of "%s"', (text, phrase) => {
    const masked = maskSecrets(text);
    for (const word of phrase.split(' ')) expect(masked).not.toContain(word);
  });

  keepsAll([
    'The seed phrase is written on steel plates in the safe.',
    'Passphrase rules: at least four random words.',
    'seed: 42 for the notebook, so runs repeat.',
    'My passphrase is longer than yours.',
    'My passphrase is three random dictionary words.',
    'The recovery phrase backup is kept offline in two places.',
  ]);
});

describe('a password of several words after "is" or ":"', () => {
  readsAll(
    [
      [
        'We re-keyed the cabin router and the passphrase is Velvet Otter Teapot Sunrise',
        'We re-keyed the cabin router and the passphrase is [secret]',
      ],
      [
        'my bank password is tulip harbour 1987, keep it quiet',
        'my bank password is [secret], keep it quiet',
      ],
      [
        'The guest wifi password is Green Finch 77 and the main one is unchanged.',
        'The guest wifi password is [secret] and the main one is unchanged.',
      ],
      ['Studio password: Maple Kettle 31.', 'Studio password: [secret].'],
      // A function word ends the value: the rest is the sentence about it.
      [
        'The password is Quokka7 for the upstairs router',
        'The password is [secret] for the upstairs router',
      ],
      // "and", "or" or "but" inside a password, when no clause of its own follows.
      ['the passphrase is salt and vinegar crisps', 'the passphrase is [secret]'],
      ['Our NAS password is Thunder And Rain 9', 'Our NAS password is [secret]'],
      ['the router password is Bacon But Toast Twice', 'the router password is [secret]'],
      ['the password is tango7 or tango8, not sure', 'the password is [secret], not sure'],
      [
        'the password is Pebble44 and expires next week',
        'the password is [secret] and expires next week',
      ],
      [
        'The password is Pebble44 but check with Ana first',
        'The password is [secret] but check with Ana first',
      ],
      ['the password is otter and I wrote it down', 'the password is [secret] and I wrote it down'],
      // Quoted, as a thread summary quotes its first message.
      [
        'The thread opened with: "the wifi password is Moss And Fern Hollow"',
        'The thread opened with: "the wifi password is [secret]"',
      ],
      // Another language's words after the value are not read: its "in" is unknown.
      ['Das Passwort ist Kaffee2024 im Keller', 'Das Passwort ist [secret] im Keller'],
    ],
    'masks it whole: "%s"',
  );
});

describe('a label abbreviated with "no."', () => {
  readsAll([
    ['PIN no. 2917 for the replacement card', 'PIN no. [secret] for the replacement card'],
    ['Acct. no. 66031874 at the credit union', 'Acct. no. [secret] at the credit union'],
    // A lowercase "pin" before a bare number is still a connector's.
    ['pin no. 14 of the header goes to ground', 'pin no. 14 of the header goes to ground'],
  ]);
});

describe('inflected and compound words of other languages', () => {
  masksValues([
    ['Kod do sejfu: 5830', '5830'],
    ['Die Zahlenkombination der Alarmanlage ist 7731.', '7731'],
    ["Le mot de passe c'est Tilleul#88", 'Tilleul#88'],
    ['Die mTAN-Nummer lautet 884201.', '884201'],
  ]);
});

describe('settings and talk about a secret, by shape', () => {
  keepsAll([
    // Another language's bare word after ":" is a state ("forgotten", "unknown"), not a value.
    'Kennwort: unbekannt, sag ich dir morgen.',
    'Senha: pendente.',
    // "label <words>:" that goes on after its value names a setting, not a credential.
    'Token URL: https://id.example.org/oauth/token for the app',
    'Token issuer: Keycloak-22 for staff logins',
    'Secret scanner: Gitleaks8 on every push',
    'Wallet token address: 0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984',
    'Session key prefix: sess_',
    // A name with a secret word inside that ends otherwise: a choice, not a credential.
    'SECRET_STORE=vault for prod',
    'PASSWORD_KDF_PROVIDER=scrypt',
    'kms_secret_arn: arn:aws:kms:eu-central-1:111122223333:key/demo',
    // A number with a suffix, a year before its verb, a standard before a participle.
    'Die Geheimzahl ist 6-stellig bei dieser Bank.',
    'Der Zugangscode ist 48h gültig.',
    'Der Alarmcode ist 1998 geändert worden.',
    'Das Passwort ist WPA3-gesichert.',
    // A mnemonic that is no wallet's, a security answer given as a sentence.
    'The mnemonic for the notes is every good boy deserves fudge always',
    'Our memorable word is usually whatever the bank suggests',
    // An e-mail address and a compound word after "/".
    'Billing: ana@shop.example / self-service portal',
  ]);

  masksValues(
    [
      ['Password router: Kiwi!88 – do not share', 'Kiwi!88'],
      ['DB_PASSWORD_PROD=hunter2', 'hunter2'],
      ['Der Alarmcode ist 1998.', '1998'],
      ['My security answer is Pumpernickel', 'Pumpernickel'],
      ['Login: ana@shop.example / Tr0mb0ne!', 'Tr0mb0ne'],
    ],
    'still masks the value of "%s"',
  );
});

describe('codes typed digit by digit, or given twice', () => {
  readsAll([
    ['The bike lock PIN is 9 0 4 1.', 'The bike lock PIN is [secret].'],
    [
      'the shed code is 7-7-2-5 or 7725 when the keypad lags',
      'the shed code is [secret] or [secret] when the keypad lags',
    ],
    [
      'The garage code is 3-9-1-4, or 3914 on the old keypad',
      'The garage code is [secret], or [secret] on the old keypad',
    ],
    // A count stays a count.
    ['The PIN is 4 or 6 digits', 'The PIN is 4 or 6 digits'],
    [
      'The PIN is 4471, or ask Ana for the new one',
      'The PIN is [secret], or ask Ana for the new one',
    ],
    // A passcode or a password typed digit by digit.
    ['Tablet passcode: 3 8 0 6', 'Tablet passcode: [secret]'],
    ['the passcode for the kids iPad is 2 7 7 0 1 5', 'the passcode for the kids iPad is [secret]'],
    ['The password is 8 1 1 4 for now', 'The password is [secret] for now'],
    ['The passcode is 6 digits on the new phone', 'The passcode is 6 digits on the new phone'],
    [
      'Passcode attempts: 3 5 or 10 before it wipes',
      'Passcode attempts: 3 5 or 10 before it wipes',
    ],
    [
      'Gate code 2580 or the spare key under the mat',
      'Gate code [secret] or the spare key under the mat',
    ],
    // Quoted, as a thread summary quotes its first message.
    ['It began with: "the card PIN is 6 1 0 8"', 'It began with: "the card PIN is [secret]"'],
    [
      'It began with: "backup codes are 4410-2291 7730-1182"',
      'It began with: "backup codes are [secret]"',
    ],
  ]);
});

describe('codes read aloud in number words', () => {
  readsAll([
    ['my card PIN is six oh two nine', 'my card PIN is [secret]'],
    [
      'The code for the back door is three three eight one.',
      'The code for the back door is [secret].',
    ],
    ['Bike lock combination is thirty-one seven nineteen', 'Bike lock combination is [secret]'],
    [
      'Tablet passcode: five five two two, ask before using',
      'Tablet passcode: [secret], ask before using',
    ],
    // One number word is a count, and a count with "or" is still one.
    ['The PIN is six digits now', 'The PIN is six digits now'],
    ['The door code is four or six numbers', 'The door code is four or six numbers'],
    ['The PIN is one of two I use', 'The PIN is one of two I use'],
  ]);
});

describe('a reply to a question asking for a secret', () => {
  answers([
    ['Which PIN do you use for the bike shed?', '3 9 0 2', '[secret]'],
    ['What did the bank text you as the login code?', '448 913', '[secret]'],
    [
      'Could you send me the verification code from the app.',
      "sure, it's 2207-19",
      "sure, it's [secret]",
    ],
    ['And the new wifi password?', 'Otter-Lamp-93!', '[secret]'],
    ['What passphrase is on the backup disk?', 'Maple Comet Nine', '[secret]'],
    ['What passphrase is on the backup disk?', 'garden ladder marble', '[secret]'],
    ['I reset the storage unit code.\nWhat is it now?', '7 7 0 4', '[secret]'],
    // A reply that is a sentence, or a question about the secret, gives none.
    ["What's the wifi password?", "It's taped under the router", "It's taped under the router"],
    ["What's the wifi password?", 'Ask Marta later', 'Ask Marta later'],
    ["What's the wifi password?", 'Kitchen drawer somewhere', 'Kitchen drawer somewhere'],
    ['How many digits does the PIN have?', '6', '6'],
    ['When did you last change the password?', '2023', '2023'],
    ['Which password manager do you use?', '1Password', '1Password'],
    ["What's the booking code?", 'QX7731', 'QX7731'],
    ['Is the code review finished?', '2 of 3', '2 of 3'],
    ['What port does the API use?', '8443', '8443'],
    ['What is the new PIN policy?', 'twelve digits minimum', 'twelve digits minimum'],
  ]);

  it('reads a question and its answer inside one message', () => {
    expect(maskSecrets('The alarm PIN? It is 8 1 6 4.')).toBe('The alarm PIN? It is [secret].');
    expect(maskSecrets('The alarm PIN? It is the old one.')).toBe(
      'The alarm PIN? It is the old one.',
    );
  });

  it('reads a question inside one message with the sentence before it, and no further', () => {
    const text = 'Lunch is at noon. I changed the locker code. What is it now? 5 5 1 2.';
    expect(maskSecrets(text)).toBe(
      'Lunch is at noon. I changed the locker code. What is it now? [secret].',
    );
    const far = 'I changed the locker code. Lunch is at noon. What is it now? 5 5 1 2.';
    expect(maskSecrets(far)).toBe(far);
  });

  answers([
    // An opener with a dash, a key pressed after the code: the code is still the reply.
    ["What's the alarm PIN?", 'Sure — 4 1 7 2', 'Sure — [secret]'],
    ["What's the alarm PIN?", 'Yes – 4172', 'Yes – [secret]'],
    ['Can you give me the gate code?', "it's 2 0 4 1 then hash", "it's [secret] then hash"],
    [
      'Can you give me the gate code?',
      '8812 followed by the star key',
      '[secret] followed by the star key',
    ],
    ["What's the wifi password?", 'Sure — ask Tom', 'Sure — ask Tom'],
  ]);

  it('reads no answer without a question', () => {
    expect(maskSecrets('3 9 0 2')).toBe('3 9 0 2');
  });
});

describe('code lists written with spaces only', () => {
  readsAll([
    [
      'Recovery codes for the NAS: 55201934 80417726 31098845',
      'Recovery codes for the NAS: [secret] [secret] [secret]',
    ],
    [
      'backup codes 9k2m-x7p4 3q8z-w1n6 are in the safe',
      'backup codes [secret] [secret] are in the safe',
    ],
    // A number of another length after the list is no code of it.
    ['Backup codes 40718823 left after 2 logins', 'Backup codes [secret] left after 2 logins'],
    ['Backup codes 40718823 3 days old', 'Backup codes [secret] 3 days old'],
  ]);
});

describe('an aside after a label, a random key, basic auth', () => {
  readsAll([
    ['Backup PIN (the old card): 8126', 'Backup PIN (the old card): [secret]'],
    [
      'Seed phrase (keep offline): cargo lemon tiger vivid oak ramp',
      'Seed phrase (keep offline): [secret]',
    ],
    ['the cluster unseal key Zr81kQpLw02NvX6tYb', 'the cluster unseal key [secret]'],
    ['Staging uses basic auth deploy:Pl4nk_Harbor', 'Staging uses basic auth deploy:[secret]'],
    // An aside before a word that is no value, a key that is a number, a user's own name.
    ['The PIN (see the letter): required', 'The PIN (see the letter): required'],
    ['Primary key 48213 in the orders table', 'Primary key 48213 in the orders table'],
    ['The cache key is user-profile-settings', 'The cache key is user-profile-settings'],
    ['basic auth guest:guest on the test box', 'basic auth guest:guest on the test box'],
  ]);
});

describe('credentials in URLs and HTTP headers', () => {
  masksValues(
    [
      ['Backups go to sftp://backup:Willow.77@files.lan/nightly.', 'Willow.77'],
      ['REDIS_URL=redis://default:t0pHat9@cache.lan:6379', 't0pHat9'],
      ['Download from https://cdn.example.org/a.zip?token=Qm81xYz03LkPw for now', 'Qm81xYz03LkPw'],
      ['https://maps.example.com/js?v=3&api_key=K9dLm20xQpZ7&region=uk', 'K9dLm20xQpZ7'],
      ['curl -H "Authorization: Bearer 7fGh21KlmZ90pq" https://api.example.com', '7fGh21KlmZ90pq'],
      ['Send X-Api-Token: 55aa1177bc9e with each call.', '55aa1177bc9e'],
      [
        'Alerts post to https://hooks.slack.com/services/T0AB12CD/B0EF34GH/f7Kq2Lm9Xw3Ry8Tz1Np6Vb4c',
        'f7Kq2Lm9Xw3Ry8Tz1Np6Vb4c',
      ],
    ],
    'masks the credential in "%s"',
  );

  keepsAll([
    'Clone ssh://git@git.example.com/team/app.git for the sources.',
    'Local dev uses postgres://localhost:5432/app.',
    'Search https://example.com/find?q=token&page=2 for the docs.',
    'The Authorization header must use the Bearer scheme.',
    'The API key header is X-Api-Key on every request.',
    'Bearer bonds were common in 1920.',
    'The style guide is at https://example.com/guide?design=Modern2024 for everyone.',
  ]);

  it('masks only the password of a URL, not its user or host', () => {
    expect(maskSecrets('The NAS is at https://admin:Quartz99@nas.lan:5001.')).toBe(
      'The NAS is at https://admin:[secret]@nas.lan:5001.',
    );
  });
});

describe('a label, a word or two naming what it is for, then ":"', () => {
  masksValues([
    ['mdp box : tournesol_19', 'tournesol_19'],
    ['PIN karty: 6619', '6619'],
    ['OTP bank: 552013', '552013'],
    ['Password NAS: Gravel#Path3', 'Gravel#Path3'],
  ]);

  keepsAll(
    [
      'Password manager: 1Password',
      'Password manager: Bitwarden',
      'PIN attempts: 3',
      'PIN expiry: 2025-01-31',
      'Token count: 12000000',
      'Minimum credit card payments: $500',
      'Add the secret and redeploy: `kubectl rollout restart deploy/api`',
    ],
    'keeps "%s", a setting about a secret',
  );
});

describe('more labels and shapes', () => {
  masksValues(
    [
      [
        '-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBGXk2q0BCAC\n-----END PGP PRIVATE KEY BLOCK-----',
        'lQOYBGXk2q0BCAC',
      ],
      ['The key for the vault CLI is hvs.Q2xR7mPz0LkW9sYt4VbN1cDe', 'hvs.Q2xR7mPz0LkW9sYt4VbN1cDe'],
      ['Backup codes: 7hq2-k91z, 3mm8-p20x, 0zz1-q77w', '3mm8-p20x'],
      ['Backup codes: 7hq2-k91z, 3mm8-p20x, 0zz1-q77w', '0zz1-q77w'],
      ['The PUK for the work phone is 40918273.', '40918273'],
      ['Shed keypad: 2-0-1-9 then enter.', '2-0-1-9'],
      ['Guest wifi is Orchard, pass Plum#Tree5', 'Plum#Tree5'],
      ['Portal login: user j.ruiz, pass Ridge44', 'Ridge44'],
      ['Your sign-in code: 730 118, it expires soon.', '730 118'],
      ['spotify: leo.m@post.example / Vinyl#Crate8', 'Vinyl#Crate8'],
      [
        'My key body starts b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAG',
        'b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAG',
      ],
      ['session jwt: eyJhbGciOiJFUzI1NiJ9.Q2xhaW1zR29IZXJl.U2lnbmF0dXJlSGVyZQ', 'Q2xhaW1zR29IZXJl'],
      ['Kreditkarte 4012 8888 8888 1881, gültig bis 03/29', '4012 8888 8888 1881'],
      ['Sicherheitsziffer (CVV): 408', '408'],
      ['CACHE_URL=redis://:Fjord88Lake@cache.lan:6379/0', 'Fjord88Lake'],
      ['Test it with curl -u deploy:Sp1ce!Rack https://ci.lan/hook', 'Sp1ce!Rack'],
      ['Restore with mysql -u admin -pHeron5Bay shop < dump.sql', 'Heron5Bay'],
      ['Run the importer with --token 8c1d55ef90ab once.', '8c1d55ef90ab'],
      ['card pin 0713, do not write it down', '0713'],
      ['Security answer: Larkspur', 'Larkspur'],
      ['Laptop recovery key: 7QW2-KP4M-ZX81-R6TB', '7QW2-KP4M-ZX81-R6TB'],
      ['passport no. K7731904 expires 2031', 'K7731904'],
    ],
    'finds the value in "%s"',
  );

  keepsAll([
    'My bus pass is 4471-22 for the month.',
    'I got a boarding pass for gate B12.',
    'The login flow has to pass 120 tests before release.',
    'npm install --save-dev vitest',
    'Connect pin 3 to ground on the sensor board.',
    'Sandi: 555 0142, call after six.',
    'The building code section is 1207 for the handrails.',
    'The password is Keychain-generated for every site.',
    'Reach me at ana@mail.example / ana-portfolio.dev or +44 20 7946 0000.',
    'CV header: 555-0199 | ana@mail.example | linkedin.com/in/ana9',
  ]);

  it('leaves a masked text as it is when masked again', () => {
    const once = maskSecrets('Router password: Fennel22, PIN 5531, token=Ab12Cd34Ef56');
    expect(maskSecrets(once)).toBe(once);
  });
});

describe('the allow-lists', () => {
  // Each pair: the sentence is a secret, and the allow-list word alone turns it into none.
  it('NOT_A_VALUE: a word filling a value’s place is no value', () => {
    expect(holdsSecret('The cabin wifi password is marigold.')).toBe(true);
    expect(holdsSecret('The cabin wifi password is optional.')).toBe(false);
    expect(holdsSecret('The cabin wifi password is unknown.')).toBe(false);
  });

  it('PUBLIC_CODE_BEFORE: a public kind of code said near a door is no secret', () => {
    expect(holdsSecret('The code on the gate is 7781.')).toBe(true);
    expect(holdsSecret('The error code on the gate is 7781.')).toBe(false);
    expect(holdsSecret('The booking code for the garage is 7781.')).toBe(false);
  });

  it('HARDWARE_BEFORE: a lowercase pin after a part’s name is hardware', () => {
    expect(holdsSecret('the phone pin is 4471')).toBe(true);
    expect(holdsSecret('the reset pin is 4471')).toBe(false);
    expect(holdsSecret('the sensor pin is 4471')).toBe(false);
  });
});

describe('names and help that look like secrets (issue #13 review of the fifth pass)', () => {
  readsAll([
    // A name in code after a bare "key" is made of words; a random key is not.
    ['The config key is shippingAddressForm2025 in fr.json', null],
    ['Memcached key ProductListCache2027v2 expires hourly', null],
    ['Sort by the composite key InvoiceLineNumber2031b', null],
    ['the vault key Hq7Ws2Lx9Pd4Mn6Bt3', 'the vault key [secret]'],
    // An article belongs to another language's "is" only; after English "is" it is the value's.
    ['The wifi password is Mi-Casa-55', 'The wifi password is [secret]'],
    ['Our router password is Le-Chat-Noir-4', 'Our router password is [secret]'],
    ['La password è la Gatto-Rosso-8', 'La password è la [secret]'],
    // A question offering help is followed by help, not by the value.
    ['Misplaced your debit PIN? 0800 765 4321', null],
    ['Forgotten the alarm code? Call 0161 496 0000.', null],
    ['Need a replacement passcode? 0800 321 7788', null],
    ['What is the PIN? 4471', 'What is the PIN? [secret]'],
    ['Forgot the gate code? It is 6 2 9 0.', 'Forgot the gate code? It is [secret].'],
    // Labels written without spaces take the same vetoes as the others: a standard is no value.
    ['パスワードはAES256で暗号化されます', null],
    ['암호는 SHA512 로 저장됩니다', null],
    ['パスワードはHana2024です', 'パスワードは[secret]です'],
  ]);

  keepsReplies([
    // A sentence, a network's name, a hint, a region, days: none is the value asked for.
    ["What's the router password?", 'Someone else knows'],
    ["What's the wifi network name and password?", 'Villa Rosa 24'],
    ["What's the router password hint?", 'grandma street name backwards'],
    ['Which API key region do we deploy to?', 'ap-southeast-2'],
    ['Which days does the side gate code work?', 'one three five seven'],
  ]);

  masksReplies([
    ["What's the API key?", 'Kp9xQ2mZr7Lw4Tn8'],
    ["What's the wifi password?", 'velvet thunder pancake'],
  ]);
});

describe('askedBefore', () => {
  const turns = [
    { side: 'user', text: 'I moved the bike to the cellar.' },
    { side: 'assistant', text: 'What is the cellar door code?' },
    { side: null, text: 'tool: reminder saved' },
    { side: 'user', text: '2 8 1 9' },
    { side: 'user', text: 'Thanks.' },
  ];

  it('reads the two spoken turns before a turn, past turns that ask nothing', () => {
    expect(askedBefore(turns, 3)?.before).toBe(
      'I moved the bike to the cellar.\nWhat is the cellar door code?',
    );
  });

  it('looks past a short turn that holds the floor ("hang on") to the question', () => {
    const held = [
      { side: 'assistant', text: 'What is the storage unit code?' },
      { side: 'user', text: 'hang on, let me look' },
      { side: 'user', text: '6 6 1 8' },
      { side: 'user', text: 'We moved the boxes there in May and it was full.' },
      { side: 'user', text: '2040' },
    ];
    expect(askedBefore(held, 2)?.before).toBe('What is the storage unit code?');
    expect(maskSecrets('2040', askedBefore(held, 4))).toBe('2040');
  });

  it.each([['yep'], ['Alright.'], ['give me a sec'], ['one moment, checking']])(
    'looks past one acknowledgement ("%s") between the question and the code',
    (ack) => {
      const turns = [
        { side: 'assistant', text: 'Could you give me the shed padlock code?' },
        { side: 'user', text: ack },
        { side: 'user', text: '5 0 3 8' },
      ];
      expect(askedBefore(turns, 2)?.before).toBe('Could you give me the shed padlock code?');
      expect(maskSecrets('5 0 3 8', askedBefore(turns, 2))).toBe('[secret]');
    },
  );

  it('looks past two turns holding the floor, never three, nor one with a number or a question', () => {
    const held = [
      { side: 'assistant', text: 'What is the shed padlock code?' },
      { side: 'user', text: 'ok' },
      { side: 'user', text: 'mm' },
      { side: 'user', text: '5038' },
    ];
    expect(askedBefore(held, 3)?.before).toBe('What is the shed padlock code?');
    expect(maskSecrets('5038', askedBefore(held, 3))).toBe('[secret]');
    // Past three holding the floor, or after a turn with a number, the question is not read and
    // the same speaker goes on: no reply. After a question ("which shed?") it is not read as
    // asked, but the padlock makes the stretch access talk, so a bare code answering it is masked
    // all the same (secrets-situation.ts). After a question for a width, no code is read.
    const three = [held[0], held[1], held[2], { side: 'user', text: 'right' }, held[3]];
    expect(askedBefore(three as typeof held, 4)?.before).toBe(`${held[0]?.text}\nok`);
    expect(maskSecrets('5038', askedBefore(three as typeof held, 4))).toBe('5038');
    for (const [said, shown] of [
      ['room 12', '5038'],
      ['which shed?', '[secret]'],
    ]) {
      const turns = [held[0], { side: 'user', text: said }, { side: 'user', text: '5038' }];
      expect(askedBefore(turns as typeof held, 2)?.before).toBe(`${held[0]?.text}\n${said}`);
      expect(maskSecrets('5038', askedBefore(turns as typeof held, 2))).toBe(shown);
    }
    const hedge = [{ side: 'user', text: 'How wide is the hedge?' }, held[3]];
    expect(maskSecrets('5038', askedBefore(hedge as typeof held, 1))).toBe('5038');
  });

  it('never reads a short question as holding the floor, with or without its mark', () => {
    for (const question of ['车库的密码是多少？', 'the gate code', '¿y la clave']) {
      const turns = [
        { side: 'assistant', text: question },
        { side: 'user:', text: 'no idea' },
      ];
      expect(askedBefore(turns, 1)?.before).toBe(question);
    }
  });

  it('reads a question whoever asked it: the asker answering, two people in one role', () => {
    const self = [
      { side: 'user:', text: "what's the shed padlock code again?" },
      { side: 'user:', text: 'found it, 8053' },
    ];
    expect(maskSecrets('found it, 8053', askedBefore(self, 1))).toBe('found it, [secret]');
    const two = [
      { side: 'user:', text: 'Did you write down the alarm code for the studio?' },
      { side: 'user:', text: 'hold on' },
      { side: 'user:', text: '7 0 4 2' },
    ];
    expect(maskSecrets('7 0 4 2', askedBefore(two, 2))).toBe('[secret]');
  });

  it.each([
    ["what's the extension for the front desk?", '3312'],
    ['what was the order number for the lamp?', '40917'],
    ['how many digits does the alarm code have?', 'six I think'],
    ['what time does the gate close?', '2130'],
  ])('keeps a same-side reply to a question for no secret: "%s" | "%s"', (question, reply) => {
    const turns = [
      { side: 'user:', text: question },
      { side: 'user:', text: reply },
    ];
    expect(maskSecrets(reply, askedBefore(turns, 1))).toBe(reply);
  });

  it('reads nothing before the first turn, and the turns after it ahead', () => {
    expect(askedBefore(turns, 0)?.before).toBeUndefined();
    expect(askedBefore(turns, 0)?.after).toBe('What is the cellar door code?\n2 8 1 9');
    expect(askedBefore(turns, 4)?.after).toBeUndefined();
    expect(askedBefore([{ side: 'user', text: 'hello' }], 0)).toBeUndefined();
  });
});

describe('codes listed one a line, and an .npmrc token', () => {
  readsAll([
    [
      'Recovery codes:\n1. 7730-1184\n2. 2291-6650\nStore them offline.',
      'Recovery codes:\n1. [secret]\n2. [secret]\nStore them offline.',
    ],
    ['Backup codes:\n  - kq81mz40\n  - pd27xw93', 'Backup codes:\n  - [secret]\n  - [secret]'],
    [
      '//npm.example.com/:_authToken=Qm83kLp2Vx9wRt4Zb7Nc',
      '//npm.example.com/:_authToken=[secret]',
    ],
    // Steps about codes, and a token left to the environment, are no codes.
    ['Backup codes:\n1. Print them\n2. Keep them in a drawer', null],
    ['//registry.npmjs.org/:_authToken=$NPM_TOKEN', null],
  ]);
});

describe('a code read aloud in number words and digits mixed', () => {
  readsAll([
    ['the PIN is 8 two 6 nine', 'the PIN is [secret]'],
    ['The alarm code is nine 3 3 one.', 'The alarm code is [secret].'],
    // Counts and choices stay: two numbers, digits alone, a number word before a unit.
    ['The PIN is 4, five or six digits long', null],
    ['the code is 1 2 3', null],
    ['the PIN is 2 three times wrong and it locks', null],
  ]);
});

describe('a login given as "user / password" right after its word', () => {
  readsAll([
    ['login admin / Kettle-42!', 'login admin / [secret]'],
    ['Sign in guest / welcome7 on the kiosk', 'Sign in guest / [secret] on the kiosk'],
    // Things about logins, and a second word with no credential's shape.
    ['the login page / v2 redesign', null],
    ['login time / 10am', null],
    ['login ana / dashboard', null],
  ]);
});

describe('the word lists a reply is read with', () => {
  it.each([
    // REQUEST: a question, or a verb asking for the value.
    ['Paste the token from the dashboard here', 'Rq7vLm29XwKt84Pz', true],
    ['Type in the alarm PIN', '3 1 8 8', true],
    // Inside access talk a bare code-shaped reply is the code, asked or not (secrets-situation.ts).
    ['I updated the alarm PIN', '3 1 8 8', true],
    // SENT: a bare "code" asked for by what sent it.
    ['What was the code they texted you?', '551 902', true],
    ['What was the code?', '551 902', false],
    // BACK_REFERENCE: "it" after a sentence naming the secret.
    ['I changed the padlock code.\nWhat is it?', '0 4 4 9', true],
    ['The meeting moved.\nWhat is it?', '0 4 4 9', false],
    // ABOUT_SECRET: a question about the secret, not for it.
    ['How long is the door code?', '4 8 2 2', false],
    ['Which year did the PIN change?', '2019', false],
    ['What format is the API key?', 'Base64Url2048bits', false],
    // PASSWORD_VERB: a reply that is a sentence.
    ["What's the router password?", 'tell you tomorrow', false],
    ["What's the router password?", 'amber falcon orchard', true],
  ])('"%s" → "%s" masked: %s', (asked, reply, masked) => {
    expect(maskSecrets(reply, asked)).toBe(masked ? '[secret]' : reply);
  });

  readsAll([
    // CJK_UNIT: a counter after the number makes it a length or a date.
    ['密码是8位数字', null],
    ['暗証番号は2024年に変更', null],
    ['密码是Qing2024', '密码是[secret]'],
  ]);
});

describe('a bare reply is a secret only when the secret itself is asked for', () => {
  it.each([
    // The secret word inside another noun phrase: the reply is that other thing.
    ['What is the postcode on the PIN reminder?', 'SW1A 2AA'],
    ['Can you give me the room number for the password workshop?', '3104'],
    ['What was the taxi fare for the visit the alarm code was changed on?', '2650'],
    ['What is the password team’s ticket number?', '88213'],
    // Two things asked: only a reply shaped like a credential is the secret.
    ['What is the router called and what is the password?', 'Villa_Bianchi'],
    ['What is the guest network name and its password?', 'Nido'],
    // A sort code identifies a branch; it opens nothing.
    ['What is your sort code?', '40-11-62'],
    ['My sort code is 40-11-62.', null],
  ])('"%s" → "%s" stays', (asked, reply) => {
    if (reply === null) expect(maskSecrets(asked)).toBe(asked);
    else expect(maskSecrets(reply, asked)).toBe(reply);
  });

  masksReplies([
    ['What is the PIN for the storage locker?', '5 2 8 0'],
    ['and the guest wifi password?', 'Tulip-Harbour-61'],
    ['Can you remind me of the alarm code?', '9 1 4 4'],
    ['What is the router called and what is the password?', 'Pine7Lodge'],
    ['What did the landlord text you as the door code?', '662 019'],
  ]);
});

describe("a reply's frame: a short preamble before the value, a hedge after it", () => {
  answers([
    ['What is the garage keypad code?', 'um, 6 0 4 8', 'um, [secret]'],
    ['What is the garage keypad code?', 'wait — 6048', 'wait — [secret]'],
    ['What is the garage keypad code?', 'the keypad code is 6048', 'the keypad code is [secret]'],
    ['What is the garage keypad code?', 'Yes, the code’s 6048.', 'Yes, the code’s [secret].'],
    ['What is the garage keypad code?', 'pretty sure it is 6048', 'pretty sure it is [secret]'],
    ['What is the garage keypad code?', '6048 if I remember right', '[secret] if I remember right'],
    ['What is the laptop password?', 'Quokka31, lower case q', '[secret], lower case q'],
    ['What is the laptop password?', 'I changed it to Quokka31', 'I changed it to [secret]'],
  ]);

  keepsReplies([
    // A preamble naming another thing gives that thing, not the secret.
    ['What is the garage keypad code?', 'the installer is 0161 555 0199'],
    ['What is the laptop password?', 'um, no idea'],
    ['What is the garage keypad code?', 'the code is on the fridge'],
  ]);
});

describe('an instruction after a code is no part of it', () => {
  answers([
    ['What is the safe code?', '7 3 1 9 then turn the handle', '[secret] then turn the handle'],
    [
      'What is the safe code?',
      "it's 7319 and then wait for the beep",
      "it's [secret] and then wait for the beep",
    ],
    [
      'What is the safe code?',
      '7319 followed by a long press on OK',
      '[secret] followed by a long press on OK',
    ],
    ['What is the laptop password?', 'Quokka31 then hit return', '[secret] then hit return'],
  ]);

  answers(
    [
      // A password of words joined by "and" is one password: no instruction follows a digit.
      ['What is the laptop password?', 'amber and falcon orchard', '[secret]'],
    ],
    '"%s" → "%s" masked whole',
  );
});

describe('a secret named first, then given with "it is" after a comma', () => {
  readsAll([
    ['The PIN for the bike lock, it is 4826.', 'The PIN for the bike lock, it is [secret].'],
    [
      'So the passcode to the storage unit, it’s 3391.',
      'So the passcode to the storage unit, it’s [secret].',
    ],
    [
      'Right, the cabin wifi password, that’s Heron-Lake-72.',
      'Right, the cabin wifi password, that’s [secret].',
    ],
    // An adverb ending in "-ly" between "is" and the value.
    ['The alarm code is actually 5528.', 'The alarm code is actually [secret].'],
    ['My bank PIN is probably 0419.', 'My bank PIN is probably [secret].'],
    // None names a value: a room, a sentence, a count, a length.
    ['The meeting room, it’s 4B.', null],
    ['The PIN, it changes yearly.', null],
    ['The new door code, it’s 6 digits long.', null],
    ['When the PIN changed, it was 2019.', null],
    ['The alarm code is actually quite long.', null],
    ['The PIN is usually 4 digits.', null],
    // After an adverb ending in "-ly", a word without a digit is a description, not a password.
    ['A longer password is usually harder to crack.', null],
    ['Your password is typically safer there.', null],
  ]);
});

describe('answersLeftBare: the replies a forgotten turn alone made secret', () => {
  const turns = [
    { side: 'user:', text: 'The locksmith came round this morning.' },
    { side: 'assistant', text: "What's the new garage door code?" },
    { side: 'user:', text: '4471' },
    { side: 'assistant', text: 'How many bikes are in the garage?' },
    { side: 'user:', text: '3' },
    { side: 'user:', text: 'The alarm PIN is 8820.' },
  ];

  it.each([
    ['the question before a bare code', [1], [2]],
    ['a question before a count', [3], []],
    ['a remark two turns before the reply, the question kept', [0], []],
    ['the code itself', [2], []],
  ] as const)('%s', (_name, gone, bare) => {
    expect(answersLeftBare(turns, new Set(gone)).map((r) => r.index)).toEqual(bare);
  });

  /** What forgetting the question does to `reply`: erased whole, or kept with these masked. */
  function reading(asked: string, reply: string): string | 'whole' | null {
    const said = [
      { side: 'assistant', text: asked },
      { side: 'user:', text: reply },
    ];
    const [left] = answersLeftBare(said, new Set([0]));
    if (left === undefined) return null;
    if (left.whole) return 'whole';
    return left.spans.map((s) => reply.slice(s.start, s.end)).join(' | ');
  }

  it.each([
    // Nothing but the value and its frame: erased whole.
    ["What's the code for the bike shed now?", '5920', 'whole'],
    ["What's the code for the bike shed now?", "it's 5920", 'whole'],
    ["What's the code for the bike shed now?", 'ok: 5920', 'whole'],
    ["What's the code for the bike shed now?", "the code's 5920, I think", 'whole'],
    ['Quel est le nouveau code du portail ?', "c'est 6617", 'whole'],
    // More said beside it: the reply stays, the value alone masked.
    ["What's the code for the bike shed now?", "it's 5920, and the plumber comes Friday", '5920'],
    ["What's the code for the bike shed now?", "it's 5920, and I'm vegan since May", '5920'],
    ['Quel est le nouveau code du portail ?', "c'est 6617, et le colis arrive jeudi", '6617'],
    // Asked for no secret: nothing to do.
    ['How many bikes are in the shed?', '3', null],
    ['When does the plumber come?', 'at 14:30, and he brings the new tap', null],
  ] as const)('after "%s", "%s" reads %s', (asked, reply, expected) => {
    expect(reading(asked, reply)).toBe(expected);
  });
});

describe("review shapes of session 18: a value named a sentence before, c'est, dials, CJK, two codes", () => {
  it.each([
    [undefined, "the bike shed code changed. this month it's 6384", "this month it's [secret]"],
    [undefined, 'The garage code was reset. Now it is 5120.', 'Now it is [secret].'],
    [undefined, "Le code de la porte, c'est 7730", "c'est [secret]"],
    ["C'est quoi le code du portail ?", "attends, c'est 9047", "attends, c'est [secret]"],
    ["What's the gym locker combination?", 'left 27, right 9, left 31', '[secret]'],
    ['车库的密码是多少？', '5826', '[secret]'],
    ['ガレージの暗証番号は？', '5826', '[secret]'],
    ['保险箱的密码呢？', '7316', '[secret]'],
    // A yes/no ending does not hide a word asking for the value ("give me", "what").
    ['门禁密码可以给我吗？', '3391', '[secret]'],
    ['金庫の暗証番号は何？', '7742', '[secret]'],
    ['ロッカーのパスワードなんだっけ？', 'Kumo5510', '[secret]'],
    ['현관 비밀번호 좀 줄래?', '8264', '[secret]'],
    ['把wifi密码发我', 'Tiankong88', '[secret]'],
    ["What's the code for the studio door?", '3906 and 2751', '[secret]'],
  ] as const)('masks %s | %s', (asked, text, shown) => {
    expect(maskSecrets(text, asked)).toContain(shown);
  });

  keepsReplies(
    [
      [undefined, "The order number changed. now it's 448120"],
      [undefined, "The price changed. this month it's 4200"],
      [undefined, "The alarm PIN was changed. It's 2 weeks old now."],
      [undefined, "The gate code changed. It's on the fridge."],
      ["What's the order number for the blender?", '448120 and 448121'],
      ['Which GPIO pins is the display on?', 'left 4, right 17'],
      ['车库有几辆车？', '3'],
      ['密码有几位？', '6'],
      // A yes/no question names the secret without asking for it: the reply says whether.
      ['你知道保险箱的密码吗？', '不知道，问老周'],
      ['wifi密码换了吗？', '换了，上周换的'],
      ['暗証番号を変えましたか？', 'はい、先週変えました'],
      ['你有门禁的密码吗？', '没有，问物业'],
      ["C'est quoi le prix du billet ?", "bon, c'est 42"],
    ],
    'keeps %s | %s',
  );
});

describe('a reply taken back, held, or given in two parts (session 18, ninth pass)', () => {
  // Every turn said by the user: a reply can be the asker's own.
  const read = (said: readonly string[]) => shownLast(said, 'user:');

  it.each([
    [
      ['what is the shed padlock code?', '6604', 'no wait 6640, I swapped it'],
      'no wait [secret], I swapped it',
    ],
    [
      ['What is the garage door code?', '3318', 'ne, 3381 – neu seit Montag'],
      'ne, [secret] – neu seit Montag',
    ],
    [['what is the door code', '8821', 'sorry, 8812 not 8821'], 'sorry, [secret] not 8821'],
    [
      ['whats the wifi password for the loft', 'hold on', 'ok', 'sorry! it is Gr33n#Door'],
      'sorry! it is [secret]',
    ],
    [['Can you read me the card number?', '4111 1111', '1111 1111'], '[secret]'],
    [['qual è il codice della porta?', '24 68 poi chiave'], '[secret] poi chiave'],
    [['what is the side door code?', '4471 e depois #'], '[secret] e depois #'],
    [['What is the gate code?', '5 0 3 8 und dann Raute'], '[secret] und dann Raute'],
    [['大门的密码是多少？', '963021然后#'], '[secret]然后#'],
  ])('%j → %s', (said, shown) => {
    expect(read(said)).toBe(shown);
  });

  it.each([
    [['What is the door code?', '4471', 'thanks, 2 more to go']],
    [['What is the order number?', '58213', 'no wait 58231']],
    [['What is the door code?', '4471', 'no wait, 2 people are coming']],
    [['what is the door code', 'no idea, ask Tom']],
    [['what time does the gate open?', 'no, 0730']],
    [['How many rooms are booked?', '12', 'sorry, 14 not 12']],
  ])('keeps %j', (said) => {
    expect(read(said)).toBe(said[said.length - 1]);
  });

  it('reads a "!" inside a value as part of it, and after one only when a space follows', () => {
    expect(maskSecrets('Kettle!Lamp7', "What's the wifi password?")).toBe('[secret]');
    expect(maskSecrets('oh sorry!! 190233', "What's the tablet passcode?")).toBe(
      'oh sorry!! [secret]',
    );
  });
});

/** Each entry of `ASKED_LABELS` with a question of our own: [language, kind, question, reply]. */
const ASKED_QUESTIONS: readonly [string, string, string, string][] = [
  ['en', 'access_code', "what's the number for the shed padlock", '7713'],
  ['de', 'access_code', 'Wie ist die Nummer vom Fahrradschloss?', '3390'],
  ['fr', 'access_code', 'Tu as le numéro du cadenas ?', '2714'],
  ['es', 'access_code', '¿Cuál es el número del candado?', '0482'],
  ['it', 'access_code', 'Qual è il numero della cassaforte?', '553120'],
  ['nl', 'access_code', 'Wat is het nummer van de kluis?', '9160'],
  ['pl', 'access_code', 'Jaki jest numer do kłódki?', '6043'],
  ['en', 'password', 'can you send me the login for the school portal', 'Owl#Tree77'],
  ['de', 'password', 'Schickst du mir die Zugangsdaten fürs Elternportal?', 'Eule#Baum77'],
  ['fr', 'password', "Tu peux m'envoyer les identifiants du portail ?", 'Hibou#88'],
  ['es', 'password', '¿Me pasas las credenciales del portal?', 'Buho#2024'],
  ['pt', 'password', 'Mandas-me as credenciais do portal?', 'Coruja#51'],
  ['it', 'password', 'Mi mandi le credenziali del portale?', 'Gufo#7788'],
  ['nl', 'password', 'Stuur je me de inloggegevens van het portaal?', 'Uil#Boom12'],
  ['pl', 'password', 'Podeślesz mi dane logowania do portalu?', 'Sowa#4412'],
  ['mul', 'card_number', 'pls send me the work card, have to pay the florist', '4024 0071'],
  ['en', 'api_key', 'Which value did you set as the key?', 'zR4t7Hx2Lm9PqVb81NcW'],
  ['de', 'api_key', 'Hast du den Schlüssel für die Wetter-API?', 'Zt9LmQ2xRv71TbN0sW'],
  ['fr', 'api_key', 'Quelle clé as-tu mise dans la config ?', 'Hq7Lm2Xv9Rt4Bn8Kw'],
  ['it', 'api_key', 'Qual è la chiave che usi per il servizio?', 'Pq4Wm8Zt2Lx7Rv9Nb'],
  ['pt', 'api_key', 'Qual é a chave que puseste no servidor?', 'Kv8Rt2Mx7Lq4Wz9Pb'],
  ['nl', 'api_key', 'Welke sleutel heb je in de config gezet?', 'qT83nWz0LkP2vRx9Bm'],
  ['pl', 'api_key', 'Jaki klucz wpisałeś w konfiguracji?', 'Bx2Nq8Lt4Rz9Vm7Kw'],
];

describe('words a question asks for a secret by (ASKED_LABELS)', () => {
  it.each(ASKED_QUESTIONS)('reads the %s %s asked in "%s"', (_lang, _kind, question, reply) => {
    expect(maskSecrets(reply, question)).toBe('[secret]');
    expect(maskSecrets(`Note: ${question}`)).toBe(`Note: ${question}`);
  });

  it('has a question for every entry', () => {
    expect(unsaid(ASKED_LABELS, ASKED_QUESTIONS)).toEqual([]);
  });

  keepsReplies(
    [
      ["what's the number for the locksmith", '0161 496 0732'],
      ['what is the login page?', 'Portal-2024'],
      ['how many login attempts are allowed?', '5'],
      ['What card did you use?', '4412'],
      ["what's on the card?", 'a dog'],
      ['how many digits is the safe number?', '6'],
      ['¿Qué número de pedido tienes?', '58213'],
      ['Wie ist die Nummer vom Hausmeister?', '0171 2233445'],
      ['What key is the song in?', 'G minor'],
      ['Which key did you press?', 'F12'],
      ['What is the primary key of the orders table?', 'order_id_2024'],
      ['What did you set MAX_TOKENS to?', '4096'],
      ['What is the key for the legend?', 'BlueLine2024Route'],
      ['What value is in SORT_KEY?', 'createdAtDesc2024'],
    ],
    'keeps "%s" | "%s"',
  );
});

describe('a configuration name asked for', () => {
  masksReplies(
    [
      ['What did you put in STRIPE_SECRET for staging?', 'mQ8vT2xL9kR4pW7z'],
      ['What is in SESSION_TOKEN now?', 'aB3dE5fG7hJ9kL1mN'],
      ['Wat staat er bij MAIL_PASSWORD?', 'Tulp#2024x'],
    ],
    '"%s" | "%s" is masked',
  );
});

describe('a place alone asked, a code asked as sent in other languages, a card given after one is named', () => {
  answers(
    [
      ['front door?', 'B7731', '[secret]'],
      ['and the gate?', '5 0 3 8', '[secret]'],
      ['Garagentor?', 'ja, 3381', 'ja, [secret]'],
      ['le portail ?', '4417', '[secret]'],
      ['大门？', '963021', '[secret]'],
      ['¿recibiste el código?', 'sí, 551 902', 'sí, [secret]'],
      ['Ist der Code angekommen?', 'ja, 44 10 92', 'ja, [secret]'],
      ['Dostałeś kod?', 'tak, 889 104', 'tak, [secret]'],
      [
        "Sure, I'll need the long number on the front of the card.",
        '5500 1122 3344 5566',
        '[secret]',
      ],
      [
        'Can you send me the debit card? I need to pay the deposit.',
        '4929 1100 3321 8876',
        '[secret]',
      ],
      ['Read me the card number for the hotel booking.', '5521 8830 4412 0097', '[secret]'],
    ],
    '"%s" | "%s" shows "%s"',
  );

  keepsReplies(
    [
      ['office?', 'B204'],
      ['gate?', 'B12'],
      ['door?', 'left of the stairs'],
      ['¿te llegó el paquete?', 'sí, 551 902'],
      ['Ist das Paket angekommen?', 'ja, 44 10 92'],
      ["Sure, I'll need the tracking number.", '5500 1122 3344 5566'],
      ["Sure, I'll need the card's expiry.", '11 2027'],
      ['The driver left a card. What is the tracking number on it?', '5521 8830 4412 0097'],
      ['Could you send me the card for the caterer?', '4929 1100 3321 8876'],
      ['Can you read me the number on his business card?', '4417 2203 9981 5510'],
      ['Which number is on the card she left?', '0161 4960 7770 12'],
      ['Please send me the card of the electrician.', '5521 8830 4412 0097'],
    ],
    'keeps "%s" | "%s"',
  );
});

describe('a question asking how to get in, and a code said as entered', () => {
  answers(
    [
      ['how do I get in?', 'press 4471 then #', 'press [secret] then #'],
      [
        'Wie komme ich rein?',
        'drück 5520 und dann die Klingel',
        'drück [secret] und dann die Klingel',
      ],
      [
        'Jak się wchodzi do bramy?',
        'na domofonie 3390 i dzwonek',
        'na domofonie [secret] i dzwonek',
      ],
      ['公司大门怎么开？', '按551902然后#', '按[secret]然后#'],
      ['Comment on entre dans le hall ?', 'tape 7A41', 'tape [secret]'],
      ['¿Cómo se entra al garaje?', '8820', '[secret]'],
      ['What is the door code?', 'press 4471', 'press [secret]'],
      ['how can we get into the flat tonight?', '6620', '[secret]'],
      ['How do I get in now?', 'press 3017', 'press [secret]'],
      ['How will they get into the back garage?', 'press 5521', 'press [secret]'],
      ['门禁怎么开？', '按4471', '按[secret]'],
      ['怎么进小区？', '3390', '[secret]'],
      ["What's the number for the bike lock?", '4471', '[secret]'],
      ['Can you send me the credentials for the staging box?', 'Trk77x!pw9', '[secret]'],
      ['credentials?', 'Trk77x!pw9', '[secret]'],
      ['What number opens the safe?', '2209', '[secret]'],
    ],
    '"%s" | "%s" shows "%s"',
  );

  keepsReplies(
    [
      ['how do I get into the museum?', 'tickets are 12 euros'],
      ['how do I get in?', 'side entrance, 2nd floor'],
      ['how do I get into the building?', 'Bus 42'],
      ['how do I get in?', 'press 2 for reception'],
      ['how do I open the gate?', 'push hard'],
      ['how old is the gate?', '1920'],
      ['What number did you press?', 'enter 12'],
      ["What's the model number on the keypad?", '4471'],
      ['Which credentials screen should I open?', 'admin.bluefin.net'],
      ['How many credentials attempts are left?', 'Trk77x'],
      ['Which serial number is stamped on the padlock?', '88213'],
      ['Which number bus goes past the lock?', '42'],
      ['Where is the number for the locksmith?', '7713'],
      ["What's the lock's part number?", '3390'],
      ['What is our safe deposit box number?', '118'],
      ['how can we get in touch with the landlord?', '4471'],
      ['How do I get in to see the physio?', 'ring 8820'],
      ['How can she get in on the raffle?', '3390'],
      ['这个周会怎么开？', '9302'],
      ['收据怎么开？', '按551902'],
      ['这个项目怎么进行？', '7713'],
    ],
    'keeps "%s" | "%s"',
  );
});

/** Whether `word` is said by one entry of a word list (the entry read whole, case aside). */
const saidBy = (entry: string, word: string): boolean =>
  new RegExp(`^(?:${entry})$`, 'iu').test(word);

/**
 * Each word list the reply and question readings use, one case of our own per entry (issue #10
 * item 4: lexicons are data with provenance): [word, question, reply, shown]. The reply is masked
 * only because the word is in its list (a word that is not, in `controls`, leaves it shown).
 */
describe('the word lists of a reply, one case per entry', () => {
  const GATE = 'What is the gate code?';
  const CORRECTIONS: readonly [string, string, string][] = [
    ['no', 'no 4471', 'no [secret]'],
    ['nope', 'nope 4471', 'nope [secret]'],
    ['nah', 'nah 4471', 'nah [secret]'],
    ['wait', 'wait 4471', 'wait [secret]'],
    ['sorry', 'sorry 4471', 'sorry [secret]'],
    ['oops', 'oops 4471', 'oops [secret]'],
    ['actually', 'actually 4471', 'actually [secret]'],
    ['ne', 'ne 4471', 'ne [secret]'],
    ['nee', 'nee 4471', 'nee [secret]'],
    ['nein', 'nein 4471', 'nein [secret]'],
    ['non', 'non 4471', 'non [secret]'],
    ['não', 'não 4471', 'não [secret]'],
    ['nie', 'nie 4471', 'nie [secret]'],
    ['perdón', 'perdón 4471', 'perdón [secret]'],
    ['scusa', 'scusa 4471', 'scusa [secret]'],
    ['pardon', 'pardon 4471', 'pardon [secret]'],
    ['désolé', 'désolé 4471', 'désolé [secret]'],
  ];
  const ENTRIES: readonly [string, string, string][] = [
    ['press', 'press 4471', 'press [secret]'],
    ['enter', 'enter 4471', 'enter [secret]'],
    ['type', 'type 4471', 'type [secret]'],
    ['dial', 'dial 4471', 'dial [secret]'],
    ['punch in', 'punch in 4471', 'punch in [secret]'],
    ['key in', 'key in 4471', 'key in [secret]'],
    ['drück', 'drück 4471', 'drück [secret]'],
    ['tippe', 'tippe 4471', 'tippe [secret]'],
    ['tapez', 'tapez 4471', 'tapez [secret]'],
    ['compose', 'compose 4471', 'compose [secret]'],
    ['marca', 'marca 4471', 'marca [secret]'],
    ['pulsa', 'pulsa 4471', 'pulsa [secret]'],
    ['teclea', 'teclea 4471', 'teclea [secret]'],
    ['digita', 'digita 4471', 'digita [secret]'],
    ['premi', 'premi 4471', 'premi [secret]'],
    ['toets', 'toets 4471', 'toets [secret]'],
    ['druk op', 'druk op 4471', 'druk op [secret]'],
    ['wpisz', 'wpisz 4471', 'wpisz [secret]'],
    ['wciśnij', 'wciśnij 4471', 'wciśnij [secret]'],
    ['na klawiaturze', 'na klawiaturze 4471', 'na klawiaturze [secret]'],
    ['按', '按4471', '按[secret]'],
    ['输入', '输入4471', '输入[secret]'],
    ['輸入', '輸入4471', '輸入[secret]'],
  ];
  const AFTER: readonly [string, string, string][] = [
    ['then', '4471 then hash', '[secret] then hash'],
    ['and', '4471 and the bell', '[secret] and the bell'],
    ['und', '4471 und Raute', '[secret] und Raute'],
    ['et', '4471 et dièse', '[secret] et dièse'],
    ['y', '4471 y almohadilla', '[secret] y almohadilla'],
    ['e', '4471 e cancelletto', '[secret] e cancelletto'],
    ['en', '4471 en hekje', '[secret] en hekje'],
    // Longer than a hedge after the value may be ("4471 i dzwonek" is one).
    ['i', '4471 i naciśnij długo krzyżyk na panelu', '[secret] i naciśnij długo krzyżyk na panelu'],
    ['followed by', '4471 followed by OK', '[secret] followed by OK'],
    ['plus', '4471 plus the star key', '[secret] plus the star key'],
    ['dann', '4471 dann Raute', '[secret] dann Raute'],
    ['danach', '4471 danach Raute', '[secret] danach Raute'],
    ['puis', '4471 puis dièse', '[secret] puis dièse'],
    ['ensuite', '4471 ensuite dièse', '[secret] ensuite dièse'],
    ['luego', '4471 luego almohadilla', '[secret] luego almohadilla'],
    ['después', '4471 después almohadilla', '[secret] después almohadilla'],
    ['depois', '4471 depois cardinal', '[secret] depois cardinal'],
    ['poi', '4471 poi cancelletto', '[secret] poi cancelletto'],
    ['dopo', '4471 dopo cancelletto', '[secret] dopo cancelletto'],
    ['daarna', '4471 daarna hekje', '[secret] daarna hekje'],
    ['dan', '4471 dan hekje', '[secret] dan hekje'],
    ['potem', '4471 potem krzyżyk', '[secret] potem krzyżyk'],
    ['następnie', '4471 następnie krzyżyk', '[secret] następnie krzyżyk'],
    ['然后', '4471然后按井号', '[secret]然后按井号'],
    ['再按', '4471再按井号', '[secret]再按井号'],
    ['之后', '4471之后按井号', '[secret]之后按井号'],
    ['その後', '4471その後シャープ', '[secret]その後シャープ'],
    ['それから', '4471それからシャープ', '[secret]それからシャープ'],
  ];

  for (const [cases, name] of [
    [CORRECTIONS, '"%s" takes a value back: %s'],
    [ENTRIES, '"%s" says how a code is entered: %s'],
    [AFTER, '"%s" goes on after the value: %s'],
  ] as const) {
    it.each(cases)(name, (_word, reply, shown) => {
      expect(maskSecrets(reply, GATE)).toBe(shown);
    });
  }

  it.each([
    // A word in none of the lists: the reply is no value alone, yet inside access talk its
    // code-shaped value is masked (secrets-situation.ts), the words around it kept.
    ['maybe 4471', 'maybe [secret]'],
    ['ring 4471', 'ring [secret]'],
    ['4471 except weekends', '[secret] except weekends'],
    ['the old box, 6048', 'the old box, [secret]'],
  ])('masks only the value of "%s"', (reply, shown) => {
    expect(maskSecrets(reply, GATE)).toBe(shown);
  });

  it('has a case for every entry', () => {
    const missing = (list: readonly string[], cases: readonly (readonly [string, ...string[]])[]) =>
      list.filter((entry) => !cases.some(([word]) => saidBy(entry, word)));
    expect(missing(CORRECTION_WORDS, CORRECTIONS)).toEqual([]);
    expect(missing(ENTRY_WORDS, ENTRIES)).toEqual([]);
    expect(missing([...KEY_AFTER_WORDS.spaced, ...KEY_AFTER_WORDS.joined], AFTER)).toEqual([]);
    expect(missing(CJK_ABOUT_WORDS, ABOUT)).toEqual([]);
  });

  /** [word, a question about the secret, the same question asking for it]: a code after it. */
  const ABOUT: readonly [string, string, string][] = [
    ['几', '门禁密码几点过期？', '门禁密码是多少？'],
    ['幾', '門禁密碼幾點過期？', '門禁密碼是多少？'],
    ['多长', '验证码多长时间有效？', '验证码是多少？'],
    ['多長', '驗證碼多長時間有效？', '驗證碼是多少？'],
    ['时候', 'wifi密码什么时候改的？', 'wifi密码是什么？'],
    ['時候', 'wifi密碼什麼時候改的？', 'wifi密碼是什麼？'],
    ['哪', '密码写在哪？', '密码写的是什么？'],
    ['何桁', '暗証番号は何桁？', '暗証番号は何？'],
    ['何文字', 'パスワードは何文字？', 'パスワードは何？'],
    ['何回', '暗証番号は何回まで間違えられる？', '暗証番号は何？'],
    ['いつ', 'パスワードはいつ変わるの？', 'パスワードはなに？'],
    ['どこ', 'パスワードはどこに書いてある？', 'パスワードはなに？'],
    ['몇', '비밀번호 몇 번 틀렸어?', '비밀번호 뭐야?'],
    ['언제', '비밀번호 언제 바꿨어?', '비밀번호 뭐야?'],
    ['어디', '비밀번호 어디에 적혀 있어?', '비밀번호 뭐야?'],
    ['자리', '비밀번호는 여섯 자리야?', '비밀번호 뭐야?'],
  ];
  it.each(ABOUT)('"%s" asks about the secret, not for it: %s', (_word, about, asks) => {
    expect(maskSecrets('4471', about)).toBe('4471');
    expect(maskSecrets('4471', asks)).toBe('[secret]');
  });
});
