import { parseZones, spliceZones } from '../projections/index.js';
import type { MemoryEntry, MemorySection, ObserverOutput, Proposal } from './types.js';
import { MEMORY_SECTIONS } from './types.js';

const MARK = { red: '🔴', yellow: '🟡', green: '🟢' } as const;

/** Details of a capture shown in its daily-log heading. */
export interface DailyLogContext {
  readonly trigger: string;
  /** `HH:MM` of the capture (its recorded time). */
  readonly capturedAt: string;
  readonly messageCount: number;
}

/**
 * One capture's section of `memory/YYYY-MM-DD.md` in the segment-aware format of seed 002:
 * heading, trigger, then per segment a title, an italic narrative and the prioritised facts.
 */
export function renderDailyLogSection(output: ObserverOutput, context: DailyLogContext): string {
  const lines = [
    `### 🔭 Observations (session: ${output.session_id}, ${context.capturedAt})`,
    '',
    `**Trigger**: ${context.trigger}`,
    `**Messages**: ${context.messageCount}`,
    `**Capture**: \`${output.capture_key.slice(0, 16)}\``,
    '',
  ];
  for (const segment of output.segments) {
    lines.push(`#### ${segment.title}`, `*${segment.narrative}*`, '');
    for (const o of segment.observations) {
      const time = o.time === null ? '' : `(${o.time}) `;
      lines.push(`* ${MARK[o.priority]} ${time}${o.text}`);
    }
    lines.push('');
  }
  if (output.current_task !== null) lines.push(`**Current task**: ${output.current_task}`, '');
  return `${lines.join('\n')}\n`;
}

/** A daily log's first lines when the file is new. */
export function dailyLogHeader(date: string): string {
  return `# ${date}\n\n`;
}

function proposalLine(p: Proposal, checked: boolean): string {
  const sources =
    p.source_observation_ids.length === 0 ? '' : ` _(from ${p.source_observation_ids.join(', ')})_`;
  return `- [${checked ? 'x' : ' '}] \`${p.proposal_id}\` ${p.text}${sources}`;
}

/** A friction fix as listed in REVIEW.md. */
export interface FrictionFix {
  /** `f-YYYYMMDD-NNN`, kept by later analyses that find the same cluster again. */
  readonly fix_id: string;
  readonly text: string;
  readonly sessions: readonly string[];
  readonly occurrences: number;
  /** The observations clustered (absent in analyses recorded before ids were kept). */
  readonly observation_ids?: readonly string[];
}

/** Whether `fix` was acted on: a proposal was staged from all of its observations. */
export function isFrictionFixStaged(fix: FrictionFix, proposals: readonly Proposal[]): boolean {
  const ids = fix.observation_ids ?? [];
  return (
    ids.length > 0 &&
    proposals.some((p) => ids.every((id) => p.source_observation_ids.includes(id)))
  );
}

/**
 * REVIEW.md: pending proposals grouped by target section in checkbox format, then friction
 * fixes. Deterministic for the same state (sorted by section order, then id).
 */
export function renderReview(
  proposals: readonly Proposal[],
  friction: readonly FrictionFix[],
  at: string,
): string {
  const pending = proposals.filter((p) => p.status === 'pending');
  const lines = [
    '# Pending Memory Proposals',
    '',
    `_Staged by the reflector. Approve with \`verity proposals approve ID\` (or mark [x] and run \`verity proposals sync\`), reject with \`verity proposals reject ID\`; friction fixes (\`f-…\`) too. Unreviewed proposals expire after 7 days._`,
    '',
  ];
  for (const section of MEMORY_SECTIONS) {
    const inSection = pending
      .filter((p) => p.section === section)
      .sort((a, b) => a.proposal_id.localeCompare(b.proposal_id));
    if (inSection.length === 0) continue;
    lines.push(`## Proposed for: ${section}`);
    for (const p of inSection) lines.push(proposalLine(p, false));
    lines.push('');
  }
  const open = friction.filter((f) => !isFrictionFixStaged(f, proposals));
  if (open.length > 0) {
    lines.push('## Friction Fixes');
    for (const f of open) {
      lines.push(
        `- [ ] \`${f.fix_id}\` ${f.text} — seen ${f.occurrences} times in sessions ${f.sessions.join(', ')}`,
      );
    }
    lines.push('');
  }
  lines.push(`_Last updated: ${at} | ${pending.length} proposals pending_`, '');
  return lines.join('\n');
}

const REVIEW_ZONE = 'verity-review';

/**
 * REVIEW.md with `body` (what `renderReview` renders) in Verity's zone: bytes outside the zone,
 * such as notes the reviewer added, are kept as they are. A file without the zone gets one: after
 * what the person wrote there (kept byte for byte), or in place of a whole file an earlier Verity
 * wrote before the zone existed (recognised by its heading and its "Staged by the reflector" line).
 */
export function writeReviewFile(existing: string | null, body: string): string {
  const trimmed = body.replace(/\n+$/, '');
  const zone = `<!-- STATE:BEGIN zone_id=${REVIEW_ZONE} schema=verity.review.v1 -->\n${trimmed}\n<!-- STATE:END zone_id=${REVIEW_ZONE} -->\n`;
  if (existing === null || existing.trim() === '' || isUnzonedVerityReview(existing)) return zone;
  const parsed = parseZones(existing);
  if (parsed.ok && parsed.value.zones.some((z) => z.id === REVIEW_ZONE && z.kind === 'STATE')) {
    return spliceZones(parsed.value, new Map([[REVIEW_ZONE, trimmed]]));
  }
  // Markers of Verity's zone that no longer parse: rewritten whole, as before, rather than
  // appending a second zone on every write.
  if (existing.includes(`zone_id=${REVIEW_ZONE}`)) return zone;
  const separator = existing.endsWith('\n\n') ? '' : existing.endsWith('\n') ? '\n' : '\n\n';
  return `${existing}${separator}${zone}`;
}

/** A REVIEW.md an earlier Verity wrote whole, before its part became a zone. */
function isUnzonedVerityReview(text: string): boolean {
  return (
    text.startsWith('# Pending Memory Proposals\n') && text.includes('_Staged by the reflector.')
  );
}

/** A proposal the user ticked in REVIEW.md, with the text as the line now reads. */
export interface CheckedProposal {
  readonly proposal_id: string;
  /** The line's text without the id and the `_(from …)_` provenance suffix. */
  readonly text: string;
}

/**
 * Proposals and friction fixes ticked (`- [x] \`p-...\` text`, `- [x] \`f-...\` text`) in a
 * REVIEW.md, with their (maybe edited) text.
 */
export function checkedProposals(review: string): CheckedProposal[] {
  const out: CheckedProposal[] = [];
  for (const match of review.matchAll(/^\s*- \[[xX]\] `([pf]-\d{8}-\d{3})`[ \t]*(.*)$/gm)) {
    if (!match[1]) continue;
    const text = (match[2] ?? '').replace(/\s*_\(from [^)]*\)_\s*$/, '').trim();
    out.push({ proposal_id: match[1], text });
  }
  return out;
}

/** The zone id of a MEMORY.md section. */
export function memoryZoneId(section: MemorySection): string {
  return `memory-${section.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** The body of a section's zone: its active entries, oldest first. */
export function renderMemoryZone(entries: readonly MemoryEntry[], section: MemorySection): string {
  return entries
    .filter((e) => e.section === section && e.status === 'active')
    .sort((a, b) => a.memory_id.localeCompare(b.memory_id))
    .map((e) => `- (${e.promoted_at.slice(0, 10)}) ${e.text} \`${e.memory_id}\``)
    .join('\n');
}
