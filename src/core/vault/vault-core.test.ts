import { describe, expect, it } from 'vitest';
import { chunkMarkdown, noteTitle } from './chunk-markdown.js';
import { cosineDistance, nearest, passageFate } from './drift-math.js';
import { normalizePassage, passageHash } from './normalize-passage.js';
import { extractWikiLinks, resolveWikiLink } from './wiki-links.js';

describe('normalizePassage', () => {
  it.each([
    ['X is a **blocker**.', '- X is a  blocker.'],
    ['X is a blocker.', '> X is a _blocker_.'],
    ['See [[work/test-project|the project]] now', 'See the project now'],
    ['See [docs](http://x.example) now', 'See docs now'],
    ['1. Ship it', '* Ship it'],
    ['Line one\nline two', 'line one line two'],
    ['- [x] done task', 'done task'],
    ['- Swim on Wednesday.', '* Swim on Wednesday'],
  ])('treats %j and %j as the same passage', (a, b) => {
    expect(normalizePassage(a)).toBe(normalizePassage(b));
    expect(passageHash(a)).toBe(passageHash(b));
  });

  it.each([
    ['X is a blocker.', 'X was resolved.'],
    ['Deadline is Friday.', 'Deadline is Monday.'],
    ['X is not a blocker.', 'X is a blocker.'],
  ])('keeps %j and %j apart', (a, b) => {
    expect(passageHash(a)).not.toBe(passageHash(b));
  });
});

describe('chunkMarkdown', () => {
  it('makes one chunk per paragraph under its heading path, skipping front matter', () => {
    const chunks = chunkMarkdown(
      '---\ntags: [a]\n---\n# Project\n\nIntro line.\n\n## Status\n\nX is a blocker.\nStill open.\n\n- one\n- two\n\n# Other\n\nText.\n',
    );
    expect(chunks.map((c) => [c.ordinal, c.heading, c.text])).toEqual([
      [0, 'Project', 'Intro line.'],
      [1, 'Project > Status', 'X is a blocker.\nStill open.'],
      [2, 'Project > Status', '- one\n- two'],
      [3, 'Other', 'Text.'],
    ]);
  });

  it('keeps a fenced block whole and does not read headings inside it', () => {
    const chunks = chunkMarkdown('Before.\n```\n# not a heading\n\nstill code\n```\nAfter.');
    expect(chunks.map((c) => c.text)).toEqual([
      'Before.',
      '```\n# not a heading\n\nstill code\n```',
      'After.',
    ]);
    expect(chunks.every((c) => c.heading === '')).toBe(true);
  });

  it('gives formatting-only edits the same normalised hash and a new content hash', () => {
    const [a] = chunkMarkdown('X is a blocker.');
    const [b] = chunkMarkdown('**X** is a   blocker.');
    expect(a?.normalizedHash).toBe(b?.normalizedHash);
    expect(a?.contentHash).not.toBe(b?.contentHash);
  });

  it('titles a note by its first level-1 heading, else its file name', () => {
    expect(noteTitle('a/b.md', 'text\n# Title here\n')).toBe('Title here');
    expect(noteTitle('a/b.md', '## Sub only')).toBe('b');
  });
});

describe('extractWikiLinks', () => {
  it('reads targets, headings and aliases', () => {
    const links = extractWikiLinks(
      'A [[note]], [[folder/note]], [[note#Status]], [[note|alias]] and [[f/n.md#H|A]]; [[#local]].',
    );
    expect(links.map((l) => [l.target, l.heading, l.alias])).toEqual([
      ['note', null, null],
      ['folder/note', null, null],
      ['note', 'Status', null],
      ['note', null, 'alias'],
      ['f/n', 'H', 'A'],
    ]);
  });
});

describe('resolveWikiLink', () => {
  const paths = ['work/test-project.md', 'index.md', 'a/index.md', 'b/c/index.md', 'b/other.md'];

  it.each([
    ['test-project', { kind: 'resolved', path: 'work/test-project.md' }],
    ['work/test-project', { kind: 'resolved', path: 'work/test-project.md' }],
    ['Test-Project', { kind: 'resolved', path: 'work/test-project.md' }],
    ['index', { kind: 'resolved', path: 'index.md' }],
    ['c/index', { kind: 'resolved', path: 'b/c/index.md' }],
    ['other', { kind: 'resolved', path: 'b/other.md' }],
    ['missing', { kind: 'missing' }],
    ['project', { kind: 'missing' }],
  ])('resolves %j', (target, expected) => {
    expect(resolveWikiLink(target, paths)).toEqual(expected);
  });

  it('reports several candidates as ambiguous instead of guessing', () => {
    expect(resolveWikiLink('index', ['a/index.md', 'b/index.md'])).toEqual({
      kind: 'ambiguous',
      candidates: ['a/index.md', 'b/index.md'],
    });
  });
});

describe('drift math', () => {
  it('measures cosine distance and finds the nearest candidate', () => {
    const a = new Float32Array([1, 0]);
    expect(cosineDistance(a, new Float32Array([1, 0]))).toBeCloseTo(0);
    expect(cosineDistance(a, new Float32Array([0, 1]))).toBeCloseTo(1);
    expect(cosineDistance(a, new Float32Array([0, 0]))).toBe(1);
    expect(nearest(a, [new Float32Array([0, 1]), new Float32Array([1, 0.1])])?.index).toBe(1);
    expect(nearest(a, [])).toBeNull();
  });

  it('tells unchanged, changed and vanished passages apart', () => {
    const then = { heading: 'Status', text: 'X is a blocker.', normalizedHash: 'h1' };
    const reformatted = { heading: 'Other', text: '**X** is a blocker.', normalizedHash: 'h1' };
    const rewritten = { heading: 'Status', text: 'X was resolved.', normalizedHash: 'h2' };
    expect(passageFate(then, [reformatted])).toEqual({ kind: 'unchanged' });
    expect(passageFate(then, [rewritten])).toEqual({ kind: 'changed', now: rewritten });
    expect(passageFate(then, [{ ...rewritten, heading: 'Elsewhere' }])).toEqual({
      kind: 'vanished',
    });
  });
});
