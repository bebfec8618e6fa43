import { type Command, InvalidArgumentError } from 'commander';
import { parseRfc3339, toIso } from '../../../core/index.js';
import {
  type IndexProgress,
  type IndexReport,
  SEARCH_KINDS,
  type SearchFilters,
  type SearchKind,
  type SearchOptions,
  type SearchResult,
  type SearchStatus,
} from '../../../engine/index.js';
import type { CliIo } from '../cli-io.js';
import { messageOf } from '../exit-codes.js';
import { collect, oneOf, wholeNumber } from '../option-parsers.js';
import type { CliToolkit } from '../toolkit.js';

interface SearchCommandOptions {
  readonly k: number;
  readonly thread?: readonly string[];
  readonly entity?: readonly string[];
  readonly kind?: readonly SearchKind[];
  readonly since?: string;
  readonly until?: string;
  readonly mode: 'hybrid' | 'text' | 'vector';
  readonly recencyDays?: number;
  readonly json?: true;
}

/** Runs shorter than this many items draw no progress bar. */
const PROGRESS_THRESHOLD = 200;

function positiveNumber(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new InvalidArgumentError('must be above 0.');
  return value;
}

function instant(text: string): string {
  const parsed = parseRfc3339(text);
  if (parsed === null) {
    throw new InvalidArgumentError('must be an RFC 3339 timestamp such as 2026-02-19T15:00:00Z.');
  }
  return toIso(parsed);
}

function kind(text: string, previous: readonly SearchKind[] = []): readonly SearchKind[] {
  const found = SEARCH_KINDS.find((k) => k === text);
  if (found === undefined)
    throw new InvalidArgumentError(`must be one of ${SEARCH_KINDS.join(', ')}.`);
  return [...previous, found];
}

const mode = oneOf(['hybrid', 'text', 'vector'] as const satisfies SearchCommandOptions['mode'][]);

/**
 * A one-line progress bar on standard error for indexing runs of `PROGRESS_THRESHOLD` items or
 * more, redrawn in place; `finish` ends the line.
 */
export function indexProgressBar(io: CliIo): {
  readonly update: (progress: IndexProgress) => void;
  readonly finish: () => void;
} {
  let drawn = false;
  return {
    update({ done, total }) {
      if (total < PROGRESS_THRESHOLD) return;
      const share = total === 0 ? 1 : Math.min(1, done / total);
      const width = 30;
      const filled = Math.round(share * width);
      const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
      io.stderr(
        `\rverity: embedding [${bar}] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`,
      );
      drawn = true;
    },
    finish() {
      if (drawn) io.stderr('\n');
      drawn = false;
    },
  };
}

function toFilters(options: SearchCommandOptions): SearchFilters {
  return {
    ...(options.thread === undefined ? {} : { threadIds: options.thread }),
    ...(options.entity === undefined ? {} : { entityIds: options.entity }),
    ...(options.kind === undefined ? {} : { kinds: options.kind }),
    ...(options.since === undefined ? {} : { since: options.since }),
    ...(options.until === undefined ? {} : { until: options.until }),
  };
}

/** The JSON `verity search --json` prints: exactly these fields, best first. */
function toJson(result: SearchResult): unknown {
  return {
    hits: result.hits.map((hit) => ({
      kind: hit.kind,
      id: hit.id,
      thread_id: hit.thread_id,
      message_id: hit.message_id,
      score: hit.score,
      scores: { bm25: hit.scores.bm25, vector: hit.scores.vector },
      snippet: hit.snippet,
    })),
  };
}

function renderSearch(result: SearchResult): string {
  if (result.hits.length === 0) return 'no matches';
  return result.hits
    .map((hit, index) => {
      const where = hit.thread_id === null ? hit.id : `${hit.thread_id}/${hit.id}`;
      const parts = [
        hit.scores.bm25 === null ? null : `bm25 ${hit.scores.bm25.toFixed(2)}`,
        hit.scores.vector === null ? null : `vector ${hit.scores.vector.toFixed(2)}`,
      ].filter((part) => part !== null);
      return `${index + 1}. [${hit.kind}] ${where}  ${hit.score.toFixed(4)} (${parts.join(', ')})\n   ${hit.snippet}`;
    })
    .join('\n');
}

/** Notices about what the search could not use, for standard error. */
function searchNotices(result: SearchResult): string[] {
  const notices: string[] = [];
  if (result.vector_search === 'space_mismatch') {
    notices.push(
      'the index holds vectors of another embedding model; results are full-text only (run verity reindex)',
    );
  } else if (result.vector_search === 'failed') {
    notices.push('the embedding model failed; results are full-text only');
  }
  if (result.pending_vectors > 0 && result.vector_search !== 'off') {
    notices.push(
      `${result.pending_vectors} item(s) have no vector yet and were searched by full text only (run verity index)`,
    );
  }
  return notices;
}

function renderReport(verb: string, report: IndexReport, status: SearchStatus): string {
  const lines = [
    `${verb}: ${report.embedded} embedded, ${report.reused} reused from the cache, ${report.failed} failed`,
    `index: ${status.documents} item(s), ${status.embedded} with vectors (${status.indexed_model ?? 'none'}), ${status.pending} pending`,
  ];
  if (report.outcome === 'space_mismatch') {
    lines.push(
      `the index holds ${status.indexed_model ?? 'another model'}'s vectors, not ${status.model ?? 'the configured model'}'s: run verity reindex`,
    );
  }
  if (report.outcome === 'disabled') lines.push('vectors are off (no embedding model configured)');
  return lines.join('\n');
}

/** Registers `verity search`, `verity index` and `verity reindex`. */
export function registerSearchCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('search')
    .description(
      'find messages (and other indexed items) by words and meaning: BM25 and vector search fused',
    )
    .argument('<query>', 'what to look for, in plain words')
    .option('--k <n>', 'how many hits', wholeNumber(1, 1000), 10)
    .option('--thread <id>', 'only this thread (repeatable)', collect)
    .option('--entity <id>', 'only this entity (repeatable)', collect)
    .option('--kind <kind>', `only this kind: ${SEARCH_KINDS.join(', ')} (repeatable)`, kind)
    .option('--since <time>', 'only items created at or after this RFC 3339 instant', instant)
    .option('--until <time>', 'only items created before this RFC 3339 instant', instant)
    .option('--mode <mode>', 'hybrid, text (BM25 only) or vector', mode, 'hybrid')
    .option(
      '--recency-days <n>',
      'favour recent items, with this half-life in days',
      positiveNumber,
    )
    .option('--json', 'print {"hits":[{kind,id,thread_id,message_id,score,scores,snippet}]}')
    .action(async (query: string, options: SearchCommandOptions, command: Command) => {
      await toolkit.run(command, async (engine) => {
        const searchOptions: SearchOptions = {
          limit: options.k,
          filters: toFilters(options),
          mode: options.mode,
          ...(options.recencyDays === undefined
            ? {}
            : { recencyHalfLifeDays: options.recencyDays }),
        };
        const result = await engine.search(query, searchOptions);
        for (const notice of searchNotices(result)) toolkit.io.stderr(`verity: ${notice}\n`);
        toolkit.print(
          options.json === true ? JSON.stringify(toJson(result), null, 2) : renderSearch(result),
        );
      });
    });

  program
    .command('index')
    .description('give vectors to indexed items that lack one (after ingest --no-wait)')
    .option('--json', 'print the run report and index status as JSON')
    .action(async (options: { readonly json?: true }, command: Command) => {
      await toolkit.run(command, async (engine) => {
        const progress = indexProgressBar(toolkit.io);
        const report = await engine.indexEmbeddings({ onProgress: progress.update });
        progress.finish();
        const status = await engine.searchStatus();
        toolkit.output(options, { ...report, status }, (value) =>
          renderReport('indexed', value, value.status),
        );
      });
    });

  program
    .command('reindex')
    .description(
      'embed every item with the configured model (after a model change; never mixes models)',
    )
    .option('--json', 'print the run report and index status as JSON')
    .action(async (options: { readonly json?: true }, command: Command) => {
      await toolkit.run(command, async (engine) => {
        const progress = indexProgressBar(toolkit.io);
        try {
          const report = await engine.reindex({ onProgress: progress.update });
          progress.finish();
          const status = await engine.searchStatus();
          toolkit.output(options, { ...report, status }, (value) =>
            renderReport('reindexed', value, value.status),
          );
        } catch (error: unknown) {
          progress.finish();
          throw error;
        }
      });
    });
}

/** Ingest options for `verity ingest`: wait (unless `--no-wait`), draw progress, warn on failure. */
export function ingestIndexOptions(
  io: CliIo,
  wait: boolean,
): {
  readonly waitForIndex: boolean;
  readonly onIndexProgress: (progress: IndexProgress) => void;
  readonly onIndexError: (error: unknown) => void;
  readonly finish: () => void;
} {
  const progress = indexProgressBar(io);
  return {
    waitForIndex: wait,
    onIndexProgress: progress.update,
    onIndexError: (error) => {
      progress.finish();
      io.stderr(
        `verity: records are stored, but vectors were not filled: ${messageOf(error)} (search uses full text until verity index succeeds)\n`,
      );
    },
    finish: progress.finish,
  };
}
