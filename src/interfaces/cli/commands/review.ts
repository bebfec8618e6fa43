import type { Command } from 'commander';
import { PROMPT_STATUSES } from '../../../core/index.js';
import { renderAnswer, renderReviewList, renderTaskReviewAnswer } from '../render.js';
import { resolveId } from '../resolve-id.js';
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
      toolkit.printing(
        async (
          engine,
          options: JsonOptions & { readonly entity?: string; readonly all?: true },
        ) => {
          const prompts = await engine.listReviews({
            ...(options.all === true ? { status: PROMPT_STATUSES } : {}),
            ...(options.entity !== undefined ? { entityId: options.entity } : {}),
          });
          const deadLetters = await engine.listDeadLetterReviews();
          const { tasks, patches } = await engine.tasks.reviewItems();
          return { prompts, dead_letters: deadLetters, tasks, patches };
        },
        (list) => renderReviewList(list.prompts, list.dead_letters, list.tasks, list.patches),
      ),
    );

  review
    .command('confirm')
    .description("confirm a prompt's proposed change")
    .argument('<id>', 'prompt id')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        async (engine, _options, id: string) =>
          engine.answerReview(await resolveId(engine, 'prompt', id), 'confirm'),
        renderAnswer,
      ),
    );

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
          const prompt = await resolveId(engine, 'prompt', id);
          toolkit.output(options, await engine.answerReview(prompt, 'reject'), renderAnswer);
        } else {
          const answer = await engine.tasks.answerReview(id, 'reject', options.note);
          toolkit.output(options, answer, (a) => renderTaskReviewAnswer(a));
        }
      });
    });
}

/** How a task or patch answer takes its text: from an option, or from a second argument. */
type AnswerText =
  | {
      readonly option: '--note <text>' | '--reason <text>';
      readonly key: 'note' | 'reason';
      readonly description: string;
      readonly required?: true;
    }
  | { readonly argument: string; readonly description: string };

/** One `verity review <verb> <id>` answer to a stuck task or a proposed patch. */
interface TaskAnswer {
  readonly verb: 'approve' | 'acknowledge' | 'cancel' | 'unstick';
  readonly alias?: string;
  readonly description: string;
  /** What the `<id>` argument names. */
  readonly id: string;
  readonly text: AnswerText;
}

const TASK_ANSWERS: readonly TaskAnswer[] = [
  {
    verb: 'approve',
    description: 'approve a proposed patch (PATCH-…): it is applied as a config change',
    id: 'patch id',
    text: { option: '--note <text>', key: 'note', description: 'why' },
  },
  {
    verb: 'acknowledge',
    alias: 'ack',
    description: 'acknowledge a stuck task (TASK-…) in the review queue',
    id: 'task id',
    text: { option: '--note <text>', key: 'note', description: 'what the acknowledgement says' },
  },
  {
    verb: 'cancel',
    description: 'cancel a stuck task (TASK-…) from the review queue; the reason is required',
    id: 'task id',
    text: {
      option: '--reason <text>',
      key: 'reason',
      description: 'why the task is cancelled',
      required: true,
    },
  },
  {
    verb: 'unstick',
    description:
      'unstick a stuck task (TASK-…): set its next concrete step, count it as progress, acknowledge',
    id: 'task id',
    text: { argument: '<next_action>', description: 'the next concrete step' },
  },
];

/** `verity review approve|acknowledge|cancel|unstick`: stuck tasks and proposed patches. */
function registerTaskAnswerCommands(review: Command, toolkit: CliToolkit): void {
  for (const answer of TASK_ANSWERS) {
    const command = review.command(answer.verb);
    if (answer.alias !== undefined) command.alias(answer.alias);
    command.description(answer.description).argument('<id>', answer.id);
    const { text } = answer;
    if ('argument' in text) command.argument(text.argument, text.description);
    else if (text.required === true) command.requiredOption(text.option, text.description);
    else command.option(text.option, text.description);
    command.option('--json', 'print JSON').action(
      toolkit.printing(
        async (
          engine,
          options: JsonOptions & Partial<Record<'note' | 'reason', string>>,
          id: string | undefined,
          step: string | undefined,
        ) => {
          const value = 'argument' in text ? step : options[text.key];
          const typed = id ?? '';
          const target = answer.id === 'task id' ? await resolveId(engine, 'task', typed) : typed;
          return engine.tasks.answerReview(target, answer.verb, value);
        },
        renderTaskReviewAnswer,
      ),
    );
  }
}

/** `verity review edit`: answer a prompt with a corrected value. */
function registerEditCommand(review: Command, toolkit: CliToolkit): void {
  review
    .command('edit')
    .description('answer a prompt with a corrected value')
    .argument('<id>', 'prompt id')
    .argument('<value>', 'the correct value')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        async (engine, _options: JsonOptions, id: string, value: string) =>
          engine.answerReview(await resolveId(engine, 'prompt', id), 'edit', value),
        renderAnswer,
      ),
    );
}

/** `verity review …`: the review queue. */
export function registerReviewCommands(program: Command, toolkit: CliToolkit): void {
  const review = program.command('review').description('the review queue');
  registerPromptCommands(review, toolkit);
  registerTaskAnswerCommands(review, toolkit);
  registerEditCommand(review, toolkit);
}
