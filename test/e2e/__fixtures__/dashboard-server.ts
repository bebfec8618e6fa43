import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { fixedClock } from '../../../src/core/index.js';
import type { Engine } from '../../../src/engine/index.js';
import { createEngine, type EngineOptions } from '../../../src/engine/index.js';
import { seedTwoEntities } from '../../../src/interfaces/http/__fixtures__/two-entities.js';
import type { RunningHttpServer } from '../../../src/interfaces/http/index.js';
import { startHttpServer } from '../../../src/interfaces/http/index.js';
import { createPostgresStore } from '../../../src/stores/postgres/index.js';

/**
 * Where a test server keeps its data: SQLite (undefined), a PostgreSQL server (its URL; CI sets
 * `VERITY_TEST_PG_URL`), or PostgreSQL in process (`pglite`), so that the PostgreSQL runs happen
 * on every machine and not only where a server runs.
 */
export type StoreTarget = string | 'pglite' | undefined;

/** The targets every serve-level test runs on: SQLite, and PostgreSQL (the server, else PGlite). */
export function storeTargets(
  pgUrl: string | undefined,
): readonly (readonly [string, StoreTarget])[] {
  return [
    ['SQLite', undefined],
    pgUrl === undefined ? ['PostgreSQL (PGlite)', 'pglite'] : ['PostgreSQL', pgUrl],
  ];
}

/** An engine on `target` in `dir` (fresh schema), and what closing it must also remove. */
export async function openTargetEngine(
  dir: string,
  target: StoreTarget,
  options: Omit<EngineOptions, 'home' | 'store' | 'database'>,
): Promise<{ readonly engine: Engine; dispose(): Promise<void> }> {
  if (target === 'pglite') {
    const pglite = await PGlite.create({ extensions: { vector } });
    const store = await createPostgresStore({ pglite, schema: 'verity_serve' });
    const engine = await createEngine({ ...options, home: dir, store });
    return { engine, dispose: () => pglite.close() };
  }
  const schema = `verity_serve_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const engine = await createEngine({
    ...options,
    home: dir,
    ...(target === undefined ? {} : { database: { kind: 'postgres', url: target, schema } }),
  });
  return {
    engine,
    async dispose() {
      if (target === undefined) return;
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Debian's Chromium; the browser tests skip (with a message) when it is absent. */
export const CHROMIUM = '/usr/bin/chromium';

/** True when Debian's Chromium is installed. */
export function hasChromium(): boolean {
  return existsSync(CHROMIUM);
}

/** A seeded engine behind a real `startHttpServer` on loopback. */
export interface DashboardServer {
  readonly engine: Engine;
  /** The server running now: the first, or the one `restart` started; throws while stopped. */
  readonly server: RunningHttpServer;
  /** Closes the server (as SIGTERM does) and leaves the engine open for `restart`. */
  stop(): Promise<void>;
  /** Starts a server again on the stopped one's port, on the same engine. */
  restart(): Promise<RunningHttpServer>;
  close(): Promise<void>;
}

/** Options of `startDashboardServer`. */
export interface DashboardServerOptions {
  /** The bearer token the server requires (default none). */
  readonly token?: string | null;
  /** What to add to the seeded engine before the browser opens. */
  readonly seed?: (engine: Engine) => Promise<unknown>;
}

/** Starts the dashboard, seeded with two entities, on `target` (see `StoreTarget`). */
export async function startDashboardServer(
  target?: StoreTarget,
  { token = null, seed }: DashboardServerOptions = {},
): Promise<DashboardServer> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-dashboard-'));
  const { engine, dispose } = await openTargetEngine(dir, target, {
    clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')),
  });
  await seedTwoEntities(engine);
  await seed?.(engine);
  const serve = (port: number) => startHttpServer(engine, { port, host: '127.0.0.1', token });
  let running: RunningHttpServer | undefined = await serve(0);
  let port = 0;
  const current = (): RunningHttpServer => {
    if (running === undefined) throw new Error('the dashboard server is stopped');
    return running;
  };
  return {
    engine,
    get server() {
      return current();
    },
    async stop() {
      const stopping = current();
      port = Number(new URL(stopping.url).port);
      running = undefined;
      await stopping.close();
    },
    async restart() {
      running = await serve(port);
      return running;
    },
    async close() {
      await running?.close();
      await engine.close();
      await dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A headless Debian Chromium with a fresh profile; close it with `close()`. */
export async function launchChromium(): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'verity-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Registers hooks that start the dashboard (as `startDashboardServer` does) and open a page of a
 * headless Chromium before the enclosing suite, and close both after it; the returned function
 * gives the suite's dashboard and page.
 */
export function useDashboardInChromium(
  target?: StoreTarget,
  options: DashboardServerOptions = {},
): () => { readonly dashboard: DashboardServer; readonly page: Page } {
  let opened: { dashboard: DashboardServer; page: Page } | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let dashboard: DashboardServer | undefined;
  beforeAll(async () => {
    dashboard = await startDashboardServer(target, options);
    browser = await launchChromium();
    opened = { dashboard, page: await browser.context.newPage() };
  });
  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
    opened = undefined;
  });
  return () => {
    if (opened === undefined) throw new Error('useDashboardInChromium: read outside its suite');
    return opened;
  };
}

/**
 * Starts a log of `page`'s requests and their outcomes and of its console, each with the ms since
 * the start; `waitFor` waits for `selector` and, on a timeout, fails with that log and what the
 * page shows, so a rare failure in CI says what happened.
 */
export function traceDashboard(page: Page): {
  waitFor(selector: string, timeout: number): Promise<void>;
} {
  const start = Date.now();
  const log: string[] = [];
  const at = (line: string): void => void log.push(`${Date.now() - start} ${line}`);
  page.on('request', (r) => at(`-> ${r.method()} ${new URL(r.url()).pathname}`));
  page.on('response', (r) => at(`<- ${r.status()} ${new URL(r.url()).pathname}`));
  page.on('requestfailed', (r) => at(`xx ${new URL(r.url()).pathname} ${r.failure()?.errorText}`));
  page.on('console', (m) => at(`console ${m.text()}`));
  return {
    async waitFor(selector, timeout) {
      try {
        await page.waitForSelector(selector, { timeout });
      } catch (error) {
        const shown = await page.evaluate(`JSON.stringify({
          dataset: document.body.dataset,
          active: document.activeElement ? document.activeElement.outerHTML.slice(0, 120) : null,
          items: [...document.querySelectorAll('.inbox-item')].map((e) => e.dataset.id + ' ' + e.className),
          main: (document.querySelector('main') || document.body).innerText.slice(0, 300),
        })`);
        throw new Error(
          `${(error as Error).message}\npage: ${String(shown)}\ntraffic:\n${log.join('\n')}`,
        );
      }
    },
  };
}
