/**
 * The dashboard (ADR 2026-11-26-dashboard): a static shell, a stylesheet and one plain ES module
 * that reads the documented `/api`. `interfaces/http` mounts these assets.
 * May import: nothing but its own files (it is served, not linked, by the HTTP interface).
 */
import { DASHBOARD_CSS, DASHBOARD_HTML, DASHBOARD_JS } from './assets.js';

/** One static file of the dashboard. */
export interface WebAsset {
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
  readonly summary: string;
}

/** The dashboard's files, served without a token because they hold no data. */
export const WEB_ASSETS: readonly WebAsset[] = [
  {
    path: '/',
    contentType: 'text/html; charset=utf-8',
    body: DASHBOARD_HTML,
    summary: 'The dashboard (HTML shell)',
  },
  {
    path: '/dashboard.js',
    contentType: 'text/javascript; charset=utf-8',
    body: DASHBOARD_JS,
    summary: 'The dashboard module',
  },
  {
    path: '/dashboard.css',
    contentType: 'text/css; charset=utf-8',
    body: DASHBOARD_CSS,
    summary: 'The dashboard stylesheet',
  },
];
