import { describe, expect, it } from 'vitest';
import { UsageError } from './exit-codes.js';
import { matchIdPrefix } from './resolve-id.js';

const PROMPTS = [
  '019ca945-0a00-70be-97fd-71436b6a959d',
  '019ca945-0a00-70be-97fd-80f1e2d3c4b5',
  '01a00000-1111-7222-8333-444455556666',
];

describe('matchIdPrefix', () => {
  it.each([
    ['a full id', PROMPTS[0], PROMPTS[0]],
    ['the unambiguous start of one', '01a00000', PROMPTS[2]],
    ['a start in another case', '019CA945-0A00-70BE-97FD-8', PROMPTS[1]],
    ['an id that starts none (left for the command to report)', 'ffff', 'ffff'],
  ])('resolves %s', (_name, typed, expected) => {
    expect(matchIdPrefix(typed ?? '', PROMPTS, 'prompt')).toBe(expected);
  });

  it('refuses a start shorter than eight characters, even when only one id has it', () => {
    for (const typed of ['0', '01a0', '01a0000']) {
      expect(() => matchIdPrefix(typed, PROMPTS, 'prompt')).toThrow(
        `"${typed}" is too short to name a prompt: type at least 8 characters of its id, or all of it`,
      );
    }
    expect(() => matchIdPrefix('m', ['mem_8aa40b4d2e409c48'], 'memory')).toThrow(UsageError);
  });

  it('refuses a start shared by several ids, naming them', () => {
    expect(() => matchIdPrefix('019ca945', PROMPTS, 'prompt')).toThrow(UsageError);
    expect(() => matchIdPrefix('019ca945', PROMPTS, 'prompt')).toThrow(
      `"019ca945" is the start of 2 prompt ids (${PROMPTS[0]}, ${PROMPTS[1]}); type more of it`,
    );
  });

  it('names five candidates and counts the rest', () => {
    const tasks = Array.from({ length: 7 }, (_, i) => `TASK-20260128-00${i + 1}`);
    expect(() => matchIdPrefix('TASK-2026', tasks, 'task')).toThrow(/005 and 2 more\); type/);
  });
});
