import { describe, expect, it } from 'vitest';
import { observation, toJsonl } from '../../src/testing/index.js';
import {
  type DashboardServer,
  hasChromium,
  useDashboardInChromium,
} from './__fixtures__/dashboard-server.js';

/** Resolves to 'closed' when the dashboard's server has stopped, or 'hung' after `ms`. */
function stopWithin(dashboard: DashboardServer, ms: number): Promise<'closed' | 'hung'> {
  return Promise.race([
    dashboard.stop().then(() => 'closed' as const),
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), ms).unref()),
  ]);
}

describe.skipIf(!hasChromium())('dashboard in Chromium across a server restart', () => {
  const opened = useDashboardInChromium();

  it('closes with the dashboard open, then reconnects, refreshes the inbox and gets new events', async () => {
    const { dashboard, page } = opened();
    await page.goto(`${dashboard.server.url}/#/inbox`);
    await page.waitForSelector('.inbox-item');
    await page.waitForSelector('#live-status:text-is("live")');

    // The open event stream must not hold the server up (SIGTERM runs this close).
    expect(await stopWithin(dashboard, 5000)).toBe('closed');
    await page.waitForSelector('#live-status:not(:text-is("live"))');
    // A read while the server is down fails on the page.
    await page.evaluate('window.dispatchEvent(new HashChangeEvent("hashchange"))');
    await page.waitForSelector('main:has-text("Failed to fetch")');

    await dashboard.restart();
    await page.waitForSelector('#live-status:text-is("live")', { timeout: 15_000 });
    await page.waitForSelector('.inbox-item');
    expect(await page.locator('main').textContent()).not.toContain('Failed to fetch');

    // The new server's ledger watcher read its baseline when it started, so even a commit made
    // before its first poll for this listener is announced.
    await page.evaluate('delete document.body.dataset.lastEvent');
    await dashboard.engine.ingest(
      toJsonl([
        observation({
          id: 901,
          at: '2026-02-19T15:04:00Z',
          field: 'travel.hotel_name',
          value: 'Inn 901',
        }),
      ]),
    );
    await page.waitForSelector('body[data-last-event]', { timeout: 10_000 });
  }, 60_000);

  it('opens the stream again when a read fails while it says live, and reads the page again', async () => {
    const { dashboard, page } = opened();
    const url = dashboard.server.url;
    // The page reads the inbox on load and again when the stream is ready: let both finish.
    let reads = 0;
    const count = (response: { url(): string }): void => {
      if (response.url().includes('/api/inbox')) reads += 1;
    };
    page.on('response', count);
    await page.goto('about:blank');
    await page.goto(`${url}/#/inbox`);
    await page.waitForSelector('#live-status:text-is("live")');
    await expect.poll(() => reads).toBeGreaterThanOrEqual(2);
    page.off('response', count);
    await page.waitForSelector('.inbox-item');
    // One inbox read fails at the network level (a server gone behind a live-looking stream).
    let failed = 0;
    await page.route('**/api/inbox*', async (request) => {
      if (failed === 0) {
        failed += 1;
        await request.abort('connectionrefused');
      } else await request.continue();
    });
    // The failure shows only until the reopened stream reads the page again, which can be
    // quicker than a selector poll: record it when it is drawn, then wait for the record.
    await page.evaluate(`(() => {
      const main = document.querySelector('main');
      new MutationObserver(() => {
        if (main.textContent.includes('Failed to fetch')) document.body.dataset.sawFailure = 'true';
      }).observe(main, { childList: true, subtree: true, characterData: true });
    })()`);
    await page.evaluate('window.dispatchEvent(new HashChangeEvent("hashchange"))');
    await page.waitForSelector('body[data-saw-failure="true"]');
    // Without a live event or a reload, the stream reopens and the inbox is read again.
    await page.waitForSelector('.inbox-item', { timeout: 10_000 });
    await page.waitForSelector('#live-status:text-is("live")');
    expect(failed).toBe(1);
    await page.unroute('**/api/inbox*');
  }, 30_000);
});
