import { err, escapeRegExp, ok, type Result } from '../core/index.js';
import { parseZones, spliceZones, type ZoneError } from '../projections/index.js';
import { memoryZoneId } from './render.js';
import { MEMORY_SECTIONS, type MemorySection } from './types.js';

/** The zone schema of MEMORY.md sections Verity writes. */
export const MEMORY_ZONE_SCHEMA = 'verity.memory.v1';

function zoneBlock(section: MemorySection, eol: string): string {
  const id = memoryZoneId(section);
  return `<!-- STATE:BEGIN zone_id=${id} schema=${MEMORY_ZONE_SCHEMA} -->${eol}<!-- STATE:END zone_id=${id} -->${eol}`;
}

function headingRegex(section: MemorySection): RegExp {
  return new RegExp(`^##[ \\t]+${escapeRegExp(section)}[ \\t]*$`, 'im');
}

/**
 * Inserts an empty zone for `section`: at the end of the user's own `## <section>` when the file
 * has one, else as a new section at the end. Only inserts: every existing byte stays, in order.
 */
function insertZone(text: string, section: MemorySection, eol: '\n' | '\r\n'): string {
  const heading = headingRegex(section).exec(text);
  if (heading === null) {
    const sep =
      text === ''
        ? ''
        : text.endsWith(`${eol}${eol}`)
          ? ''
          : text.endsWith(eol)
            ? eol
            : `${eol}${eol}`;
    return `${text}${sep}## ${section}${eol}${eol}${zoneBlock(section, eol)}`;
  }
  const afterHeading = heading.index + heading[0].length;
  const next = /^#{1,2}[ \t]/m.exec(text.slice(afterHeading + 1));
  let at = next === null ? text.length : afterHeading + 1 + next.index;
  // Place the zone after the section's own lines, before the blank lines that end it.
  const blank = `${eol}${eol}`;
  while (at - blank.length >= afterHeading && text.slice(at - blank.length, at) === blank) {
    at -= eol.length;
  }
  const before = text.slice(0, at);
  const lead = before.endsWith(eol) ? '' : eol;
  const trail = at < text.length && !text.slice(at).startsWith(eol) ? eol : '';
  return `${before}${lead}${zoneBlock(section, eol)}${trail}${text.slice(at)}`;
}

/**
 * Writes section bodies into MEMORY.md's Verity zones, creating a zone (and its heading) on
 * first use. Bytes outside the zones are never changed or removed: creating a zone only inserts
 * its markers, and later writes only replace zone bodies (the projection zone machinery).
 */
export function writeMemorySections(
  source: string,
  bodies: ReadonlyMap<MemorySection, string>,
): Result<string, ZoneError> {
  let text = source === '' ? '# Memory\n\n' : source;
  const first = parseZones(text);
  if (!first.ok) return err(first.error);
  const present = new Set(first.value.zones.map((z) => z.id));
  for (const section of bodies.keys()) {
    if (!present.has(memoryZoneId(section))) text = insertZone(text, section, first.value.eol);
  }
  const parsed = parseZones(text);
  if (!parsed.ok) return err(parsed.error);
  const byZone = new Map<string, string>();
  for (const [section, body] of bodies) byZone.set(memoryZoneId(section), body);
  return ok(spliceZones(parsed.value, byZone));
}

/** The section a MEMORY.md zone id belongs to, or null for another zone. */
export function sectionOfZone(zoneId: string): MemorySection | null {
  return MEMORY_SECTIONS.find((section) => memoryZoneId(section) === zoneId) ?? null;
}

/** One line of a MEMORY.md zone as a person left it. */
export interface MemoryZoneLine {
  /** The entry id the line carries (`m-YYYYMMDD-NNN`), or null for a line written by hand. */
  readonly memory_id: string | null;
  /** The line's text without its bullet, date and id. */
  readonly text: string;
}

/**
 * Reads a zone body back into entries: `- (YYYY-MM-DD) text \`m-…\`` as Verity renders it, or any
 * other non-empty line (a bullet or plain text) as a hand-written entry without an id.
 */
export function parseMemoryZone(body: string): MemoryZoneLine[] {
  const out: MemoryZoneLine[] = [];
  for (const raw of body.split(/\r?\n/)) {
    let line = raw.trim().replace(/^[-*+]\s+/, '');
    if (line === '') continue;
    const id = /\s*`(m-\d{8}-\d{3}[\w-]*)`\s*$/.exec(line);
    if (id) line = line.slice(0, id.index);
    line = line.replace(/^\(\d{4}-\d\d-\d\d\)\s*/, '').trim();
    if (line === '') continue;
    out.push({ memory_id: id?.[1] ?? null, text: line });
  }
  return out;
}
