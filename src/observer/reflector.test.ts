import { describe, expect, it } from 'vitest';
import { NOT_SECRETS, SECRETS } from '../language/__fixtures__/secret-sentences.js';
import { distill, qualityIssues, type ReflectorInput, reflectObservations } from './reflector.js';
import type { MemoryEntry } from './types.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');

function obs(id: string, text: string, overrides: Partial<ReflectorInput> = {}): ReflectorInput {
  return {
    observation_id: id,
    priority: 'red',
    memory_priority: 'P1',
    type: 'fact',
    time: '09:00',
    at: '2026-03-10T09:00:00.000Z',
    text,
    speaker: 'user',
    source_message_ids: [id],
    resolved_by: null,
    session_id: 's1',
    date: '2026-03-10',
    ...overrides,
  };
}

const FILLER = Array.from({ length: 12 }, (_, i) =>
  obs(`g${i}`, `Option ${i} was mentioned but nobody committed to anything about it yet`, {
    priority: 'green',
    type: 'question',
    memory_priority: 'P3',
  }),
);

function entry(text: string): MemoryEntry {
  return {
    memory_id: 'm-20260301-001',
    section: 'Hard Rules',
    text,
    type: 'constraint',
    memory_priority: 'P0',
    proposal_id: 'p-20260301-001',
    source_observation_ids: [],
    promoted_at: '2026-03-01T00:00:00.000Z',
    status: 'active',
    retired_at: null,
    event_ids: [],
  };
}

/** A standing rule: a constraint at memory priority P0. */
const P0_CONSTRAINT: Partial<ReflectorInput> = { type: 'constraint', memory_priority: 'P0' };

describe('reflectObservations', () => {
  it('proposes red observations into their sections and never problems or questions', () => {
    const r = reflectObservations({
      observations: [
        obs('a', 'Never run migrations by hand on prod', P0_CONSTRAINT),
        obs('b', 'The importer crashes on empty CSV files', {
          priority: 'yellow',
          type: 'problem',
        }),
        obs('c', 'We chose pgvector 0.7 for embeddings', { type: 'decision' }),
        ...FILLER,
      ],
      memory: [],
      proposals: [],
      now: NOW,
    });
    expect(r.failed).toBe(false);
    expect(r.drafts.map((d) => [d.section, d.text])).toEqual([
      ['Hard Rules', 'Never run migrations by hand on prod'],
      ['Decisions', 'We chose pgvector 0.7 for embeddings'],
    ]);
  });

  it('drops a problem fixed later and keeps the fix', () => {
    const r = reflectObservations({
      observations: [
        obs('p', 'Login fails for plus-sign emails', { type: 'fact', resolved_by: 'f' }),
        obs('f', 'The fix was sending the login form as JSON', { type: 'insight' }),
        ...FILLER,
      ],
      memory: [],
      proposals: [],
      now: NOW,
    });
    expect(r.drafts.map((d) => d.text)).toEqual(['The fix was sending the login form as JSON']);
  });

  it('distils observations three days old to their core and merges related ones', () => {
    const old = '2026-03-05T09:00:00.000Z';
    const r = reflectObservations({
      observations: [
        obs('a', 'From now on keep Redis on port 6380; the default clashes with the old box', {
          at: old,
          type: 'constraint',
        }),
        obs('b', 'Keep Redis on port 6380 in every environment', { at: old, type: 'constraint' }),
        ...FILLER,
      ],
      memory: [],
      proposals: [],
      now: NOW,
    });
    expect(r.drafts).toHaveLength(1);
    expect(r.drafts[0]?.source_observation_ids).toEqual(['a', 'b']);
    expect(r.drafts[0]?.text).not.toContain('clashes');
  });

  it('escalates and records failure when proposals cannot be made smaller than their input', () => {
    const r = reflectObservations({
      observations: [obs('a', 'Always sign release tags with `git tag -s`', P0_CONSTRAINT)],
      memory: [],
      proposals: [],
      now: NOW,
      settings: { maxRatio: 0.1 },
    });
    expect(r.attempts.map((a) => a.level)).toEqual([0, 1, 2]);
    expect(r.attempts.every((a) => !a.passed)).toBe(true);
    expect(r.failed).toBe(true);
    expect(r.drafts).toEqual([]);
  });

  it('refuses near-duplicates of MEMORY.md and proposes consolidation past the budget', () => {
    const dup = reflectObservations({
      observations: [
        obs('a', 'Never run migrations by hand on prod', { type: 'constraint' }),
        ...FILLER,
      ],
      memory: [entry('Never run migrations by hand on production')],
      proposals: [],
      now: NOW,
    });
    expect(dup.drafts).toEqual([]);
    expect(dup.rejected[0]?.reasons).toContain('duplicates_memory');
    const full = reflectObservations({
      observations: [
        obs('b', 'We chose pgvector 0.7 for embeddings', { type: 'decision' }),
        ...FILLER,
      ],
      memory: [{ ...entry('x '.repeat(400)), memory_priority: 'P1' }],
      proposals: [],
      now: NOW,
      settings: { budgetTokens: 200 },
    });
    expect(full.drafts.map((d) => d.kind)).toEqual(['consolidation']);
    expect(full.drafts[0]?.retire_memory_ids).toEqual(['m-20260301-001']);
    expect(full.over_budget?.notice).toContain('until the consolidation is approved');
    // Retiring Verity's one short entry cannot make room in a file of the person's own notes.
    const own = reflectObservations({
      observations: [
        obs('b', 'We chose pgvector 0.7 for embeddings', { type: 'decision' }),
        ...FILLER,
      ],
      memory: [entry('Never force-push to main')],
      memoryText: `# Memory\n\n${'My own note about the release train. '.repeat(40)}`,
      proposals: [],
      now: NOW,
      settings: { budgetTokens: 200 },
    });
    expect(own.drafts).toEqual([]);
    expect(own.over_budget).toMatchObject({ held_back: 1 });
  });
});

/** The quality gate's settings: texts up to 240 characters, duplicates from 0.6 alike. */
const GATE = {
  maxRatio: 0.6,
  budgetTokens: 8000,
  maxLength: 240,
  duplicateSimilarity: 0.6,
  mergeSimilarity: 0.5,
};

describe('qualityIssues', () => {
  const settings = GATE;

  it('refuses tool output, unquoted commands, questions and overlong text', () => {
    expect(qualityIssues('Error: connect ECONNREFUSED 127.0.0.1:5432', [], settings)).toContain(
      'tool_output',
    );
    expect(qualityIssues('sudo systemctl restart nginx', [], settings)).toContain('shell_command');
    expect(qualityIssues('Always run `sudo nginx -t` before a reload', [], settings)).toEqual([]);
    expect(qualityIssues('Should we use Kafka?', [], settings)).toContain('question');
    expect(qualityIssues('a'.repeat(300), [], settings)).toContain('too_long');
  });

  it('tells a stack frame from a time followed by a parenthesis (rules@17)', () => {
    expect(qualityIssues('at parseRow (src/import.ts:41:9)', [], settings)).toContain(
      'tool_output',
    );
    const moved = 'We moved choir practice to Monday at 7pm (Monday replaced Tuesday)';
    expect(qualityIssues(moved, [], settings)).toEqual([]);
  });

  it('tells a stack frame from a replaced clock time after a place (rules@18)', () => {
    expect(qualityIssues('at Object.load (/srv/app/config.js:88:3)', [], settings)).toContain(
      'tool_output',
    );
    expect(qualityIssues('at handler (worker.py:12)', [], settings)).toContain('tool_output');
    const moved = 'Standup is at 09:15 instead of 09:45 at Quayside (09:15 replaced 09:45)';
    expect(qualityIssues(moved, [], settings)).toEqual([]);
  });
});

describe('distill', () => {
  it('drops discourse markers and trailing rationale but keeps the specifics', () => {
    expect(distill('From now on always use pnpm 9.1; npm was too slow.')).toBe(
      'Always use pnpm 9.1',
    );
  });
});

describe('reflectObservations keeps values', () => {
  it('does not merge two related lines that hold different values', () => {
    const result = reflectObservations({
      observations: [
        obs('a', 'The api pods request 512 Mi of memory'),
        obs('b', 'The api pods request 250 m of CPU and 512 Mi of memory'),
        obs('c', 'The worker pods request 2 Gi of memory'),
        ...FILLER,
      ],
      memory: [],
      proposals: [],
      now: NOW,
    });
    const texts = result.drafts.map((d) => d.text);
    expect(texts).toContain('The api pods request 250 m of CPU and 512 Mi of memory');
    expect(texts).toContain('The worker pods request 2 Gi of memory');
    expect(texts).not.toContain('The api pods request 512 Mi of memory');
  });

  it('proposes a changed value of an entry instead of refusing it as a duplicate', () => {
    const result = reflectObservations({
      observations: [
        obs('a', 'Never run more than 4 migrations in one deploy', P0_CONSTRAINT),
        obs('b', 'Never run more than 2 migrations in one deploy', P0_CONSTRAINT),
        ...FILLER,
      ],
      memory: [entry('Never run more than 4 migrations in one deploy')],
      proposals: [],
      now: NOW,
    });
    expect(result.drafts.map((d) => d.text)).toEqual([
      'Never run more than 2 migrations in one deploy',
    ]);
  });
});

describe('the quality gate and secrets', () => {
  const settings = { ...GATE, maxRatio: 1 };

  it.each(SECRETS.map(([text]) => text))('refuses "%s" as a secret', (text) => {
    expect(qualityIssues(text, [], settings)).toContain('secret');
  });

  it.each(NOT_SECRETS)('does not refuse "%s" as a secret', (text) => {
    expect(qualityIssues(text, [], settings)).not.toContain('secret');
  });

  it('proposes statements about secrets that hold none, and records a refused secret masked', () => {
    const talk = [
      'Rotate PINs every 90 days',
      'The API key lives in Vault, never in the repo',
      'The password reset flow uses magic links',
      'Postgres listens on port 5433 in staging',
    ];
    const r = reflectObservations({
      observations: [
        ...talk.map((text, i) => obs(`t${i}`, text)),
        obs('s', 'The garage keypad code is 3390'),
        ...FILLER,
      ],
      memory: [],
      proposals: [],
      now: NOW,
    });
    expect(r.drafts.map((d) => d.text).sort()).toEqual([...talk].sort());
    expect(r.rejected).toEqual([
      {
        text: 'The garage keypad code is [secret]',
        reasons: ['secret'],
        source_observation_ids: ['s'],
      },
    ]);
  });
});
