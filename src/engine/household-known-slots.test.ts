import { describe, expect, it } from 'vitest';
import { createRuleExtractor } from '../extract/index.js';
import { toJsonl } from '../testing/index.js';
import { closeTestEngine, openTestEngine } from './__fixtures__/test-engine.js';
import { threadMessages } from './__fixtures__/thread-messages.js';

// A household speaks as `we`: a member's status and the children's schedules live on the family
// entity, so a parent's later message must be read against those slots, not only the parent's own
// (rv-st6 3: "Karate switched to Tuesdays, same time" from user:dan kept no time and filed the
// schedule under user:dan while family:home kept the old one).
const NOW = '2026-05-04T20:00:00Z';
const REGISTRY = {
  members: { 'family:home': ['Dan', 'Rosa', 'Mila'] },
  we: { 'user:dan': 'family:home', 'user:rosa': 'family:home' },
  aliases: {},
};

async function stateAfter(lines: [string, string, string][]): Promise<Record<string, string>> {
  const opened = await openTestEngine('verity-household-known-', NOW, {
    embeddings: { model: null },
    extraction: { extractor: createRuleExtractor(), registry: REGISTRY },
  });
  try {
    for (const [at, entity, text] of lines) {
      const report = await opened.engine.ingest(
        toJsonl(
          threadMessages('home-chat', at, [[`m${at}`, 'user', text]], 1, { entity_id: entity }),
        ),
      );
      expect(report.rejected).toBe(0);
    }
    const out: Record<string, string> = {};
    for (const entity of ['family:home', 'user:dan', 'user:rosa', 'user:solo']) {
      const view = await opened.engine.getEntity(entity);
      for (const [field, slot] of Object.entries(view.state)) {
        out[`${entity} ${field}`] = `${(slot as { value: string }).value}`;
      }
    }
    return out;
  } finally {
    await closeTestEngine(opened);
  }
}

describe('a household member is read against the household slots', () => {
  it('a move "same time" keeps the time on the family entity, said by the other parent', async () => {
    const state = await stateAfter([
      ['2026-05-01T08:00:00Z', 'user:rosa', "Mila's karate is on Mondays at 17:30."],
      ['2026-05-03T08:00:00Z', 'user:dan', 'Karate switched to Tuesdays, same time.'],
    ]);
    expect(state['family:home family.schedule.karate']).toBe('2026-05-05 17:30');
    expect(Object.keys(state).filter((k) => k.startsWith('user:dan family.'))).toEqual([]);
  });

  it("a member's status on the family entity is what a parent's later message changes", async () => {
    const state = await stateAfter([
      ['2026-05-01T08:00:00Z', 'user:rosa', 'Mila is sick today, staying home.'],
      ['2026-05-03T08:00:00Z', 'user:dan', 'Mila better, back at school'],
    ]);
    expect(state['family:home family.mila.status']).toBe('at_school');
  });

  it('a speaker with no household keeps their own schedule', async () => {
    const state = await stateAfter([
      ['2026-05-01T08:00:00Z', 'user:solo', 'My pottery class is on Mondays at 19:00.'],
    ]);
    expect(Object.keys(state).filter((k) => k.startsWith('family:home'))).toEqual([]);
  });
});
