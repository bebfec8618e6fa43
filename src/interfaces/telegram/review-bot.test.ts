// The Telegram review flow for real: grammY long-polling telegram-test-api (a Bot API emulator
// on 127.0.0.1) over an engine on a real SQLite store.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TelegramServer } from 'telegram-test-api/lib/telegramServer.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Logger, noopLogger, PROMPT_STATUSES } from '../../core/index.js';
import { addPlannedTask, proposalsFromSession } from '../../engine/__fixtures__/test-engine.js';
import { createEngine, type Engine } from '../../engine/index.js';
import { createTelegramNotifier } from '../../tasks/index.js';
import { createManualClock, createSequentialIds, type ManualClock } from '../../testing/index.js';
import { createHttpApp } from '../http/index.js';
import { callTool, connectMcpClient } from '../mcp/__fixtures__/mcp-client.js';
import { startTelegramReview, type TelegramReview } from './index.js';

const TOKEN = '123456:verity-review-test';
const CHAT = 4242;
const USER = 777;

/** A free TCP port on 127.0.0.1 (the emulator needs its port up front to build its URL). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A capture transcript of our own with one standing rule and one decision. */
const SESSION = [
  ['user', 'From now on, always run the formatter before you commit anything in this repo.'],
  ['assistant', 'Understood, the formatter runs before every commit.'],
  ['user', 'We decided to keep the billing service on Postgres, not Mongo.'],
  ['assistant', 'Noted.'],
]
  .map(([role, content], i) =>
    JSON.stringify({
      message_id: `m${i + 1}`,
      role,
      content,
      created_at: `2026-04-07T09:0${i}:00Z`,
    }),
  )
  .join('\n');

function statement(value: string, msg: number): Record<string, unknown> {
  return {
    event_id: `0190a5f2-7b1c-7c3e-9a4b-0000000000${String(msg).padStart(2, '0')}`,
    event_ts: `2026-04-07T0${msg}:00:00Z`,
    domain: 'profile',
    entity_id: 'user:primary',
    field: 'profile.preference.trip',
    candidate_value: value,
    intent: 'assertive',
    source: { type: 'user_statement', ref: `thread:1:msg:${msg}` },
  };
}

/** A Bot API call the bot made (long polling left out). */
interface ApiCall {
  readonly method: string;
  readonly body: Record<string, unknown>;
}

/**
 * A proxy in front of the emulator that records the bot's calls: the emulator keeps the messages
 * but not the callback answers, which are what a press on a forged button leaves.
 */
async function recordingProxy(target: () => string, calls: ApiCall[]): Promise<Server> {
  const proxy = createHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = (req.url ?? '').split('/').pop() ?? '';
    if (method !== 'getUpdates' && body.length > 0) {
      calls.push({ method, body: JSON.parse(body.toString('utf8')) as Record<string, unknown> });
    }
    try {
      const upstream = await fetch(`${target()}${req.url}`, {
        method: req.method ?? 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        ...(body.length > 0 ? { body } : {}),
      });
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return proxy;
}

interface BotMessage {
  readonly messageId: number;
  readonly message: {
    readonly chat_id: number;
    readonly text: string;
    readonly reply_markup?: {
      readonly inline_keyboard: readonly (readonly { readonly callback_data: string }[])[];
    };
  };
}

describe('the Telegram review bot', () => {
  let server: TelegramServer;
  let proxy: Server;
  const calls: ApiCall[] = [];
  let dir: string;
  let engine: Engine;
  let bot: TelegramReview;
  let clock: ManualClock;
  const warnings: string[] = [];
  const record = (message: string): void => {
    warnings.push(message);
  };
  const logger: Logger = {
    ...noopLogger,
    warn: record,
    error: record,
    child: () => logger,
  };

  const proxyUrl = (): string => {
    const address = proxy.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };

  /** The texts of the callback answers the bot gave, in order. */
  const callbackAnswers = (): unknown[] =>
    calls.filter((c) => c.method === 'answerCallbackQuery').map((c) => c.body['text']);

  const client = () => server.getClient(TOKEN, { chatId: CHAT, userId: USER, timeout: 5_000 });
  /** The task notifier `verity serve` starts, sending to the test chat through the fake server. */
  const chatNotifier = () =>
    createTelegramNotifier({ token: TOKEN, chatIds: [CHAT], apiRoot: server.config.apiURL });

  async function start(
    over: Engine = engine,
    settings: { chatIds?: number[]; allowedUserIds?: number[] } = {},
  ): Promise<TelegramReview> {
    return startTelegramReview(over, {
      token: TOKEN,
      chatIds: [CHAT],
      apiRoot: proxyUrl(),
      logger,
      pushIntervalMs: 0,
      ...settings,
    });
  }

  /** An engine on the test's home (a second one opens the same store). */
  function openEngine(): Promise<Engine> {
    return createEngine({
      home: join(dir, 'home'),
      clock,
      ids: createSequentialIds(),
      embeddings: { model: null },
      extraction: null,
      observer: { workspace: join(dir, 'workspace') },
    });
  }

  /** Messages the bot sent to CHAT, in order. */
  function botMessages(): BotMessage[] {
    return (server.getUpdatesHistory(TOKEN) as unknown as BotMessage[]).filter(
      (u) => u.message?.chat_id === CHAT && 'text' in u.message,
    );
  }

  function buttonsOf(message: BotMessage | undefined): string[] {
    return (message?.message.reply_markup?.inline_keyboard ?? [])
      .flat()
      .map((b) => b.callback_data);
  }

  async function press(data: string, messageId: number): Promise<string> {
    const user = client();
    const edited = server.waitBotEdits();
    await user.sendCallback(user.makeCallbackQuery(data, { message: { message_id: messageId } }));
    await edited;
    const message = botMessages().find((m) => m.messageId === messageId);
    return message?.message.text ?? '';
  }

  async function openPrompt(): Promise<string> {
    await engine.recordObservation(statement('Reno', 1));
    await engine.recordObservation(statement('Tahoe', 2));
    const [prompt] = await engine.listReviews();
    if (prompt === undefined) throw new Error('expected an open prompt');
    return prompt.prompt_id;
  }

  beforeAll(async () => {
    server = new TelegramServer({ port: await freePort(), host: '127.0.0.1' });
    await server.start();
    proxy = await recordingProxy(() => server.config.apiURL, calls);
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await server.stop();
  });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verity-telegram-'));
    clock = createManualClock('2026-04-07T10:00:00Z');
    engine = await openEngine();
    bot = await start();
    warnings.length = 0;
  });

  afterEach(async () => {
    await bot.stop();
    await engine.close();
    server.storage.botMessages.length = 0;
    server.storage.userMessages.length = 0;
    calls.length = 0;
    rmSync(dir, { recursive: true, force: true });
  });

  it('pushes a review prompt whose confirm button commits the value with the Telegram user as the actor', async () => {
    const promptId = await openPrompt();
    expect(await bot.push()).toBe(1);
    const [pushed] = botMessages();
    const item = pushed?.message.text ?? '';
    // The field once, then its values: no `field: field: old -> new`.
    expect(item.split('\n')[0]).toBe('Review user:primary profile.preference.trip');
    expect(item.split('profile.preference.trip')).toHaveLength(2);
    expect(item).toContain('now: Reno → proposed: Tahoe');
    expect(buttonsOf(pushed)).toEqual([`prompt:confirm:${promptId}`, `prompt:reject:${promptId}`]);

    const shown = await press(`prompt:confirm:${promptId}`, pushed?.messageId ?? 0);
    expect(shown).toBe(`${item}\n\n→ confirmed by telegram:${USER}`);
    expect(callbackAnswers()).toEqual([`Review ${promptId}: confirmed by telegram:${USER}`]);
    expect(await engine.getField('user:primary', 'profile.preference.trip')).toMatchObject({
      value: 'Tahoe',
      status: 'committed',
    });
    const answers = (await engine.readLedger(0, 1_000)).filter((e) =>
      JSON.stringify(e).includes('"answered_by"'),
    );
    expect(answers).toHaveLength(1);
    expect(JSON.stringify(answers[0])).toContain(`"answered_by":"telegram:${USER}"`);
    expect(JSON.stringify(answers[0])).toContain('"channel":"telegram"');
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('rejects a prompt from its button, leaving the old value', async () => {
    const promptId = await openPrompt();
    await bot.push();
    const [pushed] = botMessages();
    const item = pushed?.message.text;
    const shown = await press(`prompt:reject:${promptId}`, pushed?.messageId ?? 0);
    expect(shown).toBe(`${item}\n\n→ rejected by telegram:${USER}`);
    expect(await engine.getField('user:primary', 'profile.preference.trip')).toMatchObject({
      value: 'Reno',
    });
    const [closed] = await engine.listReviews({ status: PROMPT_STATUSES });
    expect(closed?.status).toBe('rejected');
  });

  it('lands an approved memory proposal in MEMORY.md, with the decider in the ledger', async () => {
    const proposals = await proposalsFromSession(engine, SESSION);
    expect(await bot.push()).toBe(proposals.length);
    const rule = botMessages().find((m) => m.message.text.includes('formatter'));
    const [approve, reject] = buttonsOf(rule);
    expect(approve).toMatch(/^proposal:approve:p-\d{8}-\d{3}$/);
    expect(reject).toMatch(/^proposal:reject:/);

    const item = rule?.message.text;
    expect(await press(approve ?? '', rule?.messageId ?? 0)).toBe(
      `${item}\n\n→ approved by telegram:${USER}`,
    );
    expect(readFileSync(join(dir, 'workspace', 'MEMORY.md'), 'utf8')).toContain(
      'always run the formatter before you commit',
    );
    const resolved = (await engine.readLedger(0, 1_000)).filter((e) =>
      JSON.stringify(e).includes(`"decided_by":"telegram:${USER}"`),
    );
    expect(resolved).toHaveLength(1);
  });

  it('ignores and logs a chat that is not allowed', async () => {
    const promptId = await openPrompt();
    const stranger = server.getClient(TOKEN, { chatId: 9_999, userId: 31_337, timeout: 1_000 });
    const before = server.storage.botMessages.length;
    await stranger.sendCommand(stranger.makeCommand('/review'));
    await stranger.sendCallback(
      stranger.makeCallbackQuery(`prompt:confirm:${promptId}`, { message: { message_id: 1 } }),
    );
    await expect.poll(() => warnings.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(warnings).toContain('telegram update from a chat not allowed, ignored');
    expect(server.storage.botMessages.length).toBe(before);
    const [prompt] = await engine.listReviews();
    expect(prompt?.status).toBe('open');
  });

  it('refuses a button pressed by a user not allowed in an allowed chat, and logs it', async () => {
    await bot.stop();
    bot = await start(engine, { allowedUserIds: [USER] });
    const promptId = await openPrompt();
    await bot.push();
    const [pushed] = botMessages();
    const item = pushed?.message.text;
    const stranger = server.getClient(TOKEN, { chatId: CHAT, userId: 31_337, timeout: 1_000 });
    await stranger.sendCallback(
      stranger.makeCallbackQuery(`prompt:confirm:${promptId}`, {
        message: { message_id: pushed?.messageId ?? 0 },
      }),
    );
    await stranger.sendCommand(stranger.makeCommand('/review'));
    await expect.poll(() => warnings.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(warnings).toEqual([
      'telegram update from a user not allowed, ignored',
      'telegram update from a user not allowed, ignored',
    ]);
    expect(botMessages()).toHaveLength(1);
    expect(botMessages()[0]?.message.text).toBe(item);
    const [prompt] = await engine.listReviews();
    expect(prompt?.status).toBe('open');

    const shown = await press(`prompt:confirm:${promptId}`, pushed?.messageId ?? 0);
    expect(shown).toBe(`${item}\n\n→ confirmed by telegram:${USER}`);
  });

  it('warns at start about a group chat that any member could decide in', async () => {
    await bot.stop();
    bot = await start(engine, { chatIds: [CHAT, -1_001_234] });
    expect(warnings).toEqual(['telegram group chat without allowed users: any member can decide']);
    await bot.stop();
    warnings.length = 0;
    bot = await start(engine, { chatIds: [CHAT, -1_001_234], allowedUserIds: [USER] });
    await bot.stop();
    bot = await start(engine, { chatIds: [CHAT], allowedUserIds: [] });
    expect(warnings).toEqual([]);
  });

  it('retries a push that failed, and pushes nothing twice across a restart', async () => {
    await openPrompt();
    await server.stop();
    expect(await bot.push()).toBe(0);
    expect(warnings).toContain('telegram push failed; it is tried again on the next push');
    await server.start();
    expect(await bot.push()).toBe(1);
    expect(await bot.push()).toBe(0);

    await bot.stop();
    bot = await start();
    expect(await bot.push()).toBe(0);
    expect(botMessages()).toHaveLength(1);
  });

  it('pushes an item once when two bots on one store push at the same time', async () => {
    await openPrompt();
    const otherEngine = await openEngine();
    const other = await start(otherEngine);
    try {
      const counts = await Promise.all([bot.push(), other.push(), bot.push(), other.push()]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(botMessages()).toHaveLength(1);
    } finally {
      await other.stop();
      await otherEngine.close();
    }
  });

  it('pushes nothing again after a rebuild, and records the message id in the store', async () => {
    const promptId = await openPrompt();
    expect(await bot.push()).toBe(1);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    await bot.stop();
    bot = await start();
    expect(await bot.push()).toBe(0);
    const delivery = await engine.deliveries.get({
      channel: 'telegram',
      recipient: String(CHAT),
      item: `prompt:${promptId}`,
      version: '',
    });
    expect(delivery?.receipt).toBe(String(botMessages()[0]?.messageId));
  });

  it('ignores the telegram-sent.json file of earlier versions', async () => {
    const promptId = await openPrompt();
    mkdirSync(join(dir, 'home'), { recursive: true });
    writeFileSync(
      join(dir, 'home', 'telegram-sent.json'),
      JSON.stringify({
        [`${CHAT}|prompt:${promptId}`]: { at: '2026-04-07T09:00:00Z', message_id: 1 },
      }),
    );
    await bot.stop();
    bot = await start();
    expect(await bot.push()).toBe(1);
  });

  it('prunes deliveries older than 30 days when it starts', async () => {
    const promptId = await openPrompt();
    await bot.push();
    const key = {
      channel: 'telegram',
      recipient: String(CHAT),
      item: `prompt:${promptId}`,
      version: '',
    };
    clock.advance(29 * 86_400_000);
    await bot.stop();
    bot = await start();
    expect(await engine.deliveries.get(key)).not.toBeNull();
    clock.advance(2 * 86_400_000);
    await bot.stop();
    bot = await start();
    expect(await engine.deliveries.get(key)).toBeNull();
  });

  it('pushes at once when the engine announces a new review prompt', async () => {
    const promptId = await openPrompt();
    engine.events.publish({
      type: 'review.opened',
      entity_id: 'user:primary',
      data: { prompt_id: promptId },
    });
    await expect.poll(() => botMessages().length, { timeout: 5_000 }).toBe(1);
    expect(buttonsOf(botMessages()[0])).toContain(`prompt:confirm:${promptId}`);
  });

  it('says a button decided elsewhere changed nothing', async () => {
    const promptId = await openPrompt();
    await bot.push();
    const [pushed] = botMessages();
    await engine.answerReview(promptId, 'reject');
    const item = pushed?.message.text;
    const shown = await press(`prompt:confirm:${promptId}`, pushed?.messageId ?? 0);
    expect(shown).toBe(`${item}\n\n→ rejected`);
    expect(callbackAnswers()).toEqual([`Review ${promptId}: already rejected; nothing changed`]);
    expect(await engine.getField('user:primary', 'profile.preference.trip')).toMatchObject({
      value: 'Reno',
    });
  });

  it("marks a task done from the telegram notifier's button, with the Telegram user as the actor", async () => {
    const task = await addPlannedTask(
      engine,
      'Renew the passport',
      {
        priority: 'P1',
        due: '2026-04-20T00:00:00Z',
        definition_of_done: ['the new passport is in the drawer'],
      },
      { next_action: 'book the appointment', next_check: '2026-04-08T09:00:00Z' },
    );
    await engine.tasks.move(task.id, 'READY');
    await engine.tasks.move(task.id, 'EXECUTING');
    const notifier = chatNotifier();
    await notifier.send({
      key: 'test-key',
      task_id: task.id,
      topic: 'stale',
      message: `${task.id} has not moved`,
      draft: null,
      level: 1,
      at: '2026-04-07T10:00:00Z',
    });
    const [sent] = botMessages();
    expect(buttonsOf(sent)).toEqual([`task:done:${task.id}`, `task:ack:${task.id}`]);
    expect(await press(`task:done:${task.id}`, sent?.messageId ?? 0)).toBe(
      `Task ${task.id}: Renew the passport\n\n→ done by telegram:${USER}`,
    );
    const shown = await engine.tasks.show(task.id);
    expect(shown.state).toBe('DONE');
    expect(JSON.stringify(shown)).toContain(`telegram:${USER}`);
  });

  it('sends an escalation once to a chat, whether the notifier or the bot gets to it first', async () => {
    const task = await addPlannedTask(engine, 'File the quarterly VAT return', {
      priority: 'P0',
      due: '2026-04-07T12:00:00Z',
      definition_of_done: ['the return is filed'],
    });
    clock.set('2026-04-07T13:00:00Z');
    const notifier = chatNotifier();
    const report = await engine.tasks.reconcile({ notifier });
    expect(report.notifications_sent).toBe(1);
    expect(await bot.push()).toBe(0);
    const about = botMessages().filter((m) => m.message.text.includes(task.id));
    expect(about).toHaveLength(1);
    expect(buttonsOf(about[0])).toEqual([`task:done:${task.id}`, `task:ack:${task.id}`]);
    const [escalated] = (await engine.tasks.reviewItems()).tasks;
    expect(escalated?.escalated_at).toBe('2026-04-07T13:00:00.000Z');
  });

  it('lists open prompts on /review and answers /help', async () => {
    const promptId = await openPrompt();
    const user = client();
    await user.sendCommand(user.makeCommand('/review'));
    await expect.poll(() => botMessages().length, { timeout: 5_000 }).toBe(2);
    const [item, footer] = botMessages();
    expect(buttonsOf(item)).toContain(`prompt:confirm:${promptId}`);
    expect(footer?.message.text).toBe('Page 1 of 1 (1 waiting)');
    await user.sendCommand(user.makeCommand('/help'));
    await expect.poll(() => botMessages().length, { timeout: 5_000 }).toBe(3);
    expect(botMessages()[2]?.message.text).toContain('/proposals');
  });

  it('shows who decided in Telegram in the review and proposal listings of every surface', async () => {
    const promptId = await openPrompt();
    await proposalsFromSession(engine, SESSION);
    await bot.push();
    const asked = botMessages().find((m) => buttonsOf(m).includes(`prompt:confirm:${promptId}`));
    await press(`prompt:confirm:${promptId}`, asked?.messageId ?? 0);
    const rule = botMessages().find((m) => m.message.text.includes('formatter'));
    const [approve = ''] = buttonsOf(rule);
    const proposalId = approve.split(':')[2];
    await press(approve, rule?.messageId ?? 0);
    const decider = `telegram:${USER}`;

    // What `verity review list --all --json` and `verity proposals list --status all --json` print.
    const prompts = await engine.listReviews({ status: PROMPT_STATUSES });
    expect(prompts.find((p) => p.prompt_id === promptId)).toMatchObject({
      status: 'confirmed',
      answered_by: decider,
      channel: 'telegram',
    });
    const proposals = await engine.observer.listProposals('all');
    expect(proposals.find((p) => p.proposal_id === proposalId)).toMatchObject({
      status: 'approved',
      decided_by: decider,
    });
    const pending = proposals.filter((p) => p.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.map((p) => p.decided_by)).toEqual(pending.map(() => null));

    const app = createHttpApp(engine, { token: null });
    const reviews = (await (await app.request('/api/reviews?status=confirmed')).json()) as {
      reviews: unknown[];
    };
    expect(reviews.reviews).toEqual([
      expect.objectContaining({ prompt_id: promptId, answered_by: decider, channel: 'telegram' }),
    ]);
    const approved = (await (await app.request('/api/proposals?status=approved')).json()) as {
      proposals: unknown[];
    };
    expect(approved.proposals).toEqual([
      expect.objectContaining({ proposal_id: proposalId, decided_by: decider }),
    ]);

    const mcp = await connectMcpClient(engine);
    try {
      const listed = await callTool(mcp, 'list_proposals', { status: 'approved' });
      expect(listed.structuredContent).toEqual({
        proposals: [expect.objectContaining({ proposal_id: proposalId, decided_by: decider })],
      });
    } finally {
      await mcp.close();
    }
  });

  it('answers a button naming no such item and leaves the message it came with alone', async () => {
    await openPrompt();
    await bot.push();
    const [pushed] = botMessages();
    const item = pushed?.message.text;
    const user = client();
    const forged = [
      'proposal:approve:p-does-not-exist',
      'prompt:confirm:not-a-uuid',
      'task:done:TASK-20990101-001',
    ];
    for (const data of forged) {
      await user.sendCallback(
        user.makeCallbackQuery(data, { message: { message_id: pushed?.messageId ?? 0 } }),
      );
    }
    await expect.poll(() => callbackAnswers().length, { timeout: 5_000 }).toBe(3);
    expect(callbackAnswers()).toEqual([
      'Proposal p-does-not-exist does not exist; nothing changed.',
      'Review not-a-uuid does not exist; nothing changed.',
      'Task TASK-20990101-001 does not exist; nothing changed.',
    ]);
    expect(calls.filter((c) => c.method === 'editMessageText')).toEqual([]);
    expect(botMessages()[0]?.message.text).toBe(item);
    const [prompt] = await engine.listReviews();
    expect(prompt?.status).toBe('open');
  });

  it('keeps the item and its outcome on a message whose buttons are pressed again', async () => {
    const promptId = await openPrompt();
    await bot.push();
    const [pushed] = botMessages();
    const id = pushed?.messageId ?? 0;
    const decided = `${pushed?.message.text}\n\n→ confirmed by telegram:${USER}`;
    expect(await press(`prompt:confirm:${promptId}`, id)).toBe(decided);
    expect(await press(`prompt:confirm:${promptId}`, id)).toBe(decided);
    expect(await press(`prompt:reject:${promptId}`, id)).toBe(decided);
    const again = `Review ${promptId}: already confirmed by telegram:${USER}; nothing changed`;
    expect(callbackAnswers()).toEqual([
      `Review ${promptId}: confirmed by telegram:${USER}`,
      again,
      again,
    ]);
    expect(await engine.getField('user:primary', 'profile.preference.trip')).toMatchObject({
      value: 'Tahoe',
    });
  });

  it('answers /review with a page that does not exist or is not a number', async () => {
    await openPrompt();
    const user = client();
    for (const asked of ['2', 'abc', '-1']) {
      await user.sendCommand(user.makeCommand(`/review ${asked}`));
    }
    await expect.poll(() => botMessages().length, { timeout: 5_000 }).toBe(3);
    expect(botMessages().map((m) => m.message.text)).toEqual([
      'No page "2": there is only page 1 (1 waiting).',
      'No page "abc": there is only page 1 (1 waiting).',
      'No page "-1": there is only page 1 (1 waiting).',
    ]);
  });
});
