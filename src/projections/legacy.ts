import { err, ok, type Result } from '../core/index.js';

/** Why a legacy (heading-anchored) projection was refused. */
export interface LegacyError {
  readonly code: 'ANCHOR_MISSING' | 'ANCHOR_REPEATED';
  readonly anchor: string;
  readonly message: string;
}

/** The exact heading anchors compatibility mode may write under (seed 000 §8). */
export const LEGACY_ANCHORS = ['## Active Reminders', '## State Change Log'] as const;

function level(line: string): number {
  return /^(#{1,6})\s/.exec(line)?.[1]?.length ?? 0;
}

/**
 * Compatibility mode `legacy_string`: replaces only the text between each exact heading anchor
 * and the next heading of the same or a higher level (or the end). Every anchor must appear
 * exactly once as a whole line; otherwise nothing is written. Bytes outside the replaced
 * sections, BOM and line endings are kept.
 */
export function spliceLegacy(
  source: string,
  sections: ReadonlyMap<string, string>,
): Result<string, LegacyError> {
  const bom = source.charCodeAt(0) === 0xfeff;
  const text = bom ? source.slice(1) : source;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const replacements: { start: number; end: number; anchor: string }[] = [];
  for (const anchor of sections.keys()) {
    const hits = lines.flatMap((l, i) => (l.trimEnd() === anchor ? [i] : []));
    if (hits.length === 0) {
      return err({ code: 'ANCHOR_MISSING', anchor, message: `"${anchor}" is not in the file` });
    }
    if (hits.length > 1) {
      return err({
        code: 'ANCHOR_REPEATED',
        anchor,
        message: `"${anchor}" appears ${hits.length} times`,
      });
    }
    const start = hits[0] ?? 0;
    const own = level(anchor);
    let end = lines.length;
    for (let i = start + 1; i < lines.length; i++) {
      const l = level(lines[i] ?? '');
      if (l > 0 && l <= own) {
        end = i;
        break;
      }
    }
    replacements.push({ start, end, anchor });
  }
  replacements.sort((a, b) => a.start - b.start);
  const out: string[] = [];
  let cursor = 0;
  for (const r of replacements) {
    out.push(...lines.slice(cursor, r.start + 1));
    const body = (sections.get(r.anchor) ?? '').replace(/\r\n/g, '\n').replace(/\n+$/, '');
    out.push('', ...(body === '' ? [] : body.split('\n')));
    if (r.end < lines.length) out.push('');
    cursor = r.end;
  }
  out.push(...lines.slice(cursor));
  const joined = out.join(eol);
  return ok((bom ? '\uFEFF' : '') + joined);
}
