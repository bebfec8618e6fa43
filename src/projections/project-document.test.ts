import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_POLICY,
  deriveUuid,
  emptySlot,
  emptyStats,
  type HistoryEntry,
  type ObservationInput,
  resolveObservation,
  type SlotState,
} from '../core/index.js';
import { spliceLegacy } from './legacy.js';
import {
  projectDocument,
  projectLegacy,
  projectStateTracker,
  templateFor,
} from './project-document.js';
import type { ProjectionState } from './render.js';
import { diffInputs, inputObservations, parseInputZone } from './state-input.js';
import { loadZoneParser } from './zones.js';

beforeAll(() => loadZoneParser());

function observe(
  id: string,
  field: string,
  value: string,
  at: string,
  source: ObservationInput['sourceType'] = 'user_statement',
): ObservationInput {
  return {
    eventId: deriveUuid(id),
    entityId: 'user:primary',
    field,
    domain: 'travel',
    value,
    intent: 'assertive',
    sourceType: source,
    sourceRef: `thread:t:msg:${id}`,
    eventTs: at,
    recordedAt: at,
    corroborators: 0,
    correction: false,
    extractionConfidence: 1,
    extractor: null,
    retracts: null,
  };
}

function stateOf(
  observations: readonly ObservationInput[],
  now = '2026-02-20T09:00:00.000Z',
): ProjectionState {
  const slots = new Map<string, SlotState>();
  const history: HistoryEntry[] = [];
  for (const o of observations) {
    const slot = slots.get(o.field) ?? emptySlot(o.entityId, o.field, o.domain);
    const outcome = resolveObservation(
      slot,
      o,
      {
        policy: DEFAULT_POLICY,
        now: Date.parse(o.recordedAt),
        calibrationRemaining: 0,
        forceConfirmRemaining: 0,
      },
      deriveUuid,
    );
    slots.set(o.field, outcome.slot);
    history.push(outcome.history);
  }
  return {
    slots: [...slots.values()],
    prompts: [],
    history,
    policy: DEFAULT_POLICY,
    stats: emptyStats(DEFAULT_POLICY),
    asOf: observations[observations.length - 1]?.recordedAt ?? '2026-01-01T00:00:00.000Z',
    now,
  };
}

const TAHOE = stateOf([
  observe('n', 'travel.status', 'planned', '2026-02-15T09:00:00.000Z', 'static_markdown'),
  observe('u', 'travel.status', 'in_progress', '2026-02-19T15:00:00.000Z'),
  observe('l', 'travel.location', 'Tahoe', '2026-02-19T15:00:00.000Z'),
]);

describe('projectDocument', () => {
  it('renders HEARTBEAT.md zones and leaves the prose around them as written', () => {
    const source = `Notes by hand.\r\n\r\n${templateFor('HEARTBEAT.md').replace(/\n/g, '\r\n')}Footer  \r\n`;
    const result = projectDocument(source, TAHOE, new Map());
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.changed).toBe(true);
    expect(result.value.text.startsWith('Notes by hand.\r\n\r\n# Heartbeat\r\n')).toBe(true);
    expect(result.value.text.endsWith('Footer  \r\n')).toBe(true);
    expect(result.value.text).not.toMatch(/[^\r]\n/);
    const reminders = result.value.text.split('\r\n').filter((l) => l.startsWith('- [ ]'));
    expect(reminders).toEqual([
      '- [ ] **Travel** [user:primary]: travel.location = Tahoe (domain: travel) (expires: 2026-02-26) (confidence: 0.90) (source: user_statement thread:t:msg:l)',
      '- [ ] **Travel** [user:primary]: travel.status = in_progress (domain: travel) (expires: 2026-02-26) (confidence: 0.90) (source: user_statement thread:t:msg:u)',
    ]);
    expect(result.value.text).toContain(
      '- 2026-02-19 15:00: [user:primary] travel.status planned -> in_progress (confidence: 0.90) (resolution: auto_commit) (source: user_statement)',
    );
    expect(result.value.inputs).toEqual([{ id: 'manual_overrides', entries: [], errors: [] }]);
  });

  it('shows a reminder whose value went stale before now as stale since then', () => {
    const later = stateOf(
      [observe('l', 'travel.location', 'Tahoe', '2026-02-19T15:00:00.000Z')],
      '2026-03-04T09:00:00.000Z',
    );
    const result = projectDocument(templateFor('HEARTBEAT.md'), later, new Map());
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.text).toContain(
      '- [ ] **Travel** [user:primary]: travel.location = Tahoe (domain: travel) (stale since: 2026-02-26) (confidence: 0.90)',
    );
  });

  it('marks a canonical value in MEMORY.md stale once its freshness has passed, and only then', () => {
    const observations = [observe('l', 'travel.location', 'Tahoe', '2026-02-19T15:00:00.000Z')];
    const fresh = projectDocument(templateFor('MEMORY.md'), stateOf(observations), new Map());
    const later = projectDocument(
      templateFor('MEMORY.md'),
      stateOf(observations, '2026-03-04T09:00:00.000Z'),
      new Map(),
    );
    if (!fresh.ok || !later.ok) throw new Error('projection failed');
    expect(fresh.value.text).toContain(
      '- travel.location: Tahoe (since 2026-02-19, confidence 0.90, source user_statement)\n',
    );
    expect(later.value.text).toContain(
      '- travel.location: Tahoe (since 2026-02-19, confidence 0.90, source user_statement, stale since 2026-02-26)\n',
    );
  });

  it('is deterministic and unchanged when projected again', () => {
    const first = projectDocument(templateFor('MEMORY.md'), TAHOE, new Map());
    if (!first.ok) throw new Error(first.error.message);
    const memory = new Map(first.value.zones.map((z) => [z.id, z.hash]));
    const second = projectDocument(first.value.text, TAHOE, memory);
    expect(second.ok && second.value.changed).toBe(false);
    expect(second.ok && second.value.zones.some((z) => z.drifted)).toBe(false);
  });

  it('reverts a manual edit inside a STATE zone and reports it as drift', () => {
    const first = projectDocument(templateFor('MEMORY.md'), TAHOE, new Map());
    if (!first.ok) throw new Error(first.error.message);
    const memory = new Map(first.value.zones.map((z) => [z.id, z.hash]));
    const edited = first.value.text.replace('travel.status: in_progress', 'travel.status: planned');
    const second = projectDocument(edited, TAHOE, memory);
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.zones).toEqual([
      expect.objectContaining({ id: 'canonical_state', drifted: true }),
    ]);
    expect(second.value.text).toBe(first.value.text);
  });

  it('leaves zones it does not know untouched', () => {
    const source =
      '<!-- STATE:BEGIN zone_id=custom schema=v1 -->\nmine\n<!-- STATE:END zone_id=custom -->\n';
    const result = projectDocument(source, TAHOE, new Map());
    expect(result.ok && result.value).toMatchObject({ changed: false, unknownZones: ['custom'] });
  });
});

describe('projectStateTracker', () => {
  it('renders the seed snapshot with sorted keys and the state instant, byte for byte', () => {
    const { text } = projectStateTracker(null, TAHOE);
    expect(projectStateTracker(text, TAHOE).changed).toBe(false);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(parsed['last_consistency_check']).toBe('2026-02-19T15:00:00.000Z');
    expect(parsed['entities']).toMatchObject({
      'user:primary': { state: { travel: { status: 'in_progress', location: 'Tahoe' } } },
    });
  });
});

describe('legacy_string mode', () => {
  const file =
    '# HEARTBEAT\n\nintro\n\n## Active Reminders\n- old\n\n### Sub\nkept? no\n\n## Other\nkept\n\n## State Change Log\nold log\n';

  it('replaces only the text under the exact anchors', () => {
    const result = projectLegacy(file, TAHOE);
    if (!result.ok) throw new Error(result.error.message);
    const text = result.value.text;
    expect(text.startsWith('# HEARTBEAT\n\nintro\n\n## Active Reminders\n\n- [ ] **Travel**')).toBe(
      true,
    );
    expect(text).toContain('\n\n## Other\nkept\n\n## State Change Log\n\n- 2026-02-15 09:00:');
    expect(text).not.toContain('- old');
  });

  it('refuses a file whose anchor appears twice, or none', () => {
    const twice = spliceLegacy(
      '## Active Reminders\n\n## Active Reminders\n',
      new Map([['## Active Reminders', 'x']]),
    );
    expect(twice.ok ? null : twice.error.code).toBe('ANCHOR_REPEATED');
    const none = projectLegacy('# nothing here\n', TAHOE);
    expect(none.ok ? null : none.error.code).toBe('ANCHOR_MISSING');
  });
});

describe('STATE-INPUT zones', () => {
  it('normalises entries, reports bad lines, and diffs against what was accepted', () => {
    const before = parseInputZone('- [user:primary] travel.status = planned #intent=planning\n');
    const after = parseInputZone(
      '  -   [USER:primary]   travel.status =   in_progress\n* [user:primary] travel.location = Tahoe\nnot an entry\n- [user:primary] bogus.field = x\n',
    );
    expect(after.entries.map((e) => e.line)).toEqual([
      '[user:primary] travel.status = in_progress #intent=assertive',
      '[user:primary] travel.location = Tahoe #intent=assertive',
    ]);
    expect(after.errors.map((e) => e.line)).toEqual([3, 4]);
    const diff = diffInputs(before.entries, after.entries);
    expect(diff.added).toHaveLength(2);
    expect(diff.removed.map((e) => e.value)).toEqual(['planned']);
    const records = inputObservations(
      'HEARTBEAT.md',
      'manual_overrides',
      diff,
      '2026-02-19T15:00:00Z',
    );
    expect(records.map((r) => [r['intent'], r['candidate_value']])).toEqual([
      ['retract', null],
      ['assertive', 'in_progress'],
      ['assertive', 'Tahoe'],
    ]);
    expect(records[0]?.['source']).toEqual({
      type: 'manual_markdown',
      ref: `HEARTBEAT.md:manual_overrides:${before.entries[0]?.hash.slice(0, 12)}`,
    });
    expect(
      inputObservations('HEARTBEAT.md', 'manual_overrides', diff, '2026-02-19T15:00:00Z'),
    ).toEqual(records);
  });
});
