// Moved to the language service; kept so that extraction's imports stay short.
export type { DateMention } from '../language/index.js';
export { activityTime, bareTime, findDates } from '../language/index.js';
