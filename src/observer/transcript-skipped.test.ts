import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { claudeCodeLine } from './__fixtures__/claude-code-line.js';
import { parseTranscript } from './transcript.js';

function fixture(name: string): string {
  return readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
}

function claudeLine(uuid: string, content: string): string {
  return claudeCodeLine(uuid, content, 's-broken');
}

function parsed(text: string) {
  const result = parseTranscript(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Issue #13 M4: a broken line of an agent's transcript is reported, never dropped silently. */
describe('parseTranscript skipped lines', () => {
  it('reads the valid Claude Code entries around broken lines and names each broken line', () => {
    const transcript = parsed(
      [
        claudeLine('u1', 'Deploys go through the staging cluster first.'),
        '{"type":"user","message":{"role":"user","content":"torn',
        '{"role":"user","content":"a line of another format"}',
        '[1, 2, 3]',
        JSON.stringify({ type: 'assistant', uuid: 'a1', sessionId: 's-broken' }),
        claudeLine('u2', 'Now rotate the API key.'),
      ].join('\n'),
    );
    expect(transcript.entries.map((e) => e.id)).toEqual(['u1', 'u2']);
    expect(transcript.skipped).toEqual([
      { line: 2, reason: 'not JSON' },
      { line: 3, reason: 'no known entry shape (no "type")' },
      { line: 4, reason: 'not a JSON object' },
      { line: 5, reason: 'a "assistant" line without a message object' },
    ]);
  });

  it('does not count the line types an agent writes without a message as broken', () => {
    const transcript = parsed(
      [
        JSON.stringify({ type: 'summary', summary: 'Fixing staging', leafUuid: 'x' }),
        JSON.stringify({ type: 'file-history-snapshot', messageId: 'm', snapshot: {} }),
        JSON.stringify({ type: 'system', subtype: 'compact_boundary', uuid: 'b1' }),
        JSON.stringify({ type: 'a-type-added-next-year', uuid: 'n1' }),
        claudeLine('u1', 'Deploys go through the staging cluster first.'),
        // Blank text (a tool call only) carries no entry but is a well-formed line.
        claudeLine('u2', ''),
      ].join('\n'),
    );
    expect(transcript.entries.map((e) => e.id)).toEqual(['u1']);
    expect(transcript.skipped).toEqual([]);
    expect(parsed(fixture('claude-code-session.jsonl')).skipped).toEqual([]);
    expect(parsed(fixture('pi-session.jsonl')).skipped).toEqual([]);
  });

  it('numbers lines as the file does, blank lines and a byte-order mark included', () => {
    const transcript = parsed(
      `\uFEFF${claudeLine('u1', 'Deploys go through the staging cluster first.')}\r\n\r\nnot json\n\n{"x":1}\n`,
    );
    expect(transcript.skipped.map((s) => s.line)).toEqual([3, 5]);
  });

  it('reports broken lines of a pi session file the same way', () => {
    const lines = fixture('pi-session.jsonl').trimEnd().split('\n');
    const broken = [
      ...lines.slice(0, 2),
      '{"type":"message","id":"e9","message":',
      JSON.stringify({ type: 'message', id: 'e8', parentId: null }),
      ...lines.slice(2),
    ];
    const transcript = parsed(broken.join('\n'));
    expect(transcript.format).toBe('pi');
    expect(transcript.entries.map((e) => e.id)).toEqual(
      parsed(fixture('pi-session.jsonl')).entries.map((e) => e.id),
    );
    expect(transcript.skipped).toEqual([
      { line: 3, reason: 'not JSON' },
      { line: 4, reason: 'a "message" line without a message object' },
    ]);
  });

  it("still refuses a broken line of Verity's own format, at its line in the file", () => {
    const bad = parseTranscript(
      `${fixture('verity-session.jsonl')}\n{"role":"robot","content":"x"}\n`,
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_LINE', line: 5 } });
    if (!bad.ok) expect(bad.error.message).toMatch(/^line 5: /);
  });

  it('says how many lines were not JSON when no format can be recognised', () => {
    const result = parseTranscript('garbage\n{"x":1}\n');
    expect(result).toMatchObject({ ok: false, error: { code: 'UNRECOGNISED' } });
    if (!result.ok) expect(result.error.message).toContain('1 line(s) not JSON objects');
  });
});
