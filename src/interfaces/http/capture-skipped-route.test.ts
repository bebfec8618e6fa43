import { describe, expect, it } from 'vitest';
import { claudeCodeLine } from '../../observer/__fixtures__/claude-code-line.js';
import { homeAndWorkspace, useHttpApp } from './__fixtures__/temp-engine.js';

const http = useHttpApp({
  prefix: 'verity-http-capture-skipped-',
  engine: homeAndWorkspace('2026-04-01T18:00:00Z'),
  app: { token: 'capture-skipped-token-0123' },
});

/** `POST /api/sessions` of `lines` as one transcript, captured without observing. */
async function capture(lines: readonly string[]): Promise<{ status: number; body: unknown }> {
  const response = await http.app.request('/api/sessions', {
    method: 'POST',
    headers: {
      Authorization: 'Bearer capture-skipped-token-0123',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ trigger: 'shutdown', transcript: lines.join('\n'), observe: 'none' }),
  });
  return { status: response.status, body: await response.json() };
}

/** Issue #13 M4: `POST /api/sessions` answers with the lines it could not read. */
describe('POST /api/sessions with broken transcript lines', () => {
  it('captures the rest (201) and lists the skipped line', async () => {
    const answer = await capture([
      claudeCodeLine('u1', 'The nightly export runs at 02:00 UTC.', 'http-1'),
      '{"type":"user","uuid":"u2","mess',
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'captured',
      entries: 1,
      skipped_lines: 1,
      skipped: [{ line: 2, reason: 'not JSON' }],
    });
  });

  it('refuses (400) a transcript whose only message line is broken, naming the line', async () => {
    const answer = await capture([
      claudeCodeLine('u1', '', 'http-2'),
      claudeCodeLine('u2', 'x', 'http-2', { message: 'not an object' }),
    ]);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(
      'line 2 (a \\"user\\" line without a message object)',
    );
  });
});
