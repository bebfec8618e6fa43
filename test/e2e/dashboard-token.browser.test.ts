import { describe, expect, it } from 'vitest';
import { hasChromium, useDashboardInChromium } from './__fixtures__/dashboard-server.js';

const TOKEN = 'dashboard-token-0123456789';

describe.skipIf(!hasChromium())('dashboard in Chromium on a server that needs a token', () => {
  const opened = useDashboardInChromium(undefined, { token: TOKEN });

  it('asks for the token, says where it comes from, and does not retry without one', async () => {
    const { dashboard, page } = opened();
    await page.goto(`${dashboard.server.url}/#/inbox`);
    await page.waitForSelector('#token');
    expect(await page.locator('#page-title').textContent()).toBe('Token needed');
    expect(await page.locator('main').textContent()).toContain('VERITY_TOKEN');
    await page.waitForSelector('#live-status:text-is("needs a token")');
  });

  it('says a wrong token was refused, then works once the right one is saved', async () => {
    const { page } = opened();
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
