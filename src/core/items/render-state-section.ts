import { collapseWhitespace } from '../collapse-whitespace.js';
import { sortableTime } from '../time.js';
import {
  ITEM_CONFIDENCES,
  isActiveItem,
  STATE_ITEM_LIMITS,
  type StateItem,
  type StateItemType,
} from './state-item.js';

/** Render order of types: decisions first, questions last. */
export const TYPE_PRIORITY: Readonly<Record<StateItemType, number>> = {
  decision: 0,
  constraint: 1,
  action: 2,
  risk: 3,
  question: 4,
};

/** Options of `renderStateSection`. */
export interface RenderStateOptions {
  /** Items rendered at most (default 40); the header then says `items: N of M`. */
  readonly maxItems?: number;
  /** The header's instant; defaults to the newest `updatedAt` among the items. */
  readonly updatedAt?: string;
}

/**
 * Render order: pinned first, then type priority (decision, constraint, action, risk, question),
 * then confidence (high first), then `lastSeenAt` newest first; uid breaks the remaining ties.
 */
export function compareForRendering(a: StateItem, b: StateItem): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const byType = TYPE_PRIORITY[a.typeTag] - TYPE_PRIORITY[b.typeTag];
  if (byType !== 0) return byType;
  const byConfidence =
    ITEM_CONFIDENCES.indexOf(b.confidence) - ITEM_CONFIDENCES.indexOf(a.confidence);
  if (byConfidence !== 0) return byConfidence;
  const bySeen = sortableTime(b.lastSeenAt) - sortableTime(a.lastSeenAt);
  if (bySeen !== 0) return bySeen;
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

function toMinute(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

function renderLine(item: StateItem): string {
  const showConfidence = item.confidence === 'low' || item.conflict;
  const status = showConfidence ? `${item.status}, ${item.confidence}` : item.status;
  const topic = item.topicTags[0];
  const label = `[${item.uid}] ${item.typeTag.toUpperCase()} (${status})${topic ? ` ${topic}` : ''}`;
  const text = collapseWhitespace(item.text);
  return `${label}: ${text} [refs:${item.refs.length}]${item.conflict ? ' CONFLICT' : ''}`;
}

/**
 * The compact state section of a prompt, one line per item under a freshness header:
 *
 * ```
 * State (updated: 2026-02-16T15:42Z, items: 2)
 * [d_3f1c0a9b2e7d] DECISION (active) auth: Use OAuth2 PKCE flow [refs:2]
 * [q_0b5e7d1c9a44] QUESTION (open, low) arch: Cache embeddings client-side? [refs:1]
 * ```
 *
 * Superseded items are left out. Confidence shows only when it is `low` or the item is in
 * conflict, which also appends `CONFLICT`; only the first topic tag and the number of refs show.
 * Returns the empty string when there is nothing to render.
 */
export function renderStateSection(
  items: readonly StateItem[],
  options: RenderStateOptions = {},
): string {
  const active = items.filter(isActiveItem).sort(compareForRendering);
  if (active.length === 0) return '';
  const limit = Math.max(0, Math.floor(options.maxItems ?? STATE_ITEM_LIMITS.maxRenderedItems));
  const shown = active.slice(0, limit);
  const updatedAt =
    options.updatedAt ??
    active.reduce((latest, item) =>
      sortableTime(item.updatedAt) > sortableTime(latest.updatedAt) ? item : latest,
    ).updatedAt;
  const count =
    shown.length < active.length ? `${shown.length} of ${active.length}` : `${shown.length}`;
  return [
    `State (updated: ${toMinute(updatedAt)}, items: ${count})`,
    ...shown.map(renderLine),
  ].join('\n');
}
