import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { homeAndWorkspace, useHttpApp } from './__fixtures__/temp-engine.js';

const TOKEN = 'test-token-0123456789';
const HEADERS = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
const PI = readFileSync(
  new URL('../../observer/__fixtures__/pi-session.jsonl', import.meta.url),
  'utf8',
);

const http = useHttpApp({
  prefix: 'verity-http-capture-skipped-',
  engine: homeAndWorkspace('2026-03-05T18:00:00Z'),
  app: { token: TOKEN },
});

function capture(transcript: string) {
  return http.app.request('/api/sessions', {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ trigger: 'shutdown', transcript, observe: 'none' }),
  });
}

/** Issue #13 M4: `POST /api/sessions` answers with the lines it could not read. */
describe('POST /api/sessions with broken transcript lines', () => {
  it('captures the rest (201) and lists the skipped line', async () => {
    const response = await capture(`${PI.trimEnd()}\n{"type":"message","id":"e9","mess`);
    expect(response.status).toBe(201);
    const lines = PI.trimEnd().split('\n').length;
    expect(await response.json()).toMatchObject({
      status: 'captured',
      format: 'pi',
      skipped_lines: 1,
      skipped: [{ line: lines + 1, reason: 'not JSON' }],
    });
  });

  it('refuses (400) a pi file whose only message line is broken, naming the line', async () => {
    const header = PI.split('\n')[0] ?? '';
    const response = await capture(`${header}\n{"type":"message","id":"e2","message":`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('line 2 (not JSON)');
  });
});
