import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.js';
import { observation, toJsonl } from '../../testing/index.js';
import { alexAndReader, grant } from './__fixtures__/grants.js';
import { openEventStream } from './__fixtures__/sse-stream.js';
import { useTwoEntitiesApp } from './__fixtures__/temp-engine.js';
import { entityAllowed, hashToken, isRestricted, resolvePrincipal } from './auth.js';

const ALEX = 'alex-token-0123456789';
const FAMILY = 'family-token-0123456789';
const READER = 'reader-token-0123456789';
const ADMIN = 'admin-token-0123456789';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** The status `GET path` answers `token`. */
const statusOf = async (path: string, token: string) =>
  (await http.app.request(path, { headers: bearer(token) })).status;

const http = useTwoEntitiesApp('verity-auth-', {
  token: ADMIN,
  tokens: [
    ...alexAndReader(ALEX, READER),
    grant('family', FAMILY, ['read', 'review'], ['family:*']),
  ],
});

async function openPrompt(entity: string): Promise<string> {
  const reviews = (await http.engine.listReviews({ status: ['open'], entityId: entity })).filter(
    (p) => p.field === 'profile.preference.seat',
  );
  const id = reviews[0]?.prompt_id;
  if (id === undefined) throw new Error(`no open prompt for ${entity}`);
  return id;
}

describe('entityAllowed', () => {
  it.each([
    [['user:alex'], 'user:alex', true],
    [['user:alex'], 'user:alexandra', false],
    [['family:*'], 'family:smith', true],
    [['family:*'], 'user:smith', false],
    [['*'], 'team:x', true],
    [null, 'team:x', true],
  ] as const)('%j allows %s: %s', (patterns, entity, expected) => {
    expect(entityAllowed(patterns, entity)).toBe(expected);
  });
});

describe('a token allowed every entity', () => {
  it('is not limited: "*" among its entities reaches everything, "family:*" does not', () => {
    const tokens = [
      grant('all', 'all-token-0123', ['read'], ['*']),
      grant('fam', 'fam-token-0123', ['read'], ['family:*']),
    ];
    const all = resolvePrincipal({ token: null, tokens }, 'Bearer all-token-0123');
    const fam = resolvePrincipal({ token: null, tokens }, 'Bearer fam-token-0123');
    expect(all !== null && isRestricted(all)).toBe(false);
    expect(fam !== null && isRestricted(fam)).toBe(true);
  });
});

describe('HTTP scopes and entity allow-lists', () => {
  it('refuses requests without a token or with an unknown one, as problem+json', async () => {
    const none = await http.app.request('/api/state/user:alex');
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toContain('application/problem+json');
    expect(((await none.json()) as { code: string }).code).toBe('UNAUTHORIZED');
    expect(
      (await http.app.request('/api/state/user:alex', { headers: bearer('nope-nope-nope') }))
        .status,
    ).toBe(401);
  });

  it("reads its own entity's state but not another's", async () => {
    const own = await http.app.request('/api/state/user:alex', { headers: bearer(ALEX) });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { entity_id: string }).entity_id).toBe('user:alex');
    const other = await http.app.request('/api/state/family:smith', { headers: bearer(ALEX) });
    expect(other.status).toBe(403);
    expect(await other.text()).toContain('family:smith');
  });

  it('matches a kind prefix (family:*)', async () => {
    expect(await statusOf('/api/state/family:smith', FAMILY)).toBe(200);
    expect(await statusOf('/api/state/user:alex', FAMILY)).toBe(403);
  });

  it("cannot answer another entity's review prompt, and the prompt stays open", async () => {
    const smith = await openPrompt('family:smith');
    const answered = await http.app.request(`/api/reviews/${smith}`, {
      method: 'POST',
      headers: { ...bearer(ALEX), 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'confirm' }),
    });
    expect(answered.status).toBe(403);
    expect(
      (await http.engine.listReviews({ status: ['open'] })).some((p) => p.prompt_id === smith),
    ).toBe(true);
    const viaInbox = await http.app.request(`/api/inbox/state_review/${smith}`, {
      method: 'POST',
      headers: { ...bearer(ALEX), 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'reject' }),
    });
    expect(viaInbox.status).toBe(403);
  });

  it('cannot ingest events about another entity, and nothing of the batch is applied', async () => {
    const before = await http.engine.lastSequence();
    const response = await http.app.request('/api/ingest', {
      method: 'POST',
      headers: bearer(ALEX),
      body: toJsonl([
        observation({ id: 900, entity: 'user:alex', field: 'travel.destination', value: 'Oslo' }),
        observation({
          id: 901,
          entity: 'family:smith',
          field: 'travel.destination',
          value: 'Rome',
        }),
      ]),
    });
    expect(response.status).toBe(403);
    expect(await http.engine.lastSequence()).toBe(before);
  });

  it('needs the write scope to ingest and the review scope to answer', async () => {
    const ingest = await http.app.request('/api/ingest', {
      method: 'POST',
      headers: bearer(FAMILY),
      body: toJsonl([
        observation({
          id: 902,
          entity: 'family:smith',
          field: 'travel.destination',
          value: 'Rome',
        }),
      ]),
    });
    expect(ingest.status).toBe(403);
    expect(await ingest.text()).toContain('write');
    const answer = await http.app.request(`/api/reviews/${await openPrompt('family:smith')}`, {
      method: 'POST',
      headers: { ...bearer(READER), 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'confirm' }),
    });
    expect(answer.status).toBe(403);
  });

  it('sees only its own items in the inbox and its own hits in search', async () => {
    const inbox = (await (
      await http.app.request('/api/inbox', { headers: bearer(ALEX) })
    ).json()) as {
      items: { entity_id: string }[];
    };
    expect(inbox.items.length).toBeGreaterThan(0);
    expect(new Set(inbox.items.map((i) => i.entity_id))).toEqual(new Set(['user:alex']));
    const all = (await (
      await http.app.request('/api/inbox', { headers: bearer(ADMIN) })
    ).json()) as {
      items: { entity_id: string }[];
    };
    expect(new Set(all.items.map((i) => i.entity_id))).toEqual(
      new Set(['user:alex', 'family:smith']),
    );

    const search = (await (
      await http.app.request('/api/search?query=lighthouse%20ferry&entity_id=user:alex', {
        headers: bearer(ALEX),
      })
    ).json()) as { hits: { entity_id: string }[] };
    expect(search.hits.length).toBeGreaterThan(0);
    expect(search.hits.every((h) => h.entity_id === 'user:alex')).toBe(true);
    const forbidden = await http.app.request('/api/search?query=ferry&entity_id=family:smith', {
      headers: bearer(ALEX),
    });
    expect(forbidden.status).toBe(403);
  });

  it('fails closed on an unfiltered list naming another entity, and refuses its items', async () => {
    expect(await statusOf('/api/reviews', ALEX)).toBe(403);
    expect(await statusOf('/api/reviews?entity=user:alex', ALEX)).toBe(200);
    expect(await statusOf('/api/items?entity=family:smith', ALEX)).toBe(403);
  });

  it('lists only its own entities, and reads only its own history', async () => {
    const listed = (await (
      await http.app.request('/api/entities', { headers: bearer(ALEX) })
    ).json()) as {
      items: { entity_id: string }[];
    };
    expect(listed.items).toEqual([{ entity_id: 'user:alex' }]);
    const history = await http.app.request('/api/state/user:alex/history?field=travel.status', {
      headers: bearer(ALEX),
    });
    expect(history.status).toBe(200);
    const body = (await history.json()) as { items: Record<string, unknown>[] };
    expect(body.items.length).toBeGreaterThan(0);
    expect(Object.keys(body.items[0] ?? {})).toContain('recorded_at');
    const other = await http.app.request('/api/state/family:smith/history', {
      headers: bearer(ALEX),
    });
    expect(other.status).toBe(403);
  });

  it('builds context only for its own entity', async () => {
    expect(await statusOf('/api/context?entity=user:alex', ALEX)).toBe(200);
    expect(
      (await http.app.request('/api/context?entity=family:smith', { headers: bearer(ALEX) }))
        .status,
    ).toBe(403);
    expect(await statusOf('/api/context', ALEX)).toBe(403);
  });

  it('answers its own prompt through the inbox and the state changes', async () => {
    const alex = await openPrompt('user:alex');
    const response = await http.app.request(`/api/inbox/state_review/${alex}`, {
      method: 'POST',
      headers: { ...bearer(ALEX), 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'edit', edited_value: 'middle' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await http.engine.getField('user:alex', 'profile.preference.seat')).value).toBe(
      'middle',
    );
  });

  it("streams only its own entities' events over SSE, and refuses another entity's stream", async () => {
    const refused = await http.app.request('/api/events?entity_id=family:smith', {
      headers: bearer(ALEX),
    });
    expect(refused.status).toBe(403);
    const { stream, close } = await openEventStream(http.app, bearer(ALEX));
    http.engine.events.publish({
      type: 'drift.detected',
      entity_id: 'family:smith',
      data: { n: 1 },
    });
    http.engine.events.publish({ type: 'ledger.committed', entity_id: null, data: { n: 2 } });
    http.engine.events.publish({ type: 'drift.detected', entity_id: 'user:alex', data: { n: 3 } });
    const text = await stream.until('"n":3');
    expect(text).not.toContain('family:smith');
    expect(text).not.toContain('"n":1');
    expect(text).not.toContain('"n":2');
    await close();
  });
});

describe('tokens in config.json', () => {
  it('loads hashed scoped tokens and rejects a plain token where a hash belongs', () => {
    const home = mkdtempSync(join(tmpdir(), 'verity-auth-config-'));
    try {
      const grant = {
        name: 'alex',
        sha256: hashToken(ALEX),
        scopes: ['read'],
        entities: ['user:alex'],
      };
      writeFileSync(join(home, 'config.json'), JSON.stringify({ tokens: [grant] }));
      expect(loadConfig({ env: { VERITY_HOME: home } }).file.tokens).toEqual([grant]);
      writeFileSync(
        join(home, 'config.json'),
        JSON.stringify({ tokens: [{ ...grant, sha256: ALEX }] }),
      );
      expect(() => loadConfig({ env: { VERITY_HOME: home } })).toThrow(/sha256/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
