import { describe, expect, it } from 'vitest';
import { type ProcedureCandidate, selectProcedures } from './select-procedures.js';

const PROCEDURES: readonly ProcedureCandidate[] = [
  {
    id: 'm-20260120-001',
    text: 'Publishing a blog post: proofread, add the cover image, schedule for 9am',
    tags: [],
    source: 'MEMORY.md m-20260120-001',
  },
  {
    id: 'mem_00000000000000a1',
    text: 'Invoices go out with net-15 terms and the PO number in the subject',
    tags: ['procedure', 'invoice'],
    source: 'memory mem_00000000000000a1',
  },
  {
    id: 'mem_00000000000000b2',
    text: 'Send the weekly newsletter from the shared account',
    tags: ['procedure'],
    source: 'memory mem_00000000000000b2',
  },
];

const none = { query: '', triggers: [], taskTitles: [] };

describe('selectProcedures', () => {
  it('loads a procedure whose tag the prompt names, and one that shares two words with it', () => {
    const chosen = selectProcedures(PROCEDURES, {
      ...none,
      query: 'Draft the invoice for Acme and publish the blog post about it',
    });
    expect(chosen.map((p) => [p.id, p.matched])).toEqual([
      ['m-20260120-001', ['blog', 'post', 'publish']],
      ['mem_00000000000000a1', ['invoice']],
    ]);
  });

  it('does not load a procedure on one shared everyday word', () => {
    expect(selectProcedures(PROCEDURES, { ...none, query: 'send the deck to Ana' })).toEqual([]);
  });

  it("falls back to today's work when the prompt names nothing it knows", () => {
    const chosen = selectProcedures(PROCEDURES, {
      ...none,
      taskTitles: ['Publish the launch blog post', 'Pay the payroll taxes'],
    });
    expect(chosen.map((p) => p.id)).toEqual(['m-20260120-001']);
  });

  it('counts matched trigger words and names like the prompt', () => {
    const chosen = selectProcedures(PROCEDURES, {
      ...none,
      query: 'what do we owe them?',
      triggers: ['invoice', 'Acme'],
    });
    expect(chosen.map((p) => p.id)).toEqual(['mem_00000000000000a1']);
  });

  it('meets a word in its derived and inflected forms (the language stemmer)', () => {
    const deploy: ProcedureCandidate = {
      id: 'mem_00000000000000c3',
      text: 'Deployments need a rollback plan agreed with the on-call engineer',
      tags: ['procedure'],
      source: 'memory mem_00000000000000c3',
    };
    for (const query of [
      'we deploy tonight: what rollback plans do we have?',
      'the deployment went out, was a rollback planned?',
    ]) {
      const [chosen] = selectProcedures([deploy], { ...none, query });
      expect(chosen?.matched).toEqual(['deploy', 'plan', 'rollback']);
    }
    // One shared stem, however it is inflected, is still one word.
    expect(selectProcedures([deploy], { ...none, query: 'deploying the site tonight' })).toEqual(
      [],
    );
  });

  it('returns nothing without any context, and each candidate once', () => {
    expect(selectProcedures(PROCEDURES, none)).toEqual([]);
    const twice = selectProcedures([PROCEDURES[1], PROCEDURES[1]] as ProcedureCandidate[], {
      ...none,
      query: 'invoice',
    });
    expect(twice).toHaveLength(1);
  });
});
