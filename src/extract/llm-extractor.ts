import {
  EngineError,
  err,
  FIELD_PATTERN,
  type Intent,
  ok,
  type Result,
  slotKey,
} from '../core/index.js';
import type { LanguageModel } from '../providers/index.js';
import { extractionOutputSchema, validateExtractionOutput } from '../schemas/index.js';
import { createContext, groupOf, personEntity, speakerEntity, weEntity } from './clauses.js';
import { type ExtractionCache, extractionCacheKey } from './extraction-cache.js';
import { PROMPT_VERSION, SYSTEM_PROMPT, userPrompt } from './llm-prompt.js';
import { extractWithRules, RULES_EXTRACTOR_VERSION } from './rule-extractor.js';
import { slugify } from './text.js';
import {
  EVIDENCE_CONFIDENCE,
  type EvidenceStrength,
  type ExtractedObservation,
  type Extraction,
  type ExtractionInput,
  type Extractor,
  HEDGED_CONFIDENCE,
} from './types.js';

/** Options of `createLlmExtractor`. */
export interface LlmExtractorOptions {
  readonly model: LanguageModel;
  /** Where answers are kept by message hash and prompt version. Default: none. */
  readonly cache?: ExtractionCache;
  /** Per call. Default 20 000 ms. */
  readonly timeoutMs?: number;
  /**
   * Model confidence below this is forced to the hedged extraction confidence, so the
   * observation stays tentative and never commits from a free-form answer. Default 0.9.
   */
  readonly minConfidence?: number;
}

/** A field path of a registered domain. */
const FIELD = new RegExp(FIELD_PATTERN);

/** The entity a model's `subject` names, in the context of the message. */
function entityOf(subject: string, field: string, input: ExtractionInput): string | null {
  const doc = createContext(input);
  if (subject === 'self') return speakerEntity(doc);
  if (subject === 'group') return weEntity(doc);
  const person = /^person:\s*([A-Za-z][A-Za-z .'-]{0,40})$/.exec(subject)?.[1]?.trim();
  if (person === undefined) return null;
  if (field.startsWith('family.')) {
    const group = groupOf(person, doc);
    if (group?.startsWith('family:')) return group;
  }
  return personEntity(slugify(person).split('_')[0] ?? person);
}

/**
 * The model-backed extractor `llm@<prompt version>`: one structured request per message with
 * domain few-shot examples, the answer validated by the `extraction_output` Ajv schema (anything
 * else is an error, never free text), confidence below `minConfidence` forced tentative, a
 * timeout, and a cache keyed by message hash and prompt version.
 */
export function createLlmExtractor(options: LlmExtractorOptions): Extractor {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const minConfidence = options.minConfidence ?? 0.9;
  const modelKey = `${options.model.provider}/${options.model.modelId}`;
  return {
    id: 'llm',
    version: PROMPT_VERSION,
    async extract(input: ExtractionInput): Promise<Result<Extraction>> {
      const key = extractionCacheKey(PROMPT_VERSION, modelKey, input);
      const cached = await options.cache?.get(key);
      if (cached) return ok(cached);
      let answer: unknown;
      try {
        const result = await options.model.generateObject({
          system: SYSTEM_PROMPT,
          prompt: userPrompt(input),
          schema: extractionOutputSchema,
          schemaName: 'extraction_output',
          timeoutMs,
        });
        answer = result.value;
      } catch (error: unknown) {
        if (error instanceof EngineError) return err(error);
        throw error;
      }
      const checked = validateExtractionOutput(answer);
      if (!checked.ok) {
        return err(
          new EngineError('PROVIDER_FAILED', 'the model answered outside the extraction schema', {
            model: modelKey,
            issues: checked.issues.length,
          }),
        );
      }
      const observations: ExtractedObservation[] = [];
      const seen = new Set<string>();
      for (const o of checked.value.observations) {
        if (!FIELD.test(o.field)) continue;
        const entityId = entityOf(o.subject, o.field, input);
        if (entityId === null || seen.has(slotKey(entityId, o.field))) continue;
        seen.add(slotKey(entityId, o.field));
        // The same evidence-strength rule as the rules: a plain statement is strong, a lower
        // model confidence is at most moderate (a review prompt), below the minimum weak.
        const evidence: EvidenceStrength =
          o.confidence < minConfidence ? 'weak' : o.confidence >= 0.95 ? 'strong' : 'moderate';
        observations.push({
          entityId,
          field: o.field,
          value: o.value,
          intent: o.intent as Intent,
          confidence: Math.min(
            o.confidence >= minConfidence ? o.confidence : HEDGED_CONFIDENCE,
            EVIDENCE_CONFIDENCE[evidence],
          ),
          evidence,
          correction: o.correction,
          span: input.text.slice(0, 300),
        });
      }
      const intent = checked.value.intent === 'none' ? null : (checked.value.intent as Intent);
      const extraction: Extraction = {
        intent: checked.value.retracts_previous ? 'retract' : intent,
        observations,
        retractsPrevious: checked.value.retracts_previous,
        unrecognised: [],
      };
      await options.cache?.set(key, extraction);
      return ok(extraction);
    },
  };
}

/**
 * `rules+llm`: the rules read the message first; only when some sentences were not recognised
 * does the model read those sentences. The rules' observations win for any slot both report; if
 * the model fails, the rules' result stands.
 */
export function createRulesThenLlmExtractor(llm: Extractor): Extractor {
  return {
    id: 'rules-llm',
    version: `${RULES_EXTRACTOR_VERSION}+${llm.version}`,
    async extract(input: ExtractionInput): Promise<Result<Extraction>> {
      const rules = extractWithRules(input);
      if (rules.unrecognised.length === 0) return ok(rules);
      const asked = await llm.extract({ ...input, text: rules.unrecognised.join('\n') });
      if (!asked.ok) return ok(rules);
      const taken = new Set(rules.observations.map((o) => slotKey(o.entityId, o.field)));
      return ok({
        intent: rules.intent ?? asked.value.intent,
        observations: [
          ...rules.observations,
          ...asked.value.observations.filter((o) => !taken.has(slotKey(o.entityId, o.field))),
        ],
        retractsPrevious: rules.retractsPrevious || asked.value.retractsPrevious,
        unrecognised: [],
      });
    },
  };
}
