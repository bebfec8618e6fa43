import { describe, expect, it } from 'vitest';
import { grant } from './__fixtures__/grants.js';
import { useTwoEntitiesApp } from './__fixtures__/temp-engine.js';

// An answer given over HTTP (REST or the dashboard's inbox) names the token that gave it, as
// Telegram names `telegram:<user>`.
const REVIEWER = 'reviewer-token-0123456789';
const ADMIN = 'admin-token-0123456789';

const http = useTwoEntitiesApp('verity-answered-by-', {
  token: ADMIN,
  tokens: [grant('reviewer', REVIEWER, ['read', 'review'])],
});

async function openPrompt(entity: string): Promise<string> {
  const open = await http.engine.listReviews({ status: ['open'], entityId: entity });
  const id = open[0]?.prompt_id;
  if (id === undefined) throw new Error(`no open prompt for ${entity}`);
  return id;
}

async function answeredBy(id: string): Promise<string | null | undefined> {
  const all = await http.engine.listReviews({ status: ['confirmed', 'rejected', 'edited'] });
  return all.find((p) => p.prompt_id === id)?.answered_by;
}

const post = (token: string, path: string, body: unknown) =>
  http.app.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('answered_by over HTTP', () => {
  it('records token:<name> for a REST answer', async () => {
    const id = await openPrompt('user:alex');
    expect((await post(REVIEWER, `/api/reviews/${id}`, { action: 'confirm' })).status).toBe(200);
    expect(await answeredBy(id)).toBe('token:reviewer');
  });

  it('records token:<name> for an inbox (dashboard) answer, whichever token answers', async () => {
    const id = await openPrompt('family:smith');
    const response = await post(ADMIN, `/api/inbox/state_review/${id}`, { action: 'reject' });
    expect(response.status).toBe(200);
    expect(await answeredBy(id)).toBe('token:full');
  });
});
