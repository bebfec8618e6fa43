import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './index.js';

describe('loadConfig: telegram', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'verity-telegram-config-'));
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
  });
  const load = (env: Record<string, string> = {}) =>
    loadConfig({ cwd: home, flags: { home }, env });

  it('is off without a token, even with chats configured', () => {
    writeFileSync(join(home, 'config.json'), JSON.stringify({ telegram: { chat_ids: [42] } }));
    expect(load().telegram).toBeNull();
  });

  it('takes the token from VERITY_TELEGRAM_TOKEN over the file, with the chats and API root', () => {
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({
        telegram: { token: '1:from-file', chat_ids: [42, -100], api_root: 'http://127.0.0.1:9000' },
      }),
    );
    expect(load({ VERITY_TELEGRAM_TOKEN: '2:from-env' }).telegram).toEqual({
      token: '2:from-env',
      chatIds: [42, -100],
      apiRoot: 'http://127.0.0.1:9000',
    });
    expect(load().telegram?.token).toBe('1:from-file');
  });

  it("defaults to Telegram's API root and refuses a malformed token in the file", () => {
    expect(load({ VERITY_TELEGRAM_TOKEN: '3:abc' }).telegram?.apiRoot).toBe(
      'https://api.telegram.org',
    );
    writeFileSync(join(home, 'config.json'), JSON.stringify({ telegram: { token: 'nope' } }));
    expect(() => load()).toThrow(/telegram\.token must be a bot token/);
  });
});
