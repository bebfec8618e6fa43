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
  const load = (env: Record<string, string> = {}, telegramAllowedUsers?: string) =>
    loadConfig({ cwd: home, flags: { home, telegramAllowedUsers }, env });

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
      allowedUserIds: [],
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

  it('takes the allowed users from the flag, else VERITY_TELEGRAM_ALLOWED_USERS, else the file', () => {
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ telegram: { token: '1:abc', chat_ids: [-100], allowed_user_ids: [7, 8] } }),
    );
    expect(load().telegram?.allowedUserIds).toEqual([7, 8]);
    const env = { VERITY_TELEGRAM_ALLOWED_USERS: '11, 12' };
    expect(load(env).telegram?.allowedUserIds).toEqual([11, 12]);
    expect(load(env, '13').telegram?.allowedUserIds).toEqual([13]);
    expect(() => load({ VERITY_TELEGRAM_ALLOWED_USERS: '11,@bob' })).toThrow(
      /--telegram-allowed-users \/ VERITY_TELEGRAM_ALLOWED_USERS must be Telegram user ids/,
    );
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ telegram: { token: '1:abc', allowed_user_ids: [-5] } }),
    );
    expect(() => load()).toThrow(/telegram\.allowed_user_ids/);
  });
});
