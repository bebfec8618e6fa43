import type { Embedder } from '../embeddings/index.js';
import { forget, type PipelineDeps } from '../pipeline/index.js';
import type { Store } from '../stores/index.js';
import type { PromotionLink } from './observer-capability.js';
import { checkDrift, listPredictionErrors, recordSignal, retrieve } from './vault/drift.js';
import {
  forgetMemory,
  listMemories,
  promotedMemory,
  recordMemory,
  showMemory,
  updateMemory,
} from './vault/memories.js';
import { addRoot, findNotes, indexAndCheckDrift, watch } from './vault/notes.js';
import { createVaultRuntime } from './vault/runtime.js';
import type { EngineVaultOptions, VaultCapability } from './vault/types.js';

export type * from './vault/types.js';

/**
 * Links MEMORY.md promotion to the vault's memories: a promoted entry is recorded as a memory
 * (source kind `promotion`, ref = the entry id); retiring it drops that memory from derived
 * state, forgetting it also redacts the memory's text in the ledger.
 */
export function promotionLink(vault: VaultCapability): PromotionLink {
  return {
    async promoted(entry) {
      if ((await vault.promotedMemory(entry.memoryId)) !== null) return;
      await vault.recordMemory({
        text: entry.text,
        source: { kind: 'promotion', ref: entry.memoryId },
      });
    },
    async retired(entryId, reason) {
      const memory = await vault.promotedMemory(entryId);
      if (memory !== null) await vault.forgetMemory(memory.memory_id, { redact: false, reason });
    },
    async forgotten(entryId, reason) {
      const memory = await vault.promotedMemory(entryId);
      if (memory !== null) await vault.forgetMemory(memory.memory_id, { reason });
    },
  };
}

/**
 * Builds `engine.vault`: each operation is a step in `engine/vault/` over one runtime (the
 * engine's dependencies and the drift settings). `redact` redacts one event's text in the ledger
 * (the engine also prunes cached vectors afterwards).
 */
export function createVaultCapability(
  store: Store,
  deps: PipelineDeps,
  embedder: Embedder | null,
  options: EngineVaultOptions = {},
  redact: (eventId: string, reason: string) => Promise<void> = async (eventId, reason) => {
    await forget(deps, { kind: 'event', eventId }, reason);
  },
): VaultCapability {
  const rt = createVaultRuntime(store, deps, embedder, options, redact);
  return {
    settings: rt.settings,
    addRoot: (directory) => addRoot(rt, directory),
    index: () => indexAndCheckDrift(rt),
    watch: (watchOptions) => watch(rt, watchOptions),
    searchNotes: (query, searchOptions) => findNotes(rt, query, searchOptions),
    recordMemory: (input) => recordMemory(rt, input),
    updateMemory: (memoryId, input) => updateMemory(rt, memoryId, input),
    forgetMemory: (memoryId, forgetOptions) => forgetMemory(rt, memoryId, forgetOptions),
    promotedMemory: (entryId) => promotedMemory(rt, entryId),
    listMemories: (listOptions) => listMemories(rt, listOptions),
    showMemory: (memoryId) => showMemory(rt, memoryId),
    checkDrift: (memoryIds) => checkDrift(rt, memoryIds),
    recordSignal: (memoryId, signal) => recordSignal(rt, memoryId, signal),
    retrieve: (query, entityIds, limit) => retrieve(rt, query, entityIds, limit),
    listPredictionErrors: (filters) => listPredictionErrors(rt, filters),
  };
}
