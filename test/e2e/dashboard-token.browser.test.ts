import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/index.js';
import type { Engine } from '../../src/engine/index.js';
import { createEngine } from '../../src/engine/index.js';
import { seedTwoEntities } from '../../src/interfaces/http/__fixtures__/two-entities.js';
import type { RunningHttpServer } from '../../src/interfaces/http/index.js';
import { startHttpServer } from '../../src/interfaces/http/index.js';
import { hasChromium, launchChromium } from './__fixtures__/dashboard-server.js';

const TOKEN = 'dashboard-token-0123456789';

describe.skipIf(!hasChromium())('dashboard in Chromium on a server that needs a token', () => {
  let dir: string;
  let engine: Engine;
  let server: RunningHttpServer;
  let browser: { context: BrowserContext; close(): Promise<void> };
  let page: Page;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verity-dashboard-token-'));
    engine = await createEngine({
      home: dir,
      clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')),
    });
    await seedTwoEntities(engine);
    server = await startHttpServer(engine, { port: 0, host: '127.0.0.1', token: TOKEN });
    browser = await launchChromium();
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await engine?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('asks for the token, says where it comes from, and does not retry without one', async () => {
    await page.goto(`${server.url}/#/inbox`);
    await page.waitForSelector('#token');
    expect(await page.locator('#page-title').textContent()).toBe('Token needed');
    expect(await page.locator('main').textContent()).toContain('VERITY_TOKEN');
    await page.waitForSelector('#live-status:text-is("needs a token")');
  });

  it('says a wrong token was refused, then works once the right one is saved', async () => {
    await page.fill('#token', 'not-the-token');
    await page.click('button[type="submit"]');
    await page.waitForSelector('main p:has-text("was refused")');
    expect(await page.locator('#page-title').textContent()).toBe('Token needed');

    await page.fill('#token', TOKEN);
    await page.click('button[type="submit"]');
    await page.waitForSelector('.inbox-item');
    expect(await page.locator('#page-title').textContent()).not.toBe('Token needed');
    await page.waitForSelector('#live-status:text-is("live")');
  });
});
