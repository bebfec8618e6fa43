import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardServer } from './__fixtures__/dashboard-server.js';
import {
  hasChromium,
  launchChromium,
  startDashboardServer,
} from './__fixtures__/dashboard-server.js';

describe.skipIf(!hasChromium())('dashboard inbox under the pointer', () => {
  let dashboard: DashboardServer;
  let browser: { context: BrowserContext; close(): Promise<void> };
  let page: Page;

  beforeAll(async () => {
    dashboard = await startDashboardServer();
    browser = await launchChromium();
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
  });

  it('selects the card that was clicked, wherever on it, so a key acts on that card', async () => {
    await page.goto(`${dashboard.server.url}/#/inbox`);
    await page.waitForSelector('#live-status:text-is("live")');
    await page.waitForSelector('.inbox-item');
    const rows = page.locator('.inbox-item');
    expect(await rows.count()).toBeGreaterThan(1);
    const current = () => page.getAttribute('.inbox-item[aria-current="true"]', 'data-id');
    const first = await rows.nth(0).getAttribute('data-id');
    const last = await rows.last().getAttribute('data-id');
    expect(await current()).toBe(first);
    for (const part of ['.kind', '.when', '.detail li']) {
      await rows.last().locator(part).first().click();
      expect(await current(), part).toBe(last);
      await rows.nth(0).locator('.kind').click();
      expect(await current()).toBe(first);
    }
    // A control inside a card that takes the focus (a pressed button, Tab) selects its card.
    await rows.last().locator('button').first().focus();
    expect(await current()).toBe(last);
    await rows.nth(0).locator('.kind').click();
    // A click on a card's text (not a control) leaves the keyboard on that card too.
    await rows.last().locator('.when').click();
    await page.keyboard.press('k');
    expect(await current()).not.toBe(last);
  });
});
