import { describe, expect, it } from 'vitest';
import { REQUIRED_FIELDS } from '../../../core/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

/** The `tasks move` option that sets each task field. */
const OPTION_OF: Readonly<Record<string, string>> = {
  priority: '--priority',
  due: '--due',
  definition_of_done: '--dod',
  next_action: '--next-action',
  next_check: '--next-check',
  who_waiting_on: '--waiting-on',
  followup_cadence_hours: '--cadence-hours',
  last_followup: '--last-followup',
  blocking_question: '--blocking-question',
  completion_proof: '--proof',
};

describe('verity tasks move --help', () => {
  const cli = useCliHome('verity-cli-tasks-help-', { homeIsDir: true });

  it('marks every option a target state needs with that state', async () => {
    const help = await cli.verity(['tasks', 'move', '--help']);
    expect(help.code).toBe(0);
    const text = help.stdout.replace(/\n\s+/g, ' ');
    for (const [state, fields] of Object.entries(REQUIRED_FIELDS)) {
      for (const field of fields) {
        const option = OPTION_OF[field];
        expect(option, field).toBeDefined();
        expect(text).toMatch(new RegExp(`${option} <[^>]+> +[^(]*\\(${state} needs (?:it|one)\\)`));
      }
    }
  });
});
