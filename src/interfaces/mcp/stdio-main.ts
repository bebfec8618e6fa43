/**
 * Process entry for the stdio MCP server: reads the configuration (`VERITY_HOME`, `VERITY_NOW`,
 * `$VERITY_HOME/config.json`), opens the engine and serves until the client disconnects.
 */

import type { Config } from '../../config/index.js';
import { loadConfig } from '../../config/index.js';
import { fixedClock } from '../../core/index.js';
import type { EngineOptions } from '../../engine/index.js';
import { createEngine } from '../../engine/index.js';
import { runMcpStdio } from './serve-mcp-stdio.js';

function toEngineOptions(config: Config): EngineOptions {
  const { file } = config;
  return {
    home: config.home,
    ...(config.now === null ? {} : { clock: fixedClock(config.now) }),
    policy: {
      ...(file.stage === undefined ? {} : { stage: file.stage }),
      ...(file.max_pending === undefined ? {} : { maxPending: file.max_pending }),
      ...(file.prompt_expiry_hours === undefined
        ? {}
        : { promptExpiryHours: file.prompt_expiry_hours }),
      ...(file.adaptive_learning === undefined
        ? {}
        : { adaptiveLearning: file.adaptive_learning.enabled }),
    },
  };
}

try {
  const engine = await createEngine(toEngineOptions(loadConfig()));
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
