/** One validation error, naming the field (JSON pointer) and the rule it broke. */
export interface ValidationIssue {
  /** JSON pointer of the offending value (`/source/type`), or `` for the record itself. */
  readonly path: string;
  /** The schema keyword or semantic rule that failed (`enum`, `format`, `required`, ...). */
  readonly rule: string;
  readonly message: string;
}

/** Renders issues as one line each: `/source/type: must be one of ... (enum)`. */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `${i.path || '(record)'}: ${i.message} (${i.rule})`).join('; ');
}

/** Whether `value` is a plain JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
