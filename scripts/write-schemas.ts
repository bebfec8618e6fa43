// Writes the canonical schemas to src/schemas/json/*.schema.json for non-TypeScript consumers.
// src/schemas/schemas.test.ts fails when these files drift from the TypeScript definitions.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS } from '../src/schemas/index.js';

const folder = join(import.meta.dirname, '..', 'src', 'schemas', 'json');
for (const [name, schema] of Object.entries(SCHEMAS)) {
  writeFileSync(join(folder, `${name}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
}
