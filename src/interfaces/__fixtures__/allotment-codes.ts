import { messageRecord, toJsonl } from '../../testing/index.js';

/**
 * The `allotment` thread as ingest JSONL: a question for a code and its reply (only the code),
 * then a second question whose reply holds a code and other words. Forgetting the first question
 * erases its reply; forgetting the second keeps its reply with the code masked. The messages are
 * at minutes 40 to 43 of `hour` (`2026-02-19T14:`, say).
 */
export function allotmentCodesJsonl(hour: string): string {
  const said = (id: string, role: 'user' | 'assistant', content: string, minute: number) =>
    messageRecord('allotment', id, role, content, `${hour}${String(minute).padStart(2, '0')}:00Z`);
  return toJsonl([
    said('q1', 'user', 'What is the code for the allotment shed padlock?', 40),
    said('a1', 'assistant', '6604', 41),
    said('q2', 'user', 'and the bike shed code?', 42),
    said('a2', 'assistant', 'it is 3318, and the hedge trimmer is in there too', 43),
  ]);
}
