import { describe, expect, it } from 'vitest';
import type {
  MemoryRecord,
  MemoryRevision,
  NoteChunk,
  NoteRecord,
  PredictionError,
  Store,
  WriteTx,
} from '../store.js';
import { SAMPLE_ENTITY } from './sample-records.js';

/** The part of a `StoreHarness` the vault cases use. */
interface VaultHarness {
  readonly store: Store;
}

function write<T>(store: Store, fn: (tx: WriteTx) => Promise<T>): Promise<T> {
  return store.withWriteLock({ entities: [], global: true }, fn);
}

const AT = '2026-01-01T09:00:00.000Z';
const LATER = '2026-01-02T09:00:00.000Z';

function note(path: string, contentHash = 'h1'): NoteRecord {
  return { path, root: '/vault', title: path, contentHash, indexedAt: AT };
}

function chunk(path: string, ordinal: number, text: string): NoteChunk {
  return {
    path,
    ordinal,
    heading: ordinal === 0 ? '' : 'Status',
    text,
    contentHash: `c-${text}`,
    normalizedHash: `n-${text}`,
    vectorKey: `v-${text}`,
  };
}

function memory(memoryId: string, overrides: Partial<MemoryRecord> = {}): MemoryRecord {
  return {
    memoryId,
    entityId: SAMPLE_ENTITY,
    text: `memory ${memoryId} cites [[test-project]]`,
    tags: ['work'],
    cites: ['work/test-project.md'],
    passages: [
      {
        notePath: 'work/test-project.md',
        heading: 'Status',
        text: 'X is a blocker.',
        normalizedHash: 'n-1',
      },
    ],
    sourceKind: 'direct',
    sourceRef: null,
    revision: 1,
    createdAt: AT,
    updatedAt: AT,
    confirmedAt: AT,
    ...overrides,
  };
}

/** Revision `revision` of memory m-1, recorded by event `e-<revision>`. */
function revision(revision: number, text: string, recordedAt: string): MemoryRevision {
  return { memoryId: 'm-1', revision, text, tags: [], eventId: `e-${revision}`, recordedAt };
}

function predictionError(
  errorId: string,
  overrides: Partial<PredictionError> = {},
): PredictionError {
  return {
    errorId,
    errorType: 'memory_drift',
    memoryId: 'm-1',
    notePath: 'work/test-project.md',
    query: 'memory:m-1',
    distance: 0.8,
    passageThen: 'X is a blocker.',
    passageNow: 'X was resolved.',
    detail: null,
    detectedAt: AT,
    lastSeenAt: AT,
    resolvedAt: null,
    ...overrides,
  };
}

/** Vault notes and chunks, and the vault vector cache. */
function registerNoteCases(current: () => VaultHarness): void {
  const store = (): Store => current().store;
  it('replaces a note and all of its chunks, listing chunks by path then ordinal', async () => {
    await write(store(), async (tx) => {
      await tx.vault.putRoot({ root: '/vault', addedAt: AT });
      await tx.vault.putRoot({ root: '/vault', addedAt: LATER });
      await tx.vault.putNote(note('b.md'), [chunk('b.md', 0, 'b0')]);
      await tx.vault.putNote(note('a.md'), [chunk('a.md', 1, 'a1'), chunk('a.md', 0, 'a0')]);
    });
    expect(await store().vault.listRoots()).toEqual([{ root: '/vault', addedAt: AT }]);
    const chunks = await store().vault.listChunks(['a.md', 'b.md']);
    expect(chunks.map((c) => `${c.path}#${c.ordinal}`)).toEqual(['a.md#0', 'a.md#1', 'b.md#0']);
    expect(chunks[0]).toEqual(chunk('a.md', 0, 'a0'));

    await write(store(), (tx) => tx.vault.putNote(note('a.md', 'h2'), [chunk('a.md', 0, 'new')]));
    expect((await store().vault.getNote('a.md'))?.contentHash).toBe('h2');
    expect((await store().vault.listChunks(['a.md'])).map((c) => c.text)).toEqual(['new']);
    expect((await store().vault.listNotes()).map((n) => n.path)).toEqual(['a.md', 'b.md']);

    await write(store(), (tx) => tx.vault.deleteNote('a.md'));
    expect(await store().vault.getNote('a.md')).toBeNull();
    expect(await store().vault.listChunks(['a.md'])).toEqual([]);
  });

  it('caches vectors by model and key, keeping the first vector of a key', async () => {
    await write(store(), async (tx) => {
      await tx.vault.putVectors('m@1', new Map([['k', new Float32Array([0.5, -1, 2])]]));
      await tx.vault.putVectors('m@1', new Map([['k', new Float32Array([9, 9, 9])]]));
    });
    const vectors = await store().vault.getVectors('m@1', ['k', 'missing']);
    expect([...vectors.keys()]).toEqual(['k']);
    expect([...(vectors.get('k') ?? [])]).toEqual([0.5, -1, 2]);
    expect((await store().vault.getVectors('other@1', ['k'])).size).toBe(0);
  });
}

/** Memories with their revisions and the resolution of their open prediction errors. */
function registerMemoryCases(current: () => VaultHarness): void {
  const store = (): Store => current().store;
  it('keeps memories with their revisions, filtered by entity, id and tag', async () => {
    await write(store(), async (tx) => {
      await tx.vault.putMemory(memory('m-2', { createdAt: LATER, tags: ['home'] }));
      await tx.vault.putMemory(memory('m-1'));
      await tx.vault.appendRevision(revision(2, 'second', LATER));
      await tx.vault.appendRevision(revision(1, 'first', AT));
    });
    expect((await store().vault.listMemories()).map((m) => m.memoryId)).toEqual(['m-1', 'm-2']);
    expect((await store().vault.listMemories({ tag: 'home' })).map((m) => m.memoryId)).toEqual([
      'm-2',
    ]);
    expect(await store().vault.listMemories({ memoryIds: ['m-2'], limit: 5 })).toHaveLength(1);
    expect(await store().vault.listMemories({ entityId: 'team:other' })).toEqual([]);
    expect(await store().vault.getMemory('m-1')).toEqual(memory('m-1'));
    expect((await store().vault.listRevisions('m-1')).map((r) => r.text)).toEqual([
      'first',
      'second',
    ]);
  });

  it('resolves only the memory’s open rows and filters by type and state', async () => {
    await write(store(), async (tx) => {
      await tx.vault.putMemory(memory('m-1'));
      await tx.vault.putPredictionError(predictionError('p-1'));
      await tx.vault.putPredictionError(
        predictionError('p-2', { errorType: 'memory_source_changed', distance: null }),
      );
      await tx.vault.putPredictionError(
        predictionError('p-3', { memoryId: 'm-9', detectedAt: LATER }),
      );
      await tx.vault.putPredictionError(
        predictionError('p-4', {
          errorType: 'state_zone_edit',
          memoryId: null,
          notePath: 'MEMORY.md',
        }),
      );
    });
    const resolved = await write(store(), (tx) => tx.vault.resolvePredictionErrors('m-1', LATER));
    expect(resolved).toBe(2);
    const open = await store().vault.listPredictionErrors({ unresolved: true });
    expect(open.map((row) => row.errorId)).toEqual(['p-4', 'p-3']);
    expect((await store().vault.getPredictionError('p-1'))?.resolvedAt).toBe(LATER);
    const drift = await store().vault.listPredictionErrors({ types: ['memory_drift'] });
    expect(drift.map((row) => row.errorId)).toEqual(['p-1', 'p-3']);
    expect(await store().vault.listPredictionErrors({ memoryId: 'm-9' })).toHaveLength(1);
    expect(await store().vault.listPredictionErrors({ limit: 1 })).toHaveLength(1);
  });
}

/** Prediction errors updated in place, forgetting a memory, and derived-state export and clear. */
function registerPredictionErrorCases(current: () => VaultHarness): void {
  const store = (): Store => current().store;
  it('updates a prediction error in place by id', async () => {
    await write(store(), (tx) => tx.vault.putPredictionError(predictionError('p-1')));
    await write(store(), (tx) =>
      tx.vault.putPredictionError(predictionError('p-1', { distance: 0.9, lastSeenAt: LATER })),
    );
    const rows = await store().vault.listPredictionErrors();
    expect(rows).toEqual([predictionError('p-1', { distance: 0.9, lastSeenAt: LATER })]);
  });

  it('forgetting a memory deletes its revisions and prediction errors', async () => {
    await write(store(), async (tx) => {
      await tx.vault.putMemory(memory('m-1'));
      await tx.vault.appendRevision(revision(1, 'first', AT));
      await tx.vault.putPredictionError(predictionError('p-1'));
      await tx.vault.putPredictionError(predictionError('p-2', { memoryId: 'm-2' }));
    });
    await write(store(), (tx) => tx.vault.deleteMemory('m-1'));
    expect(await store().vault.getMemory('m-1')).toBeNull();
    expect(await store().vault.listRevisions('m-1')).toEqual([]);
    expect((await store().vault.listPredictionErrors()).map((r) => r.errorId)).toEqual(['p-2']);
  });

  it('exports memories and errors as derived state; clearing keeps the note index', async () => {
    await write(store(), async (tx) => {
      await tx.vault.putNote(note('a.md'), [chunk('a.md', 0, 'a0')]);
      await tx.vault.putMemory(memory('m-1'));
      await tx.vault.putPredictionError(predictionError('p-1'));
    });
    const snapshot = await store().exportDerived();
    expect(snapshot.vault.memories).toEqual([memory('m-1')]);
    expect(snapshot.vault.predictionErrors).toEqual([predictionError('p-1')]);
    expect(await store().vault.exportSnapshot()).toEqual(snapshot.vault);

    await write(store(), (tx) => tx.dangerouslyClearDerived());
    expect((await store().exportDerived()).vault).toEqual({
      memories: [],
      revisions: [],
      predictionErrors: [],
    });
    expect(await store().vault.listChunks(['a.md'])).toHaveLength(1);
  });
}

/**
 * Registers the cases of the vault part of the `Store` contract: notes and chunks, the vector
 * cache, memories with revisions, prediction errors with their lifecycle, and which of them are
 * derived state (`exportDerived`, `dangerouslyClearDerived`).
 */
export function registerVaultConformance(current: () => VaultHarness): void {
  describe('vault: notes and chunks', () => {
    registerNoteCases(current);
  });

  describe('vault: memories and prediction errors', () => {
    registerMemoryCases(current);
    registerPredictionErrorCases(current);
  });
}
