// Test helpers: run the CLI in process with captured streams, or as a child process as users do.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../index.js';

/** What one CLI run printed and returned. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `verity ARGS` in this process; `stdin` is what `-` reads. */
export async function runCli(args: readonly string[], stdin = ''): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...args], {
    stdout: (text) => {
      out.push(text);
    },
    stderr: (text) => {
      err.push(text);
    },
    stdin: async () => stdin,
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const ENTRY = ['--import', 'tsx', 'src/interfaces/cli/main.ts'];

/**
 * Whether the CLI can start as the user `as`: a checkout under a folder only root may enter
 * (e.g. /root) cannot be read by another user, whatever the test does with its own files.
 */
export function canRunCliAs(as: { readonly uid: number; readonly gid: number }): boolean {
  const probe = spawnSync(process.execPath, [...ENTRY, '--version'], {
    cwd: ROOT,
    stdio: 'ignore',
    timeout: 60_000,
    ...as,
  });
  return probe.status === 0;
}

/**
 * Runs `verity ARGS` as a child process (through tsx, so no build is needed); as the user `as`
 * when given (which needs root, and a checkout that user can read).
 */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string>,
  as?: { readonly uid: number; readonly gid: number },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...ENTRY, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...as,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * One user message as a JSONL line (newline included) for `verity ingest`: thread `thread`, said
 * 2026-02-19 15:00 UTC.
 */
export function messageJsonl(id: string, content: string, thread = 'tahoe'): string {
  const record = {
    type: 'message',
    thread_id: thread,
    message_id: id,
    role: 'user',
    content,
    created_at: '2026-02-19T15:00:00Z',
  };
  return `${JSON.stringify(record)}\n`;
}

/** Writes `messageJsonl(id, content, thread)` as the file `<dir>/<id>.jsonl`; returns its path. */
export function messageFile(dir: string, id: string, content: string, thread = 'tahoe'): string {
  const path = join(dir, `${id}.jsonl`);
  writeFileSync(path, messageJsonl(id, content, thread));
  return path;
}
