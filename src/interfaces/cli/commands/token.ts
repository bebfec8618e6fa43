import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { UsageError } from '../exit-codes.js';
import type { CliToolkit } from '../toolkit.js';

/** `verity token new|hash`: make a bearer token and the sha256 that `tokens[].sha256` stores. */
export function registerTokenCommands(program: Command, toolkit: CliToolkit): void {
  const token = program
    .command('token')
    .description('bearer tokens for `verity serve` (config.json keeps only their sha256)');
  token
    .command('new')
    .description('print a fresh random token and its sha256')
    .option('--json', 'print JSON')
    .action(async (options: { readonly json?: true }) => {
      const { hashToken } = await import('../../http/index.js');
      const value = randomBytes(24).toString('base64url');
      toolkit.output(
        options,
        { token: value, sha256: hashToken(value) },
        (r) => `token  ${r.token}\nsha256 ${r.sha256}`,
      );
    });
  token
    .command('hash')
    .description('print the sha256 of a token, for tokens[].sha256 in config.json')
    .argument('<token>', 'the bearer token')
    .option('--json', 'print JSON')
    .action(async (value: string, options: { readonly json?: true }) => {
      if (value.length < 16) throw new UsageError('a token must be at least 16 characters');
      const { hashToken } = await import('../../http/index.js');
      toolkit.output(options, { sha256: hashToken(value) }, (r) => r.sha256);
    });
}
