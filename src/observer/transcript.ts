import {
  EngineError,
  err,
  isRecord,
  ok,
  parseRfc3339,
  type Result,
  sha256Hex,
} from '../core/index.js';
import { findSecrets } from '../language/index.js';

/** Who wrote a transcript entry. Tool output is kept apart so the observer can ignore it. */
export type TranscriptRole = 'user' | 'assistant' | 'system' | 'tool';

/** One entry of a session transcript, whatever agent wrote it. */
export interface TranscriptEntry {
  /**
   * The entry's id in its source, or when the source has none one derived from the entry
   * (`h-<12 hex>`, see `isDerivedId`); captures recorded before derived ids hold `line-<N>`.
   */
  readonly id: string;
  readonly role: TranscriptRole;
  /** Plain text: text blocks joined; tool calls, thinking and images left out. */
  readonly text: string;
  /** RFC 3339 UTC, or null when the source gave none. */
  readonly at: string | null;
}

/** The transcript formats `parseTranscript` recognises. */
export type TranscriptFormat = 'verity' | 'claude-code' | 'pi';

/** A parsed transcript. */
export interface Transcript {
  readonly format: TranscriptFormat;
  readonly entries: readonly TranscriptEntry[];
  /** The session id the file names (Claude Code `sessionId`, pi's session header), if any. */
  readonly sessionId: string | null;
  /**
   * Parallel to `entries`: for an entry its source gave no id, the `line-<N>` captures recorded
   * before derived ids named it by (its line among the file's JSON objects); null for the others.
   */
  readonly lineIds: readonly (string | null)[];
  /**
   * Lines of a Claude Code or pi transcript no entry could be read from (not JSON, or JSON of no
   * known line shape), in file order. Line types the agent writes that carry no message (a
   * summary, a model change) are not skipped lines; a Verity transcript refuses bad lines instead.
   */
  readonly skipped: readonly SkippedLine[];
}

/** A transcript line no entry was read from, and why (the reason never quotes the line). */
export interface SkippedLine {
  /** 1-based line of the file, blank lines counted, as an editor numbers it. */
  readonly line: number;
  readonly reason: string;
}

/** Why a transcript could not be read. */
export interface TranscriptError {
  readonly code: 'EMPTY' | 'UNRECOGNISED' | 'INVALID_LINE';
  readonly message: string;
  /** 1-based line, when one line is at fault. */
  readonly line: number | null;
}

type Json = Record<string, unknown>;

function isoOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
  if (typeof value !== 'string') return null;
  const ms = parseRfc3339(value);
  return ms === null ? null : new Date(ms).toISOString();
}

function detect(lines: readonly Json[]): TranscriptFormat | null {
  for (const line of lines) {
    if (line['type'] === 'session' && typeof line['id'] === 'string') return 'pi';
    if (isRecord(line['message'])) {
      if (typeof line['uuid'] === 'string' || typeof line['sessionId'] === 'string') {
        return 'claude-code';
      }
      if (typeof line['id'] === 'string') return 'pi';
    }
    if (typeof line['content'] === 'string' && typeof line['role'] === 'string') return 'verity';
  }
  return null;
}

/** Text blocks of a content array; tool calls, thinking and images carry no observation. */
function textBlocks(content: unknown): { text: string; toolResult: boolean } {
  if (typeof content === 'string') return { text: content, toolResult: false };
  if (!Array.isArray(content)) return { text: '', toolResult: false };
  const parts: string[] = [];
  let toolResult = false;
  for (const block of content) {
    if (!isRecord(block)) continue;
    if (block['type'] === 'text' && typeof block['text'] === 'string') parts.push(block['text']);
    if (block['type'] === 'tool_result') {
      toolResult = true;
      parts.push(textBlocks(block['content']).text);
    }
  }
  return { text: parts.join('\n').trim(), toolResult };
}

// Claude Code writes slash-command echoes and local command output as user lines.
const CLAUDE_COMMAND_OUTPUT = /^<(local-command-stdout|command-name|command-message|bash-stdout)/;

/** An entry as its source gives it: `id` null when the source has none; `line` 1-based. */
type Draft = Omit<TranscriptEntry, 'id'> & { readonly id: string | null; readonly line: number };

function fromClaudeCode(lines: readonly Json[]): Draft[] {
  const entries: Draft[] = [];
  for (const [index, line] of lines.entries()) {
    const type = line['type'];
    if (type !== 'user' && type !== 'assistant') continue;
    if (line['isSidechain'] === true) continue;
    // The summary Claude Code writes after compacting restates earlier messages in its own words
    // ("This session is being continued…"); like pi's compaction entry, it is not the session.
    if (line['isCompactSummary'] === true) continue;
    const message = line['message'];
    if (!isRecord(message)) continue;
    const { text, toolResult } = textBlocks(message['content']);
    if (text === '') continue;
    const tool =
      toolResult || line['isMeta'] === true || CLAUDE_COMMAND_OUTPUT.test(text.trimStart());
    entries.push({
      id: typeof line['uuid'] === 'string' ? line['uuid'] : null,
      role: tool ? 'tool' : type,
      text,
      at: isoOf(line['timestamp']),
      line: index + 1,
    });
  }
  return entries;
}

function fromPi(lines: readonly Json[]): Draft[] {
  const entries: Draft[] = [];
  for (const [index, line] of lines.entries()) {
    if (line['type'] !== 'message') continue;
    const message = line['message'];
    if (!isRecord(message)) continue;
    const role = message['role'];
    const { text } = textBlocks(message['content']);
    if (text === '') continue;
    const mapped: TranscriptRole =
      role === 'user' ? 'user' : role === 'assistant' ? 'assistant' : 'tool';
    entries.push({
      id: typeof line['id'] === 'string' ? line['id'] : null,
      role: mapped,
      text,
      at: isoOf(line['timestamp']) ?? isoOf(message['timestamp']),
      line: index + 1,
    });
  }
  return entries;
}

const ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'system', 'tool']);

function fromVerity(lines: readonly Json[]): Result<Draft[], TranscriptError> {
  const entries: Draft[] = [];
  for (const [index, line] of lines.entries()) {
    const role = line['role'];
    if (typeof role !== 'string' || !ROLES.has(role) || typeof line['content'] !== 'string') {
      return err({
        code: 'INVALID_LINE',
        message: `line ${index + 1}: expected {"role":"user|assistant|system|tool","content":"..."}`,
        line: index + 1,
      });
    }
    const id = line['message_id'] ?? line['id'];
    entries.push({
      id: typeof id === 'string' ? id : null,
      role: role as TranscriptRole,
      text: line['content'],
      at: isoOf(line['created_at'] ?? line['timestamp']),
      line: index + 1,
    });
  }
  return ok(entries);
}

function sessionIdOf(format: TranscriptFormat, lines: readonly Json[]): string | null {
  for (const line of lines) {
    if (format === 'pi' && line['type'] === 'session' && typeof line['id'] === 'string') {
      return line['id'];
    }
    if (format === 'claude-code' && typeof line['sessionId'] === 'string') return line['sessionId'];
  }
  return null;
}

/**
 * Reads a session transcript, detecting its format: Verity's JSONL (one
 * `{"message_id","role","content","created_at"}` a line), Claude Code's project transcripts
 * (`~/.claude/projects/**.jsonl`) or pi session files, with or without a UTF-8 byte-order mark.
 * Lines that are not JSON objects are an error in Verity's format; in the agents' formats they are
 * skipped, as are lines of no known shape, and listed in `skipped` (a torn last line is expected
 * while the agent writes; the valid entries around a broken line are still read).
 */
export function parseTranscript(text: string): Result<Transcript, TranscriptError> {
  // Editors on Windows save UTF-8 with a byte-order mark; `verity ingest` strips it too.
  const raw = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l, index) => ({ text: l, line: index + 1 }))
    .filter((l) => l.text.trim() !== '');
  if (raw.length === 0)
    return err({ code: 'EMPTY', message: 'the transcript is empty', line: null });
  const lines: Json[] = [];
  /** The file line of each of `lines`. */
  const fileLines: number[] = [];
  const bad: SkippedLine[] = [];
  for (const { text: l, line } of raw) {
    try {
      const value: unknown = JSON.parse(l);
      if (isRecord(value)) {
        lines.push(value);
        fileLines.push(line);
      } else bad.push({ line, reason: 'not a JSON object' });
    } catch {
      // A torn last line (the agent was still writing) is expected; it is reported below.
      bad.push({ line, reason: 'not JSON' });
    }
  }
  const format = detect(lines);
  if (format === null) {
    const notJson = bad.length === 0 ? '' : ` (${bad.length} line(s) not JSON objects)`;
    return err({
      code: 'UNRECOGNISED',
      message: `not a Verity, Claude Code or pi session transcript${notJson}`,
      line: null,
    });
  }
  if (format === 'verity') {
    const first = bad[0];
    if (first !== undefined) {
      return err({
        code: 'INVALID_LINE',
        message: `line ${first.line} is not JSON`,
        line: first.line,
      });
    }
    const drafts = fromVerity(lines);
    if (!drafts.ok) {
      const line = fileLines[(drafts.error.line ?? 0) - 1] ?? drafts.error.line;
      return err({
        ...drafts.error,
        message: drafts.error.message.replace(/^line \d+/, `line ${line}`),
        line,
      });
    }
    return ok({ format, ...withIds(drafts.value), sessionId: null, skipped: [] });
  }
  const drafts = format === 'pi' ? fromPi(lines) : fromClaudeCode(lines);
  const unread = lines.flatMap((line, index) => {
    const reason = shapeProblem(format, line);
    return reason === null ? [] : [{ line: fileLines[index] ?? 0, reason }];
  });
  const skipped = [...bad, ...unread].sort((a, b) => a.line - b.line);
  return ok({ format, ...withIds(drafts), sessionId: sessionIdOf(format, lines), skipped });
}

/**
 * Why no entry can be read from a line of an agent's transcript, or null when it has a shape the
 * agent writes. A line of any named type is the agent's own (they add types over time: summaries,
 * snapshots, model changes), so only a line without a type, and a message line without its
 * message, are broken.
 */
function shapeProblem(format: 'claude-code' | 'pi', line: Json): string | null {
  const type = line['type'];
  if (typeof type !== 'string') return 'no known entry shape (no "type")';
  const messageTypes = format === 'pi' ? ['message'] : ['user', 'assistant'];
  if (messageTypes.includes(type) && !isRecord(line['message'])) {
    return `a "${type}" line without a message object`;
  }
  return null;
}

/**
 * The shape of a text: each letter `a`, each digit `9`, each run of white space one space, other
 * characters as they are. "ok do it" and "ok thanks", or a line and its edit, differ; every PIN
 * of four digits has the same shape, so a digest of it cannot be tested against a guessed value
 * the way a digest of the text (even with its secrets masked, since a masked span depends on what
 * the secret reader finds) can.
 */
export function textShape(text: string): string {
  return text
    .toLowerCase()
    .replace(/\p{L}/gu, 'a')
    .replace(/\p{N}/gu, '9')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The shortest text an entry's derived id digests the words of (and a forget keeps a digest of the
 * words of, `forgottenDigests`). A digest of a short text ("6803",
 * "yes, Tuesday") gives the text back to anyone who tries the likely ones, and an id stays in the
 * ledger, the messages and search hits after a forget blanks the text: a short entry, and one
 * holding a secret, is named by the shape of its text (`textShape`) instead.
 */
export const TEXT_DIGEST_MIN_CHARS = 24;

/** What of an entry's text its derived id digests: its words, or for a short or secret text its shape. */
function contentOf(text: string): string {
  const normalised = text.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (normalised.length < TEXT_DIGEST_MIN_CHARS || findSecrets(normalised).length > 0) {
    return `shape\n${textShape(normalised)}`;
  }
  return `text\n${normalised}`;
}

/** `h-` and 12 hex digits: the prefix `derivedEntryId` names an entry with. */
const DERIVED_ID = /^h-[0-9a-f]{12}$/;

/**
 * Whether `id` was made up for an entry its source gave no id: derived from the entry
 * (`h-<12 hex>`), or by captures recorded before that, its line number (`line-<N>`).
 */
export function isDerivedId(id: string): boolean {
  return DERIVED_ID.test(id) || /^line-\d+$/.test(id);
}

/**
 * The id of entries the source gave none: `h-` and 12 hex digits of a SHA-256 of the entry's time
 * (when it has one), role, text (`contentOf`) and how many entries before it in the transcript
 * share all three. Unlike its line number it stays when lines are added or removed above it;
 * two identical "ok"s of one second are told apart by their order.
 */
function withIds(drafts: readonly Draft[]): Pick<Transcript, 'entries' | 'lineIds'> {
  const seen = new Map<string, number>();
  const entries = drafts.map(({ id, line: _, ...entry }): TranscriptEntry => {
    if (id !== null) return { id, ...entry };
    const base = `${entry.at ?? ''}\u0000${entry.role}\u0000${contentOf(entry.text)}`;
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return { id: `h-${sha256Hex(`${base}\u0000${occurrence}`).slice(0, 12)}`, ...entry };
  });
  return { entries, lineIds: drafts.map((d) => (d.id === null ? `line-${d.line}` : null)) };
}

/**
 * What identifies an entry across captures of one session: its id, unless it is a line number
 * (`line-N`, which captures recorded before derived ids hold, and which shifts when the file
 * grows), in which case its role, time and text.
 */
function entryIdentity(entry: TranscriptEntry): string {
  return /^line-\d+$/.test(entry.id)
    ? `text:${entry.role}\u0000${entry.at ?? ''}\u0000${entry.text}`
    : `id:${entry.id}`;
}

/**
 * The entries of `entries` that no earlier capture of the same session holds, in order: a
 * session that compacts and then shuts down yields two captures (seed 002), and the second
 * transcript repeats everything the first one had.
 */
export function entriesNotCaptured(
  entries: readonly TranscriptEntry[],
  earlier: readonly TranscriptEntry[],
): TranscriptEntry[] {
  const seen = new Set(earlier.map(entryIdentity));
  return entries.filter((entry) => !seen.has(entryIdentity(entry)));
}

/** How a capture was triggered (seed 002: compaction and shutdown, plus manual). */
export type CaptureTrigger = 'compaction' | 'shutdown' | 'manual';

/** The capture triggers. */
export const CAPTURE_TRIGGERS: readonly CaptureTrigger[] = ['compaction', 'shutdown', 'manual'];

/**
 * The capture dedupe key of seed 002: sha256(session id + trigger + first entry timestamp). A
 * transcript without timestamps uses its first entry's id, so redelivery still collapses.
 */
export function captureKey(
  sessionId: string,
  trigger: CaptureTrigger,
  entries: readonly TranscriptEntry[],
): string {
  const first = entries[0];
  const anchor = first === undefined ? '' : (first.at ?? `id:${first.id}`);
  return sha256Hex(`${sessionId}${trigger}${anchor}`);
}

/** Throws `VALIDATION_FAILED` for a trigger outside `CAPTURE_TRIGGERS`. */
export function toCaptureTrigger(value: string): CaptureTrigger {
  if ((CAPTURE_TRIGGERS as readonly string[]).includes(value)) return value as CaptureTrigger;
  throw new EngineError(
    'VALIDATION_FAILED',
    `trigger must be one of ${CAPTURE_TRIGGERS.join(', ')} (got "${value}")`,
    { parameter: 'trigger' },
  );
}
