import { describe, expect, it } from 'vitest';
import { analyzeChoice, type ChoiceAnalysis } from './analyze-choice.js';

type Expected = Partial<ChoiceAnalysis>;

describe('analyzeChoice', () => {
  const cases: readonly [string, Expected][] = [
    ['Use Postgres for analytics', { chosen: 'postgres', replaced: null, purpose: 'analytics' }],
    ["Let's go with Redis for caching.", { chosen: 'redis', purpose: 'caching' }],
    ['We adopted the new auth service', { chosen: 'new auth service', purpose: null }],
    ['Use Redis as our cache', { chosen: 'redis', purpose: 'cache' }],
    ['For analytics, we will use ClickHouse', { chosen: 'clickhouse', purpose: 'analytics' }],
    ['Use Amazon S3 for storage because it is cheap', { chosen: 'amazon s3', purpose: 'storage' }],
    ['Use Postgres because it is good for analytics', { chosen: 'postgres', purpose: null }],
    [
      'We switched to ClickHouse instead of Postgres',
      { chosen: 'clickhouse', replaced: 'postgres', cue: 'instead of' },
    ],
    [
      'Instead of Postgres, use ClickHouse for analytics',
      { chosen: 'clickhouse', replaced: 'postgres', purpose: 'analytics', cue: 'instead of' },
    ],
    ['ClickHouse instead of Postgres', { chosen: 'clickhouse', replaced: 'postgres' }],
    [
      'We moved from Postgres to ClickHouse',
      { chosen: 'clickhouse', replaced: 'postgres', cue: 'from … to' },
    ],
    [
      'Replace Jenkins with GitHub Actions',
      { chosen: 'github actions', replaced: 'jenkins', cue: 'replaced with' },
    ],
    [
      'Jenkins was replaced by GitHub Actions',
      { chosen: 'github actions', replaced: 'jenkins', cue: 'replaced by' },
    ],
    [
      'Jenkins has been replaced with GitHub Actions',
      { chosen: 'github actions', replaced: 'jenkins', cue: 'replaced by' },
    ],
    ['We no longer use Jenkins', { chosen: null, replaced: 'jenkins', cue: 'no longer' }],
    ['Jenkins is no longer needed', { chosen: null, replaced: 'jenkins', cue: 'no longer' }],
    ['Pick Vite rather than Webpack', { chosen: 'vite', replaced: 'webpack', cue: 'rather than' }],
    ['We used to deploy by hand', { chosen: null, replaced: null }],
    ['Send the report to Dana', { chosen: null, replaced: null, purpose: null }],
    ['Never store plaintext passwords', { chosen: null, replaced: null }],
  ];
  it.each(cases)('reads %j', (text, expected) => {
    expect(analyzeChoice(text)).toMatchObject(expected);
  });
});
