import { describe, expect, it } from 'vitest';
import { readerIn } from './__fixtures__/read-chat.js';

// Found in a quick check with sentences of our own (none in a bench file), in a team's thread:
// "Legal signed off, API redesign is unblocked" keyed the status to a project
// "legal_signed_off_api_redesign" (a comma did not end the clause before the subject), and
// "Atlas, Borealis and Comet are all shipped" to "borealis_and_comet_are_all": several projects
// named together under a plural verb made one key of none of them.
const read = readerIn('team:core');

describe('the subject of a project status, bounded', () => {
  it('ends the subject at a comma before it', () => {
    expect(read('Legal signed off, API redesign is unblocked')).toEqual([
      'project.api_redesign.status=in_progress (strong)',
    ]);
    expect(read('ok so, the billing migration is blocked again')).toEqual([
      'project.billing_migration.status=blocked (strong)',
    ]);
  });

  it('reads no one project from several named under a plural verb', () => {
    for (const text of [
      'Billing, payments and search are blocked',
      'Atlas, Borealis and Comet are all shipped',
      'The iOS and Android apps are both live',
    ]) {
      expect(read(text), text).toEqual([]);
    }
  });

  it('keeps a name with "and" in it under a singular verb', () => {
    expect(read('Search and discovery is blocked')).toEqual([
      'project.search_and_discovery.status=blocked (strong)',
    ]);
  });
});
