import type remarkGfm from 'remark-gfm';
import type remarkParse from 'remark-parse';
import type { unified } from 'unified';
import type { visit } from 'unist-util-visit';
import { err, ok, type Result, replaceSpans } from '../core/index.js';

/** A machine zone: `STATE` (written only by Verity) or `STATE-INPUT` (read as edits). */
interface Zone {
  readonly kind: 'STATE' | 'STATE-INPUT';
  readonly id: string;
  /** Every `key=value` of the BEGIN marker (`zone_id`, `schema`, optional `entity`, ...). */
  readonly attributes: Readonly<Record<string, string>>;
  /** Offset just after the BEGIN marker, in `text` (the document without its BOM). */
  readonly contentStart: number;
  /** Offset of the END marker in `text`. */
  readonly contentEnd: number;
  /** The bytes between the markers, as found. */
  readonly content: string;
  /** 1-based line of the BEGIN marker. */
  readonly line: number;
  /** Leading whitespace of the BEGIN marker's line (zones nested in lists are indented). */
  readonly indent: string;
}

/** A markdown document split into its zones, with the bytes needed to write it back exactly. */
export interface ZonedDocument {
  readonly bom: boolean;
  /** The document without its byte-order mark; zone offsets index into it. */
  readonly text: string;
  /** The line ending the document uses (CRLF when its first line break is CRLF). */
  readonly eol: '\n' | '\r\n';
  readonly zones: readonly Zone[];
}

/** Why a document's zones could not be read. */
export interface ZoneError {
  readonly code:
    | 'UNCLOSED_ZONE'
    | 'UNOPENED_ZONE'
    | 'DUPLICATE_ZONE'
    | 'NESTED_ZONE'
    | 'INLINE_MARKER';
  readonly message: string;
  readonly line: number;
}

const BEGIN = /^<!--\s*(STATE|STATE-INPUT):BEGIN\s+((?:[A-Za-z_][\w-]*=[^\s>]+\s*)+)-->$/;
const END = /^<!--\s*(STATE|STATE-INPUT):END\s+zone_id=([^\s>]+)\s*-->$/;
const MARKER = /<!--\s*(?:STATE|STATE-INPUT):(?:BEGIN|END)\b/;

interface Marker {
  readonly value: string;
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly inline: boolean;
}

function attributesOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of text.matchAll(/([A-Za-z_][\w-]*)=([^\s>]+)/g)) {
    if (match[1] && match[2] !== undefined) out[match[1]] = match[2];
  }
  return out;
}

function lineStart(text: string, offset: number): number {
  const nl = text.lastIndexOf('\n', offset - 1);
  return nl === -1 ? 0 : nl + 1;
}

/** The markdown packages `parseZones` reads documents with. */
interface MarkdownPackages {
  readonly unified: typeof unified;
  readonly remarkParse: typeof remarkParse;
  readonly remarkGfm: typeof remarkGfm;
  readonly visit: typeof visit;
}

/** The zone markers of a document, in document order, from its remark (GFM) AST. */
function markerReader(packages: MarkdownPackages): (text: string) => Marker[] {
  return (text) => {
    const tree = packages.unified().use(packages.remarkParse).use(packages.remarkGfm).parse(text);
    const markers: Marker[] = [];
    packages.visit(tree, 'html', (node, _index, parent) => {
      if (!MARKER.test(node.value)) return;
      markers.push({
        value: node.value.trim(),
        start: node.position?.start.offset ?? 0,
        end: node.position?.end.offset ?? 0,
        line: node.position?.start.line ?? 0,
        inline: parent?.type === 'paragraph',
      });
    });
    return markers;
  };
}

let readMarkers: ((text: string) => Marker[]) | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the markdown parser (remark with GFM, ~200 modules) that `parseZones` and everything
 * built on it (`projectDocument`, `withTasksZone`, `withoutZoneBodies`, MEMORY.md sections) need.
 * Call it, and await it, before the first of them: they are synchronous, and the parser is ESM,
 * so it cannot be loaded on their first call. Loading at import instead would make every process
 * that reaches projections (a `verity state get`, say) pay for a parser it never uses (ADR
 * 2026-11-26-lazy-start-up). Idempotent; later calls resolve at once.
 */
export function loadZoneParser(): Promise<void> {
  loading ??= Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-gfm'),
    import('unist-util-visit'),
  ]).then(
    ([unifiedModule, parseModule, gfmModule, visitModule]) => {
      readMarkers = markerReader({
        unified: unifiedModule.unified,
        remarkParse: parseModule.default,
        remarkGfm: gfmModule.default,
        visit: visitModule.visit,
      });
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Reads the machine zones of a markdown document from its remark AST (so markers inside fenced
 * code are ignored), keeping the original bytes: offsets point into the text, never into a
 * re-serialised tree. A BOM is stripped and remembered; CRLF is detected and kept.
 * Throws (a bug in the caller) unless `loadZoneParser()` has resolved.
 */
export function parseZones(source: string): Result<ZonedDocument, ZoneError> {
  if (readMarkers === null) {
    throw new Error('parseZones: the markdown parser is not loaded; await loadZoneParser() first');
  }
  const bom = source.charCodeAt(0) === 0xfeff;
  const text = bom ? source.slice(1) : source;
  const eol = /\r\n/.test(text.slice(0, text.indexOf('\n') + 1 || text.length)) ? '\r\n' : '\n';
  const markers = readMarkers(text);
  const zones: Zone[] = [];
  let open: {
    kind: Zone['kind'];
    id: string;
    attributes: Record<string, string>;
    marker: Marker;
  } | null = null;
  for (const marker of markers) {
    const { value, line, inline } = marker;
    if (inline) {
      return err({ code: 'INLINE_MARKER', message: 'a zone marker must be on its own line', line });
    }
    const begin = BEGIN.exec(value);
    const end = END.exec(value);
    if (begin?.[1] && begin[2]) {
      if (open !== null) {
        return err({ code: 'NESTED_ZONE', message: `zone ${open.id} is still open`, line });
      }
      const attributes = attributesOf(begin[2]);
      const id = attributes['zone_id'];
      if (id === undefined || attributes['schema'] === undefined) {
        return err({
          code: 'UNOPENED_ZONE',
          message: 'a BEGIN marker needs zone_id and schema',
          line,
        });
      }
      if (zones.some((z) => z.id === id)) {
        return err({ code: 'DUPLICATE_ZONE', message: `zone ${id} appears twice`, line });
      }
      open = { kind: begin[1] as Zone['kind'], id, attributes, marker };
    } else if (end?.[1] && end[2]) {
      if (open === null || open.id !== end[2] || open.kind !== end[1]) {
        return err({ code: 'UNOPENED_ZONE', message: `END of ${end[2]} without its BEGIN`, line });
      }
      const contentStart = open.marker.end;
      const contentEnd = marker.start;
      const beginOffset = open.marker.start;
      const indentText = text.slice(lineStart(text, beginOffset), beginOffset);
      zones.push({
        kind: open.kind,
        id: open.id,
        attributes: open.attributes,
        contentStart,
        contentEnd,
        content: text.slice(contentStart, contentEnd),
        line: open.marker.line,
        indent: /^[ \t]*$/.test(indentText) ? indentText : '',
      });
      open = null;
    } else {
      return err({ code: 'UNOPENED_ZONE', message: `malformed zone marker: ${value}`, line });
    }
  }
  if (open !== null) {
    return err({
      code: 'UNCLOSED_ZONE',
      message: `zone ${open.id} has no END marker`,
      line: open.marker.line,
    });
  }
  return ok({ bom, text, eol, zones });
}

/** The canonical bytes of a zone body: each line indented like the zone, in the file's EOL. */
export function zoneBody(zone: Zone, body: string, eol: '\n' | '\r\n', text: string): string {
  const lines = body === '' ? [] : body.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  const closingIndent = text.slice(lineStart(text, zone.contentEnd), zone.contentEnd);
  const keepIndent =
    /^[ \t]*$/.test(closingIndent) && closingIndent.length > 0 ? closingIndent : '';
  const inner = lines.map((l) => (l === '' ? '' : `${zone.indent}${l}`)).join(eol);
  return lines.length === 0 ? `${eol}${keepIndent}` : `${eol}${inner}${eol}${keepIndent}`;
}

/**
 * Replaces the bodies of the named `STATE` zones and nothing else: every byte before each BEGIN
 * marker's end and from each END marker on is copied from the original (BOM and CRLF included).
 * Zones not named, and all `STATE-INPUT` zones, are left as they are.
 */
export function spliceZones(document: ZonedDocument, bodies: ReadonlyMap<string, string>): string {
  const { text, zones, eol } = document;
  const out = replaceBodies(text, zones, (zone) => {
    const body = bodies.get(zone.id);
    if (zone.kind !== 'STATE' || body === undefined) return undefined;
    return zoneBody(zone, body, eol, text);
  });
  return (document.bom ? '\uFEFF' : '') + out;
}

/**
 * `text` with the body of each zone that `bodyOf` gives a new body for replaced by it (zones in
 * document order); every other byte is copied as it is.
 */
function replaceBodies(
  text: string,
  zones: readonly Zone[],
  bodyOf: (zone: Zone) => string | undefined,
): string {
  const edits = zones.flatMap((zone) => {
    const body = bodyOf(zone);
    return body === undefined ? [] : [{ start: zone.contentStart, end: zone.contentEnd, body }];
  });
  return replaceSpans(text, edits, (edit) => edit.body);
}

/**
 * The document with every zone body emptied (markers kept), so that reading a file as notes
 * never takes Verity's own projections (`STATE`) or pending edits (`STATE-INPUT`) for prose.
 * A document whose zones cannot be read is returned as is.
 */
export function withoutZoneBodies(source: string): string {
  const parsed = parseZones(source);
  if (!parsed.ok || parsed.value.zones.length === 0) return source;
  const { text, zones, eol } = parsed.value;
  return replaceBodies(text, zones, () => eol);
}
