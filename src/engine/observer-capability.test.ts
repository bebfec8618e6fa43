import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGptTokenizer } from '../context/index.js';
import { RULES_VERSION } from '../observer/index.js';
import { createFakeLanguageModel } from '../providers/fake/index.js';
import { createOpenAICompatibleLanguageModel } from '../providers/openai-compatible/index.js';
import { startFakeLlmServer, transcriptLine } from '../testing/index.js';
import { observerOnly } from './__fixtures__/test-engine.js';
import { createEngine } from './create-engine.js';
import type { EngineObserverOptions } from './observer-capability.js';
import type { Engine } from './types.js';

const DAY = 86_400_000;
const PI = readFileSync(
  new URL('../observer/__fixtures__/pi-session.jsonl', import.meta.url),
  'utf8',
);

const line = transcriptLine;

/** A transcript whose messages (`[message_id, role, content]`) were all written at `at`. */
function transcript(at: string, messages: readonly (readonly [string, string, string])[]): string {
  return messages.map(([id, role, content]) => line(id, role, content, at)).join('\n');
}

describe('engine.observer', () => {
  let dir: string;
  let now: number;
  let engine: Engine;

  async function open(observer: EngineObserverOptions = {}): Promise<Engine> {
    engine = await createEngine({
      home: join(dir, 'home'),
      clock: { now: () => now },
      ...observerOnly(observer)(dir),
    });
    return engine;
  }

  /** Captures `messages`, all written at `at`, as session `sessionId`, observed at once. */
  function captureSession(
    sessionId: string,
    at: string,
    messages: readonly (readonly [string, string, string])[],
    trigger: 'manual' | 'shutdown' = 'shutdown',
  ) {
    return engine.observer.capture({
      text: transcript(at, messages),
      sessionId,
      trigger,
      observe: 'sync',
    });
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'verity-observer-capability-'));
    now = Date.parse('2026-03-05T18:00:00Z');
  });

  afterEach(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('observes with a language model, keeping only times and sources the transcript has', async () => {
    const model = createFakeLanguageModel({
      replies: [
        {
          value: {
            current_task: 'Android 14 crash',
            segments: [
              {
                title: 'Fixed the Android 14 launch crash',
                narrative: 'The push receiver lacked an export flag.',
                facts: [
                  {
                    priority: 'red',
                    type: 'insight',
                    time: '09:38',
                    text: 'Passing RECEIVER_NOT_EXPORTED in PushModule.kt fixed the crash',
                    source_ids: ['e0000005'],
                  },
                  {
                    priority: 'red',
                    type: 'fact',
                    time: '23:59',
                    text: 'A fact at a time the transcript never shows',
                    source_ids: ['e0000002'],
                  },
                  {
                    priority: 'red',
                    type: 'fact',
                    time: null,
                    text: 'A fact citing no real message',
                    source_ids: ['nope'],
                  },
                ],
              },
            ],
          },
        },
      ],
    });
    await open({ languageModel: model });
    const result = await engine.observer.capture({
      text: PI,
      trigger: 'shutdown',
      observe: 'sync',
    });
    expect(result.observed).toMatchObject({ observer: 'llm:fake/fake-model', status: 'observed' });
    expect(model.calls[0]?.prompt).not.toContain('SecurityException');
    expect(model.calls[0]?.prompt).toContain('[e0000005] [09:38] user:');
    const log = readFileSync(join(dir, 'workspace', 'memory', '2026-03-05.md'), 'utf8');
    expect(log).toContain('* 🔴 (09:38) Passing RECEIVER_NOT_EXPORTED');
    expect(log).toContain('* 🔴 A fact at a time the transcript never shows');
    expect(log).not.toContain('citing no real message');
  });

  it('falls back to the offline rules when the model fails', async () => {
    await open({ languageModel: createFakeLanguageModel({ replies: [{ error: 'unreachable' }] }) });
    const result = await engine.observer.capture({
      text: PI,
      trigger: 'shutdown',
      observe: 'sync',
    });
    // The offline observer names its rules' version and its scorer's.
    expect(result.observed?.observer).toBe(`${RULES_VERSION}+scorer@7`);
    expect(result.observed?.observations.red).toBeGreaterThan(0);
  });

  it('synthesises an answer with a model, keeping only citations it was given', async () => {
    const model = createFakeLanguageModel({
      replies: (request) =>
        request.schemaName === 'memory_answer'
          ? { value: { answer: 'It was fixed with RECEIVER_NOT_EXPORTED [1].', cited: [1, 9] } }
          : { error: 'rules please' },
    });
    await open({ languageModel: model });
    await engine.observer.capture({ text: PI, trigger: 'shutdown', observe: 'sync' });
    const answer = await engine.observer.ask('how was the Android crash fixed?');
    expect(answer.mode).toBe('synthesised');
    expect(answer.citations.map((c) => c.ref)).toEqual([1]);
  });

  it('measures the MEMORY.md budget in o200k_base tokens of the file, not characters / 4', async () => {
    const budget = 300;
    // Text whose real token count is far above its characters / 4: the estimate would fit.
    const userNotes = `# Memory\n\n## Notes\n\n${'部署前请先检查回滚方案和数据库备份。'.repeat(30)}\n`;
    const tokens = createGptTokenizer().count(userNotes);
    expect(Math.ceil(userNotes.length / 4)).toBeLessThan(budget);
    expect(tokens).toBeGreaterThan(budget);
    const session = (id: string) => ({
      text: line(
        '1',
        'user',
        'Never deploy on Fridays without a rollback plan.',
        '2026-03-05T09:00:00Z',
      ),
      sessionId: id,
      trigger: 'manual' as const,
      observe: 'sync' as const,
    });
    await open({ memoryBudgetTokens: budget });
    mkdirSync(join(dir, 'workspace'), { recursive: true });
    writeFileSync(join(dir, 'workspace', 'MEMORY.md'), userNotes);
    await engine.observer.capture(session('over'));
    const over = await engine.observer.reflect();
    expect(over.proposals).toEqual([]);
    // Not a silent "nothing new": the person's own text fills the budget, and the report says so.
    expect(over.status).toBe('over_budget');
    expect(over.notice).toContain('1 proposal(s) held back');
    expect(over.notice).toContain('written by hand');
    expect(readFileSync(join(dir, 'workspace', 'MEMORY.md'), 'utf8')).toBe(userNotes);
    // The same session with a MEMORY.md inside the budget is proposed.
    writeFileSync(join(dir, 'workspace', 'MEMORY.md'), '# Memory\n');
    await engine.observer.capture({ ...session('under'), text: `${session('under').text}\n` });
    const under = await engine.observer.reflect();
    expect(under.proposals.map((p) => p.text)).toEqual([
      'Never deploy on Fridays without a rollback plan',
    ]);
  });

  it('proposes what an over-budget reflection held back once MEMORY.md has room, even weeks later', async () => {
    await open({ memoryBudgetTokens: 50 });
    mkdirSync(join(dir, 'workspace'), { recursive: true });
    writeFileSync(
      join(dir, 'workspace', 'MEMORY.md'),
      `# Memory\n\n## Notes\n\n${'My own long notes about the garden and the allotment. '.repeat(20)}\n`,
    );
    await captureSession(
      'held',
      '2026-03-05T09:00:00Z',
      [['1', 'user', 'Always tag releases as vX.Y.Z.']],
      'manual',
    );
    expect((await engine.observer.reflect()).status).toBe('over_budget');
    // The person makes room three weeks later, past the reflection window.
    writeFileSync(join(dir, 'workspace', 'MEMORY.md'), '# Memory\n');
    now += 21 * 86_400_000;
    const later = await engine.observer.reflect();
    expect(later.proposals.map((p) => p.text)).toEqual(['Always tag releases as vX.Y.Z']);
  });

  it('prunes P2 after 90 days and archives P3 after 30, never P0/P1, and records it', async () => {
    await open();
    const at = '2026-01-01T09:00:00Z';
    await captureSession(
      'old',
      at,
      [
        ['1', 'user', 'Never push to main without review.'],
        ['2', 'assistant', 'The build takes 14 minutes on CI.'],
        ['3', 'user', 'Maybe we try Bazel 7 someday.'],
      ],
      'manual',
    );
    now = Date.parse(at) + 31 * DAY;
    const first = await engine.observer.applyRetention();
    expect([first.pruned.length, first.archived.length]).toEqual([0, 1]);
    now = Date.parse(at) + 91 * DAY;
    const second = await engine.observer.applyRetention();
    expect([second.pruned.length, second.archived.length]).toEqual([1, 0]);
    expect((await engine.observer.applyRetention()).pruned).toEqual([]);
    const answer = await engine.observer.ask('how long does the CI build take?');
    expect(
      answer.citations.some((c) => c.kind === 'observation' && c.text.includes('14 minutes')),
    ).toBe(false);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('clusters a problem recurring across sessions into a friction fix once history allows', async () => {
    await open({ frictionMinHistoryDays: 0 });
    const sessions = [
      ['s1', '2026-03-01T09:00:00Z'],
      ['s2', '2026-03-03T09:00:00Z'],
    ] as const;
    for (const [id, at] of sessions) {
      await captureSession(id, at, [
        ['a', 'user', 'The nightly export job fails with a timeout again.'],
        ['b', 'user', 'Set EXPORT_TIMEOUT=600 in the job env.'],
        ['c', 'user', 'Fixed.'],
      ]);
    }
    const report = await engine.observer.analyzeFriction();
    expect(report.status).toBe('analyzed');
    expect(report.fixes).toHaveLength(1);
    expect(report.fixes[0]).toMatchObject({ sessions: ['s1', 's2'], occurrences: 2 });
    expect(report.fixes[0]?.text).toContain('EXPORT_TIMEOUT=600');
    const review = readFileSync(join(dir, 'workspace', 'REVIEW.md'), 'utf8');
    expect(review).toContain('## Friction Fixes');
    expect(review).toContain('`f-20260305-001`');
  });

  it('a first reflection reads every unreviewed session, however old; later ones only new ones', async () => {
    await open();
    const sessions = [
      ['s1', '2026-02-10T09:00:00Z', 'From now on always run `nginx -t` before reloading nginx.'],
      ['s2', '2026-02-20T09:00:00Z', 'We decided to keep Redis 7.2 as the session store.'],
      ['s3', '2026-03-04T09:00:00Z', 'We decided to ship the billing export as CSV files.'],
    ] as const;
    for (const [id, at, text] of sessions) {
      await captureSession(id, at, [['a', 'user', text]]);
    }
    const first = await engine.observer.reflect();
    expect(first.input_observations).toBeGreaterThanOrEqual(3);
    const texts = first.proposals.map((p) => p.text).join('\n');
    expect(texts).toContain('nginx -t');
    expect(texts).toContain('Redis 7.2');
    expect(texts).toContain('CSV');
    now += DAY;
    expect((await engine.observer.reflect()).input_observations).toBeLessThan(
      first.input_observations,
    );
  });

  it('clusters the same error, the same correction and a repeated question with its answer', async () => {
    await open({ frictionMinHistoryDays: 0 });
    for (const [id, at] of [
      ['s1', '2026-03-01T09:00:00Z'],
      ['s2', '2026-03-02T09:00:00Z'],
      ['s3', '2026-03-04T09:00:00Z'],
    ] as const) {
      await captureSession(id, at, [
        ['a', 'user', 'The test run died with ECONNREFUSED 127.0.0.1:6543 again.'],
        ['b', 'assistant', 'I will add the dependency with npm install.'],
        ['c', 'user', 'No, we use yarn in this repo, not npm.'],
        ['d', 'user', 'How do I rebuild the GraphQL types?'],
        ['e', 'assistant', 'Run yarn codegen. It rewrites src/generated.'],
      ]);
    }
    const texts = (await engine.observer.analyzeFriction()).fixes.map((f) => f.text);
    expect(texts.some((t) => t.includes('ECONNREFUSED 127.0.0.1:6543'))).toBe(true);
    expect(texts.some((t) => /we use yarn in this repo/i.test(t))).toBe(true);
    expect(
      texts.some((t) => t.includes('GraphQL') && t.includes('known fix: Run yarn codegen')),
    ).toBe(true);
  });

  it('runs the daily job from the durable queue at 06:00 UTC and queues the next day', async () => {
    await open();
    const first = await engine.observer.scheduleDaily();
    expect(await engine.observer.scheduleDaily()).toBe(first);
    expect(await engine.observer.drainQueue()).toBe(0);
    now = Date.parse('2026-03-06T06:00:00Z');
    expect(await engine.observer.drainQueue()).toBe(1);
    const jobs = await (await engine.jobs()).listJobs({ queue: 'observer.daily' });
    expect(jobs.map((j) => [j.state, j.runAt])).toEqual([
      ['completed', '2026-03-06T06:00:00.000Z'],
      ['created', '2026-03-07T06:00:00.000Z'],
    ]);
  });

  it('observes through a local OpenAI-compatible server, and replay never calls it again', async () => {
    const server = await startFakeLlmServer({
      reply: () =>
        JSON.stringify({
          current_task: null,
          segments: [
            {
              title: 'Android crash',
              narrative: 'Fixed the launch crash.',
              facts: [
                {
                  priority: 'red',
                  type: 'insight',
                  time: '09:38',
                  text: 'RECEIVER_NOT_EXPORTED fixed the Android 14 crash',
                  source_ids: ['e0000005'],
                },
              ],
            },
          ],
        }),
    });
    try {
      const model = createOpenAICompatibleLanguageModel({
        baseUrl: server.openaiBaseUrl,
        model: 'local',
      });
      await open({ languageModel: model });
      const result = await engine.observer.capture({
        text: PI,
        trigger: 'compaction',
        observe: 'sync',
      });
      expect(result.observed).toMatchObject({
        observer: 'llm:openai-compatible/local',
        observations: { red: 1 },
      });
      expect(server.requests).toHaveLength(1);
      expect((await engine.rebuild({ verify: true })).verified).toBe(true);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
