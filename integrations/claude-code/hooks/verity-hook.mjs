#!/usr/bin/env node
// Claude Code hook for Verity. Reads the hook's JSON payload on stdin and calls the `verity` CLI:
//   pre-compact  -> verity capture <transcript_path> --session <session_id> --trigger compaction --sync
//   session-end  -> verity capture <transcript_path> --session <session_id> --trigger shutdown --sync
//   user-prompt  -> verity context --md --budget 800 --query <prompt> (the Hard Rules of MEMORY.md
//                   first), returned as additionalContext
// A hook must never break the session: every failure is reported on stderr and the hook exits 0.
// VERITY_BIN (default `verity`) and VERITY_BIN_ARGS (a JSON array put before the arguments) name
// the CLI; VERITY_HOME, VERITY_WORKSPACE and the rest of the environment pass through.
import { spawnSync } from 'node:child_process';

const event = process.argv[2];

function readStdin() {
  return new Promise((resolve) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => {
      text += chunk;
    });
    process.stdin.on('end', () => resolve(text));
  });
}

function verity(args) {
  // A hook is a process entry point: its settings come from the environment Claude Code passes.
  // biome-ignore lint/style/noProcessEnv: hook entry point
  const { VERITY_BIN: bin = 'verity', VERITY_BIN_ARGS: extra } = process.env;
  const prefix = extra ? JSON.parse(extra) : [];
  return spawnSync(bin || 'verity', [...prefix, ...args], { encoding: 'utf8', timeout: 55_000 });
}

function fail(message) {
  process.stderr.write(`verity hook (${event}): ${message}\n`);
  process.exit(0);
}

const raw = await readStdin();
let payload;
try {
  payload = JSON.parse(raw);
} catch {
  fail('the hook payload is not JSON');
}
if (typeof payload !== 'object' || payload === null) fail('the hook payload is not an object');

if (event === 'pre-compact' || event === 'session-end') {
  const { transcript_path: transcript, session_id: session } = payload;
  if (typeof transcript !== 'string' || typeof session !== 'string') {
    fail('transcript_path and session_id are required');
  }
  const trigger = event === 'pre-compact' ? 'compaction' : 'shutdown';
  const capture = [
    'capture',
    transcript,
    '--session',
    session,
    '--trigger',
    trigger,
    '--sync',
    '--json',
  ];
  let result = verity(capture);
  if (result.status === 2 && /no Verity store/.test(result.stderr ?? '')) {
    // The first capture on this machine: create the store rather than lose the session.
    const init = verity(['init', '--json']);
    if (init.status !== 0)
      fail(`verity init failed: ${(init.stderr || init.error?.message || '').trim()}`);
    result = verity(capture);
  }
  if (result.status !== 0)
    fail(`verity capture failed: ${(result.stderr || result.error?.message || '').trim()}`);
  // A capture that skipped broken transcript lines says so on stderr; pass it on.
  if (result.stderr) process.stderr.write(result.stderr);
  process.stdout.write(result.stdout);
  process.exit(0);
}

if (event === 'user-prompt') {
  const prompt = typeof payload.prompt === 'string' ? payload.prompt : '';
  const result = verity([
    'context',
    '--md',
    '--budget',
    '800',
    '--query',
    prompt.slice(0, 2000) || 'recent context',
  ]);
  if (result.status !== 0)
    fail(`verity context failed: ${(result.stderr || result.error?.message || '').trim()}`);
  const context = result.stdout.trim();
  if (context !== '') {
    process.stdout.write(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: context } })}\n`,
    );
  }
  process.exit(0);
}

fail(`unknown hook event "${event}" (expected pre-compact, session-end or user-prompt)`);
