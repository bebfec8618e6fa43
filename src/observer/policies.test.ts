import { describe, expect, it } from 'vitest';
import { errorSignatures, isCorrection } from './policies.js';

describe('errorSignatures', () => {
  it.each([
    ['the run died with ECONNREFUSED 127.0.0.1:6543 again', ['ECONNREFUSED 127.0.0.1:6543']],
    ['TypeError: cannot read x of undefined', []],
    ['TypeError: fetch failed in the login form', []],
    ['ModuleNotFoundError /app/lib/pay.py on import', ['ModuleNotFoundError /app/lib/pay.py']],
    ['ECONNRESET while uploading', ['ECONNRESET']],
    ['ENOENT /etc/app/config.yaml is missing', ['ENOENT /etc/app/config.yaml']],
    ['EVERY ERROR IS LOUD here', []],
    ['the export works now', []],
  ])('reads %s', (text, expected) => {
    expect(errorSignatures(text)).toEqual(expected);
  });
});

describe('isCorrection', () => {
  it.each([
    ['No, we use yarn in this repo, not npm.', true],
    ['Actually, the port is 6380.', true],
    ['Nobody uses that script any more.', false],
    ['We use yarn in this repo.', false],
    ['No problem, thanks for the quick fix!', false],
    ['no worries, take your time', false],
    ['Actually, that works great', false],
    ["Actually it's fine as it is", false],
    ['No, the staging key is not the prod key.', true],
    ['Actually, that is the wrong bucket.', true],
  ])('reads %s', (text, expected) => {
    expect(isCorrection(text)).toBe(expected);
  });
});
