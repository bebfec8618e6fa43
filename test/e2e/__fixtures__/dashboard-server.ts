import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';
import { fixedClock } from '../../../src/core/index.js';
import type { Engine } from '../../../src/engine/index.js';
import { createEngine } from '../../../src/engine/index.js';
import { seedTwoEntities } from '../../../src/interfaces/http/__fixtures__/two-entities.js';
import type { RunningHttpServer } from '../../../src/interfaces/http/index.js';
import { startHttpServer } from '../../../src/interfaces/http/index.js';

/** Debian's Chromium; the browser tests skip (with a message) when it is absent. */
export const CHROMIUM = '/usr/bin/chromium';

/** True when Debian's Chromium is installed. */
export function hasChromium(): boolean {
  return existsSync(CHROMIUM);
}

/** A seeded engine behind a real `startHttpServer` on loopback. */
export interface DashboardServer {
  readonly engine: Engine;
  readonly server: RunningHttpServer;
  close(): Promise<void>;
}

/** Starts the dashboard on SQLite, or on PostgreSQL at `pgUrl` (in a fresh schema). */
export async function startDashboardServer(pgUrl?: string): Promise<DashboardServer> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-dashboard-'));
  const schema = `verity_dashboard_${process.pid}`;
  const engine = await createEngine({
    home: dir,
    clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')),
    ...(pgUrl === undefined ? {} : { database: { kind: 'postgres', url: pgUrl, schema } }),
  });
  await seedTwoEntities(engine);
  const server = await startHttpServer(engine, { port: 0, host: '127.0.0.1', token: null });
  return {
    engine,
    server,
    async close() {
      await server.close();
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
      if (pgUrl !== undefined) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        try {
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
        } finally {
          await client.end();
        }
      }
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
