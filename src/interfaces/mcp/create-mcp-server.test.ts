import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import { SEED_OBSERVATION } from '../../testing/index.js';
import { toolText, useMcpSession } from './__fixtures__/mcp-client.js';

const NOW = '2026-02-19T15:05:00Z';
const SEED = SEED_OBSERVATION;

const internalErrors: unknown[] = [];

const mcp = useMcpSession({
  prefix: 'verity-mcp-memory-',
  engine: (dir) => ({ home: dir, clock: fixedClock(Date.parse(NOW)) }),
  server: { onError: (error) => internalErrors.push(error) },
});
const call = mcp.call;

const text = toolText;

/**
 * `record_observation` arguments for what the user asserts about `field` in message `msg` of
 * thread 1, with `extra` (e.g. `event_id`, `event_ts`) added; the tool fills in what is absent.
 */
function userStatement(
  field: string,
  value: string,
  msg: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...extra,
    field,
    candidate_value: value,
    intent: 'assertive',
    source: { type: 'user_statement', ref: `thread:1:msg:${msg}` },
  };
}

beforeAll(async () => {
  expect((await call('record_observation', SEED)).isError).toBeFalsy();
});

describe('createMcpServer (in-memory transport)', () => {
  it('reports a repeated event_id as a duplicate without changing state', async () => {
    const result = await call('record_observation', SEED);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      event_id: SEED.event_id,
      status: 'duplicate',
    });
  });

  it('fills in event_id, event_ts and domain when they are absent', async () => {
    const result = await call(
      'record_observation',
      userStatement('profile.preference.coffee', 'flat white', 1),
    );
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'applied',
    });
  });

  it('returns a rejected observation as an error that names the offending field', async () => {
    const result = await call('record_observation', {
      ...SEED,
      event_id: '0190a5f2-7b1c-7c3e-9a4b-000000000009',
      event_ts: 'yesterday',
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: 'rejected' });
    expect(text(result)).toContain('event_ts');
  });

  it('names the known domains when a field is in none of them', async () => {
    const result = await call('record_observation', userStatement('weather.today', 'sunny', 2));
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /\/domain: must be one of travel, family, project, financial, profile/,
    );
    expect(text(result)).not.toContain('/domain: is required');
  });

  it('reads a whole entity when no field is given', async () => {
    const result = await call('get_state', {});
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      entity_id: 'user:primary',
      at: null,
      state: { 'travel.status': { value: 'in_progress', status: 'committed' } },
      pending: [],
    });
    expect(text(result)).toContain('travel.status = in_progress');
  });

  it('reads an empty slot as status none rather than an error', async () => {
    const result = await call('get_state', { entity_id: 'team:nobody', field: 'travel.status' });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      state: { 'travel.status': { value: null, status: 'none' } },
    });
  });

  it('rejects an `at` that is not RFC 3339 as the caller’s fault', async () => {
    const result = await call('get_state', { field: 'travel.status', at: 'last week' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^VALIDATION_FAILED: at must be an RFC 3339 timestamp/);
  });

  it('requires edited_value with action edit', async () => {
    const result = await call('resolve_review', { prompt_id: 'p-1', action: 'edit' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('edited_value is required');
  });

  it('answers NOT_FOUND for a prompt outside the entity scope', async () => {
    const result = await call('resolve_review', { prompt_id: 'no-such-prompt', action: 'confirm' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /^NOT_FOUND: no review prompt no-such-prompt for entity user:primary/,
    );
  });

  it('lists no pending reviews for an entity without prompts', async () => {
    const result = await call('list_pending_reviews', { entity_id: 'family:smith' });
    expect(result.structuredContent).toEqual({
      entity_id: 'family:smith',
      prompts: [],
      tasks: [],
      patches: [],
    });
  });

  it('takes an uncertain observation through the review queue', async () => {
    // A change to an established profile preference always waits for the user.
    await call(
      'record_observation',
      userStatement('profile.preference.trip', 'Reno', 1, {
        event_id: '0190a5f2-7b1c-7c3e-9a4b-00000000000f',
        event_ts: '2026-02-19T14:00:00Z',
      }),
    );
    const recorded = await call(
      'record_observation',
      userStatement('profile.preference.trip', 'Tahoe', 2, {
        event_id: '0190a5f2-7b1c-7c3e-9a4b-000000000010',
        event_ts: '2026-02-19T15:00:00Z',
      }),
    );
    expect(recorded.structuredContent).toMatchObject({
      decision: 'ask_user',
      prompt_id: expect.any(String),
    });
    const promptId = String(recorded.structuredContent?.['prompt_id']);

    const listed = await call('list_pending_reviews', {});
    expect(listed.structuredContent).toMatchObject({
      prompts: [{ prompt_id: promptId, field: 'profile.preference.trip', proposed_value: 'Tahoe' }],
    });
    const state = await call('get_state', { field: 'profile.preference.trip' });
    expect(state.structuredContent).toMatchObject({
      state: { 'profile.preference.trip': { pending: { prompt_id: promptId, value: 'Tahoe' } } },
      pending: [{ prompt_id: promptId }],
    });

    const foreign = await call('resolve_review', {
      entity_id: 'family:smith',
      prompt_id: promptId,
      action: 'confirm',
    });
    expect(foreign.isError).toBe(true);
    expect(text(foreign)).toMatch(/^NOT_FOUND/);

    const edited = await call('resolve_review', {
      prompt_id: promptId,
      action: 'edit',
      edited_value: 'South Lake Tahoe',
    });
    expect(edited.isError, text(edited)).toBeFalsy();
    expect(edited.structuredContent).toMatchObject({
      prompt_id: promptId,
      status: 'edited',
      field: { field: 'profile.preference.trip', value: 'South Lake Tahoe', status: 'committed' },
    });

    const again = await call('resolve_review', { prompt_id: promptId, action: 'confirm' });
    expect(again.isError).toBe(true);
    expect(text(again)).toMatch(/^CONFLICT/);
  });

  it('surfaces no internal errors for the calls above', () => {
    expect(internalErrors).toEqual([]);
  });
});
