/**
 * `npm run screenshots`: starts a seeded dashboard on loopback, opens it in Debian's Chromium at
 * desktop and phone widths and saves PNGs under docs/screenshots/ (shown in the README).
 */
import { join } from 'node:path';
import { itemConflictLines } from '../src/engine/__fixtures__/item-conflict.js';
import {
  hasChromium,
  launchChromium,
  startDashboardServer,
} from '../test/e2e/__fixtures__/dashboard-server.js';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const PAGES = [
  { name: 'inbox', hash: '#/inbox', ready: '.inbox-item' },
  { name: 'provenance', hash: '#/entity/user:alex?field=travel.status', ready: '.explain' },
  { name: 'search', hash: '#/search?q=lighthouse%20ferry', ready: '.hits li' },
  { name: 'thread', hash: '#/thread/thread-user-alex', ready: '.items li' },
  { name: 'health', hash: '#/health', ready: '.metrics' },
] as const;

if (!hasChromium()) {
  process.stderr.write('screenshots need /usr/bin/chromium (apt-get install -y chromium)\n');
  process.exit(1);
}
const dashboard = await startDashboardServer();
// An item conflict in the inbox, and a thread waiting for extraction on the health page.
await dashboard.engine.ingest(itemConflictLines('thread-db', 'user:alex'));
await dashboard.engine.ingest(itemConflictLines('thread-waiting', 'user:alex'), {
  waitForIndex: false,
});
const browser = await launchChromium();
try {
  for (const viewport of VIEWPORTS) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const target of PAGES) {
      await page.goto(`${dashboard.server.url}/${target.hash}`);
      await page.waitForSelector(target.ready);
      await page.waitForSelector('body[data-live="true"]');
      const path = join(OUT, `${target.name}-${viewport.name}.png`);
      await page.screenshot({ path, fullPage: viewport.name === 'desktop' });
      process.stdout.write(`${path}\n`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await dashboard.close();
}
