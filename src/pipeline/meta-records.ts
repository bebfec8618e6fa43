/**
 * The fold's own meta records, typed and checked on read (see `stores/meta-records.ts`): the
 * learning counters, a bundle whose members are still arriving, and each speaker's last
 * statements in a thread. The policy record is read through core's policy validation.
 */
import type {
  DayCounts,
  DomainStats,
  LearningStats,
  ObservationInput,
  SourceType,
} from '../core/index.js';
import {
  defineMetaRecord,
  type MetaRecord,
  type MetaShape,
  metaShape as s,
} from '../stores/index.js';

const dayCounts: MetaShape<DayCounts> = s.object<DayCounts>({
  autoCommits: s.number,
  corrections: s.number,
  asks: s.number,
  confirmed: s.number,
  rejected: s.number,
  edited: s.number,
});

const domainStats: MetaShape<DomainStats> = s.object<DomainStats>({
  autoCommits: s.number,
  autoCommitCorrections: s.number,
  asks: s.number,
  confirmed: s.number,
  rejected: s.number,
  edited: s.number,
  tentative: s.number,
  mutations: s.number,
  calibrationRemaining: s.number,
  forceConfirmRemaining: s.number,
  days: s.record(dayCounts),
});

/**
 * The learning counters, per domain. A domain the stored record lacks (one added since it was
 * written) is not an error: `openSession` gives it fresh counters.
 */
export const STATS: MetaRecord<Partial<LearningStats>> = defineMetaRecord(
  'learning',
  s.record(domainStats) as MetaShape<Partial<LearningStats>>,
);

/** A bundle whose members are still arriving (see `collectBundleMember`). */
export interface PendingBundle {
  readonly id: string;
  readonly size: number;
  readonly now: number;
  readonly members: readonly ObservationInput[];
}

/** Meta key of the bundle whose members are still arriving. */
export const PENDING_BUNDLE_KEY = 'bundle:pending';

// A member is checked for the fields that identify it; the rest is the resolver's input as the
// fold wrote it a moment earlier in the same ledger order.
const bundleMember = s.object<Pick<ObservationInput, 'eventId' | 'entityId' | 'field'>>({
  eventId: s.string,
  entityId: s.string,
  field: s.string,
}) as MetaShape<ObservationInput>;

/** The bundle being collected, or null. */
export const PENDING_BUNDLE: MetaRecord<PendingBundle> = defineMetaRecord(
  PENDING_BUNDLE_KEY,
  s.object<PendingBundle>({
    id: s.string,
    size: s.number,
    now: s.number,
    members: s.array(bundleMember),
  }),
);

/** What a speaker said last in a thread, so that "scratch that" can withdraw it. */
export interface SpeakerStatement {
  /** The `thread:<t>:msg:<m>` reference of the message. */
  readonly ref: string;
  /** The slots its extracted observations were about. */
  readonly fields: readonly { readonly entityId: string; readonly field: string }[];
}

/** A speaker's current and previous statement in one thread. */
export interface SpeakerStatements {
  readonly previous: SpeakerStatement | null;
  readonly current: SpeakerStatement;
}

const statement = s.object<SpeakerStatement>({
  ref: s.string,
  fields: s.array(
    s.object<{ readonly entityId: string; readonly field: string }>({
      entityId: s.string,
      field: s.string,
    }),
  ),
});

const statements = s.object<SpeakerStatements>({
  previous: s.nullable(statement),
  current: statement,
});

/** Meta key of a speaker's last statements in a thread. */
export function speakerKey(threadId: string, sourceType: SourceType): string {
  return `speaker:${sourceType}:thread:${threadId}`;
}

/** The record of a speaker's last statements in a thread. */
export function speakerStatements(
  threadId: string,
  sourceType: SourceType,
): MetaRecord<SpeakerStatements> {
  return defineMetaRecord(speakerKey(threadId, sourceType), statements);
}

/** The same record by its key (for a key built from a message reference). */
export function speakerStatementsAt(key: string): MetaRecord<SpeakerStatements> {
  return defineMetaRecord(key, statements);
}

/**
 * Whether a thread is known to have had more than one speaker, or to have been emptied by a forget
 * (a `thread.shared` event): the thread's id when it is, absent otherwise. Context calls read it,
 * since a forget leaves no message of the other speakers (or of anyone) behind.
 */
export function sharedThreadRecord(threadId: string): MetaRecord<string> {
  return defineMetaRecord(`thread:shared:${threadId}`, s.string);
}

/**
 * The rules versions (`rules@X.Y.Z`) whose code folded the live derived state since it was last
 * rebuilt, sorted. `rebuild --verify` reads it to tell a difference left by a rules upgrade from a
 * corruption; it describes the state rather than being part of it, so the state's hash leaves it
 * out (`derivedHash`).
 */
export const DERIVED_BY: MetaRecord<readonly string[]> = defineMetaRecord(
  'derived_by',
  s.array(s.string),
);
