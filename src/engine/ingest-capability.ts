import { parseRecord } from '../ledger/index.js';
import {
  applyRecord,
  flushSession,
  type IngestReport,
  ingest,
  openSession,
  type RecordResult,
  withPipelineTx,
} from '../pipeline/index.js';
import type { EngineContext } from './engine-context.js';
import {
  type MessageToRecord,
  type RecordMessagesOptions,
  type RecordMessagesResult,
  recordMessages,
} from './messages-capability.js';
import type { IngestOptions } from './search-capability.js';
import type { BackgroundJobHooks } from './types.js';

/** How records get in: JSONL or parsed records, conversation messages, single observations. */
export interface IngestCapability {
  /**
   * Ingests JSONL text or parsed records (docs/FORMATS.md). Valid records apply even if others fail.
   * Records (and their full-text index entries) are durable before any model runs; then, unless
   * `waitForIndex` is false or background indexing runs, new items get their vectors before this
   * resolves.
   */
  ingest(input: string | readonly unknown[], options?: IngestOptions): Promise<IngestReport>;
  /**
   * Records conversation messages (one or many) as `message` records, as `ingest` would, and
   * reports each one's outcome. Idempotent by (thread_id, message_id); `thread_id` and
   * `entity_id` may be given once for all, `created_at` defaults to now. Invalid messages go to
   * the dead-letter queue; valid ones apply regardless.
   */
  recordMessages(
    messages: readonly (MessageToRecord | Record<string, unknown>)[],
    options?: RecordMessagesOptions,
  ): Promise<RecordMessagesResult>;
  /** Records one `StateObservation` (as the MCP tool does) and reports its decision. */
  recordObservation(observation: unknown): Promise<RecordResult>;
}

/** What runs after records were committed (the services downstream of the ledger). */
export interface IngestCapabilityDeps {
  /** Whether ingest waits for vectors and state items by default. */
  readonly waitForIndex: boolean;
  /** Extracts state items from the new messages (state items). */
  readonly extractItems: (
    options: IngestOptions | undefined,
    waitByDefault: boolean,
  ) => Promise<void>;
  /** Captures tasks from what was recorded after `afterSeq` (tasks). */
  readonly captureTasks: (afterSeq: number) => Promise<void>;
  /** Fills vectors for the new items (search). */
  readonly indexItems: (options: IngestOptions | undefined) => Promise<void>;
  /**
   * The background jobs attached (`Engine.attachBackgroundJobs`), or null: while attached, item
   * extraction and vectors are handed to them unless the call asks to wait for the index.
   */
  readonly background: () => BackgroundJobHooks | null;
}

/** Builds the ingest paths over the engine's pipeline. */
export function createIngestCapability(
  context: EngineContext,
  after: IngestCapabilityDeps,
): IngestCapability {
  const { store, deps, clock } = context;
  const deferred = (wait: boolean | undefined): boolean =>
    after.background() !== null && wait !== true;
  return {
    async ingest(input, ingestOptions) {
      const before = await store.lastSeq();
      const report = await ingest(deps, input, { import: ingestOptions?.import === true });
      const later = deferred(ingestOptions?.waitForIndex);
      if (!later) await after.extractItems(ingestOptions, after.waitForIndex);
      await after.captureTasks(before);
      if (later) await after.background()?.afterIngest();
      else await after.indexItems(ingestOptions);
      return report;
    },

    async recordMessages(messages, messageOptions = {}) {
      const indexOptions =
        messageOptions.wait_for_index === undefined
          ? undefined
          : { waitForIndex: messageOptions.wait_for_index };
      const before = await store.lastSeq();
      const result = await recordMessages(
        (records, onRecord) =>
          ingest(deps, records, { onRecord, import: messageOptions.import === true }),
        messages,
        messageOptions,
        clock.now(),
      );
      // Tasks are captured at every ingest, as `ingest` does (the README's "also at every ingest").
      await after.captureTasks(before);
      if (deferred(indexOptions?.waitForIndex)) {
        await after.background()?.afterIngest();
        return result;
      }
      await after.extractItems(indexOptions, after.waitForIndex);
      await after.indexItems(indexOptions);
      return result;
    },

    recordObservation: (observation) => recordObservation(context, observation),
  };
}

async function recordObservation(
  context: EngineContext,
  observation: unknown,
): Promise<RecordResult> {
  const { store, deps, clock } = context;
  const parsed = parseRecord({ ...(observation as object), type: 'observation' });
  if (!parsed.ok) {
    const report = await ingest(deps, [{ ...(observation as object), type: 'observation' }]);
    return {
      event_id: parsed.rejection.inputId ?? '',
      status: 'rejected',
      decision: null,
      confidence: null,
      reasons: [],
      prompt_id: null,
      issues: report.rejections[0]?.issues ?? parsed.rejection.issues,
    } satisfies RecordResult;
  }
  const raw = JSON.stringify({ type: 'observation', ...(observation as object) });
  const entities =
    parsed.record.kind === 'observation' ? [parsed.record.observation.entity_id] : [];
  return withPipelineTx(store, { entities, global: true }, async (tx) => {
    const session = await openSession(tx);
    const outcome = await applyRecord(
      tx,
      session,
      parsed.record,
      raw,
      clock.now(),
      undefined,
      deps.maxFutureSkewMs,
    );
    await flushSession(tx, session);
    return {
      event_id: outcome.eventId ?? '',
      status: outcome.status,
      decision: outcome.result?.decisions[0] ?? null,
      confidence: outcome.result?.confidence ?? null,
      reasons: outcome.result?.reasons ?? [],
      prompt_id: outcome.result?.promptIds[0] ?? null,
      issues: outcome.issues,
    } satisfies RecordResult;
  });
}
