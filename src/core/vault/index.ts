/** Pure vault logic: chunking, passage normalisation, wiki links and drift math. */
export type { MarkdownChunk } from './chunk-markdown.js';
export { chunkMarkdown, noteTitle } from './chunk-markdown.js';
export type { PassageCheck, PassageFate } from './drift-math.js';
export { cosineDistance, nearest, passageFate } from './drift-math.js';
export { normalizePassage, passageHash } from './normalize-passage.js';
export type { PredictionErrorType } from './prediction-errors.js';
export { PREDICTION_ERROR_TYPES } from './prediction-errors.js';
export type { LinkResolution, WikiLink } from './wiki-links.js';
export { extractWikiLinks, resolveWikiLink } from './wiki-links.js';
