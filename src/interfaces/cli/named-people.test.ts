import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../../testing/index.js';
import { useCliHome } from './__fixtures__/cli-home.js';

const AT = '2026-05-04T10:00:00Z';

/** Where state about a named person who is not the speaker lands (ADR 2026-11-27-named-people). */
describe('named people through verity ingest', () => {
  const cli = useCliHome('verity-cli-people-', { scope: 'all', now: '2026-05-05T00:00:00Z' });

  beforeAll(async () => {
    const file = join(cli.dir, 'people.jsonl');
    writeFileSync(
      file,
      toJsonl([
        messageRecord('kitchen', 'k1', 'user', 'Oskar is allergic to shellfish.', AT, {
          entity_id: 'family:berg',
        }),
        messageRecord('dm-rui', 'r1', 'user', 'My cousin Ilse is in Porto now.', AT, {
          entity_id: 'user:rui',
        }),
        messageRecord('dm-vera', 'v1', 'user', 'My cousin Ilse is in Porto now.', AT, {
          entity_id: 'user:vera',
        }),
        messageRecord('dm-oskar', 'o1', 'user', "I'm allergic to latex.", AT, {
          entity_id: 'user:oskar',
        }),
      ]),
    );
    expect((await cli.verity(['ingest', file])).code).toBe(0);
  });

  it("puts a family member's fact on a member of that family, not on a user of their own", async () => {
    const run = await cli.verity(['state', 'get', 'family:berg.oskar', '--json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('health.allergy.shellfish');
    // user:oskar speaks for himself; what his family said about him is not his own word.
    const own = await cli.verity(['state', 'get', 'user:oskar', '--json']);
    expect(own.stdout).toContain('health.allergy.latex');
    expect(own.stdout).not.toContain('shellfish');
  });

  it("keeps two users' people of the same name apart, each in the speaker's circle", async () => {
    for (const entity of ['family:rui.ilse', 'family:vera.ilse']) {
      const run = await cli.verity(['state', 'get', entity, 'travel.location', '--json']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Porto');
    }
    const merged = await cli.verity(['state', 'get', 'user:ilse', '--json']);
    expect(merged.stdout).not.toContain('Porto');
  });
});
