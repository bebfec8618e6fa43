import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { areasFor, COMMAND_AREAS } from './create-program.js';
import { createToolkit } from './toolkit.js';

const context = { io: { stdout() {}, stderr() {}, stdin: async () => '' }, exitCode: 0 };

describe('COMMAND_AREAS', () => {
  it('names exactly the top-level commands each area module registers', async () => {
    for (const area of COMMAND_AREAS) {
      const program = new Command('verity');
      (await area.load())(program, createToolkit(context));
      expect(program.commands.map((c) => c.name())).toEqual(area.commands);
    }
  });

  it('gives every top-level command to one area only', () => {
    const names = COMMAND_AREAS.flatMap((a) => a.commands);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('areasFor', () => {
  const names = (argv: string[]) => areasFor(argv).flatMap((a) => a.commands);

  it('loads only the area of the command named, after global options', () => {
    expect(names(['state', 'get', 'user:alex'])).toEqual(['state']);
    expect(names(['--home', 'tasks', 'state', 'get', 'user:alex'])).toEqual(['state']);
    expect(names(['--now=2026-01-01T00:00:00Z', 'reconcile'])).toContain('metrics');
  });

  it('loads every area for help, no command, or an unknown one, and none for --version', () => {
    const all = COMMAND_AREAS.flatMap((a) => a.commands);
    expect(names([])).toEqual(all);
    expect(names(['--help'])).toEqual(all);
    expect(names(['help', 'state'])).toEqual(all);
    expect(names(['stat'])).toEqual(all);
    expect(names(['--version'])).toEqual([]);
  });
});
