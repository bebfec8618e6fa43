import { collapseWhitespace } from '../collapse-whitespace.js';
import { err, ok, type Result } from '../errors.js';
import { isRecord, type ValidationIssue } from '../validation.js';
import { normalizeTopicTag } from './comparable-text.js';
import { ITEM_UID_PATTERN } from './compute-uid.js';
import {
  type CandidateItem,
  defaultStatusFor,
  ITEM_CONFIDENCES,
  type ItemConfidence,
  isStateItemType,
  isStatusFor,
  STATE_ITEM_LIMITS,
  STATE_ITEM_TYPES,
} from './state-item.js';

/** The longest item text accepted, in characters. Items are one concrete line, not prose. */
export const MAX_ITEM_TEXT_LENGTH = 500;

/** A candidate that passed validation, with the problems that were repaired rather than fatal. */
export interface ValidatedItem {
  readonly candidate: CandidateItem;
  /** Coercions applied: an invalid status, confidence, tag, or `supersedes` value. */
  readonly issues: readonly ValidationIssue[];
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Checks one extractor candidate (camelCase fields, as `CandidateItem`). Fatal problems (not an
 * object, a type other than the five, empty or over-long text, no refs) return the issue list as
 * an error. An invalid status is coerced to the type's default and the confidence set to `low`;
 * other repairable problems are coerced too. Repairs are reported in `issues`.
 */
export function validateItem(raw: unknown): Result<ValidatedItem, readonly ValidationIssue[]> {
  if (!isRecord(raw)) {
    return err([{ path: '', rule: 'type', message: 'must be an object' }]);
  }
  const fatal: ValidationIssue[] = [];
  const issues: ValidationIssue[] = [];
  const typeTag = raw['typeTag'];
  if (!isStateItemType(typeTag)) {
    fatal.push({
      path: '/typeTag',
      rule: 'enum',
      message: `must be one of ${STATE_ITEM_TYPES.join(', ')}`,
    });
  }
  const text = typeof raw['text'] === 'string' ? collapseWhitespace(raw['text']) : '';
  if (text === '') fatal.push({ path: '/text', rule: 'minLength', message: 'must not be empty' });
  if (text.length > MAX_ITEM_TEXT_LENGTH) {
    fatal.push({
      path: '/text',
      rule: 'maxLength',
      message: `must be at most ${MAX_ITEM_TEXT_LENGTH} characters`,
    });
  }
  const refs = Array.isArray(raw['refs'])
    ? [...new Set(raw['refs'].filter((r): r is string => typeof r === 'string' && r !== ''))]
    : [];
  if (refs.length === 0) {
    fatal.push({ path: '/refs', rule: 'minItems', message: 'must name at least one message' });
  }
  if (!isStateItemType(typeTag) || fatal.length > 0) return err(fatal);

  let confidence: ItemConfidence = 'medium';
  const rawConfidence = raw['confidence'];
  if ((ITEM_CONFIDENCES as readonly unknown[]).includes(rawConfidence)) {
    confidence = rawConfidence as ItemConfidence;
  } else if (rawConfidence !== undefined) {
    confidence = 'low';
    issues.push({ path: '/confidence', rule: 'enum', message: 'was invalid; set to low' });
  }
  let status = defaultStatusFor(typeTag);
  const rawStatus = raw['status'];
  if (isStatusFor(typeTag, rawStatus)) {
    status = rawStatus;
  } else if (rawStatus !== undefined) {
    confidence = 'low';
    issues.push({
      path: '/status',
      rule: 'enum',
      message: `is not a ${typeTag} status; set to ${status} with low confidence`,
    });
  }
  const rawTags = Array.isArray(raw['topicTags']) ? raw['topicTags'] : [];
  const tags = [
    ...new Set(
      rawTags
        .filter((t): t is string => typeof t === 'string')
        .map(normalizeTopicTag)
        .filter((t) => t !== ''),
    ),
  ];
  if (tags.length > STATE_ITEM_LIMITS.maxTopicTags) {
    issues.push({
      path: '/topicTags',
      rule: 'maxItems',
      message: `kept the first ${STATE_ITEM_LIMITS.maxTopicTags}`,
    });
  }
  let supersedes = optionalText(raw['supersedes']);
  if (supersedes !== null && !ITEM_UID_PATTERN.test(supersedes)) {
    supersedes = null;
    issues.push({ path: '/supersedes', rule: 'pattern', message: 'is not an item uid; ignored' });
  }
  return ok({
    candidate: {
      typeTag,
      text,
      status,
      confidence,
      topicTags: tags.slice(0, STATE_ITEM_LIMITS.maxTopicTags),
      refs,
      supersedes,
      replaces: optionalText(raw['replaces']),
      chosen: optionalText(raw['chosen']),
      conflict: raw['conflict'] === true,
    },
    issues,
  });
}
