// Runnable entry for development and tests (`node --import tsx src/interfaces/cli/main.ts`);
// the published binary is bin/verity.js.
import { main } from './index.js';

process.exitCode = await main(process.argv.slice(2));
