import { describe, expect, it } from 'vitest';
import { hasChromium, useDashboardInChromium } from './__fixtures__/dashboard-server.js';

describe.skipIf(!hasChromium())('dashboard inbox under the pointer', () => {
  const opened = useDashboardInChromium();

  it('selects the card that was clicked, wherever on it, so a key acts on that card', async () => {
    const { dashboard, page } = opened();
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
