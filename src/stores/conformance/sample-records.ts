import type { HistoryEntry, ReviewPrompt, SlotState } from '../../core/index.js';
import { contentHash, domainOf } from '../../core/index.js';
import type {
  DlqItem,
  MessageRecord,
  NewLedgerEvent,
  Store,
  StoredStateItem,
  WriteScope,
  WriteTx,
} from '../store.js';

/** The entity the samples use unless told otherwise. */
export const SAMPLE_ENTITY = 'user:primary';

/** The write scope of the sample records. */
export const SCOPE: WriteScope = { entities: [SAMPLE_ENTITY] };

/** Runs `fn` as a writer of the sample entity, or of `scope` when given. */
export function write<T>(
  store: Store,
  fn: (tx: WriteTx) => Promise<T>,
  scope: WriteScope = SCOPE,
): Promise<T> {
  return store.withWriteLock(scope, fn);
}

/** The sample day (1 March 2025) at 09:`minute` UTC, as RFC 3339 text. */
export function at(minute: number): string {
  return new Date(Date.UTC(2025, 2, 1, 9, minute)).toISOString();
}

/** A user message created at `at(minute)`. */
export function messageAt(
  threadId: string,
  messageId: string,
  minute: number,
  overrides: Partial<MessageRecord> = {},
): MessageRecord {
  return sampleMessage(threadId, messageId, { createdAt: at(minute), ...overrides });
}

/**
 * Writes each of `records` with `put`, in order, in one transaction as a writer of `scope` (the
 * sample entity by default).
 */
export async function putEach<R>(
  store: Store,
  records: readonly R[],
  put: (tx: WriteTx, record: R) => Promise<unknown>,
  scope: WriteScope = SCOPE,
): Promise<void> {
  await write(
    store,
    async (tx) => {
      for (const record of records) await put(tx, record);
    },
    scope,
  );
}

/** Stores `messages` in one transaction, as a writer of `scope` (the sample entity by default). */
export function putMessages(
  store: Store,
  messages: readonly MessageRecord[],
  scope: WriteScope = SCOPE,
): Promise<void> {
  return putEach(store, messages, (tx, message) => tx.putMessage(message), scope);
}

/**
 * The store of the case that is running, for cases registered before any store is open: every
 * property read goes to `harness().store` at that moment (methods bound to it).
 */
export function currentStore(harness: () => { readonly store: Store }): Store {
  return new Proxy({} as Store, {
    get(_target, property) {
      const store = harness().store;
      const value: unknown = Reflect.get(store, property, store);
      return typeof value === 'function' ? value.bind(store) : value;
    },
  });
}

const SAMPLE_TIME = '2025-03-01T09:00:00.000Z';

/** A new ledger event; its `payloadHash` follows its payload unless overridden. */
export function sampleEvent(
  eventId: string,
  overrides: Partial<NewLedgerEvent> = {},
): NewLedgerEvent {
  const payload = overrides.payload ?? { field: 'travel.status', value: `value of ${eventId}` };
  return {
    eventId,
    type: 'observation.recorded',
    entityId: SAMPLE_ENTITY,
    eventTs: SAMPLE_TIME,
    recordedAt: SAMPLE_TIME,
    dedupeKey: null,
    ...overrides,
    payload,
    payloadHash: overrides.payloadHash ?? contentHash(payload),
  };
}

/** A slot with a committed value and one piece of evidence, so nested records round-trip. */
export function sampleSlot(
  entityId: string,
  field: string,
  overrides: Partial<SlotState> = {},
): SlotState {
  return {
    entityId,
    field,
    domain: domainOf(field) ?? 'profile',
    version: 1,
    committed: {
      value: 'in_progress',
      confidence: 0.91,
      margin: 0.4,
      rule: 'auto_commit',
      eventId: 'evt-1',
      sourceType: 'user_statement',
      sourceRef: 'chat:1',
      validFrom: SAMPLE_TIME,
      decidedAt: SAMPLE_TIME,
      lastEvidenceAt: SAMPLE_TIME,
      supportingEventIds: ['evt-1'],
      reasons: ['user said so'],
      thresholds: { ask: 0.5, auto: 0.85, margin: 0.2 },
      lowConfidence: false,
    },
    evidence: [
      {
        eventId: 'evt-1',
        value: 'in_progress',
        sourceType: 'user_statement',
        sourceRef: 'chat:1',
        intent: 'assertive',
        eventTs: SAMPLE_TIME,
        recordedAt: SAMPLE_TIME,
        corroborators: 0,
        correction: false,
        extractionConfidence: 1,
        extractor: null,
        state: 'live',
        stateBy: null,
      },
    ],
    pending: null,
    ...overrides,
  };
}

/** One history line for a slot. */
export function sampleHistoryEntry(
  entityId: string,
  field: string,
  eventId: string,
  recordedAt: string,
  overrides: Partial<HistoryEntry> = {},
): HistoryEntry {
  return {
    entityId,
    field,
    eventId,
    recordedAt,
    eventTs: recordedAt,
    kind: 'committed',
    decision: 'auto_commit',
    value: `value at ${recordedAt}`,
    confidence: 0.9,
    reasons: ['sample'],
    committedAfter: `value at ${recordedAt}`,
    versionAfter: 1,
    details: { note: 'sample', nested: { list: [1, 2, 3] } },
    ...overrides,
  };
}

/** An open review prompt. */
export function samplePrompt(
  promptId: string,
  createdAt: string,
  overrides: Partial<ReviewPrompt> = {},
): ReviewPrompt {
  return {
    promptId,
    entityId: SAMPLE_ENTITY,
    domain: 'travel',
    field: 'travel.status',
    proposedValue: 'in_progress',
    currentValue: 'planned',
    proposedChange: 'travel.status: planned -> in_progress',
    confidence: 0.7,
    reasons: ['calendar says so'],
    slotVersion: 1,
    evidenceEventIds: ['evt-1'],
    createdAt,
    sequence: 1,
    expiresAt: '2025-04-01T09:00:00.000Z',
    status: 'open',
    closedBy: null,
    closedAt: null,
    origin: 'resolver',
    ...overrides,
  };
}

/** A user message. */
export function sampleMessage(
  threadId: string,
  messageId: string,
  overrides: Partial<MessageRecord> = {},
): MessageRecord {
  return {
    threadId,
    messageId,
    eventId: `evt-${threadId}-${messageId}`,
    entityId: SAMPLE_ENTITY,
    role: 'user',
    content: `message ${messageId}`,
    createdAt: SAMPLE_TIME,
    source: 'chat',
    ...overrides,
  };
}

/** A pending dead-letter item. */
export function sampleDlqItem(
  dlqId: string,
  firstSeenAt: string,
  overrides: Partial<DlqItem> = {},
): DlqItem {
  return {
    dlqId,
    raw: '{"not":"valid"}',
    schemaName: 'observation',
    errors: [{ path: '/field', rule: 'required', message: 'field is required' }],
    inputId: null,
    domain: null,
    firstSeenAt,
    lastTriedAt: firstSeenAt,
    retryCount: 0,
    nextRetryAt: null,
    status: 'pending',
    needsReview: false,
    ...overrides,
  };
}

/** An active decision of a thread, with tags and refs, so list fields round-trip. */
export function sampleStateItem(
  threadId: string,
  uid: string,
  overrides: Partial<StoredStateItem> = {},
): StoredStateItem {
  return {
    threadId,
    entityId: SAMPLE_ENTITY,
    uid,
    text: `Use the option named in ${uid}`,
    status: 'active',
    typeTag: 'decision',
    topicTags: ['storage', 'analytics'],
    refs: ['m-1', 'm-2'],
    confidence: 'high',
    replacedBy: null,
    supersessionEvidence: null,
    conflict: false,
    pinned: false,
    source: 'rules',
    createdAt: SAMPLE_TIME,
    lastSeenAt: SAMPLE_TIME,
    updatedAt: SAMPLE_TIME,
    ...overrides,
  };
}
