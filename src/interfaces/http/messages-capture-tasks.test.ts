import { describe, expect, it } from 'vitest';
import { atInstant, useHttpApp } from './__fixtures__/temp-engine.js';

const http = useHttpApp({
  prefix: 'verity-http-messages-tasks-',
  engine: (dir) => atInstant(dir, '2026-02-19T15:05:00Z'),
  app: { token: null },
});

describe('POST /api/messages and tasks', () => {
  it('captures a commitment as a task, as ingest does', async () => {
    const response = await http.app.request('/api/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        thread_id: 'errands',
        messages: [
          {
            message_id: 'm1',
            role: 'user',
            content: 'I will renew the boat licence by 2026-03-06.',
          },
        ],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const titles = (await http.engine.tasks.list()).map((task) => task.title);
    expect(titles).toEqual([expect.stringMatching(/renew the boat licence/i)]);
  });
});
