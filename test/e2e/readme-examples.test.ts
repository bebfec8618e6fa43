import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/interfaces/cli/__fixtures__/run-cli.js';

/**
 * The README's worked examples are promises: every ```bash block that is followed by a ```text
 * block is run through the CLI (in process, with the documented VERITY_HOME and VERITY_NOW) and
 * what it prints must be the text block, line for line. Blocks of one `##` section share one
 * working folder, so a tour builds on its earlier steps as a reader's shell would.
 *
 * The shell understood here is the small subset the README uses: `export A=B`, `A=B verity …`
 * prefixes, `&&` chains, `# comments`, quoted words, `cat > FILE <<'TAG'` here-documents, and
 * the `verity() { … }` helper line (skipped: `verity` is the CLI itself).
 */

interface Example {
  readonly section: string;
  readonly script: readonly string[];
  readonly expected: string;
  readonly line: number;
}

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

function examples(markdown: string): Example[] {
  const lines = markdown.split('\n');
  const found: Example[] = [];
  let section = '';
  let i = 0;
  const fence = (from: number): { lang: string; body: string[]; end: number } | null => {
    const open = /^```(\w*)\s*$/.exec(lines[from] ?? '');
    if (!open) return null;
    let end = from + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end += 1;
    return { lang: open[1] ?? '', body: lines.slice(from + 1, end), end };
  };
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.startsWith('## ')) section = line.slice(3);
    const block = fence(i);
    if (!block) {
      i += 1;
      continue;
    }
    if (block.lang === 'bash') {
      let next = block.end + 1;
      while (next < lines.length && (lines[next] ?? '').trim() === '') next += 1;
      const output = fence(next);
      if (output?.lang === 'text') {
        found.push({
          section,
          script: block.body,
          expected: output.body.join('\n'),
          line: i + 1,
        });
        i = output.end + 1;
        continue;
      }
    }
    i = block.end + 1;
  }
  return found;
}

/** Splits one shell line into words, honouring single and double quotes; drops a trailing comment. */
function words(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  let started = false;
  for (let k = 0; k < line.length; k += 1) {
    const ch = line[k] as string;
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      started = true;
    } else if (ch === '#' && !started && current === '') {
      break;
    } else if (/\s/.test(ch)) {
      if (started) out.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (quote) throw new Error(`unclosed quote in README line: ${line}`);
  if (started) out.push(current);
  return out;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

class Shell {
  private readonly env = new Map<string, string>();
  private readonly homes = new Map<string, string>();
  readonly output: string[] = [];
  constructor(private readonly dir: string) {}

  private home(name: string): string {
    let path = this.homes.get(name);
    if (!path) {
      path = join(this.dir, `home-${this.homes.size}`);
      this.homes.set(name, path);
    }
    return path;
  }

  /** Puts the documented paths back where the run printed its temporary ones. */
  private documented(text: string): string {
    let shown = text;
    for (const [name, path] of this.homes) shown = shown.split(path).join(name);
    return shown.split(`${this.dir}/`).join('');
  }

  async run(script: readonly string[]): Promise<void> {
    for (let k = 0; k < script.length; k += 1) {
      const line = script[k] as string;
      const heredoc = /^cat > (\S+) <<'(\w+)'$/.exec(line.trim());
      if (heredoc) {
        const [, file, tag] = heredoc;
        const body: string[] = [];
        k += 1;
        while (k < script.length && script[k] !== tag) body.push(script[k++] as string);
        writeFileSync(join(this.dir, file as string), `${body.join('\n')}\n`);
        continue;
      }
      if (/^verity\(\)\s*\{/.test(line.trim()) || line.trim() === '') continue;
      // "# exits 3: …" says the code a step ends with; every other step must succeed.
      const exits = /#\s*exits\s+(\d+)/.exec(line);
      for (const part of line.split(' && ')) {
        await this.command(words(part), exits ? Number(exits[1]) : 0);
      }
    }
  }

  private async command(argv: string[], code: number): Promise<void> {
    if (argv.length === 0) return;
    const local = new Map(this.env);
    let rest = argv;
    const exported = rest[0] === 'export';
    if (exported) rest = rest.slice(1);
    while (rest.length > 0 && /^[A-Z_]+=/.test(rest[0] as string)) {
      const [name, ...value] = (rest[0] as string).split('=');
      (exported ? this.env : local).set(name as string, value.join('='));
      if (exported) local.set(name as string, value.join('='));
      rest = rest.slice(1);
    }
    if (rest.length === 0) return;
    if (rest[0] !== 'verity') throw new Error(`the README example runs '${rest[0]}', not verity`);
    const args = rest.slice(1).map((arg) => {
      const file = join(this.dir, arg);
      return existsSync(file) && !arg.startsWith('-') ? file : arg;
    });
    // The reader's shell passes VERITY_HOME and VERITY_NOW in the environment: so does this.
    const home = local.get('VERITY_HOME');
    const env = {
      VERITY_HOME: home === undefined ? undefined : this.home(home),
      VERITY_NOW: local.get('VERITY_NOW'),
    };
    const saved = {
      VERITY_HOME: process.env['VERITY_HOME'],
      VERITY_NOW: process.env['VERITY_NOW'],
    };
    const set = (values: Record<string, string | undefined>) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    };
    set(env);
    let run: Awaited<ReturnType<typeof runCli>>;
    try {
      run = await runCli(args);
    } finally {
      set(saved);
    }
    this.output.push(this.documented(run.stdout), this.documented(run.stderr));
    expect(run.code, `verity ${args.join(' ')}`).toBe(code);
  }
}

const bySection = new Map<string, Example[]>();
for (const example of examples(README)) {
  const list = bySection.get(example.section) ?? [];
  list.push(example);
  bySection.set(example.section, list);
}

describe('README examples', () => {
  it('finds the worked examples it is meant to check', () => {
    expect([...bySection.keys()]).toEqual(
      expect.arrayContaining(['Feeding a conversation', 'A tour: the Tahoe incident']),
    );
  });

  for (const [section, list] of bySection) {
    it(`prints what "${section}" shows (${list.length} blocks)`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'verity-readme-'));
      dirs.push(dir);
      const shell = new Shell(dir);
      for (const example of list) {
        shell.output.length = 0;
        await shell.run(example.script);
        const printed = shell.output.join('').replace(/\n+$/, '');
        expect(printed, `README.md line ${example.line}`).toBe(
          example.expected.replace(/\n+$/, ''),
        );
      }
    }, 60_000);
  }
});
