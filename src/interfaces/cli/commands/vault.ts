import { type Command, InvalidArgumentError } from 'commander';
import { PREDICTION_ERROR_TYPES } from '../../../core/index.js';
import type {
  MemoryDetail,
  MemoryView,
  MemoryWriteResult,
  PredictionErrorView,
} from '../../../engine/index.js';
import { resolveId } from '../resolve-id.js';
import type { CliToolkit } from '../toolkit.js';

interface JsonOption {
  readonly json?: true;
}

interface MemoryWriteOptions extends JsonOption {
  readonly tag: string[];
  readonly cites: string[];
  readonly entity?: string;
}

const ERROR_TYPES = PREDICTION_ERROR_TYPES;

function collect(value: string, previous: string[]): string[] {
  return [...previous, ...value.split(',').map((v) => v.trim())].filter((v) => v !== '');
}

function errorType(value: string, previous: string[]): string[] {
  if (!(ERROR_TYPES as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`expected one of ${ERROR_TYPES.join(', ')}`);
  }
  return [...previous, value];
}

function memoryLine(memory: MemoryView): string {
  const drift = memory.drift.length === 0 ? '' : ` [DRIFTED: ${memory.drift.join(', ')}]`;
  const tags = memory.tags.length === 0 ? '' : ` #${memory.tags.join(' #')}`;
  // A promoted memory names its MEMORY.md entry, so one list shows both kinds.
  const source =
    memory.source.kind === 'direct' ? '' : ` (${memory.source.kind} ${memory.source.ref})`;
  return `${memory.memory_id} r${memory.revision}${source}${drift} ${memory.text}${tags}`;
}

function renderWrite(result: MemoryWriteResult): string {
  const lines = [memoryLine(result.memory)];
  if (result.memory.cites.length > 0) lines.push(`  cites: ${result.memory.cites.join(', ')}`);
  for (const link of result.ambiguous_links) {
    lines.push(`  ambiguous link [[${link.target}]]: ${link.candidates.join(', ')} (not cited)`);
  }
  for (const target of result.missing_links) lines.push(`  no note for [[${target}]]`);
  return lines.join('\n');
}

/** `  label text`, with the text's further lines indented under its first. */
function labelled(label: string, text: string): string {
  return `  ${label} ${text.replace(/\r?\n/g, `\n${' '.repeat(label.length + 3)}`)}`;
}

function errorLines(row: PredictionErrorView): string[] {
  const distance = row.distance === null ? '' : ` distance ${row.distance.toFixed(3)}`;
  const state = row.resolved_at === null ? 'open' : `resolved ${row.resolved_at}`;
  const subject = row.memory_id === null ? (row.note_path ?? '') : row.memory_id;
  const lines = [
    `${row.error_id} ${row.error_type} ${subject} (${state}, seen ${row.last_seen_at})${distance}`,
  ];
  if (row.memory_text !== null) lines.push(labelled('memory:', row.memory_text));
  if (row.memory_id !== null && row.note_path !== null) lines.push(`  note: ${row.note_path}`);
  if (row.passage_then !== null) lines.push(labelled('then:', row.passage_then));
  if (row.passage_now !== null) lines.push(labelled('now: ', row.passage_now));
  if (row.detail !== null) lines.push(`  ${row.detail}`);
  return lines;
}

function renderDetail(detail: MemoryDetail): string {
  const lines = [
    memoryLine(detail),
    `  created ${detail.created_at}, updated ${detail.updated_at}`,
  ];
  if (detail.cites.length > 0) lines.push(`  cites: ${detail.cites.join(', ')}`);
  lines.push(`  revisions: ${detail.revisions.length}`);
  for (const revision of detail.revisions) {
    lines.push(`    r${revision.revision} ${revision.recorded_at}: ${revision.text}`);
  }
  for (const row of detail.prediction_errors) lines.push(...errorLines(row).map((l) => `  ${l}`));
  return lines.join('\n');
}

/** `verity vault add|index|search`: the notes vault. */
function registerNoteCommands(program: Command, toolkit: CliToolkit): void {
  const vault = program
    .command('vault')
    .description('a vault of markdown notes that memories cite');

  vault
    .command('add')
    .description('register a folder of markdown notes (then run verity vault index)')
    .argument('<dir>', 'the folder')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        (engine, _options, dir: string) => engine.vault.addRoot(dir),
        (value) => `vault folder ${value.root}`,
      ),
    );

  vault
    .command('index')
    .description('chunk, embed and index the notes; unchanged notes are skipped')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        (engine) => engine.vault.index(),
        (r) =>
          `${r.notes} notes: ${r.indexed} indexed (${r.chunks} chunks, ${r.embedded} embedded), ${r.unchanged} unchanged, ${r.removed} removed` +
          r.duplicates
            .map((path) => `\n  ${path} is in several folders; the first is used`)
            .join(''),
      ),
    );

  vault
    .command('search')
    .description('search the note chunks; a query nothing is close to is recorded as low_overlap')
    .argument('<query>', 'what to look for')
    .option('--limit <n>', 'hits to show (default 10)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a positive integer');
      return n;
    })
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        (engine, options: JsonOption & { limit?: number }, query: string) =>
          engine.vault.searchNotes(
            query,
            options.limit === undefined ? {} : { limit: options.limit },
          ),
        (value) =>
          [
            ...value.hits.map(
              (hit) =>
                `${hit.note_path}${hit.heading === '' ? '' : ` > ${hit.heading}`} (${hit.score.toFixed(3)}): ${hit.text.replace(/\s+/g, ' ')}`,
            ),
            ...(value.low_overlap === null
              ? []
              : [
                  `low overlap: nothing in the vault is close (recorded ${value.low_overlap.error_id})`,
                ]),
          ].join('\n') || 'no notes match',
      ),
    );
}

/** `verity memories add|update|forget|list|show|signal`: memory entries in the vault. */
function registerMemoryEntryCommands(program: Command, toolkit: CliToolkit): void {
  const memories = program
    .command('memories')
    .description('memories that cite notes, with revisions and drift');

  memories
    .command('add')
    .description('record a memory; [[wiki links]] in the text or --cites name the notes it cites')
    .argument('<text>', 'what to remember')
    .option('--tag <tag>', 'a tag (repeatable, or comma-separated)', collect, [])
    .option(
      '--cites <note>',
      'a cited note, e.g. work/test-project#Status (repeatable)',
      collect,
      [],
    )
    .option('--entity <id>', 'the entity the memory belongs to (default user:primary)')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        (engine, options: MemoryWriteOptions, text: string) =>
          engine.vault.recordMemory({
            text,
            tags: options.tag,
            cites: options.cites,
            ...(options.entity === undefined ? {} : { entityId: options.entity }),
          }),
        renderWrite,
      ),
    );

  memories
    .command('update')
    .description("replace a memory's text (a new revision); resolves its open drift")
    .argument('<id>', 'the memory')
    .argument('<text>', 'the new text')
    .option('--tag <tag>', 'replace the tags (repeatable)', collect, [])
    .option('--cites <note>', 'replace the explicit citations (repeatable)', collect, [])
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        async (engine, options: MemoryWriteOptions, id: string, text: string) =>
          engine.vault.updateMemory(await resolveId(engine, 'memory', id), {
            text,
            ...(options.tag.length === 0 ? {} : { tags: options.tag }),
            ...(options.cites.length === 0 ? {} : { cites: options.cites }),
          }),
        renderWrite,
      ),
    );

  memories
    .command('forget')
    .description('forget a memory with its revisions and prediction errors')
    .argument('<id>', 'the memory')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        async (engine, _options, id: string) =>
          engine.vault.forgetMemory(await resolveId(engine, 'memory', id)),
        (r) => `forgot ${r.memory_id}`,
      ),
    );

  memories
    .command('list')
    .description('memories, oldest first, drifted ones marked')
    .option('--tag <tag>', 'only memories with this tag')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        (engine, options: JsonOption & { readonly tag?: string }) =>
          engine.vault.listMemories(options.tag === undefined ? {} : { tag: options.tag }),
        (items) => (items.length === 0 ? 'no memories' : items.map(memoryLine).join('\n')),
      ),
    );

  memories
    .command('show')
    .description('a memory with its revisions and prediction errors (checks drift first)')
    .argument('<id>', 'the memory')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        async (engine, _options, id: string) =>
          engine.vault.showMemory(await resolveId(engine, 'memory', id)),
        renderDetail,
      ),
    );

  memories
    .command('signal')
    .description('record outside evidence (git, CI, calendar...) that a memory may be stale')
    .argument('<id>', 'the memory')
    .requiredOption('--detail <text>', 'what happened')
    .option('--note <path>', 'the note the evidence concerns')
    .option('--source <name>', 'where the evidence came from (default external)')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        async (
          engine,
          options: JsonOption & { detail: string; note?: string; source?: string },
          id: string,
        ) =>
          engine.vault.recordSignal(await resolveId(engine, 'memory', id), {
            detail: options.detail,
            notePath: options.note ?? null,
            ...(options.source === undefined ? {} : { source: options.source }),
          }),
        (r) => errorLines(r).join('\n'),
      ),
    );
}

/** `verity drift`: prediction errors (drifted memories, changed sources, signals, zone edits). */
function registerDriftCommands(program: Command, toolkit: CliToolkit): void {
  const drift = program
    .command('drift')
    .description('prediction errors: drifted memories, changed sources, signals, STATE zone edits');

  drift
    .command('list', { isDefault: true })
    .description('prediction errors, oldest first')
    .option('--type <type>', `only this type (${ERROR_TYPES.join('|')}; repeatable)`, errorType, [])
    .option('--unresolved', 'only open rows')
    .option('--memory <id>', 'only rows of this memory')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        (engine, options: JsonOption & { type: string[]; unresolved?: true; memory?: string }) =>
          engine.vault.listPredictionErrors({
            ...(options.type.length === 0
              ? {}
              : { types: options.type as (typeof ERROR_TYPES)[number][] }),
            ...(options.unresolved === true ? { unresolved: true } : {}),
            ...(options.memory === undefined ? {} : { memoryId: options.memory }),
          }),
        (items) =>
          items.length === 0 ? 'no prediction errors' : items.flatMap(errorLines).join('\n'),
      ),
    );
}

/** Registers `verity vault`, `verity memories` and `verity drift`. */
export function registerVaultCommands(program: Command, toolkit: CliToolkit): void {
  registerNoteCommands(program, toolkit);
  registerMemoryEntryCommands(program, toolkit);
  registerDriftCommands(program, toolkit);
}
