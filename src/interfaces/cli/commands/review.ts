import type { Command } from 'commander';
import { PROMPT_STATUSES } from '../../../core/index.js';
import { renderAnswer, renderReviewList, renderTaskReviewAnswer } from '../render.js';
import type { CliToolkit } from '../toolkit.js';

interface JsonOptions {
  readonly json?: true;
}

interface NoteOptions extends JsonOptions {
  readonly note?: string;
}

/** `verity review list|confirm|reject`: the review prompts about state (and patch rejection). */
function registerPromptCommands(review: Command, toolkit: CliToolkit): void {
  review
    .command('list')
    .description(
      'open review prompts, dead letters, stuck tasks (E3) and proposed patches waiting for a person',
    )
    .option('--entity <id>', 'only prompts about this entity')
    .option('--all', 'prompts in every status, not only open ones')
    .option('--json', 'print {"prompts":[...],"dead_letters":[...],"tasks":[...],"patches":[...]}')
    .action(
      async (
        options: JsonOptions & { readonly entity?: string; readonly all?: true },
        command: Command,
      ) => {
        await toolkit.run(command, async (engine) => {
          const prompts = await engine.listReviews({
            ...(options.all === true ? { status: PROMPT_STATUSES } : {}),
            ...(options.entity !== undefined ? { entityId: options.entity } : {}),
          });
          const deadLetters = await engine.listDeadLetterReviews();
          const { tasks, patches } = await engine.tasks.reviewItems();
          toolkit.output(options, { prompts, dead_letters: deadLetters, tasks, patches }, (list) =>
            renderReviewList(list.prompts, list.dead_letters, list.tasks, list.patches),
          );
        });
      },
    );

  review
    .command('confirm')
    .description("confirm a prompt's proposed change")
    .argument('<id>', 'prompt id')
    .option('--json', 'print JSON')
    .action(async (id: string, options: JsonOptions, command: Command) => {
      await toolkit.show(
        command,
        options,
        (engine) => engine.answerReview(id, 'confirm'),
        renderAnswer,
      );
    });

  review
    .command('reject')
    .description("reject a prompt's proposed change, or a proposed patch (PATCH-…)")
    .argument('<id>', 'prompt id or patch id')
    .option('--note <text>', 'why (patches)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: NoteOptions, command: Command) => {
      const { reviewKindOf } = await toolkit.engineModule();
      await toolkit.run(command, async (engine) => {
        if (reviewKindOf(id) === null) {
          toolkit.output(options, await engine.answerReview(id, 'reject'), renderAnswer);
        } else {
          const answer = await engine.tasks.answerReview(id, 'reject', options.note);
          toolkit.output(options, answer, (a) => renderTaskReviewAnswer(a));
        }
      });
    });
}

/** One task or patch answer: `verity review <verb> <id>` with `--note` (or another text). */
function taskAnswer(
  toolkit: CliToolkit,
  verb: 'approve' | 'acknowledge' | 'cancel' | 'unstick',
): (id: string, text: string | undefined, options: JsonOptions, command: Command) => Promise<void> {
  return async (id, text, options, command) => {
    await toolkit.run(command, async (engine) => {
      const answer = await engine.tasks.answerReview(id, verb, text);
      toolkit.output(options, answer, renderTaskReviewAnswer);
    });
  };
}

/** `verity review approve|acknowledge|cancel|unstick`: stuck tasks and proposed patches. */
function registerTaskAnswerCommands(review: Command, toolkit: CliToolkit): void {
  const approve = taskAnswer(toolkit, 'approve');
  const acknowledge = taskAnswer(toolkit, 'acknowledge');
  const cancel = taskAnswer(toolkit, 'cancel');
  const unstick = taskAnswer(toolkit, 'unstick');

  review
    .command('approve')
    .description('approve a proposed patch (PATCH-…): it is applied as a config change')
    .argument('<id>', 'patch id')
    .option('--note <text>', 'why')
    .option('--json', 'print JSON')
    .action((id: string, options: NoteOptions, command: Command) =>
      approve(id, options.note, options, command),
    );

  review
    .command('acknowledge')
    .alias('ack')
    .description('acknowledge a stuck task (TASK-…) in the review queue')
    .argument('<id>', 'task id')
    .option('--note <text>', 'what the acknowledgement says')
    .option('--json', 'print JSON')
    .action((id: string, options: NoteOptions, command: Command) =>
      acknowledge(id, options.note, options, command),
    );

  review
    .command('cancel')
    .description('cancel a stuck task (TASK-…) from the review queue; the reason is required')
    .argument('<id>', 'task id')
    .requiredOption('--reason <text>', 'why the task is cancelled')
    .option('--json', 'print JSON')
    .action((id: string, options: JsonOptions & { readonly reason: string }, command: Command) =>
      cancel(id, options.reason, options, command),
    );

  review
    .command('unstick')
    .description(
      'unstick a stuck task (TASK-…): set its next concrete step, count it as progress, acknowledge',
    )
    .argument('<id>', 'task id')
    .argument('<next_action>', 'the next concrete step')
    .option('--json', 'print JSON')
    .action((id: string, step: string, options: JsonOptions, command: Command) =>
      unstick(id, step, options, command),
    );
}

/** `verity review edit`: answer a prompt with a corrected value. */
function registerEditCommand(review: Command, toolkit: CliToolkit): void {
  review
    .command('edit')
    .description('answer a prompt with a corrected value')
    .argument('<id>', 'prompt id')
    .argument('<value>', 'the correct value')
    .option('--json', 'print JSON')
    .action(async (id: string, value: string, options: JsonOptions, command: Command) => {
      await toolkit.show(
        command,
        options,
        (engine) => engine.answerReview(id, 'edit', value),
        renderAnswer,
      );
    });
}

/** `verity review …`: the review queue. */
export function registerReviewCommands(program: Command, toolkit: CliToolkit): void {
  const review = program.command('review').description('the review queue');
  registerPromptCommands(review, toolkit);
  registerTaskAnswerCommands(review, toolkit);
  registerEditCommand(review, toolkit);
}
