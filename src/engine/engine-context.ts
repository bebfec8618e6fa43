import type { Clock, IdSource } from '../core/index.js';
import type { CapabilityContext } from './capabilities.js';

/**
 * What every engine capability may depend on: the store, the pipeline's dependencies, the
 * extraction registry, the policy in force, the injected clock and id source. `createEngine`
 * builds it once and hands it to each capability's factory.
 */
export interface EngineContext extends CapabilityContext {
  readonly clock: Clock;
  readonly ids: IdSource;
}
