import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import {
  type ContextMode,
  type ContextResult,
  DEFAULT_CONTEXT_BUDGET,
  MAX_CONTEXT_BUDGET,
  packedContext,
  packedContextView,
  type RuledContext,
  ruledContext,
} from '../../../engine/index.js';
import { UsageError } from '../exit-codes.js';
import { oneOf, wholeNumber } from '../option-parsers.js';
import type { CliToolkit } from '../toolkit.js';

interface ContextCommandOptions {
  readonly entity?: string;
  readonly thread?: string;
  readonly query?: string;
  readonly budget?: number;
  readonly mode: ContextMode;
  readonly json?: true;
  readonly md?: true;
}

/** The budget without `--budget`, the engine's own default. */
const DEFAULT_BUDGET = DEFAULT_CONTEXT_BUDGET;

/** The largest budget every surface accepts (MCP `get_context` and HTTP too). */
const budget = wholeNumber(1, MAX_CONTEXT_BUDGET, 'a whole number of tokens');

const mode = oneOf(['full', 'minimal'] as const satisfies ContextMode[]);

/** The markdown, then what each section cost and what was cut, for a person reading it. */
export function renderContextReport(result: ContextResult): string {
  const rows = result.sections
    .filter((section) => section.text !== '' || section.truncated)
    .map((section) => {
      const cut = section.truncated ? ' (cut)' : '';
      const from = section.source === 'long_summary' ? ' (long summary)' : '';
      return `  ${section.name.padEnd(16)}${String(section.tokens).padStart(6)}${from}${cut}`;
    });
  return [
    result.markdown,
    '',
    '---',
    `${result.total} of ${result.budget} tokens (${result.tokenizer}, ${result.mode} mode) for ${result.entity}${result.thread === null ? '' : `, thread ${result.thread}`}`,
    ...rows,
  ].join('\n');
}

/** `renderContextReport` of a context headed by Hard Rules, with a row for their block. */
function renderRuledReport(ruled: RuledContext, shown: ContextResult): string {
  const report = renderContextReport(shown);
  const { tokens, entries, omitted } = ruled.hard_rules;
  if (entries.length === 0 && omitted === 0) return report;
  const cut = omitted > 0 ? ` (${omitted} did not fit)` : '';
  return `${report}\n  ${'hard_rules'.padEnd(16)}${String(tokens).padStart(6)}${cut}`;
}

/** `verity context`: the context an agent would read for this entity, thread and question. */
export function registerContextCommands(program: Command, toolkit: CliToolkit): void {
  const context = program
    .command('context')
    .description(
      'build the context an agent reads on a turn: your Hard Rules (MEMORY.md P0) first, then canonical state, thread state items, memories and recent messages within a token budget',
    )
    .option(
      '--entity <id>',
      "whose context (default: a thread's own, as everyone in it sees it, unless it is one person's in no group; without a thread, user:primary)",
    )
    .option('--thread <id>', 'the conversation (without one: the entity state and open items)')
    .option(
      '--query <text>',
      "what to retrieve memories for (default: the thread's last user message)",
    )
    .option('--budget <n>', 'tokens the whole context may take (default 2000)', budget)
    .option('--mode <mode>', 'budget split: full or minimal', mode, 'full')
    .option(
      '--json',
      'print the result as JSON: sections with tokens, included ids, markdown, hard_rules (the context budget is what they leave)',
    )
    .option('--md', 'print only the context markdown')
    .option(
      '--pack',
      'recall-pack mode: your Hard Rules first, then the recall pack (seed 004), then the context (a thread without --entity: neither rules nor pack)',
    )
    .action(async (options: ContextCommandOptions & { pack?: true }, command: Command) => {
      if (options.json === true && options.md === true) {
        throw new UsageError('choose one of --json and --md');
      }
      const warnOmittedRules = (omitted: number, tokens: number) => {
        if (omitted === 0) return;
        toolkit.io.stderr(
          `verity: warning: ${omitted} Hard Rule(s) did not fit the ${tokens}-token budget (the context says so)\n`,
        );
      };
      await toolkit.run(command, async (engine) => {
        if (options.pack === true) {
          const request = {
            entity: options.entity,
            thread: options.thread,
            query: options.query,
            budget: options.budget ?? DEFAULT_BUDGET,
            mode: options.mode,
          };
          const packed = await packedContext(engine, request);
          warnOmittedRules(packed.hard_rules.omitted, request.budget);
          if (
            packed.pack === null &&
            request.thread !== undefined &&
            request.entity === undefined
          ) {
            toolkit.io.stderr(
              "verity: no recall pack for a thread without --entity (it is one person's, from every thread)\n",
            );
          } else if (packed.pack === null && packed.hard_rules.omitted === 0) {
            toolkit.io.stderr(
              `verity: warning: no room for the recall pack in the ${request.budget}-token budget after the Hard Rules\n`,
            );
          }
          if (options.md === true) toolkit.print(packed.markdown);
          else toolkit.output(options, packedContextView(packed), (v) => v.markdown);
          return;
        }
        // The user's Hard Rules head every context, paid for first (issue #13 H).
        const ruled = await ruledContext(engine, {
          entity: options.entity,
          thread: options.thread,
          query: options.query,
          budget: options.budget ?? DEFAULT_BUDGET,
          mode: options.mode,
        });
        warnOmittedRules(ruled.hard_rules.omitted, options.budget ?? DEFAULT_BUDGET);
        if (options.md === true) toolkit.print(ruled.markdown);
        else
          toolkit.output(
            options,
            {
              ...ruled.context,
              budget: ruled.budget,
              total: ruled.total,
              hard_rules: ruled.hard_rules,
              markdown: ruled.markdown,
            },
            (v) => renderRuledReport(ruled, v),
          );
      });
    });

  context
    .command('feedback')
    .description("count which recall-pack items the agent's output referenced (for the metrics)")
    // Not `--pack`: commander gives a parent's options precedence anywhere on the line, so the
    // parent's `--pack` flag would swallow it and this command could never run.
    .requiredOption('--pack-file <file>', 'the recall pack markdown the agent was given')
    .requiredOption('--output <file>', "the agent's output")
    .option('--json', 'print the counts as JSON')
    .action(
      async (options: { packFile: string; output: string; json?: true }, command: Command) => {
        const [pack, output] = await Promise.all([
          readFile(options.packFile, 'utf8'),
          readFile(options.output, 'utf8'),
        ]);
        // The parent's `--json` takes the flag wherever it stands on the line (as for `--pack`).
        const json = options.json ?? (command.parent?.opts()['json'] as true | undefined);
        await toolkit.run(command, async (engine) => {
          const feedback = await engine.recall.recallFeedback(pack, output);
          toolkit.output(
            json === undefined ? options : { ...options, json },
            feedback,
            (f) => `${f.items_referenced} of ${f.items_used} recall-pack items referenced`,
          );
        });
      },
    );
}
