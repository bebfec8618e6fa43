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

/** A local HTTP server in place of a hook or the Bot API: it keeps each request it is sent. */
interface Endpoint {
  /** Its root, ending in "/". */
  readonly url: string;
  received: { path: string | undefined; type: string | undefined; body: unknown }[];
  /** The status it answers with. */
  status: number;
  close(): Promise<void>;
}

/** Starts an `Endpoint` answering `status`, with `answer(status)` as its JSON body when given. */
async function startEndpoint(
  status: number,
  answer?: (status: number) => unknown,
): Promise<Endpoint> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      endpoint.received.push({
        path: request.url,
        type: request.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.statusCode = endpoint.status;
      if (answer === undefined) {
        response.end();
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer(endpoint.status)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint: Endpoint = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received: [],
    status,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return endpoint;
}

describe('createWebhookNotifier', () => {
  let hook: Endpoint;
  let url: string;

  beforeEach(async () => {
    hook = await startEndpoint(204);
    url = `${hook.url}hook`;
  });

  afterEach(() => hook.close());

  it('POSTs the notification as snake_case JSON', async () => {
    await createWebhookNotifier({ url }).send(NOTE);
    expect(hook.received).toEqual([{ path: '/hook', type: 'application/json', body: NOTE }]);
  });

  it('skips topics it was not asked for', async () => {
    await createWebhookNotifier({ url, topics: ['dead_man'] }).send(NOTE);
    expect(hook.received).toEqual([]);
  });

  it('fails with PROVIDER_FAILED when the hook answers an error', async () => {
    hook.status = 500;
    await expect(createWebhookNotifier({ url }).send(NOTE)).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
      message: 'webhook answered 500',
    });
  });
});

describe('createTelegramNotifier', () => {
  let api: Endpoint;
  let root: string;

  beforeEach(async () => {
    api = await startEndpoint(200, (status) => ({ ok: status === 200, result: { message_id: 1 } }));
    root = api.url;
  });

  afterEach(() => api.close());

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
    const type = 'application/json';
    expect(api.received).toEqual([
      { path: '/bot1:abc/sendMessage', type, body: { chat_id: 7, text, reply_markup: buttons } },
      { path: '/bot1:abc/sendMessage', type, body: { chat_id: 8, text, reply_markup: buttons } },
    ]);
  });

  it('skips topics it was not asked for, and fails with PROVIDER_FAILED on an error answer', async () => {
    const options = { token: '1:abc', chatIds: [7], apiRoot: root };
    await createTelegramNotifier({ ...options, topics: ['dead_man'] }).send(NOTE);
    expect(api.received).toEqual([]);
    api.status = 403;
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
    expect(api.received).toHaveLength(2);

    api.received = [];
    await notifier.send({ ...NOTE, topic: 'dead_man', level: 4 }, deliveries);
    expect(calls).toEqual([
      `claim telegram 7 task:${NOTE.task_id} ${NOTE.at}`,
      'confirm 7 1',
      `claim telegram 8 task:${NOTE.task_id} ${NOTE.at}`,
    ]);
    expect(api.received.map((r) => (r.body as { chat_id: number }).chat_id)).toEqual([7]);

    calls.length = 0;
    api.status = 500;
    await expect(notifier.send({ ...NOTE, level: 3 }, deliveries)).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
    });
    expect(calls).toEqual([`claim telegram 7 task:${NOTE.task_id} ${NOTE.at}`, 'release 7']);
  });
});
