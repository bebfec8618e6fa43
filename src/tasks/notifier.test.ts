import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryKey } from '../stores/index.js';
import {
  createTelegramNotifier,
  createWebhookNotifier,
  type Notification,
  type NotificationDeliveries,
} from './index.js';

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

describe('createTelegramNotifier', () => {
  let server: Server;
  let root: string;
  let received: { path: string | undefined; body: unknown }[];
  let status: number;

  beforeEach(async () => {
    received = [];
    status = 200;
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          path: request.url,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ ok: status === 200, result: { message_id: 1 } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends each chat the message with done and acknowledge buttons naming only the task id', async () => {
    await createTelegramNotifier({ token: '1:abc', chatIds: [7, 8], apiRoot: root }).send({
      ...NOTE,
      draft: 'Any news on the quote?',
    });
    const buttons = {
      inline_keyboard: [
        [
          { text: 'Done', callback_data: 'task:done:TASK-20260128-001' },
          { text: 'Acknowledge', callback_data: 'task:ack:TASK-20260128-001' },
        ],
      ],
    };
    const text = `[stale] ${NOTE.message}\ndraft: Any news on the quote?`;
    expect(received).toEqual([
      { path: '/bot1:abc/sendMessage', body: { chat_id: 7, text, reply_markup: buttons } },
      { path: '/bot1:abc/sendMessage', body: { chat_id: 8, text, reply_markup: buttons } },
    ]);
  });

  it('skips topics it was not asked for, and fails with PROVIDER_FAILED on an error answer', async () => {
    const options = { token: '1:abc', chatIds: [7], apiRoot: root };
    await createTelegramNotifier({ ...options, topics: ['dead_man'] }).send(NOTE);
    expect(received).toEqual([]);
    status = 403;
    await expect(createTelegramNotifier(options).send(NOTE)).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
      message: 'telegram answered 403',
    });
  });

  it('claims an escalation into the review queue per chat, sending only where the claim is won', async () => {
    const calls: string[] = [];
    const taken = new Set(['8']);
    const deliveries: NotificationDeliveries = {
      async claim(key: DeliveryKey) {
        calls.push(`claim ${key.channel} ${key.recipient} ${key.item} ${key.version}`);
        return !taken.has(key.recipient);
      },
      async confirm(key, receipt) {
        calls.push(`confirm ${key.recipient} ${receipt}`);
      },
      async release(key) {
        calls.push(`release ${key.recipient}`);
      },
    };
    const notifier = createTelegramNotifier({ token: '1:abc', chatIds: [7, 8], apiRoot: root });
    await notifier.send(NOTE, deliveries);
    expect(calls).toEqual([]);
    expect(received).toHaveLength(2);

    received = [];
    await notifier.send({ ...NOTE, topic: 'dead_man', level: 4 }, deliveries);
    expect(calls).toEqual([
      `claim telegram 7 task:${NOTE.task_id} ${NOTE.at}`,
      'confirm 7 1',
      `claim telegram 8 task:${NOTE.task_id} ${NOTE.at}`,
    ]);
    expect(received.map((r) => (r.body as { chat_id: number }).chat_id)).toEqual([7]);

    calls.length = 0;
    status = 500;
    await expect(notifier.send({ ...NOTE, level: 3 }, deliveries)).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
    });
    expect(calls).toEqual([`claim telegram 7 task:${NOTE.task_id} ${NOTE.at}`, 'release 7']);
  });
});
