import { describe, expect, it } from 'vitest';
import { readerIn } from './__fixtures__/read-chat.js';

// A release named by its version: "We shipped v2.3 of the billing service" was read as a project
// "v2" (the object ended at the version's dot) and "version 4 of the app" as a project named
// "version_4_of_the_app". The project is the thing released; the number is its version.
const read = readerIn('team:core');

describe('a release named with its version', () => {
  it('names the project released and records the version', () => {
    for (const [text, slug, version] of [
      ['We shipped v2.3 of the billing service yesterday.', 'billing_service', '2.3'],
      ['We shipped the billing service v2.3 yesterday.', 'billing_service', '2.3'],
      ['Released version 3.1 of Atlas.', 'atlas', '3.1'],
      ['Shipped 1.0 of the SDK!', 'sdk', '1.0'],
    ] as const) {
      expect(read(text), text).toEqual(
        expect.arrayContaining([
          `project.${slug}.status=shipped (strong)`,
          `project.${slug}.version=${version} (strong)`,
        ]),
      );
    }
  });

  it('keeps a whole version number that is part of a name', () => {
    expect(read('Checkout v4 is live.')).toContain('project.checkout_v4.status=shipped (strong)');
  });

  it('reads no project from a share of some work', () => {
    for (const text of ['We shipped 2 of the fixes today.', 'We finished half of the tickets.']) {
      expect(read(text), text).toEqual([]);
    }
  });
});
