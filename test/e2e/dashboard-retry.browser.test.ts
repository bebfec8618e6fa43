import { describe, expect, it } from 'vitest';
import { hasChromium, useDashboardInChromium } from './__fixtures__/dashboard-server.js';

describe.skipIf(!hasChromium())('dashboard in Chromium when the server fails a read', () => {
  const opened = useDashboardInChromium();

  it('reads the page again by itself after a 5xx, with no update to prompt it', async () => {
    const { dashboard, page } = opened();
    // The load's read and the read when the stream opens both fail; nothing is committed after,
    // so no live event can bring the inbox back: only the page's own retry can.
    let failures = 0;
    await page.route('**/api/inbox*', async (request) => {
      if (failures < 2) {
        failures += 1;
        await request.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({ title: 'Unavailable', status: 503, detail: 'store busy' }),
        });
        return;
      }
      await request.continue();
    });
    await page.goto(`${dashboard.server.url}/#/inbox`);
    await page.waitForSelector('main:has-text("store busy")');
    await page.waitForSelector('body[data-live="true"]');
    await page.waitForSelector('.inbox-item', { timeout: 15_000 });
    expect(failures).toBe(2);
    expect(await page.locator('main').textContent()).not.toContain('store busy');
  });

  it('does not read again by itself after a 4xx', async () => {
    const { dashboard, page } = opened();
    let reads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/state/')) reads += 1;
    });
    await page.goto('about:blank');
    await page.goto(`${dashboard.server.url}/#/entity/${encodeURIComponent('not an entity id')}`);
    await page.waitForSelector('main h1:text-is("Error")');
    await page.waitForSelector('body[data-live="true"]');
    // The stream's opening reads the page once more; let that read finish before counting.
    await page.waitForTimeout(500);
    const first = reads;
    await page.waitForTimeout(5_000);
    expect(first).toBeGreaterThan(0);
    expect(reads).toBe(first);
  });
});
