import type { Command } from 'commander';
import type { IntentMetrics } from '../../../engine/index.js';
import type { CliToolkit } from '../toolkit.js';

function percent(value: number | null): string {
  return value === null ? '-' : `${(value * 100).toFixed(1)} %`;
}

/** Renders the intent confusion matrix and per-class metrics. */
export function renderIntentMetrics(metrics: IntentMetrics): string {
  const lines = [`${metrics.labelled} labelled message(s), accuracy ${percent(metrics.accuracy)}`];
  for (const c of metrics.classes) {
    lines.push(
      `  ${c.intent.padEnd(12)} precision ${percent(c.precision).padStart(7)}  recall ${percent(c.recall).padStart(7)}  (${c.support} labelled)`,
    );
  }
  const rows = Object.entries(metrics.matrix);
  if (rows.length > 0) {
    lines.push('confusion (actual -> predicted: n):');
    for (const [actual, row] of rows.sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(
        `  ${actual}: ${Object.entries(row)
          .map(([predicted, n]) => `${predicted} ${n}`)
          .join(', ')}`,
      );
    }
  }
  return lines.join('\n');
}

/** `verity extract label|metrics|alias`: corrections that teach and measure extraction. */
export function registerExtractionCommands(program: Command, toolkit: CliToolkit): void {
  const extract = program.command('extract').description('extraction corrections and metrics');

  extract
    .command('label')
    .description("record a message's true intent (feeds the confusion matrix)")
    .argument('<thread>', 'thread id')
    .argument('<message>', 'message id')
    .argument('<intent>', 'assertive | planning | hypothetical | historical | question')
    .action(
      async (
        thread: string,
        message: string,
        intent: string,
        _options: object,
        command: Command,
      ) => {
        await toolkit.run(command, async (engine) => {
          await engine.labelIntent(thread, message, intent);
          toolkit.print(`labelled ${thread}/${message} as ${intent}`);
        });
      },
    );

  extract
    .command('metrics')
    .description('intent-classification precision and recall from the labels so far')
    .option('--json', 'print JSON')
    .action(toolkit.printing((engine) => engine.intentMetrics(), renderIntentMetrics));

  extract
    .command('alias')
    .description(
      'confirm that a name stands for an item, e.g. "CITY POWER UTIL" financial.power_bill',
    )
    .argument('<name>', 'the name as a source writes it')
    .argument('<target>', '<domain>.<item>')
    .action(async (name: string, target: string, _options: object, command: Command) => {
      await toolkit.run(command, async (engine) => {
        await engine.confirmAlias(name, target);
        toolkit.print(`"${name}" now reads as ${target}`);
      });
    });
}
