import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { sseStream } from './__fixtures__/sse-stream.js';
import { useTwoEntitiesApp } from './__fixtures__/temp-engine.js';
import { routeRegistryOf } from './platform.js';

const http = useTwoEntitiesApp('verity-openapi-', { token: null });

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await http.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it("lists exactly the app's routes (registered routes = mounted routes)", () => {
    const mounted = new Set(
      http.app.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path}`),
    );
    const registered = new Set(
      routeRegistryOf(http.app)
        .list()
        .map((route) => `${route.method.toUpperCase()} ${route.path}`),
    );
    expect([...mounted].filter((r) => !registered.has(r)).sort()).toEqual([]);
    expect([...registered].filter((r) => !mounted.has(r)).sort()).toEqual([]);
  });

  it('documents the query parameters a route validates with', async () => {
    const document = (await (await http.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
    };
    const search = document.paths['/api/search']?.['get']?.parameters.map((p) => p.name);
    expect(search).toEqual([
      'query',
      'entity_id',
      'thread_id',
      'kind',
      'since',
      'until',
      'mode',
      'recency_days',
      'limit',
    ]);
    const state = document.paths['/api/state/{entity}']?.['get']?.parameters.map(
      (p) => `${p.in}:${p.name}`,
    );
    expect(state).toEqual(['path:entity', 'query:at', 'query:field', 'query:as_of']);
  });
});

describe('problem+json, pagination and ETags', () => {
  it('rejects unknown query parameters on validated routes with a problem document', async () => {
    const response = await http.app.request('/api/search?query=ferry&colour=blue');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await response.json()) as { type: string; status: number; detail: string };
    expect(problem.status).toBe(400);
    expect(problem.type).toBe('urn:verity:error:validation_failed');
    expect(problem.detail).toContain('colour');
  });

  it('pages the inbox with an opaque cursor', async () => {
    const first = (await (await http.app.request('/api/inbox?limit=1')).json()) as {
      items: { id: string }[];
      next_cursor: string | null;
    };
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = (await (
      await http.app.request(`/api/inbox?limit=1&cursor=${first.next_cursor}`)
    ).json()) as { items: { id: string }[]; next_cursor: string | null };
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect((await http.app.request('/api/inbox?cursor=bogus!')).status).toBe(400);
  });

  it('answers 304 to a state read whose ETag still matches', async () => {
    const first = await http.app.request('/api/state/user:alex');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await http.app.request('/api/state/user:alex', {
      headers: { 'If-None-Match': tag ?? '' },
    });
    expect(again.status).toBe(304);
  });
});

describe('/api/events', () => {
  it('streams a published event to a subscriber', async () => {
    const controller = new AbortController();
    const response = await http.app.request('/api/events', { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = sseStream(response);
    await stream.until('event: ready');
    http.engine.events.publish({
      type: 'drift.detected',
      entity_id: 'user:alex',
      data: { field: 'x' },
    });
    const text = await stream.until('event: drift.detected');
    expect(text).toContain('"entity_id":"user:alex"');
    controller.abort();
    await stream.cancel();
  });
});
