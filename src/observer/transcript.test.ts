import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captureKey, entriesNotCaptured, parseTranscript } from './transcript.js';

function fixture(name: string): string {
  return readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
}

describe('parseTranscript', () => {
  it('reads a Claude Code transcript: text only, tool results as tool, sidechains skipped', () => {
    const parsed = parseTranscript(fixture('claude-code-session.jsonl'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.format).toBe('claude-code');
    expect(parsed.value.sessionId).toBe('3f6b2a10-7c1e-4d2a-9a51-0b9e2c7d4e11');
    expect(parsed.value.entries.map((e) => e.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'user',
      'assistant',
    ]);
    expect(parsed.value.entries[1]?.text).toBe('I will read the nginx error log.');
    expect(parsed.value.entries.some((e) => e.text.includes('Sub-agent'))).toBe(false);
    expect(parsed.value.entries[0]?.at).toBe('2026-03-02T09:00:05.120Z');
  });

  it("skips Claude Code's compaction summary, as pi's compaction entry is skipped", () => {
    const line = (uuid: string, content: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        type: 'user',
        sessionId: 's-compact',
        uuid,
        timestamp: '2026-04-01T10:00:00Z',
        message: { role: 'user', content },
        ...extra,
      });
    const parsed = parseTranscript(
      [
        line('u1', 'Deploys go through the staging cluster first.'),
        JSON.stringify({ type: 'system', subtype: 'compact_boundary', uuid: 'b1' }),
        line('u2', 'Continued from an earlier chat. Summary: deploys use staging.', {
          isCompactSummary: true,
          isVisibleInTranscriptOnly: true,
        }),
        line('u3', 'Now rotate the API key.'),
      ].join('\n'),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.entries.map((e) => e.id)).toEqual(['u1', 'u3']);
  });

  it('reads a pi session file: header id, tool results as tool, compaction entries skipped', () => {
    const parsed = parseTranscript(fixture('pi-session.jsonl'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.format).toBe('pi');
    expect(parsed.value.sessionId).toBe('9c1d7e52-0b3a-4f4e-a2a9-5d8f1e6b7c20');
    expect(parsed.value.entries.map((e) => [e.id, e.role])).toEqual([
      ['e0000002', 'user'],
      ['e0000003', 'assistant'],
      ['e0000004', 'tool'],
      ['e0000005', 'user'],
    ]);
    expect(parsed.value.entries[1]?.text).toBe('Reading the crash log.');
  });

  it("reads Verity's JSONL and rejects a line that is not a message", () => {
    const parsed = parseTranscript(fixture('verity-session.jsonl'));
    expect(parsed.ok && parsed.value.format).toBe('verity');
    const bad = parseTranscript(
      `${fixture('verity-session.jsonl')}{"role":"robot","content":"x"}\n`,
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'INVALID_LINE', line: 4 });
  });

  it('reads a transcript saved with a UTF-8 byte-order mark as it reads one without', () => {
    for (const name of ['pi-session.jsonl', 'verity-session.jsonl', 'claude-code-session.jsonl']) {
      const plain = parseTranscript(fixture(name));
      expect(parseTranscript(`\uFEFF${fixture(name)}`), name).toEqual(plain);
      expect(plain.ok, name).toBe(true);
    }
  });

  it('refuses empty and unrecognised input', () => {
    expect(parseTranscript('\n\n')).toMatchObject({ ok: false, error: { code: 'EMPTY' } });
    expect(parseTranscript('{"hello":1}')).toMatchObject({
      ok: false,
      error: { code: 'UNRECOGNISED' },
    });
  });
});

describe('captureKey', () => {
  const entries = [{ id: 'a', role: 'user' as const, text: 'x', at: '2026-03-02T09:00:00.000Z' }];

  it('is sha256 of session id, trigger and first entry timestamp', () => {
    const expected = createHash('sha256')
      .update('s1shutdown2026-03-02T09:00:00.000Z')
      .digest('hex');
    expect(captureKey('s1', 'shutdown', entries)).toBe(expected);
    expect(captureKey('s1', 'shutdown', entries)).not.toBe(captureKey('s1', 'compaction', entries));
  });
});

describe('entriesNotCaptured', () => {
  const at = '2026-05-04T14:00:00.000Z';

  it('keeps what earlier captures lack, by id, or by role, time and text for line numbers', () => {
    const earlier = [
      { id: 'a', role: 'user' as const, text: 'one', at },
      { id: 'line-1', role: 'user' as const, text: 'two', at },
    ];
    const later = [
      { id: 'a', role: 'user' as const, text: 'one', at },
      { id: 'line-2', role: 'user' as const, text: 'two', at },
      { id: 'line-3', role: 'assistant' as const, text: 'two', at },
      { id: 'b', role: 'user' as const, text: 'one', at },
    ];
    expect(entriesNotCaptured(later, earlier).map((e) => e.id)).toEqual(['line-3', 'b']);
    expect(entriesNotCaptured(later, [])).toEqual(later);
  });
});

describe('ids of entries the source gives none', () => {
  const line = (content: string, at?: string, role = 'user') =>
    JSON.stringify({ role, content, ...(at === undefined ? {} : { created_at: at }) });
  const idsOf = (...lines: string[]): string[] => {
    const parsed = parseTranscript(lines.join('\n'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value.entries.map((e) => e.id);
  };
  const T1 = '2026-05-04T14:00:00Z';
  const T2 = '2026-05-04T14:01:00Z';
  const LONG = 'We decided to move the weekly sync to Tuesday mornings.';

  it('derives them from the entry, so lines added or removed around it leave them', () => {
    const [first, second] = idsOf(line(LONG, T1), line('ok', T2));
    expect(first).toMatch(/^h-[0-9a-f]{12}$/);
    expect(idsOf(line('New first line of the chat.', T1), line(LONG, T1), line('ok', T2))).toEqual([
      expect.any(String),
      first,
      second,
    ]);
    expect(idsOf(line('ok', T2))).toEqual([second]);
    // Their line numbers, which captures recorded before named them by, are kept beside them.
    const parsed = parseTranscript([line(LONG, T1), line('ok', T2)].join('\n'));
    expect(parsed.ok && parsed.value.lineIds).toEqual(['line-1', 'line-2']);
  });

  it('tells identical lines apart by their order, and other lines by time, role or text', () => {
    const [a, b] = idsOf(line('ok', T1), line('ok', T1));
    expect(a).not.toBe(b);
    const [c, d] = idsOf(line('ok'), line('ok'));
    expect(c).not.toBe(d);
    const others = [
      idsOf(line(LONG, T1))[0],
      idsOf(line(LONG, T2))[0],
      idsOf(line(LONG, T1, 'assistant'))[0],
      idsOf(line(`${LONG} Starting next month.`, T1))[0],
      idsOf(line('ok', T1))[0],
      idsOf(line('ok thanks', T1))[0],
    ];
    expect(new Set(others).size).toBe(others.length);
  });

  it('reads white space and Unicode forms of the same text as the same text', () => {
    const spaced = LONG.replace(' the ', '  the\t');
    expect(idsOf(line(spaced, T1))).toEqual(idsOf(line(LONG, T1)));
    expect(idsOf(line('Crème brûlée for the dessert tonight.'.normalize('NFD'), T1))).toEqual(
      idsOf(line('Crème brûlée for the dessert tonight.', T1)),
    );
  });

  it('names a short or secret line by the shape of its text, not its words', () => {
    // An id stays after a forget blanks the text: one of "4471" could be tested against every PIN.
    expect(idsOf(line('4471', T1))).toEqual(idsOf(line('9035', T1)));
    const secret = (pin: string) => `The office door PIN is ${pin}, keep it to yourself.`;
    expect(idsOf(line(secret('4471'), T1))).toEqual(idsOf(line(secret('9035'), T1)));
    // Near misses: a short line of another shape, and a long line holding no secret, differ.
    expect(idsOf(line('ok', T1))).not.toEqual(idsOf(line('okay', T1)));
    expect(idsOf(line(LONG, T1))).not.toEqual(idsOf(line(LONG.replace('Tuesday', 'Thursday'), T1)));
    expect(idsOf(line('We decided to meet on Monday at ten.', T1))).not.toEqual(
      idsOf(line('We decided to meet on Friday at ten.', T1)),
    );
  });

  it('keeps the ids a source gives, and the dedupe key of a transcript without times', () => {
    expect(idsOf(JSON.stringify({ message_id: 'm7', role: 'user', content: 'ok' }))).toEqual([
      'm7',
    ]);
    const parsed = parseTranscript([line('ok'), line('fine')].join('\n'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const again = parseTranscript([line('ok'), line('fine')].join('\n'));
    if (!again.ok) throw new Error(again.error.message);
    expect(captureKey('s1', 'manual', again.value.entries)).toBe(
      captureKey('s1', 'manual', parsed.value.entries),
    );
  });
});
