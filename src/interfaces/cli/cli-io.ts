/** Where the CLI reads and writes. Tests pass captured streams; `main` defaults to the process. */
export interface CliIo {
  /** Writes `text` to standard output as is (callers include the newline). */
  readonly stdout: (text: string) => void;
  /** Writes `text` to standard error as is (callers include the newline). */
  readonly stderr: (text: string) => void;
  /** Reads standard input to its end. */
  readonly stdin: () => Promise<string>;
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The real process streams. */
export const processIo: CliIo = {
  stdout: (text) => {
    process.stdout.write(text);
  },
  stderr: (text) => {
    process.stderr.write(text);
  },
  stdin: readProcessStdin,
};
