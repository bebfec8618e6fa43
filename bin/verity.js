#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/interfaces/cli (built by `npm run build`).
import { main } from '../dist/interfaces/cli/index.js';

process.exitCode = await main(process.argv.slice(2));
