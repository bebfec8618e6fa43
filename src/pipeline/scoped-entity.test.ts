import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import { createManualClock, createSequentialIds, messageRecord } from '../testing/index.js';
import { scopedEntity } from './derive.js';

describe('scopedEntity', () => {
  it.each([
    ['user:primary', 'user:noah', 'user:noah'],
    ['user:alice', 'user:noah', 'user:alice.noah'],
    ['user:alice', 'user:alice', 'user:alice'],
    ['user:alice', 'user:alice.noah', 'user:alice.noah'],
    ['user:alice', 'family:home', 'family:home'],
    ['family:home', 'user:noah', 'user:noah'],
    ['team:core', 'user:noah', 'user:noah'],
  ] as const)('in %s thread, %s is %s', (speaker, named, expected) => {
    expect(scopedEntity(speaker, named)).toBe(expected);
  });
});

describe('people named by different users of one home', () => {
  it('stay apart: each user keeps their own Noah', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-scoped-'));
    const engine = await createEngine({
      home: join(dir, 'home'),
      clock: createManualClock('2026-03-02T10:00:00Z'),
      ids: createSequentialIds(),
      embeddings: { model: null },
    });
    try {
      await engine.ingest([
        messageRecord(
          'alice-chat',
          '1',
          'user',
          'My son Noah is flying to Boston tomorrow.',
          '2026-03-02T09:00:00Z',
          { entity_id: 'user:alice' },
        ),
        messageRecord(
          'bob-chat',
          '1',
          'user',
          'My brother Noah is flying to Miami tomorrow.',
          '2026-03-02T09:05:00Z',
          { entity_id: 'user:bob' },
        ),
        messageRecord(
          'own-chat',
          '1',
          'user',
          'My cousin Noah is flying to Denver tomorrow.',
          '2026-03-02T09:10:00Z',
        ),
      ]);
      const destination = async (entity: string) =>
        (await engine.getField(entity, 'travel.destination')).value;
      // Second-hand in a user's own thread: recorded (tentative) on each user's own Noah.
      const history = async (entity: string) =>
        (await engine.history(entity, 'travel.destination')).map((h) => h.value);
      expect(await history('user:alice.noah')).toContain('Boston');
      expect(await history('user:bob.noah')).toContain('Miami');
      expect(await history('user:alice.noah')).not.toContain('Miami');
      expect(await history('user:noah')).toEqual(['Denver']);
      expect(await destination('user:alice')).toBeNull();
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
