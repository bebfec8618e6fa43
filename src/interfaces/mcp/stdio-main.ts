/**
 * Process entry for the stdio MCP server: reads the configuration (`VERITY_HOME`, `VERITY_NOW`,
 * `$VERITY_HOME/config.json`), opens the engine and serves until the client disconnects.
 */

import { loadConfig } from '../../config/index.js';
import { configWarnings, createEngine, engineOptionsFromConfig } from '../../engine/index.js';
import { runMcpStdio } from './serve-mcp-stdio.js';

try {
  const config = loadConfig();
  // stdout carries only the protocol, so what is wrong with the config is said on stderr.
  for (const warning of configWarnings(config))
    process.stderr.write(`verity mcp: warning: ${warning}\n`);
  const engine = await createEngine(await engineOptionsFromConfig(config));
  try {
    await runMcpStdio(engine);
  } finally {
    await engine.close();
  }
} catch (error: unknown) {
  // stdout carries only the protocol, so a failure to start is reported on stderr.
  process.stderr.write(`verity mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
