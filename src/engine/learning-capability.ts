import type { IntentMetrics } from '../extract/index.js';
import { confirmAlias, labelIntent, readIntentMetrics } from './capabilities.js';
import type { EngineContext } from './engine-context.js';

/** Feedback that teaches extraction: intent labels, their metrics, and confirmed aliases. */
export interface LearningCapability {
  /** Records the user's label for a message's intent. Throws VALIDATION_FAILED for a bad label. */
  labelIntent(threadId: string, messageId: string, intent: string): Promise<void>;
  /** The intent confusion matrix with per-class precision and recall. */
  intentMetrics(): Promise<IntentMetrics>;
  /** Records that a name stands for a slot (`<domain>.<item>`) in future extractions. */
  confirmAlias(alias: string, target: string): Promise<void>;
}

/** Builds the extraction feedback operations. */
export function createLearningCapability(context: EngineContext): LearningCapability {
  return {
    labelIntent: (threadId, messageId, intent) => labelIntent(context, threadId, messageId, intent),
    intentMetrics: () => readIntentMetrics(context),
    confirmAlias: (alias, target) => confirmAlias(context, alias, target),
  };
}
