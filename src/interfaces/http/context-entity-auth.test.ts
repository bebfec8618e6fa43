import { describe, expect, it } from 'vitest';
import { alexAndReader } from './__fixtures__/grants.js';
import { useTwoEntitiesApp } from './__fixtures__/temp-engine.js';

const ALEX = 'alex-context-token-0123456789';
const READER = 'reader-context-token-0123456789';
const ADMIN = 'admin-context-token-0123456789';

const http = useTwoEntitiesApp('verity-context-auth-', {
  token: ADMIN,
  tokens: alexAndReader(ALEX, READER),
});

const statusOf = async (path: string) =>
  (await http.app.request(path, { headers: { Authorization: `Bearer ${ALEX}` } })).status;

describe('GET /api/context with an entity-limited token', () => {
  it('builds context for its own entity named as entity_id, as the README and SDK send it', async () => {
    expect(await statusOf('/api/context?entity_id=user:alex&query=seat')).toBe(200);
    expect(await statusOf('/api/context?entity=user:alex')).toBe(200);
  });

  it('refuses another entity, no entity, a blank one and a thread, by either name', async () => {
    expect(await statusOf('/api/context?entity_id=family:smith')).toBe(403);
    expect(await statusOf('/api/context?entity_id=%20')).toBe(403);
    expect(await statusOf('/api/context')).toBe(403);
    expect(await statusOf('/api/context?entity_id=user:alex&thread_id=t1')).toBe(403);
    expect(await statusOf('/api/context?entity=user:alex&thread=t1')).toBe(403);
  });

  it('applies the same checks to the recall pack (pack=true)', async () => {
    expect(await statusOf('/api/context?entity_id=user:alex&pack=true')).toBe(200);
    expect(await statusOf('/api/context?entity_id=family:smith&pack=true')).toBe(403);
    expect(await statusOf('/api/context?pack=true')).toBe(403);
    expect(await statusOf('/api/context?entity_id=user:alex&thread_id=t1&pack=true')).toBe(403);
  });
});
