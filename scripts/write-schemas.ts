// Publishes the canonical schemas as dist/schemas/json/*.schema.json for non-TypeScript consumers.
// Run by `npm run build` (and `npm run schemas`): the files are build output, generated from the
// TypeScript definitions (which read the domain registry), so they cannot drift from them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS } from '../src/schemas/index.js';

const folder = join(import.meta.dirname, '..', 'dist', 'schemas', 'json');
mkdirSync(folder, { recursive: true });
for (const [name, schema] of Object.entries(SCHEMAS)) {
  writeFileSync(join(folder, `${name}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
}
