/**
 * Verity for the pi coding agent: a pi extension that calls the local `verity` CLI.
 *
 * - `before_agent_start`: `verity context --pack --json --query <prompt>`; when Verity has
 *   something for the prompt, its markdown goes to the model as a hidden message. `context` drops
 *   the packs of earlier turns from what the model is sent: only the current prompt's reaches it.
 * - `session_before_compact`: `verity capture <session file> --session <id> --trigger compaction`;
 *   `session_shutdown`: the same with `--trigger shutdown` (the store dedupes redelivery). A capture
 *   that fails is kept as a pending file in the session folder and retried at the next session
 *   start and turn, so a store busy at exit loses nothing.
 * - `/verity <question>`: `verity ask -- <question>`, shown in the session (the model reads it next
 *   turn); the whole text is the question, even when it looks like an option.
 *
 * Nothing here throws into pi: an unreachable or slow Verity (see the timeouts) leaves the turn
 * as it was, and each kind of failure is reported once per pi process. Only type imports from pi,
 * so the file runs unchanged under `@mariozechner/pi-coding-agent` 0.73 and
 * `@earendil-works/pi-coding-agent` 1.x (same event names).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ExtensionAPI,
  ExtensionCommandContext,
  ExtensionContext,
} from '@mariozechner/pi-coding-agent';

/** Where the CLI is and how long pi waits for it; read once, from the environment. */
export interface VerityPiOptions {
  /** `VERITY_BIN`, default `verity` (looked up on `PATH`). */
  readonly bin: string;
  /** `VERITY_BIN_ARGS`, a JSON array put before every command's arguments (e.g. a script path). */
  readonly binArgs: readonly string[];
  /** `VERITY_PI_CONTEXT_TIMEOUT_MS`, default 5000: a turn waits this long for the context. */
  readonly contextTimeoutMs: number;
  /** `VERITY_PI_CAPTURE_TIMEOUT_MS`, default 60000: compaction and exit wait this long. */
  readonly captureTimeoutMs: number;
  /** `VERITY_PI_BUDGET`, default 800: tokens the injected context may take. */
  readonly budget: number;
}

/** The defaults merged under whatever the environment sets. */
export const DEFAULT_OPTIONS = {
  bin: 'verity',
  binArgs: [],
  contextTimeoutMs: 5_000,
  captureTimeoutMs: 60_000,
  budget: 800,
} as const satisfies VerityPiOptions;

/** The `customType` of the hidden message that carries Verity's context. */
export const CONTEXT_MESSAGE_TYPE = 'verity-context';

/** The folder, inside pi's session folder, that keeps captures waiting for a retry. */
export const PENDING_DIR = 'verity-pending';

/** The longest prompt sent as the recall query; the rest adds nothing to retrieval. */
const MAX_QUERY_CHARS = 2_000;

function positive(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** Reads the options from an environment; a malformed value falls back to its default. */
export function optionsFromEnv(env: Readonly<Record<string, string | undefined>>): VerityPiOptions {
  let binArgs: readonly string[] = DEFAULT_OPTIONS.binArgs;
  const rawArgs = env['VERITY_BIN_ARGS'];
  if (rawArgs !== undefined && rawArgs !== '') {
    const parsed: unknown = JSON.parse(rawArgs);
    if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string')) {
      throw new Error('VERITY_BIN_ARGS must be a JSON array of strings');
    }
    binArgs = parsed;
  }
  return {
    ...DEFAULT_OPTIONS,
    bin: env['VERITY_BIN'] || DEFAULT_OPTIONS.bin,
    binArgs,
    contextTimeoutMs: positive(
      env['VERITY_PI_CONTEXT_TIMEOUT_MS'],
      DEFAULT_OPTIONS.contextTimeoutMs,
    ),
    captureTimeoutMs: positive(
      env['VERITY_PI_CAPTURE_TIMEOUT_MS'],
      DEFAULT_OPTIONS.captureTimeoutMs,
    ),
    budget: positive(env['VERITY_PI_BUDGET'], DEFAULT_OPTIONS.budget),
  };
}

type CliResult =
  | { readonly ok: true; readonly stdout: string }
  | { readonly ok: false; readonly exitCode: number | null; readonly reason: string };

/** The line of the CLI's stderr that says what went wrong (its own `verity: …`, else an error). */
function reasonOf(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return (lines.find((line) => /^verity:|error/i.test(line)) ?? lines[0] ?? '').slice(0, 300);
}

/** Runs the CLI without a shell; never rejects. */
function runCli(options: VerityPiOptions, args: readonly string[], timeoutMs: number) {
  return new Promise<CliResult>((resolve) => {
    execFile(
      options.bin,
      [...options.binArgs, ...args],
      { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ ok: true, stdout });
          return;
        }
        const exitCode = typeof error.code === 'number' ? error.code : null;
        const reason =
          error.code === 'ENOENT'
            ? `${options.bin} not found (set VERITY_BIN)`
            : error.killed
              ? `no answer within ${timeoutMs} ms`
              : reasonOf(stderr) || error.message;
        resolve({ ok: false, exitCode, reason });
      },
    );
  });
}

interface ContextJson {
  readonly recall_pack: { readonly sections: readonly unknown[] } | null;
  readonly context: { readonly sections: readonly { name: string; text: string }[] };
  readonly markdown: string;
}

/** The markdown to inject, or null when Verity knows nothing for the query (only its preamble). */
export function contextToInject(stdout: string): string | null {
  const result = JSON.parse(stdout) as ContextJson;
  const pack = (result.recall_pack?.sections.length ?? 0) > 0;
  const found = result.context.sections.some((s) => s.name !== 'system' && s.text.trim() !== '');
  return pack || found ? result.markdown.trim() : null;
}

/** A capture that failed, kept to be run again. */
interface PendingCapture {
  readonly file: string;
  readonly session: string;
  readonly trigger: 'compaction' | 'shutdown';
}

/** The CLI arguments of a capture. */
function captureArgs(capture: PendingCapture): string[] {
  return [
    'capture',
    capture.file,
    '--session',
    capture.session,
    '--trigger',
    capture.trigger,
    '--sync',
    '--json',
  ];
}

/** A shell word for the command a user can paste to run a failed capture by hand. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** The `verity capture …` command line that does what `capture` failed to do. */
export function captureCommand(capture: PendingCapture): string {
  return ['verity', ...captureArgs(capture).filter((arg) => arg !== '--json')]
    .map(shellWord)
    .join(' ');
}

/** Reads a pending file; null for one that is not a capture (left for a person to look at). */
function readPending(path: string): PendingCapture | null {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<PendingCapture>;
    const triggers: readonly unknown[] = ['compaction', 'shutdown'];
    return typeof value.file === 'string' &&
      typeof value.session === 'string' &&
      triggers.includes(value.trigger)
      ? {
          file: value.file,
          session: value.session,
          trigger: value.trigger as PendingCapture['trigger'],
        }
      : null;
  } catch {
    return null;
  }
}

/** The name of a pending file: one per session and trigger, so a repeat overwrites it. */
function pendingName(capture: PendingCapture): string {
  return `${capture.session.replaceAll(/[^\w.-]/g, '_')}-${capture.trigger}.json`;
}

/** Whether the session holds a message Verity can capture (the transcript reader needs one). */
function hasMessages(ctx: ExtensionContext): boolean {
  return ctx.sessionManager.getEntries().some((entry) => entry.type === 'message');
}

/** Whether `message` is a Verity context message other than the current prompt's. */
export function isStalePack(message: unknown, current: string | null): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const custom = message as { role?: unknown; customType?: unknown; details?: { pack?: unknown } };
  if (custom.role !== 'custom' || custom.customType !== CONTEXT_MESSAGE_TYPE) return false;
  return current === null || custom.details?.pack !== current;
}

/** Builds the extension for explicit options; the default export reads them from the environment. */
export function createVerityExtension(options: VerityPiOptions) {
  return (pi: ExtensionAPI): void => {
    const reported = new Set<string>();

    function report(ctx: ExtensionContext, operation: string, reason: string): void {
      if (reported.has(operation)) return;
      reported.add(operation);
      const text = `verity ${operation} failed: ${reason} (pi goes on without it; reported once)`;
      if (ctx.hasUI) ctx.ui.notify(text, 'warning');
      else process.stderr.write(`${text}\n`);
    }

    /** Runs one capture (creating the store the first time); the failure's reason, or null. */
    async function runCapture(ctx: ExtensionContext, pending: PendingCapture) {
      const args = captureArgs(pending);
      let result = await runCli(options, args, options.captureTimeoutMs);
      if (!result.ok && result.exitCode === 2 && /no Verity store/.test(result.reason)) {
        // The first capture on this machine: create the store rather than lose the session.
        const init = await runCli(options, ['init', '--json'], options.captureTimeoutMs);
        if (!init.ok) {
          report(ctx, 'init', init.reason);
          return init.reason;
        }
        result = await runCli(options, args, options.captureTimeoutMs);
      }
      return result.ok ? null : result.reason;
    }

    async function capture(ctx: ExtensionContext, trigger: 'compaction' | 'shutdown') {
      const file = ctx.sessionManager.getSessionFile();
      // An ephemeral session (--no-session) or one with no reply yet has no file to capture.
      if (file === undefined || !existsSync(file) || !hasMessages(ctx)) return;
      const pending = { file, session: ctx.sessionManager.getSessionId(), trigger };
      const reason = await runCapture(ctx, pending);
      if (reason === null) return;
      // Kept for the next session start or turn (a store busy at exit is the usual cause).
      const folder = join(ctx.sessionManager.getSessionDir(), PENDING_DIR);
      let kept = `kept in ${join(folder, pendingName(pending))} and retried at the next pi start`;
      try {
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, pendingName(pending)), `${JSON.stringify(pending)}\n`);
      } catch (error: unknown) {
        kept = `not kept for a retry (${String(error)})`;
      }
      report(
        ctx,
        'capture',
        `${reason}; session ${file} ${kept}; to capture it now run: ${captureCommand(pending)}`,
      );
    }

    let retrying: Promise<void> | null = null;

    /** Runs the captures kept in the session folder again; each one that succeeds is removed. */
    async function retryPending(ctx: ExtensionContext): Promise<void> {
      const folder = join(ctx.sessionManager.getSessionDir(), PENDING_DIR);
      let names: string[];
      try {
        names = readdirSync(folder).filter((name) => name.endsWith('.json'));
      } catch {
        return;
      }
      for (const name of names) {
        const path = join(folder, name);
        const pending = readPending(path);
        if (pending === null) continue;
        // A session file deleted since has nothing left to capture.
        if (existsSync(pending.file) && (await runCapture(ctx, pending)) !== null) continue;
        rmSync(path, { force: true });
      }
    }

    /** Starts one retry of the pending captures in the background (a turn does not wait for it). */
    function startRetry(ctx: ExtensionContext): void {
      retrying ??= retryPending(ctx).finally(() => {
        retrying = null;
      });
    }

    pi.on('session_start', async (_event, ctx) => {
      startRetry(ctx);
    });

    /** The id of the current prompt's context message; null when Verity had none for it. */
    let currentPack: string | null = null;

    pi.on('before_agent_start', async (event, ctx) => {
      currentPack = null;
      startRetry(ctx);
      const query = event.prompt.trim().slice(0, MAX_QUERY_CHARS);
      if (query === '') return undefined;
      const result = await runCli(
        options,
        ['context', '--pack', '--json', '--budget', String(options.budget), '--query', query],
        options.contextTimeoutMs,
      );
      if (!result.ok) {
        report(ctx, 'context', result.reason);
        return undefined;
      }
      let content: string | null;
      try {
        content = contextToInject(result.stdout);
      } catch (error: unknown) {
        report(ctx, 'context', `unreadable output (${String(error)})`);
        return undefined;
      }
      if (content === null) return undefined;
      currentPack = randomUUID();
      return {
        message: {
          customType: CONTEXT_MESSAGE_TYPE,
          content,
          display: false,
          details: { pack: currentPack },
        },
      };
    });

    // pi keeps each turn's context message in the session; only the current prompt's is sent.
    pi.on('context', async (event) => {
      const messages = event.messages.filter((message) => !isStalePack(message, currentPack));
      return messages.length === event.messages.length ? undefined : { messages };
    });

    pi.on('session_before_compact', async (_event, ctx) => {
      await capture(ctx, 'compaction');
    });

    pi.on('session_shutdown', async (_event, ctx) => {
      await retrying;
      await capture(ctx, 'shutdown');
    });

    pi.registerCommand('verity', {
      description: 'Ask Verity: /verity <question> (answers from captured sessions and memory)',
      handler: async (args: string, ctx: ExtensionCommandContext) => {
        const question = args.trim();
        if (question === '') {
          ctx.ui.notify('usage: /verity <question>', 'info');
          return;
        }
        // `--`: the text is the question even when it reads like an option (`--help`, `-V`).
        const result = await runCli(options, ['ask', '--', question], options.contextTimeoutMs);
        if (!result.ok) {
          report(ctx, 'ask', result.reason);
          return;
        }
        pi.sendMessage({
          customType: 'verity-answer',
          content: result.stdout.trim(),
          display: true,
        });
      },
    });
  };
}

/** The extension pi loads: options from `VERITY_BIN`, `VERITY_BIN_ARGS` and `VERITY_PI_*`. */
export default function verity(pi: ExtensionAPI): void {
  // pi loads the extension in its own process: the environment is its configuration.
  // biome-ignore lint/style/noProcessEnv: extension entry point
  createVerityExtension(optionsFromEnv(process.env))(pi);
}
