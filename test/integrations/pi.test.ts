import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextToInject, DEFAULT_OPTIONS, optionsFromEnv } from '../../integrations/pi/index.js';
import { type FakeLlmServer, startFakeLlmServer } from '../../src/testing/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const EXTENSION = join(ROOT, 'integrations', 'pi', 'index.ts');
const PI = join(ROOT, 'node_modules', '@mariozechner', 'pi-coding-agent', 'dist', 'cli.js');
// pi runs in a project folder of its own, so tsx is named by its file, not resolved from the cwd.
const CLI_ARGS = ['--import', import.meta.resolve('tsx'), join(ROOT, 'src/interfaces/cli/main.ts')];
const REPLY = 'Noted, thank you.';
const SUMMARY = 'The user keeps the invoice exporter on port 7311.';

let dir: string;
let model: FakeLlmServer;
let verityEnv: NodeJS.ProcessEnv;

interface PiRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** pi as a user starts it: its own HOME, the fake model, this extension loaded with -e. */
function startPi(args: readonly string[], env: NodeJS.ProcessEnv) {
  return spawn(
    process.execPath,
    [PI, '--offline', '--provider', 'fake', '--model', 'fake-1', '-e', EXTENSION, ...args],
    {
      cwd: join(dir, 'project'),
      env: { PATH: process.env['PATH'], HOME: join(dir, 'pi'), ...env },
    },
  );
}

function finished(child: ChildProcessWithoutNullStreams): Promise<PiRun> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/** `pi -p` with a session kept in `sessions/` (or none), one turn per prompt. */
function piPrint(
  prompts: readonly string[],
  options: { env?: NodeJS.ProcessEnv; session: boolean },
) {
  const session = options.session ? ['--session-dir', join(dir, 'sessions')] : ['--no-session'];
  const child = startPi(['-p', ...session, ...prompts], options.env ?? verityEnv);
  child.stdin.end();
  return finished(child);
}

/** Sends each RPC command once the previous one has settled, then closes stdin (pi exits). */
function piRpc(commands: readonly Record<string, unknown>[]): Promise<PiRun> {
  const child = startPi(['--mode', 'rpc', '--session-dir', join(dir, 'sessions')], verityEnv);
  const run = finished(child);
  const queue = [...commands];
  let waiting = '';
  const sendNext = () => {
    const next = queue.shift();
    if (next === undefined) {
      child.stdin.end();
      return;
    }
    // A prompt settles when its turn ends; a command (`/…` or `compact`) with its response.
    const turn = next['type'] === 'prompt' && !String(next['message']).startsWith('/');
    waiting = turn ? 'agent_end' : `response:${String(next['type'])}`;
    child.stdin.write(`${JSON.stringify(next)}\n`);
  };
  let buffer = '';
  child.stdout.on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const event = JSON.parse(line) as { type: string; command?: string };
      const name = event.type === 'response' ? `response:${event.command}` : event.type;
      if (name === waiting) sendNext();
    }
  });
  sendNext();
  return run;
}

function verity(...args: string[]): string {
  const run = spawnSync(process.execPath, [...CLI_ARGS, ...args], {
    env: { ...process.env, ...verityEnv },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

interface CaptureRow {
  readonly session_id: string;
  readonly trigger: string;
  readonly entry_count: number;
  readonly observed: boolean;
}

function captures(): CaptureRow[] {
  return (JSON.parse(verity('observer', 'captures', '--json')) as { captures: CaptureRow[] })
    .captures;
}

/** The session file pi wrote last, and the id in its header. */
function newestSession(): { file: string; id: string } {
  const names = readdirSync(join(dir, 'sessions')).sort();
  const file = join(dir, 'sessions', names[names.length - 1] as string);
  const header = JSON.parse(readFileSync(file, 'utf8').split('\n')[0] as string) as { id: string };
  return { file, id: header.id };
}

interface ChatMessage {
  readonly role: string;
  readonly content: string | readonly { type: string; text?: string }[];
}

function textOf(message: ChatMessage | undefined): string {
  if (message === undefined) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => part.text ?? '').join('');
}

/** The hidden message the extension adds: a user-role message opening with Verity's preamble. */
function fromVerity(message: ChatMessage): boolean {
  return message.role === 'user' && textOf(message).startsWith('Verity context.');
}

interface RpcEvent {
  readonly type: string;
  readonly command?: string;
  readonly method?: string;
  readonly message?: ChatMessage & { readonly customType?: string };
}

function rpcEvents(run: PiRun): RpcEvent[] {
  return run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as RpcEvent);
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-pi-'));
  model = await startFakeLlmServer({
    // pi's compaction asks for a "context checkpoint summary"; every other request is a turn.
    reply: ({ body }) =>
      JSON.stringify(body['messages']).includes('context checkpoint summary') ? SUMMARY : REPLY,
  });
  mkdirSync(join(dir, 'project'));
  mkdirSync(join(dir, 'pi', '.pi', 'agent'), { recursive: true });
  writeFileSync(
    join(dir, 'pi', '.pi', 'agent', 'models.json'),
    JSON.stringify({
      providers: {
        fake: {
          baseUrl: model.openaiBaseUrl,
          api: 'openai-completions',
          apiKey: 'x',
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: 'fake-1' }],
        },
      },
    }),
  );
  const home = join(dir, 'verity');
  mkdirSync(home);
  writeFileSync(join(home, 'config.json'), JSON.stringify({ embeddings: { provider: 'none' } }));
  verityEnv = {
    VERITY_BIN: process.execPath,
    VERITY_BIN_ARGS: JSON.stringify(CLI_ARGS),
    VERITY_HOME: home,
    VERITY_WORKSPACE: join(dir, 'workspace'),
    // The CLI runs from source through tsx here, on a shared machine: no turn may miss it.
    VERITY_PI_CONTEXT_TIMEOUT_MS: '120000',
  };
  // No `verity init`: the extension's first capture creates the store, as on a new machine.
});

afterAll(async () => {
  await model.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The real pi 0.73.1 binary, offline against a fake OpenAI-compatible server. */
describe('pi extension', () => {
  describe('in a session that compacts, then ends (RPC mode)', () => {
    let run: PiRun;
    let session: { file: string; id: string };
    let turns: ChatMessage[][];

    beforeAll(async () => {
      const from = model.requests.length;
      run = await piRpc([
        {
          type: 'prompt',
          message: 'The invoice exporter now listens on port 7311. Run the migrations first.',
        },
        { type: 'compact' },
        { type: 'prompt', message: 'Which port does the invoice exporter use?' },
        { type: 'prompt', message: 'Does the invoice exporter still listen on port 7311?' },
        { type: 'prompt', message: '/verity which port does the invoice exporter use' },
        { type: 'prompt', message: '/verity --help' },
      ]);
      session = newestSession();
      turns = model.requests
        .slice(from)
        .filter((r) => !JSON.stringify(r.body).includes('context checkpoint summary'))
        .map((r) => r.body['messages'] as ChatMessage[]);
    });

    it('runs the turns and the compaction, the first without a store yet', () => {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toBe('');
      // Before the first capture creates the store, the context fails once and the turn goes on;
      // in RPC mode pi hands the warning to the client as a UI notification.
      expect(rpcEvents(run).filter((e) => e.method === 'notify')).toEqual([
        expect.objectContaining({
          notifyType: 'warning',
          message: expect.stringMatching(/^verity context failed: verity: no Verity store at /),
        }),
      ]);
      expect(rpcEvents(run).find((e) => e.command === 'compact')).toMatchObject({ success: true });
      expect(readFileSync(session.file, 'utf8')).toContain(SUMMARY);
      expect(turns).toHaveLength(3);
    });

    it("sends Verity's context for the prompt to the model only when Verity has some", () => {
      expect(turns[0]?.filter(fromVerity)).toEqual([]);
      const injected = turns[1]?.filter(fromVerity) ?? [];
      expect(injected).toHaveLength(1);
      expect(textOf(injected[0])).toContain('The invoice exporter now listens on port 7311.');
    });

    it("sends only the current prompt's context: earlier turns' packs stay out", () => {
      // pi keeps every context message in the session; the third turn carries its own pack only.
      const injected = turns[2]?.filter(fromVerity) ?? [];
      expect(injected).toHaveLength(1);
      expect(textOf(injected[0])).toContain('port 7311');
    });

    it('captures on compaction and again on shutdown, each observed', () => {
      const rows = captures().filter((c) => c.session_id === session.id);
      // The shutdown capture holds both prompts and replies; the injected context is no message.
      expect(rows).toEqual([
        expect.objectContaining({ trigger: 'compaction', entry_count: 2, observed: true }),
        expect.objectContaining({ trigger: 'shutdown', entry_count: 6, observed: true }),
      ]);
      const [log] = readdirSync(join(dir, 'workspace', 'memory'));
      expect(readFileSync(join(dir, 'workspace', 'memory', log as string), 'utf8')).toContain(
        'The invoice exporter now listens on port 7311.',
      );
    });

    it('answers /verity from Verity, in the session and without a model call', () => {
      const answer = rpcEvents(run).find(
        (e) => e.type === 'message_end' && e.message?.customType === 'verity-answer',
      );
      expect(textOf(answer?.message)).toContain('The invoice exporter now listens on port 7311.');
      expect(turns).toHaveLength(3);
    });

    it('hands the text after /verity to ask as the question, even when it reads as an option', () => {
      const answers = rpcEvents(run).filter(
        (e) => e.type === 'message_end' && e.message?.customType === 'verity-answer',
      );
      expect(answers).toHaveLength(2);
      expect(textOf(answers[1]?.message)).not.toMatch(/Usage:|Options:/);
    });

    it('makes capturing the same session again a no-op', () => {
      const again = verity('capture', session.file, '--trigger', 'shutdown', '--sync', '--json');
      expect(JSON.parse(again)).toMatchObject({ status: 'duplicate', session_id: session.id });
    });
  });

  it('goes on without Verity when the CLI is missing, reporting each failure once', async () => {
    const from = model.requests.length;
    const run = await piPrint(['First question.', 'Second question.'], {
      session: true,
      env: { ...verityEnv, VERITY_BIN: join(dir, 'no-such-verity'), VERITY_BIN_ARGS: '' },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(REPLY);
    const requests = model.requests.slice(from).map((r) => r.body['messages'] as ChatMessage[]);
    expect(requests).toHaveLength(2);
    expect(requests.flat().filter(fromVerity)).toEqual([]);
    expect(occurrences(run.stderr, 'verity context failed')).toBe(1);
    expect(run.stderr).toContain('no-such-verity not found');
    expect(occurrences(run.stderr, 'verity capture failed')).toBe(1);
  });

  it('goes on without Verity when it does not answer in time', async () => {
    const from = model.requests.length;
    const run = await piPrint(['Is anyone there?'], {
      session: false,
      env: {
        ...verityEnv,
        VERITY_BIN_ARGS: JSON.stringify(['-e', 'setTimeout(() => {}, 600000)']),
        VERITY_PI_CONTEXT_TIMEOUT_MS: '300',
      },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(REPLY);
    expect(model.requests.slice(from)).toHaveLength(1);
    expect(run.stderr).toContain('verity context failed: no answer within 300 ms');
  });
});

/** A process holding the store's write lock (`BEGIN IMMEDIATE`) until `release` is called. */
async function holdWriteLock(): Promise<{ release: () => Promise<void> }> {
  const script = `const db = new (require(${JSON.stringify(
    join(ROOT, 'node_modules', 'better-sqlite3'),
  )}))(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('locked');
  process.stdin.resume(); process.stdin.on('end', () => { db.exec('COMMIT'); db.close(); });`;
  const child = spawn(process.execPath, ['-e', script, join(dir, 'verity', 'verity.db')]);
  await new Promise<void>((locked, failed) => {
    child.stdout.once('data', () => locked());
    child.once('exit', (code) => failed(new Error(`lock holder exited with ${code}`)));
  });
  return {
    release: () => {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.stdin.end();
      return exited;
    },
  };
}

describe('pi extension with a busy store', () => {
  it('keeps an exit capture that found the store locked and runs it at the next start', async () => {
    const pending = join(dir, 'sessions', 'verity-pending');
    const lock = await holdWriteLock();
    let run: PiRun;
    try {
      run = await piPrint(['The staging database is called heron.'], {
        session: true,
        env: {
          ...verityEnv,
          VERITY_PI_CONTEXT_TIMEOUT_MS: '1000',
          VERITY_PI_CAPTURE_TIMEOUT_MS: '3000',
        },
      });
    } finally {
      await lock.release();
    }
    expect(run.code, run.stderr).toBe(0);
    const kept = readdirSync(pending).filter((name) => name.endsWith('-shutdown.json'));
    const waiting = kept
      .map((name) => JSON.parse(readFileSync(join(pending, name), 'utf8')) as { file: string })
      .find((capture) => readFileSync(capture.file, 'utf8').includes('heron'));
    const file = waiting?.file as string;
    const id = (JSON.parse(readFileSync(file, 'utf8').split('\n')[0] as string) as { id: string })
      .id;
    // The warning names the session and the command that captures it by hand.
    expect(run.stderr).toContain('verity capture failed: no answer within 3000 ms');
    expect(run.stderr).toContain(
      `to capture it now run: verity capture ${file} --session ${id} --trigger shutdown --sync`,
    );
    expect(captures().filter((c) => c.session_id === id)).toEqual([]);

    const next = await piPrint(['Hello again.'], { session: true });
    expect(next.code, next.stderr).toBe(0);
    expect(captures().filter((c) => c.session_id === id)).toEqual([
      expect.objectContaining({ trigger: 'shutdown', entry_count: 2 }),
    ]);
    expect(readdirSync(pending)).toEqual([]);
  });
});

describe('pi extension options', () => {
  it('reads the CLI and the limits from the environment, keeping defaults for bad values', () => {
    expect(optionsFromEnv({})).toEqual(DEFAULT_OPTIONS);
    expect(
      optionsFromEnv({
        VERITY_BIN: '/opt/verity/bin/verity',
        VERITY_BIN_ARGS: '["--home","/srv/verity"]',
        VERITY_PI_CONTEXT_TIMEOUT_MS: '2500',
        VERITY_PI_CAPTURE_TIMEOUT_MS: 'soon',
        VERITY_PI_BUDGET: '-5',
      }),
    ).toEqual({
      ...DEFAULT_OPTIONS,
      bin: '/opt/verity/bin/verity',
      binArgs: ['--home', '/srv/verity'],
      contextTimeoutMs: 2500,
    });
    expect(() => optionsFromEnv({ VERITY_BIN_ARGS: '"--home"' })).toThrow(/JSON array/);
  });

  it('injects nothing when Verity has only its preamble for the query', () => {
    const empty = {
      recall_pack: { sections: [] },
      context: { sections: [{ name: 'system', text: 'Verity context.' }] },
      markdown: 'Verity context.',
    };
    expect(contextToInject(JSON.stringify(empty))).toBeNull();
    const found = {
      ...empty,
      context: { sections: [...empty.context.sections, { name: 'memories', text: '- a fact' }] },
      markdown: 'Verity context.\n\n- a fact\n',
    };
    expect(contextToInject(JSON.stringify(found))).toBe('Verity context.\n\n- a fact');
  });
});
