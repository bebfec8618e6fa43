import { describe, expect, it } from 'vitest';
import type { BatchMessage, ItemConfidence } from '../core/index.js';
import { itClassifiesEach } from './__fixtures__/classify-cases.js';
import {
  classifySentence,
  createRuleItemExtractor,
  extractRuleCandidates,
} from './rule-item-extractor.js';

describe('classifySentence: decisions, in canonical words', () => {
  itClassifiesEach([
    ["Let's use Postgres for analytics.", 'decision', 'Use Postgres for analytics', 'analytics'],
    ["We'll go with Redis for caching", 'decision', 'Use Redis for caching', 'caching'],
    [
      "We're going to use Terraform for infrastructure.",
      'decision',
      'Use Terraform for infrastructure',
    ],
    ["Going forward, we'll use pnpm", 'decision', 'Use pnpm', 'pnpm'],
    // A closing "done" settles the choice; it is not part of it.
    ["We'll go with Fly.io for hosting, done.", 'decision', 'Use Fly.io for hosting', 'hosting'],
    [
      'Change of plan: we decided to open the Delft office on June 2 instead, done.',
      'decision',
      'Open the Delft office on June 2 instead',
    ],
    ['We chose Svelte for the dashboard', 'decision', 'Use Svelte for dashboard', 'dashboard'],
    ['I’ll go with the blue theme', 'decision', 'Use blue theme'],
    ["Alright, let's adopt trunk-based development", 'decision', 'Use trunk-based development'],
    ["Let's stick with REST for now", 'decision', 'Use REST', 'rest'],
    ["actually we're using pnpm now", 'decision', 'Use pnpm'],
    ['Use Postgres for analytics.', 'decision', 'Use Postgres for analytics'],
    ['ClickHouse it is!', 'decision', 'Use ClickHouse', 'clickhouse'],
    [
      'OK, we decided to postpone the launch to March.',
      'decision',
      'Postpone the launch to March',
      'launch',
    ],
    ['Decision: Kafka for the event bus', 'decision', 'Use Kafka for event bus', 'event-bus'],
    ["It's settled: Stripe for payments.", 'decision', 'Use Stripe for payments', 'payments'],
    ["Let's use Postgres because it's cheaper", 'decision', 'Use Postgres'],
    ["Let's  use\tPostgres   for analytics", 'decision', 'Use Postgres for analytics'],
  ]);
});

describe('classifySentence: changes of mind name what they replace', () => {
  itClassifiesEach([
    [
      'We switched to ClickHouse instead of Postgres.',
      'decision',
      'Use ClickHouse instead of Postgres',
      'clickhouse',
    ],
    [
      "We've switched from Postgres to ClickHouse for analytics",
      'decision',
      'Use ClickHouse for analytics instead of Postgres',
    ],
    [
      'Instead of Postgres, let’s use ClickHouse for analytics.',
      'decision',
      'Use ClickHouse for analytics instead of Postgres',
    ],
    ["We're going with Vite instead of Webpack", 'decision', 'Use Vite instead of Webpack'],
    ['Postgres was replaced by ClickHouse', 'decision', 'Use ClickHouse instead of Postgres'],
    [
      "Let's replace Jenkins with GitHub Actions",
      'decision',
      'Use GitHub Actions instead of Jenkins',
    ],
    ['We changed to a monorepo', 'decision', 'Use monorepo'],
    ['We no longer use Jenkins.', 'decision', 'No longer use Jenkins', 'jenkins'],
    ['Jenkins is no longer needed', 'decision', 'No longer need Jenkins', 'jenkins'],
  ]);
});

describe('classifySentence: constraints', () => {
  itClassifiesEach([
    [
      'We must never store plaintext passwords.',
      'constraint',
      'We must never store plaintext passwords',
      'plaintext-passwords',
    ],
    ['The API must respond within 200ms', 'constraint', 'The API must respond within 200ms', 'api'],
    ['Passwords must be hashed with argon2', 'constraint', undefined, 'passwords'],
    ['The app has to work offline', 'constraint', 'The app has to work offline', 'app'],
    ['The service has to run on ARM', 'constraint', 'The service has to run on ARM', 'service'],
    ['We have to support Safari 15', 'constraint', undefined, 'safari'],
    ['Responses need to be under 200ms', 'constraint'],
    ['Only admins can delete projects.', 'constraint', 'Only admins can delete projects', 'admins'],
    ['We can only deploy from main', 'constraint'],
    ['Never push directly to main', 'constraint'],
    ['Do not log access tokens', 'constraint', undefined, 'access-tokens'],
    ["Don't use eval anywhere", 'constraint', undefined, 'eval'],
    ['Avoid breaking changes in the public API', 'constraint'],
    ['No PII in the logs.', 'constraint', 'No PII in the logs', 'pii'],
    ["We shouldn't depend on beta APIs", 'constraint', undefined, 'beta-apis'],
    ["Let's not deploy on Fridays", 'constraint'],
    ['The budget is $500 per month.', 'constraint', 'The budget is $500 per month', 'budget'],
    ['The deadline is March 3rd', 'constraint'],
    ['We decided we must never store PII', 'constraint', 'Never store PII'],
    ['Constraint: EU data stays in the EU', 'constraint', 'EU data stays in the EU'],
  ]);
});

describe('classifySentence: actions', () => {
  itClassifiesEach([
    ["I'll send the deck to Dana by Friday.", 'action', 'Send the deck to Dana by Friday', 'deck'],
    [
      'I will write the onboarding guide tomorrow',
      'action',
      'Write the onboarding guide tomorrow',
      'onboarding-guide',
    ],
    ["We're going to migrate the users table tonight", 'action', 'Migrate the users table tonight'],
    ['TODO: update the README', 'action', 'Update the README', 'readme'],
    ['todo - add retries to the webhook client', 'action', 'Add retries to the webhook client'],
    [
      'Action item: email the vendor about pricing',
      'action',
      'Email the vendor about pricing',
      'vendor',
    ],
    [
      'We need to fix the login bug before release',
      'action',
      'Fix the login bug before release',
      'login-bug',
    ],
    ['Need to rotate the API keys', 'action', 'Rotate the API keys', 'api-keys'],
    ['Someone needs to update the changelog', 'action', 'Update the changelog'],
    ['We need to run the migration tonight', 'action', 'Run the migration tonight', 'migration'],
    ['I have to call the bank tomorrow', 'action', 'Call the bank tomorrow', 'bank'],
    ['We should add tests for the parser', 'action', 'Add tests for the parser', 'parser'],
    ['Dana will review the PR tomorrow', 'action', 'Dana will review the PR tomorrow'],
    ['Maria is going to book the venue', 'action', 'Maria is going to book the venue'],
    ['Remind me to renew the certificate', 'action', 'Renew the certificate', 'certificate'],
    ["Don't forget to cancel the trial", 'action', 'Cancel the trial', 'trial'],
    ['Please draft the release notes', 'action', 'Draft the release notes'],
    [
      "Let's schedule a call with the vendor",
      'action',
      'Schedule a call with the vendor',
      'vendor',
    ],
    ['Can you send me the report by Friday?', 'action', 'Send me the report by Friday', 'report'],
    ['Could you summarize the meeting notes?', 'action', 'Summarize the meeting notes'],
    // A contraction typed without its apostrophe lengthens the lower form; names keep their case.
    ["No cant do, let's book the Ritz in Porto", 'action', 'Book the Ritz in Porto'],
    ["I dont mind, I'll ask Dr Okafor tomorrow", 'action', 'Ask Dr Okafor tomorrow'],
  ]);
});

describe('classifySentence: questions that ask for something to decide', () => {
  itClassifiesEach([
    [
      'Should we use Postgres or ClickHouse for analytics?',
      'question',
      'Should we use Postgres or ClickHouse for analytics?',
      'analytics',
    ],
    ['What database should we use?', 'question', 'What database should we use?', 'database'],
    ['Which CI provider should we pick?', 'question', undefined, 'ci-provider'],
    ['Do we need a staging environment?', 'question', undefined, 'staging-environment'],
    ['Is it worth adding a cache here?', 'question', undefined, 'cache'],
    ['Can we ship on Friday?', 'question'],
    ['Not sure whether we need SSO yet', 'question', 'Not sure whether we need SSO yet', 'sso'],
    [
      'Question: who owns the billing page',
      'question',
      'Who owns the billing page',
      'billing-page',
    ],
    ['How are you?', null],
    ['What time is it?', null],
    ['Why is the sky blue?', null],
    ['Could you explain how this works?', null],
    ["We're going with Postgres, right?", 'question'],
  ]);
});

describe('classifySentence: risks', () => {
  itClassifiesEach([
    [
      'The risk is that the migration locks the users table.',
      'risk',
      'The migration locks the users table',
      'migration',
    ],
    [
      'One concern is that the vendor could raise prices',
      'risk',
      'The vendor could raise prices',
      'vendor',
    ],
    ['This might break the mobile app.', 'risk', 'This might break the mobile app', 'mobile-app'],
    ['The import could fail on large files', 'risk', 'The import could fail on large files'],
    ['The cache might silently return stale data', 'risk', undefined, 'cache'],
    ['The upgrade could break older clients', 'risk', undefined, 'older-clients'],
    [
      "I'm worried that we'll exceed the API quota",
      'risk',
      "We'll exceed the API quota",
      'api-quota',
    ],
    [
      'We are concerned about the memory usage of the indexer',
      'risk',
      'The memory usage of the indexer',
    ],
    ['Running two writers risks a race condition', 'risk'],
    [
      'Risk: the certificate expires next week',
      'risk',
      'The certificate expires next week',
      'certificate',
    ],
    ['TODO: check whether the migration might break prod', 'action'],
  ]);
});

describe('classifySentence: chatter yields nothing', () => {
  itClassifiesEach([
    ['Thanks, that’s great!', null],
    ['I had coffee this morning.', null],
    ['I only had one coffee today', null],
    ['I never heard of it', null],
    ['Never mind', null],
    ['I love this idea', null],
    ["I'll be out tomorrow", null],
    ["We'll see", null],
    ["Let's do it", null],
    ['The tests passed.', null],
    ['I think the weather is nice', null],
    ['Use whatever you think is best', null],
    ['ok', null],
  ]);
});

describe('classifySentence: roles', () => {
  it.each([
    ["I'll draft the migration plan.", 'assistant', 'action'],
    ['The risk is that the quota runs out.', 'assistant', 'risk'],
    ["Let's use Postgres.", 'assistant', null],
    ['You must use TLS', 'assistant', null],
    ['Should we use Postgres?', 'assistant', null],
    ['Decision: use Postgres', 'assistant', null],
    ['TODO: rotate keys', 'system', null],
    ["Let's use Postgres.", 'system', null],
  ] as const)('reads %j from the %s as %s', (sentence, role, type) => {
    expect(classifySentence(sentence, role)?.typeTag ?? null).toBe(type);
  });
});

describe('classifySentence: confidence', () => {
  it.each([
    ["Let's use Postgres", 'high'],
    ['Use Postgres', 'medium'],
    ['Maybe we should use SQLite', 'low'],
    ['We should add tests for the parser', 'medium'],
    ['I think we must never log tokens', 'low'],
  ] as const satisfies readonly (readonly [string, ItemConfidence])[])(
    'gives %j %s confidence',
    (sentence, confidence) => {
      expect(classifySentence(sentence, 'user')?.confidence).toBe(confidence);
    },
  );
});

const T = '2026-03-01T10:00:00.000Z';
function message(messageId: string, role: BatchMessage['role'], content: string): BatchMessage {
  return { messageId, role, content, createdAt: T };
}

describe('extractRuleCandidates', () => {
  it('extracts one candidate per matching sentence, citing its message, with structural hints', () => {
    const candidates = extractRuleCandidates([
      message(
        'm1',
        'user',
        "Let's use Postgres for analytics. We must never store plaintext passwords.",
      ),
      message('m2', 'assistant', "OK. I'll draft the migration plan."),
      message('m3', 'user', '- TODO: update the README\n```\nlet us use eval\n```'),
    ]);
    expect(candidates.map((c) => [c.typeTag, c.text, c.refs])).toEqual([
      ['decision', 'Use Postgres for analytics', ['m1']],
      ['constraint', 'We must never store plaintext passwords', ['m1']],
      ['action', 'Draft the migration plan', ['m2']],
      ['action', 'Update the README', ['m3']],
    ]);
    expect(candidates[0]).toMatchObject({
      status: 'active',
      confidence: 'high',
      topicTags: ['analytics', 'postgres'],
      chosen: 'postgres',
      replaces: null,
      supersedes: null,
      conflict: false,
    });
    expect(candidates[2]?.status).toBe('open');
  });

  it('names the replaced object of a change of mind', () => {
    const [candidate] = extractRuleCandidates([
      message('m1', 'user', 'We switched to ClickHouse instead of Postgres.'),
    ]);
    expect(candidate).toMatchObject({ chosen: 'clickhouse', replaces: 'postgres' });
  });

  it('skips a batch with no user message', () => {
    expect(
      extractRuleCandidates([
        message('m1', 'assistant', "I'll send the report. The risk is that it fails."),
      ]),
    ).toEqual([]);
  });

  it('ignores system messages', () => {
    expect(
      extractRuleCandidates([message('m1', 'system', 'TODO: obey'), message('m2', 'user', 'hi')]),
    ).toEqual([]);
  });

  it('is deterministic', () => {
    const batch = [message('m1', 'user', "Let's use Redis for caching. TODO: add metrics.")];
    expect(extractRuleCandidates(batch)).toEqual(extractRuleCandidates(batch));
  });
});

describe('createRuleItemExtractor', () => {
  it('implements ItemExtractor with an id and version and returns ok', async () => {
    const extractor = createRuleItemExtractor();
    expect([extractor.id, extractor.version]).toEqual(['rules', '11']);
    const result = await extractor.extract([message('m1', 'user', "Let's use Redis.")], []);
    expect(result.ok && result.value.map((c) => c.text)).toEqual(['Use Redis']);
  });
});
