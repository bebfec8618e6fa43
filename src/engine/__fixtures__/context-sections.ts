import type { ContextResult, ContextSectionName } from '../../context/index.js';

/** The text of section `name` of a built context; `''` when it is empty. */
export function sectionText(result: ContextResult, name: ContextSectionName): string {
  return result.sections.find((section) => section.name === name)?.text ?? '';
}
