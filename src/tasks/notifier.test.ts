import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookNotifier, type Notification } from './index.js';

const NOTE: Notification = {
  key: 'notify:TASK-20260128-001:stale:E2',
  task_id: 'TASK-20260128-001',
  topic: 'stale',
  message: 'Task TASK-20260128-001 is still stuck; an unstick subtask was created.',
  draft: null,
  level: 2,
  at: '2026-01-30T09:00:00.000Z',
};

describe('createWebhookNotifier', () => {
  let server: Server;
  let url: string;
  let received: { body: unknown; type: string | undefined }[];
  let status: number;

  beforeEach(async () => {
    received = [];
    status = 204;
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          type: request.headers['content-type'],
        });
        response.statusCode = status;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('POSTs the notification as snake_case JSON', async () => {
    await createWebhookNotifier({ url }).send(NOTE);
    expect(received).toEqual([{ body: NOTE, type: 'application/json' }]);
  });

  it('skips topics it was not asked for', async () => {
    await createWebhookNotifier({ url, topics: ['dead_man'] }).send(NOTE);
    expect(received).toEqual([]);
  });

  it('fails with PROVIDER_FAILED when the hook answers an error', async () => {
    status = 500;
    await expect(createWebhookNotifier({ url }).send(NOTE)).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
      message: 'webhook answered 500',
    });
  });
});
