/**
 * Phenomenon: the assistant's own words are not the user's state.
 *
 * In an assistant's turn "I" is the assistant ("Honey, I'm home!" as a heading, "I'm back with
 * more ideas"), and a sentence with no person in it is the assistant's advice or an example
 * ("Fly into Lihue, then drive to Hanalei", "Train to Busan (2016) is a thriller"). Neither says
 * where the user is or what the user has planned. Only what the assistant says of "you" could,
 * and that is the user's own earlier word repeated at best, which the user's turn already gave.
 * So a reading whose subject is the writer, "we", or nobody is dropped in an assistant's turn.
 */

/** The subject kinds the rules give a reading (see `Subject` in clauses.ts). */
type SubjectKind = 'speaker' | 'we' | 'person' | 'thing';

/**
 * Whether a reading with a subject of `kind`, in a message written with `role`, is the
 * assistant speaking for itself or for nobody (true), rather than about the user or a named
 * person (false). Always false in the user's own turns.
 */
export function assistantsOwnWords(role: string, kind: SubjectKind): boolean {
  return role === 'assistant' && kind !== 'person';
}
