import { describe, expect, it } from 'vitest';
import { seedItemConflict } from '../../src/engine/__fixtures__/item-conflict.js';
import { observation, toJsonl } from '../../src/testing/index.js';
import {
  type DashboardServer,
  hasChromium,
  storeTargets,
  traceDashboard,
  useDashboardInChromium,
} from './__fixtures__/dashboard-server.js';

const PG_URL = process.env['VERITY_TEST_PG_URL'];

if (!hasChromium()) {
  console.warn(
    'dashboard browser tests skipped: /usr/bin/chromium is missing (apt-get install -y chromium; .ci/run installs it)',
  );
}

const stores = storeTargets(PG_URL);

/**
 * Run in the page (a string: the project's types carry no DOM): the controls with no accessible
 * name (no text, label, aria-label, aria-labelledby or title), as the start of their markup.
 */
const UNNAMED_CONTROLS = `[...document.querySelectorAll('button, input, select, textarea, a[href]')]
  .filter((el) => el.getAttribute('type') !== 'hidden' && !(
    (el.getAttribute('aria-label') || '').trim() || el.getAttribute('aria-labelledby') ||
    (el.labels && el.labels.length > 0) || (el.getAttribute('title') || '').trim() ||
    (el.textContent || '').trim()))
  .map((el) => el.outerHTML.slice(0, 80))`;

/** Run in the page: how many pixels the document is wider than the viewport. */
const SIDEWAYS_OVERFLOW =
  'document.documentElement.scrollWidth - document.documentElement.clientWidth';

async function openPromptId(dashboard: DashboardServer, entity: string): Promise<string> {
  const prompts = await dashboard.engine.listReviews({ status: ['open'], entityId: entity });
  const id = prompts.find((p) => p.field === 'profile.preference.seat')?.prompt_id;
  if (id === undefined) throw new Error(`no open prompt for ${entity}`);
  return id;
}

/**
 * Ingests two observations of `field` on `entity` that conflict (ids `id` and `id + 1`) and returns
 * the review prompt they open.
 */
async function openConflict(
  dashboard: DashboardServer,
  entity: string,
  id: number,
  field: string,
  [first, second]: readonly [string, string],
): Promise<string> {
  await dashboard.engine.ingest(
    toJsonl([
      observation({ id, entity, field, value: first }),
      observation({ id: id + 1, entity, field, value: second, at: '2026-02-19T15:01:30Z' }),
    ]),
  );
  const prompts = await dashboard.engine.listReviews({ status: ['open'], entityId: entity });
  const prompt = prompts.find((p) => p.field === field)?.prompt_id;
  if (prompt === undefined) throw new Error(`no open prompt for ${field}`);
  return prompt;
}

describe.skipIf(!hasChromium()).each(stores)('dashboard in Chromium on %s', (_name, target) => {
  const opened = useDashboardInChromium(target);

  it('answers a review prompt by keyboard (j/k to select, c to confirm) and the state changes', async () => {
    const { dashboard, page } = opened();
    const id = await openPromptId(dashboard, 'user:alex');
    await page.goto(`${dashboard.server.url}/#/inbox`);
    await page.waitForSelector('.inbox-item');
    const count = await page.locator('.inbox-item').count();
    for (let i = 0; i < count; i++) {
      const current = await page.getAttribute('.inbox-item[aria-current="true"]', 'data-id');
      if (current === id) break;
      await page.keyboard.press('j');
    }
    expect(await page.getAttribute('.inbox-item[aria-current="true"]', 'data-id')).toBe(id);
    await page.keyboard.press('c');
    await page.waitForSelector(`.inbox-item[data-id="${id}"]`, { state: 'detached' });
    const field = await dashboard.engine.getField('user:alex', 'profile.preference.seat');
    expect(field.value).toBe('window');
    expect(field.status).toBe('committed');
  });

  it('edits a review prompt by clicking and the state takes the edited value', async () => {
    const { dashboard, page } = opened();
    const id = await openPromptId(dashboard, 'family:smith');
    const row = page.locator(`.inbox-item[data-id="${id}"]`);
    await row.getByRole('button', { name: /edit/ }).click();
    await row.getByLabel('Corrected value').fill('middle');
    await row.getByRole('button', { name: /edit/ }).click();
    await page.waitForSelector(`.inbox-item[data-id="${id}"]`, { state: 'detached' });
    expect((await dashboard.engine.getField('family:smith', 'profile.preference.seat')).value).toBe(
      'middle',
    );
  });

  it('keeps an open edit form and its typed text when the inbox refreshes under it', async () => {
    const { dashboard, page } = opened();
    const conflict = (id: number, field: string, first: string, second: string) =>
      openConflict(dashboard, 'user:kim', id, field, [first, second]);
    const drink = await conflict(710, 'profile.preference.drink', 'tea', 'coffee');
    const trace = traceDashboard(page);
    // A fresh load: the page a test before left on #/inbox would otherwise only change its hash
    // and wait for a live event to show the prompt committed just now.
    await page.goto('about:blank');
    await page.goto(`${dashboard.server.url}/#/inbox`);
    await page.waitForSelector('body[data-live="true"]');
    const row = page.locator(`.inbox-item[data-id="${drink}"]`);
    await row.getByRole('button', { name: /edit/ }).click();
    await row.getByLabel('Corrected value').fill('green tea');
    // Focus leaves the field (the refresh waits while the user is typing in it), then a live
    // event re-renders the inbox: the new prompt appearing shows the list was rebuilt.
    await row.focus();
    const meal = await conflict(720, 'profile.preference.meal', 'pasta', 'curry');
    await trace.waitFor(`.inbox-item[data-id="${meal}"]`, 30_000);
    expect(await row.getAttribute('class')).toContain('editing');
    expect(await row.getByLabel('Corrected value').isVisible()).toBe(true);
    expect(await row.getByLabel('Corrected value').inputValue()).toBe('green tea');
    await row.getByRole('button', { name: /edit/ }).click();
    await page.waitForSelector(`.inbox-item[data-id="${drink}"]`, { state: 'detached' });
    expect((await dashboard.engine.getField('user:kim', 'profile.preference.drink')).value).toBe(
      'green tea',
    );
  });

  it('refreshes once focus leaves the field when an update arrived while the user typed', async () => {
    const { dashboard, page } = opened();
    const conflict = (id: number, field: string, first: string, second: string) =>
      openConflict(dashboard, 'user:noor', id, field, [first, second]);
    const bag = await conflict(730, 'profile.preference.bag', 'backpack', 'suitcase');
    await page.goto('about:blank');
    await page.goto(`${dashboard.server.url}/#/inbox`);
    await page.waitForSelector('body[data-live="true"]');
    const row = page.locator(`.inbox-item[data-id="${bag}"]`);
    await row.getByRole('button', { name: /edit/ }).click();
    const box = row.getByLabel('Corrected value');
    await box.fill('duffel');
    // The update arrives while the caret is still in the field: no refresh may run under it.
    await page.evaluate('delete document.body.dataset.lastEvent');
    const hat = await conflict(740, 'profile.preference.hat', 'cap', 'beanie');
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { body: { dataset: Record<string, unknown> } } })
          .document.body.dataset['lastEvent'] !== undefined,
    );
    // Past the refresh's 150 ms debounce, so the refresh it asked for found the caret in the field.
    await page.waitForTimeout(300);
    await box.blur();
    await page.waitForSelector(`.inbox-item[data-id="${hat}"]`, { timeout: 30_000 });
    expect(await row.getByLabel('Corrected value').inputValue()).toBe('duffel');
  });

  it('follows a provenance link to the winning event, the rule and the thresholds', async () => {
    const { dashboard, page } = opened();
    await page.goto(`${dashboard.server.url}/#/entity/user:alex`);
    await page.getByRole('link', { name: 'travel.status' }).click();
    await page.waitForSelector('.explain');
    const explanation = await dashboard.engine.explain('user:alex', 'travel.status');
    expect(explanation.winning_event).not.toBeNull();
    expect(await page.textContent('.explain .winner')).toContain(
      explanation.winning_event?.event_id,
    );
    expect(await page.textContent('.explain')).toContain('Thresholds');
    expect(page.url()).toContain('field=travel.status');
  });

  it('shows a new review prompt live, through SSE, without reloading', async () => {
    const { dashboard, page } = opened();
    await page.goto(`${dashboard.server.url}/#/inbox`);
    await page.waitForSelector('body[data-live="true"]');
    const report = await dashboard.engine.ingest(
      toJsonl([
        observation({
          id: 700,
          entity: 'user:alex',
          field: 'profile.preference.meal',
          value: 'vegetarian',
        }),
        observation({
          id: 701,
          entity: 'user:alex',
          field: 'profile.preference.meal',
          value: 'vegan',
          at: '2026-02-19T15:01:30Z',
        }),
      ]),
    );
    expect(report.rejected).toBe(0);
    const prompt = (
      await dashboard.engine.listReviews({ status: ['open'], entityId: 'user:alex' })
    ).find((p) => p.field === 'profile.preference.meal');
    expect(prompt).toBeDefined();
    await page.waitForSelector(`.inbox-item[data-id="${prompt?.prompt_id}"]`, { timeout: 30_000 });
  });

  it('resolves an item conflict in the inbox by click and by key, and the thread page changes', async () => {
    const { dashboard, page } = opened();
    const [postgres, mysql] = await seedItemConflict(dashboard.engine, 'thread-db');
    const [postgres2, mysql2] = await seedItemConflict(dashboard.engine, 'thread-db-2');
    const url = dashboard.server.url;
    await page.goto(`${url}/#/thread/thread-db`);
    await page.waitForSelector(`#item-${mysql}`);
    expect(await page.textContent(`#item-${mysql} .kind`)).toContain('conflict');

    await page.goto(`${url}/#/inbox`);
    const id = `${postgres}+${mysql}@thread-db`;
    const row = page.locator(`.inbox-item[data-id="${id}"]`);
    await row.getByRole('button', { name: 'keep first' }).click();
    await page.waitForSelector(`.inbox-item[data-id="${id}"]`, { state: 'detached' });

    await page.goto(`${url}/#/thread/thread-db`);
    await page.waitForSelector(`#item-${mysql}.item-superseded`);
    expect(await page.textContent(`#item-${mysql}`)).toContain(`superseded by ${postgres}`);
    expect(await page.textContent(`#item-${postgres} .kind`)).toBe('decision · active');

    await page.goto(`${url}/#/inbox`);
    const second = `${postgres2}+${mysql2}@thread-db-2`;
    await page.waitForSelector(`.inbox-item[data-id="${second}"]`);
    const count = await page.locator('.inbox-item').count();
    for (let i = 0; i < count; i++) {
      if ((await page.getAttribute('.inbox-item[aria-current="true"]', 'data-id')) === second)
        break;
      await page.keyboard.press('j');
    }
    expect(await page.getAttribute('.inbox-item[aria-current="true"]', 'data-id')).toBe(second);
    await page.keyboard.press('b');
    await page.waitForSelector(`.inbox-item[data-id="${second}"]`, { state: 'detached' });
    await page.goto(`${url}/#/thread/thread-db-2`);
    await page.waitForSelector(`#item-${mysql2}`);
    for (const uid of [postgres2, mysql2]) {
      expect(await page.textContent(`#item-${uid} .kind`)).toBe('decision · active');
    }
  });

  it('shows messages waiting for item extraction on the health page, linked to their thread', async () => {
    const { dashboard, page } = opened();
    const line = JSON.stringify({
      type: 'message',
      thread_id: 'thread-waiting',
      message_id: 'w1',
      role: 'user',
      content: 'We need to renew the passport before March.',
      created_at: '2026-02-19T15:04:00Z',
      entity_id: 'user:alex',
    });
    await dashboard.engine.ingest(line, { waitForIndex: false });
    await page.goto(`${dashboard.server.url}/#/health`);
    await page.waitForSelector('table.waiting');
    expect(await page.textContent('.metrics.extraction')).toContain('threads waiting1');
    expect(await page.textContent('main')).not.toContain('null');
    await page.getByRole('link', { name: 'thread-waiting' }).click();
    await page.waitForSelector('h1:has-text("Thread thread-waiting")');
  });

  it('names every control and fits a phone width without sideways scrolling', async () => {
    const { dashboard, page } = opened();
    for (const view of ['inbox', 'entity/user:alex', 'search', 'health']) {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${dashboard.server.url}/#/${view}`);
      await page.waitForSelector('main h1');
      const unnamed = (await page.evaluate(UNNAMED_CONTROLS)) as string[];
      expect(unnamed, view).toEqual([]);
      const overflow = (await page.evaluate(SIDEWAYS_OVERFLOW)) as number;
      expect(overflow, view).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
