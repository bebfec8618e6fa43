import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { collect, oneOf, wholeNumber } from './option-parsers.js';

describe('option parsers', () => {
  it('collects a repeated option in order', () => {
    expect(collect('b', collect('a'))).toEqual(['a', 'b']);
  });

  it.each([
    ['full', 'full'],
    ['minimal', 'minimal'],
  ])('accepts %s as one of the values', (text, expected) => {
    expect(oneOf(['full', 'minimal'])(text)).toBe(expected);
  });

  it('compares after normalising and returns the listed spelling', () => {
    expect(oneOf(['DONE', 'READY'], (text) => text.toUpperCase())('ready')).toBe('READY');
  });

  it('names every allowed value when refusing one', () => {
    const parse = oneOf(['hybrid', 'text', 'vector']);
    expect(() => parse('fuzzy')).toThrow(InvalidArgumentError);
    expect(() => parse('fuzzy')).toThrow('must be hybrid, text or vector.');
    expect(() => oneOf(['full', 'minimal'])('huge')).toThrow('must be full or minimal.');
  });

  it.each(['0', '1001', '1.5', '-3', '1e2', ' 7', ''])(
    'refuses %j as a whole number from 1 to 1000',
    (text) => {
      expect(() => wholeNumber(1, 1000)(text)).toThrow('must be a whole number from 1 to 1000.');
    },
  );

  it('accepts the bounds and says what the number counts', () => {
    expect(wholeNumber(1, 1000)('1')).toBe(1);
    expect(wholeNumber(1, 1000)('1000')).toBe(1000);
    expect(() => wholeNumber(100, 3_600_000, 'a number of milliseconds')('99')).toThrow(
      'must be a number of milliseconds from 100 to 3600000.',
    );
  });
});
