import { ok } from '../core/index.js';
import {
  type ExtractedObservation,
  type Extractor,
  headingsAbove,
  slugify,
} from '../extract/index.js';
import { holdsSecret, isSecretLabel, maskSecrets } from '../language/index.js';
import type { ExtractionStep } from '../pipeline/index.js';
import { templateFor } from '../projections/index.js';

/** A line of a migrated file that no state was read from, and why. */
export interface MigrationLineNotRead {
  readonly file: string;
  /** 1-based line number in the file. */
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

/** How `migrate` reads files: the configured extractor behind a stricter gate for notes' keys. */
export interface MigrationReading {
  readonly step: ExtractionStep;
  /** The file's content with Verity's own help lines blanked (line numbers kept). */
  prepare(fileName: string, content: string): string;
  /** The lines of a prepared file that no state was read from; [] when it was not read. */
  notRead(
    path: string,
    fileName: string,
    original: string,
    prepared: string,
  ): MigrationLineNotRead[];
}

const KEY_SPAN = /^\s*(?:[-*+]\s+)?([^:\n]{1,40}?)\s*:\s+\S/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;
const BULLET = /^\s*(?:[-*+]|\d+[.)])\s+/;
/** A key that names a preference: "Seat preference", "Preferred airline", "Prefers lodging". */
const PREFERENCE_KEY = /^(?:(.+)_preferences?|preferred_(.+)|prefers?_(.+))$/;
/**
 * A section of standing preferences, where a key names one of them. "About me" and "Profile"
 * sections hold who the user is (an address, a PIN, a password hint), not what they prefer.
 */
const PREFERENCES_HEADING = /\bpreferences?\b/i;
/**
 * Keys of identity data, or too vague to tell from a secret ("Code", "Key", "Card"), never read as
 * a preference even under a Preferences heading. Secrets themselves are `isSecretLabel`'s (the one
 * home of "is this a secret", `language/secrets.ts`): migrating either would copy them into
 * HEARTBEAT.md and every context an agent reads.
 */
const PERSONAL_KEY = /(?:^|_)(?:code|key|hint|address|account|card|login|username)(?:_|$)/;
/**
 * The attributes the project domain names (its vocabulary: status, provider, owner, deadline,
 * version). Any other key of a project brief ("Meeting", "TODO") is a note, not project state.
 */
const PROJECT_ATTRIBUTES: ReadonlySet<string> = new Set([
  'status',
  'owner',
  'deadline',
  'provider',
  'version',
]);
const OWN_HELP = "Verity's own help text";

/** Lines of Verity's own template for a file name that are neither headings nor zone markers. */
function ownLines(fileName: string): ReadonlySet<string> {
  return new Set(
    templateFor(fileName)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !HEADING.test(l) && !l.startsWith('<!--')),
  );
}

/**
 * The slug of a file Verity keeps its own template for (HEARTBEAT.md, MEMORY.md, ...), or null:
 * a brief reading would take such a file's name for a project's ("project.memory.status").
 */
function ownFileSlug(fileName: string): string | null {
  if (templateFor(fileName) === templateFor('.md')) return null;
  return slugify(fileName.replace(/\.(?:md|markdown)$/i, ''));
}

/** The nearest markdown heading at or above line `index` (the brief reading's own walk). */
function headingAbove(lines: readonly string[], index: number): string | null {
  return headingsAbove(lines, index + 1)[0] ?? null;
}

/** What `judge` knows of the file a line is in. */
interface FileReading {
  readonly lines: readonly string[];
  /** The file's slug when it is one of Verity's own (`ownFileSlug`). */
  readonly ownFile: string | null;
  /** The entity the file is about (its note's entity). */
  readonly speaker: string;
}

type Judged =
  | { readonly keep: ExtractedObservation }
  | { readonly span: string; readonly reason: string };

/**
 * A "Key: value" line whose key became the field name verbatim is state only where the document
 * says what kind: a key naming a preference or under a Preferences heading (never a secret), or a project
 * attribute the project domain tracks. Other keys ("Meeting", "TODO", "Address") are notes.
 */
function judge(o: ExtractedObservation, file: FileReading): Judged {
  const { lines, ownFile } = file;
  const keyMatch = KEY_SPAN.exec(o.span);
  if (!keyMatch?.[1]) {
    if (holdsSecret(o.span)) {
      return { span: o.span, reason: 'it holds a secret, which migrate never copies into state' };
    }
    return { keep: o };
  }
  const key = keyMatch[1].trim();
  const slug = slugify(key);
  if (ownFile !== null && o.field.startsWith(`project.${ownFile}.`)) {
    // Not a project, so the line is the file's speaker's: read it as a preference, if it is one.
    const asPreference = { ...o, entityId: file.speaker, field: `profile.preference.${slug}` };
    const judged = judge(asPreference, { ...file, ownFile: null });
    if ('keep' in judged) return judged;
    return {
      span: o.span,
      reason: `"${ownFile}" names Verity's own file, not a project, and ${judged.reason}`,
    };
  }
  if (isSecretLabel(key) || holdsSecret(o.span)) {
    return {
      span: o.span,
      reason: `"${key}" holds a secret, which migrate never copies into state`,
    };
  }
  if (o.field === `profile.preference.${slug}` && PERSONAL_KEY.test(slug)) {
    return {
      span: o.span,
      reason: `"${key}" looks like personal data, which migrate never copies into state`,
    };
  }
  if (o.field === `profile.preference.${slug}`) {
    const named = PREFERENCE_KEY.exec(slug);
    const topic = named?.[1] ?? named?.[2] ?? named?.[3];
    if (topic !== undefined) return { keep: { ...o, field: `profile.preference.${topic}` } };
    const index = lines.findIndex((l) => l.includes(o.span));
    const heading = index < 0 ? null : headingAbove(lines, index);
    if (heading !== null && PREFERENCES_HEADING.test(heading)) return { keep: o };
    return {
      span: o.span,
      reason: `"${key}" is not read as a preference: only a key naming one ("Seat preference") or a line under a Preferences heading is`,
    };
  }
  const project = /^project\.[a-z0-9_-]+\.([a-z0-9_-]+)$/.exec(o.field);
  if (project?.[1] === slug && !PROJECT_ATTRIBUTES.has(slug)) {
    return {
      span: o.span,
      reason: `"${key}" is not a project attribute Verity tracks (${[...PROJECT_ATTRIBUTES].join(', ')})`,
    };
  }
  return { keep: o };
}

function wrap(
  inner: Extractor,
  read: Map<string, { kept: string[]; dropped: { span: string; reason: string }[] }>,
): Extractor {
  return {
    id: inner.id,
    version: inner.version,
    extract: async (input) => {
      const result = await inner.extract(input);
      if (!result.ok) return result;
      const lines = input.text.split('\n');
      const file: FileReading = {
        lines,
        ownFile: input.title === undefined ? null : ownFileSlug(input.title),
        speaker: input.entityId,
      };
      const kept: ExtractedObservation[] = [];
      const record = { kept: [] as string[], dropped: [] as { span: string; reason: string }[] };
      for (const o of result.value.observations) {
        const judged = judge(o, file);
        if ('keep' in judged) {
          kept.push(judged.keep);
          record.kept.push(judged.keep.span);
        } else record.dropped.push(judged);
      }
      read.set(input.text, record);
      return ok({ ...result.value, observations: kept });
    },
  };
}

/** The reading `migrate` gives its files, over the configured extraction step. */
export function createMigrationReading(step: ExtractionStep): MigrationReading {
  const read = new Map<string, { kept: string[]; dropped: { span: string; reason: string }[] }>();
  return {
    step: { ...step, extractor: wrap(step.extractor, read) },
    prepare: (fileName, content) => {
      const own = ownLines(fileName);
      if (own.size === 0) return content;
      return content
        .split('\n')
        .map((l) => (own.has(l.trim()) ? '' : l))
        .join('\n');
    },
    notRead: (path, fileName, original, prepared) => {
      const record = read.get(prepared);
      if (record === undefined) return [];
      const own = ownLines(fileName);
      const out: MigrationLineNotRead[] = [];
      // Zone bodies were emptied before reading: their lines are Verity's projections.
      const outside = new Set(prepared.split('\n').map((l) => l.trim()));
      for (const [index, raw] of original.split('\n').entries()) {
        const text = raw.trim();
        if (text === '' || HEADING.test(text) || text.startsWith('<!--')) continue;
        const line = index + 1;
        // The report is printed and logged: a secret on a line is shown masked.
        const shown = maskSecrets(text);
        if (own.has(text)) {
          out.push({ file: path, line, text: shown, reason: OWN_HELP });
          continue;
        }
        if (!outside.has(text)) continue;
        const body = text.replace(BULLET, '');
        if (record.kept.some((s) => text.includes(s) || s.includes(body))) continue;
        const dropped = record.dropped.find((d) => text.includes(d.span));
        out.push({
          file: path,
          line,
          text: shown,
          reason: dropped?.reason ?? 'no rule reads it',
        });
      }
      return out;
    },
  };
}
