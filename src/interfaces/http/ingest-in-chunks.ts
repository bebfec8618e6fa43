import type { Engine } from '../../engine/index.js';
import { type ChunkOptions, DEFAULT_CHUNKS, inChunks } from './record-in-chunks.js';

/** What `engine.ingest` reports. */
type IngestReport = Awaited<ReturnType<Engine['ingest']>>;

/** The non-blank lines of JSONL `text` with their 1-based line numbers, as the pipeline reads them. */
function jsonlLines(text: string): { readonly line: number; readonly raw: string }[] {
  const out: { line: number; raw: string }[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    if (raw.trim() !== '') out.push({ line: index + 1, raw });
  }
  return out;
}

/**
 * Whether `text` may hold one JSON document rather than JSONL (an array, or one object spread over
 * several lines): the engine reads those whole, so they are not cut at line ends.
 */
function mayBeJsonDocument(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return true;
  if (!trimmed.startsWith('{') || !trimmed.includes('\n')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/**
 * `engine.ingest(text)` for a JSONL body applied a chunk of lines at a time, yielding to the event
 * loop between chunks, so that a 10,000-line export does not hold every other request of the
 * server until it ends. Each line is one record and is applied whole in one chunk; the report is
 * the one a single call gives: counts summed, each rejection under its line number in the body
 * (blank lines counted), its dead letter and issues. Left in one piece: a body no larger than the
 * first chunk, a JSON document (an array or a pretty-printed object), and import mode, whose
 * event-time order spans the whole body.
 *
 * A failure in a chunk leaves the chunks before it applied: the error is rethrown with
 * `recorded_lines` and `total_lines` in its details and a message saying that sending the same
 * body again handles the rest (applied lines answer duplicate).
 */
export async function ingestInChunks(
  engine: Engine,
  text: string,
  options: { readonly import: boolean },
  chunks: ChunkOptions = DEFAULT_CHUNKS,
): Promise<IngestReport> {
  const body = text.replace(/^\uFEFF/, '');
  const lines = jsonlLines(body);
  if (options.import || lines.length <= chunks.first || mayBeJsonDocument(body)) {
    return await engine.ingest(text, options);
  }
  let applied = 0;
  let duplicate = 0;
  const rejections: IngestReport['rejections'][number][] = [];
  const decisions: Record<string, number> = {};
  await inChunks(lines, chunks, 'lines', async (slice) => {
    const report = await engine.ingest(
      slice.map(({ raw }) => raw),
      options,
    );
    applied += report.applied;
    duplicate += report.duplicate;
    for (const rejection of report.rejections) {
      // The engine numbers a chunk's lines from 1; the client reads the body's numbering.
      rejections.push({ ...rejection, line: slice[rejection.line - 1]?.line ?? rejection.line });
    }
    for (const [decision, count] of Object.entries(report.decisions)) {
      decisions[decision] = (decisions[decision] ?? 0) + count;
    }
  });
  return {
    applied,
    duplicate,
    rejected: rejections.length,
    rejections,
    decisions: decisions as IngestReport['decisions'],
  };
}
