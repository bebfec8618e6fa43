import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Clock, DEFAULT_ENTITY, EngineError, type JsonObject, toIso } from '../core/index.js';
import type { Job, JobQueue, JobWorker } from '../jobs/index.js';
import { EVENT_TYPES } from '../ledger/index.js';
import {
  type AskAnswer,
  type AskDocument,
  answerExtractively,
  applyRetentionPolicy,
  type CaptureRecord,
  type CaptureTrigger,
  captureKey,
  checkedProposals,
  clusterFriction,
  DEFAULT_REFLECTOR_SETTINGS,
  dailyLogHeader,
  dueForExpiry,
  type FrictionFix,
  type FrictionInput,
  MEMORY_SECTIONS,
  type MemoryEntry,
  type MemorySection,
  memoryIdOf,
  memoryZoneId,
  type ObserverOutput,
  observeTranscript,
  observeWithModel,
  type Proposal,
  type ProposalResolvedPayload,
  parseTranscript,
  RETENTION_POLICY,
  type ReflectionAttempt,
  type ReflectorInput,
  type RejectedCandidate,
  rankDocuments,
  readCaptures,
  readFriction,
  readMemory,
  readObservations,
  readProposals,
  readRetention,
  reflectObservations,
  renderDailyLogSection,
  renderMemoryZone,
  renderReview,
  type SessionCapturedPayload,
  type StoredObservations,
  toCaptureTrigger,
  writeMemorySections,
} from '../observer/index.js';
import type { ForgetResult, ForgetTarget, PipelineDeps } from '../pipeline/index.js';
import { recordEvent } from '../pipeline/index.js';
import { parseZones } from '../projections/index.js';
import type { LanguageModel } from '../providers/index.js';
import { queryTerms } from '../search/index.js';
import type { Store } from '../stores/index.js';
import { readTextFile, writeTextFile } from '../vault/index.js';

const DAY_MS = 86_400_000;
/** The durable queue observer runs go through. */
export const OBSERVE_QUEUE = 'observer.observe';
/** The durable queue of the daily job: expiry, retention, reflection, friction. */
export const DAILY_QUEUE = 'observer.daily';
/** The daily job runs at this UTC hour. */
const DAILY_HOUR = 6;

/** Observer settings of `createEngine`. */
export interface EngineObserverOptions {
  /** Where MEMORY.md, REVIEW.md and memory/YYYY-MM-DD.md are written. Default: the process's cwd. */
  readonly workspace?: string;
  /** Observes with this model instead of the offline rules (falls back to the rules on failure). */
  readonly languageModel?: LanguageModel | null;
  /** MEMORY.md budget in tokens (default 8000). */
  readonly memoryBudgetTokens?: number;
  /** Proposals may hold at most this share of their input's tokens (default 1: strictly smaller, as seed 002 requires). */
  readonly maxCompressionRatio?: number;
  /** Days of history before friction analysis runs (default 14). */
  readonly frictionMinHistoryDays?: number;
  /** Days of observations the reflector reads (default 7). */
  readonly reflectWindowDays?: number;
}

/** A capture request. */
export interface CaptureRequest {
  /** The transcript's text (Verity JSONL, a Claude Code transcript or a pi session file). */
  readonly text: string;
  /** The session id; default: the id the transcript names (Claude Code, pi). */
  readonly sessionId?: string | undefined;
  readonly trigger: string;
  readonly entityId?: string | undefined;
  /** `sync` observes now; `queue` (default) enqueues a durable job; `none` only captures. */
  readonly observe?: 'sync' | 'queue' | 'none';
}

/** What a capture did. */
export interface CaptureResult {
  /** `duplicate`: a capture with this dedupe key exists already; nothing was written. */
  readonly status: 'captured' | 'duplicate';
  readonly capture_key: string;
  readonly session_id: string;
  readonly trigger: CaptureTrigger;
  readonly format: string;
  readonly entries: number;
  readonly job_id: string | null;
  readonly observed: ObserveReport | null;
}

/** What one observer run did. */
export interface ObserveReport {
  readonly capture_key: string;
  readonly session_id: string;
  readonly observer: string;
  readonly status: 'observed' | 'already_observed';
  readonly segments: number;
  readonly observations: { readonly red: number; readonly yellow: number; readonly green: number };
  readonly daily_log: string | null;
}

/** What a reflection did. */
export interface ReflectReport {
  readonly status: 'proposed' | 'nothing_new' | 'compression_failed';
  readonly input_observations: number;
  readonly attempts: readonly ReflectionAttempt[];
  readonly proposals: readonly ProposalView[];
  readonly rejected: readonly RejectedCandidate[];
  readonly expired: readonly string[];
  readonly review_file: string;
}

/** A proposal as surfaces list it. */
export type ProposalView = Omit<Proposal, 'event_ids'> & { readonly expires_at: string | null };

/** A promoted entry as surfaces list it. */
export type MemoryEntryView = Omit<MemoryEntry, 'event_ids'>;

/** What retention did. */
export interface RetentionReport {
  readonly policy: typeof RETENTION_POLICY;
  readonly pruned: readonly string[];
  readonly archived: readonly string[];
}

/** What friction analysis did. */
export interface FrictionReport {
  readonly status: 'analyzed' | 'gated';
  /** Days of history held (since the first capture). */
  readonly history_days: number;
  readonly min_history_days: number;
  readonly fixes: readonly FrictionFix[];
}

/** What one daily run did. */
export interface DailyReport {
  readonly expired: readonly string[];
  readonly retention: RetentionReport;
  readonly reflect: ReflectReport;
  readonly friction: FrictionReport;
  /** The id of the next daily job, queued for the next 06:00 UTC. */
  readonly next_job_id: string;
}

/** The engine's observer capability (`engine.observer`). */
export interface ObserverCapability {
  /** The workspace folder projected files are written to. */
  readonly workspace: string;
  capture(request: CaptureRequest): Promise<CaptureResult>;
  /** Runs the observer on one capture (idempotent: a second run records nothing). */
  observe(captureKey: string): Promise<ObserveReport>;
  /** Observes every capture not observed yet, oldest first. */
  observePending(): Promise<readonly ObserveReport[]>;
  /** Starts workers on the durable observer and daily queues. */
  work(): Promise<readonly JobWorker[]>;
  /** Runs ready observer and daily jobs until none is ready, then stops. Returns how many ran. */
  drainQueue(): Promise<number>;
  /** Queues the daily job for the next 06:00 UTC (once per day: idempotent). */
  scheduleDaily(): Promise<string>;
  /** Runs the daily job now: expiry, retention, reflection, friction; then queues the next one. */
  runDaily(): Promise<DailyReport>;
  listCaptures(): Promise<readonly CaptureRecord[]>;
  /** Expires due proposals, reflects recent observations, stages proposals, writes REVIEW.md. */
  reflect(): Promise<ReflectReport>;
  listProposals(status?: Proposal['status'] | 'all'): Promise<readonly ProposalView[]>;
  resolveProposal(
    proposalId: string,
    action: 'approve' | 'reject' | 'edit',
    edit?: { readonly text?: string; readonly section?: string; readonly reason?: string },
  ): Promise<ProposalView>;
  /** Approves the proposals ticked in REVIEW.md, recording first any edit made to their line. */
  syncReview(): Promise<readonly string[]>;
  /** Records the expiry of proposals unreviewed for seven days. */
  expireProposals(): Promise<readonly string[]>;
  listMemory(all?: boolean): Promise<readonly MemoryEntryView[]>;
  retireMemory(memoryId: string, reason?: string): Promise<MemoryEntryView>;
  /** Redacts the entry's proposal and resolution events (as `verity forget` does) and rewrites MEMORY.md. */
  forgetMemory(memoryId: string, reason?: string): Promise<ForgetResult>;
  applyRetention(): Promise<RetentionReport>;
  analyzeFriction(): Promise<FrictionReport>;
  /** Answers from memory; `entityId` limits the messages and items searched to that entity. */
  ask(
    question: string,
    options?: { readonly limit?: number; readonly entityId?: string },
  ): Promise<AskAnswer>;
  /** Rewrites REVIEW.md and MEMORY.md from state. */
  writeFiles(): Promise<void>;
}

/** What the capability needs from the engine. */
export interface ObserverCapabilityDeps {
  readonly store: Store;
  readonly deps: PipelineDeps;
  readonly clock: Clock;
  readonly jobs: () => Promise<JobQueue>;
  readonly forget: (target: ForgetTarget, reason: string) => Promise<ForgetResult>;
  /** Keeps the vault's memories in step with promoted entries; absent, promotion stays file-only. */
  readonly memories?: PromotionLink;
}

/**
 * How promotion reaches the one list of memories (`verity memories list`): an approved entry
 * becomes a memory with source kind `promotion` and the entry id as ref; retiring or forgetting
 * the entry does the same to that memory.
 */
export interface PromotionLink {
  /** Records the memory of a newly promoted entry (its wiki links become citations). */
  promoted(entry: { readonly memoryId: string; readonly text: string }): Promise<void>;
  /** Drops the entry's memory from derived state; the ledger keeps its history. */
  retired(memoryId: string, reason: string): Promise<void>;
  /** Forgets the entry's memory and redacts its text in the ledger. */
  forgotten(memoryId: string, reason: string): Promise<void>;
}

function stamp(ms: number): string {
  return toIso(ms).slice(0, 10).replace(/-/g, '');
}

function toView(p: Proposal): ProposalView {
  const { event_ids: _events, ...rest } = p;
  return {
    ...rest,
    expires_at: p.status === 'pending' ? toIso(Date.parse(p.staged_at) + 7 * DAY_MS) : null,
  };
}

function toMemoryView(m: MemoryEntry): MemoryEntryView {
  const { event_ids: _events, ...rest } = m;
  return rest;
}

function countBy(output: ObserverOutput): ObserveReport['observations'] {
  const counts = { red: 0, yellow: 0, green: 0 };
  for (const s of output.segments) for (const o of s.observations) counts[o.priority] += 1;
  return counts;
}

function notFound(what: string, id: string): EngineError {
  return new EngineError('NOT_FOUND', `no ${what} ${id}`, { id });
}

/** Builds `engine.observer`. */
export function createObserverCapability(
  context: ObserverCapabilityDeps,
  options: EngineObserverOptions = {},
): ObserverCapability {
  const { store, deps, clock } = context;
  const workspace = options.workspace ?? process.cwd();
  const reviewPath = join(workspace, 'REVIEW.md');
  const memoryPath = join(workspace, 'MEMORY.md');
  const settings = {
    ...DEFAULT_REFLECTOR_SETTINGS,
    ...(options.memoryBudgetTokens === undefined
      ? {}
      : { budgetTokens: options.memoryBudgetTokens }),
    ...(options.maxCompressionRatio === undefined ? {} : { maxRatio: options.maxCompressionRatio }),
  };

  const record = (type: (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES], payload: JsonObject) =>
    recordEvent(deps, type, payload);

  async function writeReview(): Promise<void> {
    const text = renderReview(
      await readProposals(store),
      await readFriction(store),
      toIso(clock.now()),
    );
    await writeTextFile(reviewPath, text);
  }

  async function writeMemory(): Promise<void> {
    const memory = await readMemory(store);
    const existing = (await readTextFile(memoryPath)) ?? '';
    const zones = parseZones(existing);
    const present = new Set(zones.ok ? zones.value.zones.map((z) => z.id) : []);
    const bodies = new Map<MemorySection, string>();
    for (const section of MEMORY_SECTIONS) {
      // A section gets a zone once something was promoted to it; emptied zones stay, empty.
      if (memory.some((m) => m.section === section) || present.has(memoryZoneId(section))) {
        bodies.set(section, renderMemoryZone(memory, section));
      }
    }
    if (bodies.size === 0) return;
    const written = writeMemorySections(existing, bodies);
    if (!written.ok) {
      throw new EngineError('VALIDATION_FAILED', `MEMORY.md: ${written.error.message}`, {
        line: written.error.line,
      });
    }
    if (written.value !== existing) await writeTextFile(memoryPath, written.value);
  }

  async function appendDailyLog(output: ObserverOutput, capture: CaptureRecord): Promise<string> {
    const path = join(workspace, 'memory', `${output.date}.md`);
    await mkdir(join(workspace, 'memory'), { recursive: true });
    const existing = await readTextFile(path);
    const section = renderDailyLogSection(output, {
      trigger: capture.trigger,
      capturedAt: capture.captured_at.slice(11, 16),
      messageCount: capture.entry_count,
    });
    await appendFile(
      path,
      `${existing === null ? dailyLogHeader(output.date) : '\n'}${section}`,
      'utf8',
    );
    return path;
  }

  async function observe(key: string): Promise<ObserveReport> {
    const capture = (await readCaptures(store)).find((c) => c.capture_key === key);
    if (capture === undefined) throw notFound('capture', key);
    const done = await readObservations(store, key);
    if (done !== null) {
      return {
        capture_key: key,
        session_id: capture.session_id,
        observer: done.observer,
        status: 'already_observed',
        segments: done.segments.length,
        observations: countBy(done),
        daily_log: null,
      };
    }
    const event = await store.getEvent(capture.event_id);
    if (event === null || event.redacted) throw notFound('capture transcript', key);
    const payload = event.payload as unknown as SessionCapturedPayload;
    const input = {
      captureKey: key,
      sessionId: payload.session_id,
      entries: payload.entries,
      fallbackDate: capture.captured_at.slice(0, 10),
    };
    let output: ObserverOutput;
    const model = options.languageModel ?? null;
    if (model === null) output = observeTranscript(input);
    else {
      try {
        output = await observeWithModel(model, input);
      } catch (error: unknown) {
        if (!(error instanceof EngineError) || error.code !== 'PROVIDER_FAILED') throw error;
        // The model failed or answered badly: the offline rules still observe the session.
        output = observeTranscript(input);
      }
    }
    const fresh = await record(EVENT_TYPES.observationsRecorded, output as unknown as JsonObject);
    const dailyLog = fresh ? await appendDailyLog(output, capture) : null;
    return {
      capture_key: key,
      session_id: capture.session_id,
      observer: output.observer,
      status: fresh ? 'observed' : 'already_observed',
      segments: output.segments.length,
      observations: countBy(output),
      daily_log: dailyLog,
    };
  }

  async function expireProposals(): Promise<string[]> {
    const due = dueForExpiry(await readProposals(store), clock.now());
    for (const p of due) {
      await record(EVENT_TYPES.proposalResolved, {
        proposal_id: p.proposal_id,
        action: 'expired',
        reason: 'unreviewed for 7 days',
      } satisfies ProposalResolvedPayload as unknown as JsonObject);
    }
    return due.map((p) => p.proposal_id);
  }

  async function reflectorInputs(since: number): Promise<ReflectorInput[]> {
    const marks = await readRetention(store);
    const inputs: ReflectorInput[] = [];
    for (const capture of await readCaptures(store)) {
      const stored = await readObservations(store, capture.capture_key);
      if (stored === null) continue;
      for (const segment of stored.segments) {
        for (const o of segment.observations) {
          if (marks[o.observation_id] !== undefined) continue;
          const at = Date.parse(o.at ?? stored.recorded_at);
          if (at < since) continue;
          inputs.push({ ...o, session_id: stored.session_id, date: stored.date });
        }
      }
    }
    return inputs;
  }

  async function resolveProposal(
    proposalId: string,
    action: 'approve' | 'reject' | 'edit',
    edit: { readonly text?: string; readonly section?: string; readonly reason?: string } = {},
  ): Promise<ProposalView> {
    const proposal = (await readProposals(store)).find((p) => p.proposal_id === proposalId);
    if (proposal === undefined) throw notFound('proposal', proposalId);
    if (proposal.status !== 'pending') {
      throw new EngineError('CONFLICT', `proposal ${proposalId} is already ${proposal.status}`, {
        proposal_id: proposalId,
      });
    }
    if (action === 'edit') {
      const text = edit.text?.trim();
      const section = edit.section;
      if ((text === undefined || text === '') && section === undefined) {
        throw new EngineError('VALIDATION_FAILED', 'edit needs a text or a section', {
          proposal_id: proposalId,
        });
      }
      if (section !== undefined && !(MEMORY_SECTIONS as readonly string[]).includes(section)) {
        throw new EngineError(
          'VALIDATION_FAILED',
          `section must be one of ${MEMORY_SECTIONS.join(', ')}`,
          { parameter: 'section' },
        );
      }
      await record(EVENT_TYPES.proposalResolved, {
        proposal_id: proposalId,
        action: 'edited',
        ...(text === undefined || text === '' ? {} : { text }),
        ...(section === undefined ? {} : { section }),
        // Two identical edits are one event; the nonce keeps a later re-edit distinct.
        at: toIso(clock.now()),
      });
    } else {
      await record(EVENT_TYPES.proposalResolved, {
        proposal_id: proposalId,
        action: action === 'approve' ? 'approved' : 'rejected',
        ...(edit.reason === undefined ? {} : { reason: edit.reason }),
      });
      if (action === 'approve') {
        await writeMemory();
        await linkApproved(proposal);
      }
    }
    await writeReview();
    const after = (await readProposals(store)).find((p) => p.proposal_id === proposalId);
    if (after === undefined) throw notFound('proposal', proposalId);
    return toView(after);
  }

  async function linkApproved(proposal: Proposal): Promise<void> {
    const link = context.memories;
    if (link === undefined) return;
    if (proposal.kind === 'consolidation') {
      for (const id of proposal.retire_memory_ids) {
        await link.retired(id, `consolidated by ${proposal.proposal_id}`);
      }
      return;
    }
    const entry = (await readMemory(store)).find(
      (m) => m.memory_id === memoryIdOf(proposal.proposal_id),
    );
    if (entry !== undefined) await link.promoted({ memoryId: entry.memory_id, text: entry.text });
  }

  async function findMemory(memoryId: string): Promise<MemoryEntry> {
    const entry = (await readMemory(store)).find((m) => m.memory_id === memoryId);
    if (entry === undefined) throw notFound('memory entry', memoryId);
    return entry;
  }

  async function scheduleDaily(): Promise<string> {
    const now = clock.now();
    const today = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate(),
      DAILY_HOUR,
    );
    const next = today > now ? today : today + DAY_MS;
    const day = toIso(next).slice(0, 10);
    return (await context.jobs()).enqueue(
      DAILY_QUEUE,
      { day },
      { idempotencyKey: `${DAILY_QUEUE}:${day}`, runAt: toIso(next) },
    );
  }

  async function runDaily(): Promise<DailyReport> {
    const expired = await capability.expireProposals();
    const retention = await capability.applyRetention();
    const reflect = await capability.reflect();
    const friction = await capability.analyzeFriction();
    const next = await scheduleDaily();
    return { expired, retention, reflect, friction, next_job_id: next };
  }

  const capability: ObserverCapability = {
    workspace,

    async capture(request) {
      const trigger = toCaptureTrigger(request.trigger);
      const parsed = parseTranscript(request.text);
      if (!parsed.ok) {
        throw new EngineError('VALIDATION_FAILED', `transcript: ${parsed.error.message}`, {
          code: parsed.error.code,
          ...(parsed.error.line === null ? {} : { line: parsed.error.line }),
        });
      }
      const sessionId = request.sessionId ?? parsed.value.sessionId;
      if (sessionId === null || sessionId.trim() === '') {
        throw new EngineError(
          'VALIDATION_FAILED',
          'a session id is needed (--session / session_id)',
          {
            parameter: 'session_id',
          },
        );
      }
      const entries = parsed.value.entries;
      if (entries.length === 0) {
        throw new EngineError('VALIDATION_FAILED', 'the transcript holds no messages', {
          parameter: 'transcript',
        });
      }
      const key = captureKey(sessionId, trigger, entries);
      const payload: SessionCapturedPayload = {
        capture_key: key,
        session_id: sessionId,
        trigger,
        format: parsed.value.format,
        entity_id: request.entityId ?? DEFAULT_ENTITY,
        entries,
      };
      const fresh = await recordEvent(
        deps,
        EVENT_TYPES.sessionCaptured,
        payload as unknown as JsonObject,
        payload.entity_id,
        key,
      );
      let jobId: string | null = null;
      let observed: ObserveReport | null = null;
      const mode = request.observe ?? 'queue';
      if (fresh && mode === 'sync') observed = await observe(key);
      if (fresh && mode === 'queue') {
        jobId = await (await context.jobs()).enqueue(
          OBSERVE_QUEUE,
          { capture_key: key },
          { idempotencyKey: key },
        );
      }
      return {
        status: fresh ? 'captured' : 'duplicate',
        capture_key: key,
        session_id: sessionId,
        trigger,
        format: parsed.value.format,
        entries: entries.length,
        job_id: jobId,
        observed,
      };
    },

    observe,

    async observePending() {
      const reports: ObserveReport[] = [];
      for (const capture of await readCaptures(store)) {
        if (!capture.observed) reports.push(await observe(capture.capture_key));
      }
      return reports;
    },

    async work() {
      const queue = await context.jobs();
      return [
        queue.work(OBSERVE_QUEUE, async (job: Job) => {
          await observe(String(job.payload['capture_key']));
        }),
        queue.work(DAILY_QUEUE, async () => {
          await runDaily();
        }),
      ];
    },

    async drainQueue() {
      const queue = await context.jobs();
      let ran = 0;
      const workers = [
        queue.work(
          OBSERVE_QUEUE,
          async (job: Job) => {
            ran += 1;
            await observe(String(job.payload['capture_key']));
          },
          { pollIntervalMs: 50 },
        ),
        queue.work(
          DAILY_QUEUE,
          async () => {
            ran += 1;
            await runDaily();
          },
          { pollIntervalMs: 50 },
        ),
      ];
      try {
        for (;;) {
          const open = await queue.listJobs({ states: ['created', 'active', 'retry'] });
          const ready = open.filter(
            (j) =>
              (j.queue === OBSERVE_QUEUE || j.queue === DAILY_QUEUE) &&
              (j.state === 'active' || Date.parse(j.runAt) <= clock.now()),
          );
          if (ready.length === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        for (const worker of workers) await worker.stop();
      }
      return ran;
    },

    scheduleDaily,
    runDaily,

    listCaptures: () => readCaptures(store),

    async reflect() {
      const expired = await expireProposals();
      const now = clock.now();
      const since = now - (options.reflectWindowDays ?? 7) * DAY_MS;
      const observations = await reflectorInputs(since);
      const proposalsBefore = await readProposals(store);
      const memory = (await readMemory(store)).filter((m) => m.status === 'active');
      const reflection = reflectObservations({
        observations,
        memory,
        proposals: proposalsBefore,
        now,
        settings,
      });
      const day = stamp(now);
      const taken = proposalsBefore.filter((p) => p.proposal_id.startsWith(`p-${day}-`)).length;
      const ids = reflection.drafts.map(
        (_, i) => `p-${day}-${String(taken + i + 1).padStart(3, '0')}`,
      );
      await record(EVENT_TYPES.reflectionCompleted, {
        at: toIso(now),
        input_observations: observations.length,
        input_tokens: reflection.input_tokens,
        memory_tokens: reflection.memory_tokens,
        attempts: reflection.attempts as unknown as JsonObject[],
        failed: reflection.failed,
        rejected: reflection.rejected as unknown as JsonObject[],
        proposal_ids: ids,
      });
      for (const [i, draft] of reflection.drafts.entries()) {
        await record(EVENT_TYPES.proposalStaged, {
          ...draft,
          proposal_id: ids[i] ?? '',
        } as unknown as JsonObject);
      }
      await writeReview();
      const staged = (await readProposals(store)).filter((p) => ids.includes(p.proposal_id));
      return {
        status: reflection.failed
          ? 'compression_failed'
          : staged.length === 0
            ? 'nothing_new'
            : 'proposed',
        input_observations: observations.length,
        attempts: reflection.attempts,
        proposals: staged.map(toView),
        rejected: reflection.rejected,
        expired,
        review_file: reviewPath,
      };
    },

    async listProposals(status = 'pending') {
      const all = await readProposals(store);
      return all.filter((p) => status === 'all' || p.status === status).map(toView);
    },

    resolveProposal,

    async syncReview() {
      const text = await readTextFile(reviewPath);
      if (text === null) return [];
      const pending = new Map(
        (await readProposals(store))
          .filter((p) => p.status === 'pending')
          .map((p) => [p.proposal_id, p] as const),
      );
      const approved: string[] = [];
      for (const checked of checkedProposals(text)) {
        const proposal = pending.get(checked.proposal_id);
        if (proposal === undefined) continue;
        // The seed lets a reviewer edit the line before ticking it: the edit is recorded first.
        if (checked.text !== '' && checked.text !== proposal.text) {
          await resolveProposal(checked.proposal_id, 'edit', { text: checked.text });
        }
        await resolveProposal(checked.proposal_id, 'approve');
        approved.push(checked.proposal_id);
      }
      return approved;
    },

    async expireProposals() {
      const expired = await expireProposals();
      if (expired.length > 0) await writeReview();
      return expired;
    },

    async listMemory(all = false) {
      return (await readMemory(store))
        .filter((m) => all || m.status === 'active')
        .map(toMemoryView);
    },

    async retireMemory(memoryId, reason) {
      const entry = await findMemory(memoryId);
      if (entry.status === 'retired') {
        throw new EngineError('CONFLICT', `memory entry ${memoryId} is already retired`, {
          memory_id: memoryId,
        });
      }
      await record(EVENT_TYPES.memoryRetired, {
        memory_id: memoryId,
        reason: reason ?? 'retired on request',
      });
      await context.memories?.retired(memoryId, reason ?? 'retired on request');
      await writeMemory();
      return toMemoryView(await findMemory(memoryId));
    },

    async forgetMemory(memoryId, reason) {
      const entry = await findMemory(memoryId);
      let last: ForgetResult | null = null;
      for (const eventId of entry.event_ids) {
        last = await context.forget(
          { kind: 'event', eventId },
          reason ?? 'memory forgotten on request',
        );
      }
      await context.memories?.forgotten(memoryId, reason ?? 'memory forgotten on request');
      await writeMemory();
      await writeReview();
      if (last === null) throw notFound('memory events of', memoryId);
      return last;
    },

    async applyRetention() {
      const all: {
        observation_id: string;
        memory_priority: ObserverOutput['segments'][number]['observations'][number]['memory_priority'];
        at: string | null;
      }[] = [];
      const fallback = new Map<string, string>();
      for (const capture of await readCaptures(store)) {
        const stored: StoredObservations | null = await readObservations(
          store,
          capture.capture_key,
        );
        if (stored === null) continue;
        for (const s of stored.segments) {
          for (const o of s.observations) {
            all.push(o);
            fallback.set(o.observation_id, stored.recorded_at);
          }
        }
      }
      const result = applyRetentionPolicy(all, fallback, clock.now(), await readRetention(store));
      if (result.pruned.length + result.archived.length > 0) {
        await record(EVENT_TYPES.retentionApplied, {
          at: toIso(clock.now()),
          policy: RETENTION_POLICY as unknown as JsonObject,
          pruned: result.pruned,
          archived: result.archived,
        });
      }
      return { policy: RETENTION_POLICY, ...result };
    },

    async analyzeFriction() {
      const min = options.frictionMinHistoryDays ?? 14;
      const captures = await readCaptures(store);
      const first = captures
        .map((c) => Date.parse(c.first_entry_at ?? c.captured_at))
        .sort((a, b) => a - b)[0];
      const historyDays = first === undefined ? 0 : Math.floor((clock.now() - first) / DAY_MS);
      if (historyDays < min) {
        return { status: 'gated', history_days: historyDays, min_history_days: min, fixes: [] };
      }
      const inputs: FrictionInput[] = [];
      for (const capture of captures) {
        const stored = await readObservations(store, capture.capture_key);
        if (stored === null) continue;
        const byId = new Map(
          stored.segments.flatMap((s) => s.observations).map((o) => [o.observation_id, o]),
        );
        for (const o of byId.values()) {
          const fix = o.resolved_by === null ? null : (byId.get(o.resolved_by)?.text ?? null);
          inputs.push({ observation: o, session_id: stored.session_id, fix });
        }
      }
      const day = stamp(clock.now());
      const fixes: FrictionFix[] = clusterFriction(inputs).map((c, i) => ({
        fix_id: `f-${day}-${String(i + 1).padStart(3, '0')}`,
        text:
          c.fix === null
            ? `Recurring: ${c.text} — no fix recorded yet; add a rule or a check for it`
            : `Recurring: ${c.text} — known fix: ${c.fix}`,
        sessions: c.sessions,
        occurrences: c.occurrences,
      }));
      await record(EVENT_TYPES.frictionAnalyzed, {
        at: toIso(clock.now()),
        fixes: fixes as unknown as JsonObject[],
      });
      await writeReview();
      return { status: 'analyzed', history_days: historyDays, min_history_days: min, fixes };
    },

    async ask(question, askOptions) {
      if (question.trim() === '') {
        throw new EngineError('VALIDATION_FAILED', 'the question is empty', {
          parameter: 'question',
        });
      }
      const limit = askOptions?.limit ?? 5;
      const documents: AskDocument[] = [];
      for (const m of await readMemory(store)) {
        if (m.status !== 'active') continue;
        documents.push({
          kind: 'memory',
          id: m.memory_id,
          text: m.text,
          at: m.promoted_at,
          source: `MEMORY.md#${m.section}`,
          weight: 1.5,
        });
      }
      const marks = await readRetention(store);
      for (const capture of await readCaptures(store)) {
        const stored = await readObservations(store, capture.capture_key);
        if (stored === null) continue;
        for (const s of stored.segments) {
          for (const o of s.observations) {
            if (marks[o.observation_id] === 'pruned') continue;
            const weight = o.priority === 'red' ? 1.2 : o.priority === 'yellow' ? 0.8 : 0.4;
            documents.push({
              kind: 'observation',
              id: o.observation_id,
              text: o.text,
              at: o.at,
              source: `session:${stored.session_id}`,
              weight,
            });
          }
        }
      }
      const terms = queryTerms(question);
      const hits = await store.searchText(
        { terms },
        {
          kinds: ['message', 'state_item'],
          ...(askOptions?.entityId === undefined ? {} : { entityIds: [askOptions.entityId] }),
        },
        20,
      );
      for (const hit of hits) {
        const d = hit.document;
        documents.push({
          kind: d.kind === 'state_item' ? 'state_item' : 'message',
          id: d.kind === 'message' ? `${d.threadId}/${d.itemId}` : d.itemId,
          text: d.text,
          at: d.createdAt,
          source: d.threadId ?? 'notes',
          weight: d.kind === 'state_item' ? 1 : 0.6,
        });
      }
      const extractive = answerExtractively(question, documents, limit);
      const model = options.languageModel ?? null;
      if (model === null || extractive.citations.length === 0) return extractive;
      try {
        const ranked = rankDocuments(question, documents, limit);
        const result = await model.generateObject({
          system:
            'Answer the question only from the numbered passages. Cite each passage you use by its number. If they do not answer it, say so.',
          prompt: `Question: ${question}\n\n${ranked.map((r, i) => `[${i + 1}] ${r.document.text}`).join('\n')}`,
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['answer', 'cited'],
            properties: {
              answer: { type: 'string' },
              cited: { type: 'array', items: { type: 'integer' } },
            },
          },
          schemaName: 'memory_answer',
          timeoutMs: 30_000,
        });
        const value = result.value as { answer?: unknown; cited?: unknown } | null;
        const cited = Array.isArray(value?.cited)
          ? value.cited.filter((n): n is number => typeof n === 'number')
          : [];
        const citations = extractive.citations.filter((c) => cited.includes(c.ref));
        if (
          typeof value?.answer !== 'string' ||
          value.answer.trim() === '' ||
          citations.length === 0
        ) {
          return extractive;
        }
        return { question, answer: value.answer.trim(), mode: 'synthesised', citations };
      } catch (error: unknown) {
        if (error instanceof EngineError && error.code === 'PROVIDER_FAILED') return extractive;
        throw error;
      }
    },

    async writeFiles() {
      await writeReview();
      await writeMemory();
    },
  };
  return capability;
}
