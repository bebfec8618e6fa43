import { readCaptures } from '../observer/index.js';
import { ask } from './observer/ask.js';
import { drainQueue, runDaily, scheduleDaily, work } from './observer/daily.js';
import { writeFiles } from './observer/files.js';
import { analyzeFriction } from './observer/friction.js';
import {
  forgetCapturedMessage,
  forgetMemory,
  listMemory,
  retireMemory,
} from './observer/memory.js';
import { capture, observe, observePending } from './observer/observe.js';
import {
  expireAndReview,
  listProposals,
  resolveProposal,
  syncReview,
} from './observer/proposals.js';
import { reflect } from './observer/reflect.js';
import { applyRetention } from './observer/retention.js';
import { createObserverRuntime } from './observer/runtime.js';
import type {
  EngineObserverOptions,
  ObserverCapability,
  ObserverCapabilityDeps,
} from './observer/types.js';
import { resolveZoneEdit } from './observer/zones.js';

export type * from './observer/types.js';
export { DAILY_QUEUE, OBSERVE_QUEUE } from './observer/types.js';

/**
 * Builds `engine.observer`: each operation is a step in `engine/observer/` over one runtime
 * (the engine's dependencies, the resolved settings and the workspace paths).
 */
export function createObserverCapability(
  context: ObserverCapabilityDeps,
  options: EngineObserverOptions = {},
): ObserverCapability {
  const rt = createObserverRuntime(context, options);
  return {
    workspace: rt.workspace,
    capture: (request) => capture(rt, request),
    observe: (captureKey) => observe(rt, captureKey),
    observePending: () => observePending(rt),
    work: () => work(rt),
    drainQueue: () => drainQueue(rt),
    scheduleDaily: () => scheduleDaily(rt),
    runDaily: () => runDaily(rt),
    listCaptures: () => readCaptures(rt.store),
    reflect: () => reflect(rt),
    listProposals: (status) => listProposals(rt, status),
    resolveProposal: (proposalId, action, edit) => resolveProposal(rt, proposalId, action, edit),
    syncReview: () => syncReview(rt),
    expireProposals: () => expireAndReview(rt),
    listMemory: (all) => listMemory(rt, all),
    retireMemory: (memoryId, reason) => retireMemory(rt, memoryId, reason),
    forgetMemory: (memoryId, reason, options) => forgetMemory(rt, memoryId, reason, options),
    forgetMessage: (sessionId, entryId, reason) =>
      forgetCapturedMessage(rt, sessionId, entryId, reason),
    resolveZoneEdit: (zone, action) => resolveZoneEdit(rt, zone, action),
    applyRetention: () => applyRetention(rt),
    analyzeFriction: () => analyzeFriction(rt),
    ask: (question, askOptions) => ask(rt, question, askOptions),
    writeFiles: () => writeFiles(rt),
  };
}
