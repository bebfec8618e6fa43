import type { Config } from '../config/index.js';
import { fixedClock } from '../core/index.js';
import type { EngineOptions } from './create-engine.js';
import { extractionFromConfig } from './extraction-from-config.js';

/** Engine options from loaded configuration: home, a pinned clock if any, policy settings. */
export function engineOptionsFromConfig(config: Config): EngineOptions {
  const { file } = config;
  return {
    home: config.home,
    ...(config.now === null ? {} : { clock: fixedClock(config.now) }),
    extraction: extractionFromConfig(config),
    policy: {
      ...(file.stage === undefined ? {} : { stage: file.stage }),
      ...(file.max_pending === undefined ? {} : { maxPending: file.max_pending }),
      ...(file.prompt_expiry_hours === undefined
        ? {}
        : { promptExpiryHours: file.prompt_expiry_hours }),
      ...(file.adaptive_learning === undefined
        ? {}
        : { adaptiveLearning: file.adaptive_learning.enabled }),
      ...(file.uncontested === undefined
        ? {}
        : { commitUncontested: file.uncontested === 'commit' }),
    },
  };
}
