import type { HistoryEntry, JsonValue } from '../../core/index.js';
import { formatIssues } from '../../core/index.js';
import type {
  AnswerResult,
  DeadLetterReview,
  DlqRetryReport,
  Engine,
  EntityView,
  Explanation,
  FieldView,
  ForgetResult,
  IngestReport,
  PatchReviewItem,
  PromptView,
  RebuildResult,
  Stats,
  TaskReviewAnswer,
  TaskReviewItem,
} from '../../engine/index.js';

type DlqItem = Awaited<ReturnType<Engine['listDlq']>>[number];
type SlotView = Omit<FieldView, 'entity_id' | 'field'>;

/** A number with at most three decimals (`0.945`, `12`). */
export function formatNumber(value: number | null): string {
  return value === null ? 'n/a' : String(Math.round(value * 1000) / 1000);
}

function formatValue(value: string | null): string {
  return value === null ? '(none)' : value;
}

/** Pads every column to its widest cell; rows are lines. */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function renderSlot(field: string, slot: SlotView): string {
  const facts: string[] = [slot.status];
  if (slot.confidence !== null) facts.push(`confidence ${formatNumber(slot.confidence)}`);
  if (slot.source !== null) facts.push(`source ${slot.source}`);
  if (slot.valid_from !== null) facts.push(`since ${slot.valid_from}`);
  let line = `${field} = ${formatValue(slot.value)} (${facts.join(', ')})`;
  if (slot.stale) line += ' [stale]';
  if (slot.low_confidence) line += ' [low confidence]';
  if (slot.pending !== null) {
    const { value, confidence, prompt_id } = slot.pending;
    line += `\n  pending: ${formatValue(value)} (${formatNumber(confidence)}, prompt ${prompt_id})`;
  }
  return line;
}

/** `travel.status = in_progress (committed, confidence 0.945, source user_statement, since …)`. */
export function renderField(view: FieldView): string {
  return renderSlot(view.field, view);
}

/** One prompt with its reasons and how to answer it. */
export function renderPrompt(prompt: PromptView): string {
  const status = prompt.status === 'open' ? '' : `  [${prompt.status}]`;
  const lines = [
    `${prompt.prompt_id}  ${prompt.proposed_change}  (confidence ${formatNumber(prompt.confidence)})  ${prompt.entity_id}${status}`,
    ...prompt.reason_summary.map((reason) => `    ${reason}`),
  ];
  if (prompt.status === 'open' || prompt.status === 'queued') {
    lines.push(
      `    answer: verity review confirm|reject ${prompt.prompt_id}  |  verity review edit ${prompt.prompt_id} VALUE`,
    );
  }
  return lines.join('\n');
}

/** Every field of an entity, then its pending prompts. */
export function renderEntity(view: EntityView): string {
  const fields = Object.keys(view.state).sort();
  const lines: string[] = [];
  if (fields.length === 0) lines.push(`${view.entity_id} has no state`);
  for (const field of fields) {
    const slot = view.state[field];
    if (slot !== undefined) lines.push(renderSlot(field, slot));
  }
  if (view.pending.length > 0) {
    lines.push('', `Pending review (${view.pending.length})`);
    lines.push(...view.pending.map(renderPrompt));
  }
  return lines.join('\n');
}

/** The explanation paragraph, the winning event, the evidence table and the thresholds. */
export function renderExplanation(explanation: Explanation): string {
  const lines = [explanation.text, ''];
  const winner = explanation.winning_event;
  lines.push(
    winner === null
      ? 'winning event: none'
      : `winning event: ${winner.event_id} (${winner.source_type} ${winner.source_ref}, ${winner.event_ts})`,
  );
  if (explanation.rule !== null) lines.push(`rule: ${explanation.rule}`);
  if (explanation.reasons.length > 0) {
    lines.push('reasons:', ...explanation.reasons.map((reason) => `  ${reason}`));
  }
  lines.push('');
  if (explanation.evidence.length === 0) {
    lines.push('evidence: none');
  } else {
    lines.push(
      renderTable(
        ['value', 'source', 'intent', 'event_ts', 'state', 'score', 'event_id'],
        explanation.evidence.map((item) => [
          formatValue(item.value),
          item.source_type,
          item.intent,
          item.event_ts,
          item.state,
          formatNumber(item.score),
          item.event_id,
        ]),
      ),
    );
  }
  const t = explanation.thresholds;
  lines.push(
    '',
    t === null
      ? 'thresholds: n/a'
      : `thresholds: auto ${formatNumber(t.auto)}, ask ${formatNumber(t.ask)}, margin ${formatNumber(t.margin)}`,
  );
  return lines.join('\n');
}

/** History entries as a table, oldest first as the engine returns them. */
export function renderHistory(entries: readonly HistoryEntry[]): string {
  if (entries.length === 0) return 'no history';
  return renderTable(
    ['recorded_at', 'field', 'kind', 'value', 'confidence', 'committed_after', 'event_id'],
    entries.map((entry) => [
      entry.recordedAt,
      entry.field,
      entry.kind,
      formatValue(entry.value),
      formatNumber(entry.confidence),
      formatValue(entry.committedAfter),
      entry.eventId,
    ]),
  );
}

/** `applied N, duplicate N, rejected N`, then one line per rejection issue. */
export function renderIngestReport(report: IngestReport): string {
  const lines = [
    `applied ${report.applied}, duplicate ${report.duplicate}, rejected ${report.rejected}`,
  ];
  for (const rejection of report.rejections) {
    for (const issue of rejection.issues) {
      lines.push(
        `line ${rejection.line}: ${issue.path || '(record)'}: ${issue.message} (${issue.rule})`,
      );
    }
    lines.push(`  -> dead letter ${rejection.dlq_id} (${rejection.schema})`);
  }
  return lines.join('\n');
}

/** A dead letter waiting for a person. */
export function renderDeadLetterReview(item: DeadLetterReview): string {
  return [
    `${item.dlq_id}  ${item.schema_name}  first seen ${item.first_seen_at}${item.alert ? '  [ALERT]' : ''}`,
    `    ${formatIssues(item.errors)}`,
    `    fix: verity dlq edit ${item.dlq_id} FILE  |  verity dlq discard ${item.dlq_id}`,
  ].join('\n');
}

/** The review queue: prompts, then dead letters under their own heading. */
export function renderReviewList(
  prompts: readonly PromptView[],
  deadLetters: readonly DeadLetterReview[],
  tasks: readonly TaskReviewItem[] = [],
  patches: readonly PatchReviewItem[] = [],
): string {
  const lines =
    prompts.length === 0
      ? ['No review prompts.']
      : [`Review prompts (${prompts.length})`, ...prompts.map(renderPrompt)];
  if (deadLetters.length > 0) {
    lines.push('', `Dead letters needing review (${deadLetters.length})`);
    lines.push(...deadLetters.map(renderDeadLetterReview));
  }
  if (tasks.length > 0) {
    lines.push(
      '',
      `Stuck tasks needing review (${tasks.length}); answer: acknowledge, cancel, unstick`,
    );
    for (const task of tasks) {
      lines.push(
        `- ${task.task_id} E${task.escalation_level} ${task.priority ?? '-'} ${task.state} "${task.title}": ${task.reason}`,
      );
    }
  }
  if (patches.length > 0) {
    lines.push('', `Proposed patches (${patches.length}); answer: approve, reject`);
    for (const patch of patches) {
      lines.push(
        `- ${patch.patch_id} ${patch.title}: ${patch.change.key} ${JSON.stringify(patch.change.from)} -> ${JSON.stringify(patch.change.to)}`,
      );
    }
  }
  return lines.join('\n');
}

/** What an answer to a task or patch review item did. */
export function renderTaskReviewAnswer(answer: TaskReviewAnswer): string {
  if (answer.kind === 'patch') return `${answer.patch.patch_id} ${answer.patch.status}`;
  const task = answer.task;
  return `${task.id} ${answer.action}: ${task.state}, E${task.escalation_level}${task.acknowledged_at === null ? '' : `, acknowledged ${task.acknowledged_at}`}`;
}

/** The field a review answer left behind. */
export function renderAnswer(result: AnswerResult): string {
  return `prompt ${result.prompt_id} ${result.status}\n${renderField(result.field)}`;
}

/** The DLQ as a table, with each item's errors. */
export function renderDlq(items: readonly DlqItem[]): string {
  if (items.length === 0) return 'The dead-letter queue is empty.';
  return renderTable(
    ['dlq_id', 'status', 'schema', 'retries', 'next_retry', 'errors'],
    items.map((item) => [
      item.dlqId,
      item.needsReview ? `${item.status} (review)` : item.status,
      item.schemaName,
      String(item.retryCount),
      item.nextRetryAt ?? '-',
      formatIssues(item.errors),
    ]),
  );
}

/** `retried N, resolved N, failed N, permanently failed N`. */
export function renderRetryReport(report: DlqRetryReport): string {
  return `retried ${report.retried}, resolved ${report.resolved}, failed ${report.failed}, permanently failed ${report.permanently_failed}`;
}

/** Event count and hash; with verification both hashes and the verdict. */
export function renderRebuild(result: RebuildResult): string {
  const lines = [`rebuilt from ${result.events} events`, `hash:      ${result.hash}`];
  if (result.verified !== null) {
    const live = result.live_versions ?? [];
    lines.push(
      `live hash: ${result.live_hash ?? 'n/a'}`,
      `versions:  replay ${result.version}, live ${live.length === 0 ? '(not recorded)' : live.join(', ')}`,
      `verified: ${result.verified ? 'yes' : 'no'}`,
    );
    if (result.difference === 'version_change') {
      lines.push(
        'difference: a rules version change (the live state was folded by other rules); run `verity rebuild` to re-derive it',
      );
    } else if (result.difference === 'corruption') {
      lines.push(
        'difference: corruption (the same rules folded the live state, and a replay gives other state)',
      );
    }
  }
  return lines.join('\n');
}

/** What `forget` erased. */
export function renderForget(result: ForgetResult): string {
  const letters =
    result.dead_letters > 0
      ? `, ${result.dead_letters} dead letter${result.dead_letters === 1 ? '' : 's'} erased`
      : '';
  const lines = [
    `forgotten: tombstone ${result.tombstone_id}, ${result.covered_events} events covered, ${result.redacted} redacted${letters}`,
  ];
  const erased = result.messages_erased ?? [];
  if (erased.length > 0) lines.push(`  messages erased with it: ${erased.join(', ')}`);
  const derived = result.derived_erased ?? 0;
  if (derived > 0) {
    lines.push(`  state observations and item runs read from them, erased: ${derived}`);
  }
  const kept = result.masks_kept ?? [];
  if (kept.length > 0) lines.push(`  replies kept, their secret masked: ${kept.join(', ')}`);
  return lines.join('\n');
}

function renderJsonValue(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The scalar stats in the order the table lists them. Counts are integers, which `formatNumber`
 * prints as they are; ratios and hours are rounded to three decimals, `n/a` when unset.
 */
const STAT_ROWS = [
  'stage',
  'events',
  'auto_commits',
  'auto_commit_corrections',
  'auto_commit_precision',
  'correction_rate',
  'review_burden',
  'schema_validation_success',
  'pending_reviews',
  'dlq_unresolved',
  'dlq_alerts',
  'staleness_index_hours',
  'stale_values',
] as const satisfies readonly (keyof Stats)[];

/** The stats as an aligned two-column table. */
export function renderStats(stats: Stats): string {
  const rows = STAT_ROWS.map((key): [string, string] => {
    const value = stats[key];
    return [key, typeof value === 'string' ? value : formatNumber(value)];
  });
  for (const [key, hours] of Object.entries(stats.signal_freshness_hours)) {
    rows.push([`signal_freshness_hours ${key}`, formatNumber(hours)]);
  }
  for (const [domain, value] of Object.entries(stats.per_domain)) {
    rows.push([`per_domain ${domain}`, renderJsonValue(value)]);
  }
  const width = Math.max(...rows.map(([key]) => key.length));
  return rows.map(([key, value]) => `${key.padEnd(width)}  ${value}`).join('\n');
}
