// `verity serve` as a child process for the HTTP benches: started on a free loopback port with
// the given home and clock, as a user runs it, and stopped with the signal a user sends.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The `p`-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/** A running `verity serve` and how to reach it. */
export interface ServeProcess {
  readonly url: string;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

/** Starts `verity serve` on `home` at `now` (through tsx) and waits until it says it is serving. */
export async function startServe(home: string, now: string): Promise<ServeProcess> {
  const port = await freePort();
  const server: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'src/interfaces/cli/main.ts'),
      '--home',
      home,
      '--now',
      now,
      'serve',
      '--port',
      String(port),
    ],
    { cwd: root, stdio: 'pipe' },
  );
  server.stdout.resume();
  await new Promise<void>((resolve, reject) => {
    let text = '';
    server.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('serving')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`verity serve exited ${code}: ${text}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}
