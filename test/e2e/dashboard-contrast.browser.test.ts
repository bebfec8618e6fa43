import { describe, expect, it } from 'vitest';
import { seedItemConflict } from '../../src/engine/__fixtures__/item-conflict.js';
import { hasChromium, useDashboardInChromium } from './__fixtures__/dashboard-server.js';

/**
 * Run in the page (a string: the project's types carry no DOM): every visible element with its
 * own text whose WCAG 2.x contrast ratio against its effective background is below 4.5:1, or
 * 3:1 for large text (≥ 24px, or ≥ 18.66px bold). The background is the element's own and its ancestors'
 * background colours up to the first opaque one, translucent layers composited
 * in order over white. Each failure names the element, its text, both colours and the ratio.
 */
const LOW_CONTRAST = `(() => {
  const parse = (css) => {
    const m = css.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return [0, 0, 0, 0];
    const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const over = (top, below) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat([1]);
  };
  const background = (el) => {
    const layers = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] >= 1) break;
    }
    let result = [255, 255, 255, 1];
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.slice(0, 3).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const failures = [];
  let checked = 0;
  for (const el of document.body.querySelectorAll('*')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
    if (!own) continue;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
    if (rect.width === 0 || rect.height === 0 || rect.right <= 0 || rect.bottom <= 0) continue;
    checked += 1;
    const bg = background(el);
    const fg = over(parse(style.color), bg);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const got = ratio(fg, bg);
    if (got < needed) {
      failures.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' "' +
        el.textContent.trim().slice(0, 30) + '" ' + style.color + ' on rgb(' + bg.slice(0, 3).map(Math.round).join(', ') +
        ') = ' + got.toFixed(2) + ' < ' + needed);
    }
  }
  return { checked, failures };
})()`;

/** Every dashboard page (its hash route), with the selector that shows it has rendered. */
const PAGES: readonly (readonly [string, string])[] = [
  ['inbox', '.inbox-item'],
  ['entities', 'ul.entities'],
  ['entity/user:alex', 'main h1'],
  ['entity/user:alex?field=travel.status', '.explain'],
  ['search?q=ferry', 'main h1'],
  ['thread/thread-db', '.items'],
  ['health', '.metrics'],
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

describe.skipIf(!hasChromium())('dashboard contrast in Chromium', () => {
  const opened = useDashboardInChromium(undefined, {
    seed: (engine) => seedItemConflict(engine, 'thread-db'),
  });

  it.each(VIEWPORTS)(
    'every text on every page reaches WCAG AA contrast at $name width',
    async ({ width, height }) => {
      const { dashboard, page } = opened();
      await page.setViewportSize({ width, height });
      for (const [hash, ready] of PAGES) {
        await page.goto(`${dashboard.server.url}/#/${hash}`);
        await page.waitForSelector(ready);
        const { checked, failures } = (await page.evaluate(LOW_CONTRAST)) as {
          checked: number;
          failures: string[];
        };
        expect(checked, hash).toBeGreaterThanOrEqual(8);
        expect(failures, hash).toEqual([]);
      }
    },
  );
});
