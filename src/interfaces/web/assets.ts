/* The dashboard's static assets (ADR 2026-11-26-dashboard): kept as strings so `tsc` ships them
   and no bundler is needed. The HTML shell carries no data; the module reads /api. */

/** The data-free HTML shell served at `/`. */
export const DASHBOARD_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verity</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard.css">
<script type="module" src="/dashboard.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
<span class="brand">Verity</span>
<nav aria-label="Sections"><ul>
<li><a href="#/inbox">Inbox</a></li>
<li><a href="#/entities">Entities</a></li>
<li><a href="#/search">Search</a></li>
<li><a href="#/health">Health</a></li>
</ul></nav>
<span id="live-status" role="status">offline</span>
</header>
<main id="main" tabindex="-1"><p>Loading…</p></main>
<div id="live" class="sr-only" aria-live="polite"></div>
</body>
</html>
`;

/** The stylesheet served at `/dashboard.css`. */
export const DASHBOARD_CSS = `:root { --fg: #1a1a1a; --muted: #4a4a4a; --bg: #fafafa; --card: #ffffff; --line: #c8c8c8; --accent: #0b57d0; --ok: #0a6b2e; --bad: #a61b1b; --focus: #b3261e; font-family: system-ui, sans-serif; color: var(--fg); background: var(--bg); }
* { box-sizing: border-box; }
body { margin: 0; line-height: 1.45; }
a { color: var(--accent); }
header { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .5rem 1rem; background: #102a43; color: #fff; }
header .brand { font-weight: 700; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem; list-style: none; margin: 0; padding: 0; }
nav a { color: #fff; padding: .35rem .6rem; border-radius: .3rem; text-decoration: none; }
nav a[aria-current="page"] { background: #fff; color: #102a43; }
#live-status { margin-left: auto; font-size: .85rem; }
main { max-width: 70rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: .25rem 0 .75rem; }
h2 { font-size: 1.1rem; margin: .5rem 0; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem; margin: 0 0 .75rem; }
.inbox, .hits, .items { list-style: none; padding: 0; margin: 0; }
.entities li { margin: .35rem 0; }
.inbox-item[aria-current="true"] { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
h1:focus, main:focus { outline: none; }
.timeline li { margin-bottom: .35rem; }
.kind { text-transform: uppercase; font-size: .75rem; letter-spacing: .04em; color: var(--muted); }
.detail { margin: .25rem 0; padding-left: 1.1rem; color: var(--muted); }
.when, .hint { color: var(--muted); font-size: .85rem; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .5rem; }
button { font: inherit; min-height: 2.5rem; padding: .35rem .8rem; border-radius: .35rem; border: 1px solid var(--fg); background: #fff; color: var(--fg); cursor: pointer; }
button.action-confirm { background: var(--ok); border-color: var(--ok); color: #fff; }
button.action-reject, button.action-discard { background: var(--bad); border-color: var(--bad); color: #fff; }
kbd { margin-left: .4rem; font-size: .75rem; padding: 0 .3rem; border: 1px solid currentColor; border-radius: .2rem; }
.edit { display: none; margin-top: .5rem; }
.inbox-item.editing .edit { display: block; }
label { display: block; font-weight: 600; margin: .25rem 0; }
input { font: inherit; min-height: 2.5rem; padding: .3rem .5rem; border: 1px solid var(--muted); border-radius: .3rem; width: min(100%, 28rem); }
form[role="search"] { display: flex; flex-wrap: wrap; align-items: end; gap: .5rem; margin-bottom: 1rem; }
form[role="search"] label { width: 100%; }
table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); white-space: nowrap; }
tr.stale td { color: var(--bad); }
tr.won { background: #e6f4ea; }
.metrics { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: .5rem; }
.metric { background: var(--card); border: 1px solid var(--line); border-radius: .4rem; padding: .5rem; }
.metric dt { font-size: .8rem; color: var(--muted); }
.metric dd { margin: 0; font-size: 1.2rem; font-weight: 600; overflow-wrap: anywhere; }
.metric.alert { border-color: var(--bad); }
.metric.alert dd { color: var(--bad); }
.error { color: var(--bad); font-weight: 600; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: .5rem; background: #fff; color: var(--fg); padding: .4rem; z-index: 1; }
@media (max-width: 40rem) { main { padding: .5rem; } th, td { padding: .3rem; } h1 { font-size: 1.25rem; } }
`;

/** The ES module served at `/dashboard.js`. */
export const DASHBOARD_JS = String.raw`// Verity dashboard: one plain ES module on the documented /api (ADR 2026-11-26-dashboard).
// Data is inserted with textContent only, never as markup.
const main = document.getElementById('main');
const live = document.getElementById('live');
const status = document.getElementById('live-status');
const TOKEN_KEY = 'verity.token';

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function headers(extra) {
  const token = localStorage.getItem(TOKEN_KEY);
  const out = Object.assign({ Accept: 'application/json' }, extra || {});
  if (token) out.Authorization = 'Bearer ' + token;
  return out;
}

class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || (problem.error && problem.error.message))) || 'HTTP ' + status);
    this.status = status;
  }
}

async function api(path, options) {
  const init = Object.assign({}, options || {});
  init.headers = headers(init.body ? { 'Content-Type': 'application/json' } : {});
  const response = await fetch(path, init);
  const text = await response.text();
  const body = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

function announce(message) {
  live.textContent = '';
  live.textContent = message;
}

function fmt(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(3);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function heading(text) {
  return el('h1', { id: 'page-title', tabindex: '-1', text });
}

function tokenForm(message) {
  const input = el('input', { id: 'token', type: 'password', autocomplete: 'off', required: true });
  return el(
    'form',
    {
      class: 'card',
      onsubmit: (event) => {
        event.preventDefault();
        localStorage.setItem(TOKEN_KEY, input.value.trim());
        connectEvents();
        render();
      },
    },
    el('p', { text: message }),
    el('label', { for: 'token', text: 'Bearer token' }),
    input,
    el('button', { type: 'submit', text: 'Save token' }),
  );
}

// Where a token comes from, said where it is asked for: the page cannot know which one applies.
const TOKEN_HELP =
  'Paste the token the server was started with (VERITY_TOKEN or "token" in config.json), or a ' +
  'scoped token made with "verity token new" and listed under "tokens" in config.json. ' +
  'It is kept in this browser only.';

function needsToken(error) {
  return error instanceof ApiError && error.status === 401;
}

function failure(error) {
  if (needsToken(error)) {
    const saved = localStorage.getItem(TOKEN_KEY);
    return tokenForm(
      saved
        ? 'The saved token was refused (' + error.message + '). ' + TOKEN_HELP
        : 'This server needs a token. ' + TOKEN_HELP,
    );
  }
  return el('p', { class: 'error', role: 'alert', text: error.message });
}

// ---- inbox -------------------------------------------------------------------------------
const KEYS = {
  confirm: 'c', reject: 'r', edit: 'e', retry: 't', discard: 'd',
  keep_first: '1', keep_second: '2', keep_both: 'b', not_a_conflict: 'n',
};
let inboxItems = [];
let selected = 0;

async function answer(item, action) {
  let value;
  if (action === item.edit_action) {
    const box = document.getElementById('edit-' + item.kind + '-' + item.id);
    value = box ? box.value.trim() : '';
    if (!value) {
      const row = document.querySelector('[data-id="' + CSS.escape(item.id) + '"]');
      if (row) row.classList.add('editing');
      if (box) box.focus();
      announce('Type the corrected value, then press Enter.');
      return;
    }
  }
  const body = { action };
  if (value !== undefined) body.edited_value = value;
  try {
    await api('/api/inbox/' + encodeURIComponent(item.kind) + '/' + encodeURIComponent(item.id), {
      method: 'POST',
      body: JSON.stringify(body),
    });
    announce(action + ': ' + item.title);
    await renderInbox(true);
  } catch (error) {
    announce('Failed: ' + error.message);
  }
}

function selectRow(index, focus) {
  const rows = main.querySelectorAll('.inbox-item');
  if (rows.length === 0) return;
  selected = Math.max(0, Math.min(rows.length - 1, index));
  rows.forEach((row, i) => row.setAttribute('aria-current', i === selected ? 'true' : 'false'));
  if (focus) rows[selected].focus();
}

function inboxRow(item, index) {
  const edit = item.edit_action
    ? el(
        'div',
        { class: 'edit' },
        el('label', { for: 'edit-' + item.kind + '-' + item.id, text: 'Corrected value' }),
        el('input', {
          id: 'edit-' + item.kind + '-' + item.id,
          type: 'text',
          onkeydown: (event) => {
            event.stopPropagation();
            if (event.key === 'Enter') answer(item, item.edit_action);
            if (event.key === 'Escape') event.target.closest('.inbox-item').focus();
          },
        }),
      )
    : null;
  return el(
    'li',
    {
      class: 'inbox-item card',
      tabindex: '0',
      'data-id': item.id,
      'data-kind': item.kind,
      'aria-current': index === selected ? 'true' : 'false',
      'aria-label': item.title,
      // focusin, not focus, and click: a click or Tab onto a control inside the card (or a click
      // where a button takes no focus) selects the card too.
      onfocusin: () => selectRow(index, false),
      onclick: () => selectRow(index, false),
    },
    el('div', { class: 'kind', text: item.kind.replaceAll('_', ' ') }),
    el('h2', {}, item.link ? el('a', { href: item.link, text: item.title }) : item.title),
    el('ul', { class: 'detail' }, item.detail.map((line) => el('li', { text: line }))),
    el('p', { class: 'when', text: 'raised ' + item.created_at }),
    edit,
    el(
      'div',
      { class: 'actions' },
      item.actions.map((action) =>
        el(
          'button',
          {
            type: 'button',
            class: 'action-' + action,
            'data-action': action,
            onclick: () => answer(item, action),
          },
          action.replaceAll('_', ' '),
          KEYS[action] ? el('kbd', { text: KEYS[action] }) : null,
        ),
      ),
    ),
  );
}

// A refresh (a live event, the stream opening) rebuilds the list; an edit form the user opened
// stays open with what they typed, its caret and its focus, for each item still in the inbox.
function openEdits() {
  const open = [];
  for (const row of main.querySelectorAll('.inbox-item.editing')) {
    const box = row.querySelector('.edit input');
    if (!box) continue;
    open.push({
      kind: row.dataset.kind, id: row.dataset.id, value: box.value,
      focused: document.activeElement === box, start: box.selectionStart, end: box.selectionEnd,
    });
  }
  return open;
}

function reopenEdits(open) {
  let focused = false;
  for (const edit of open) {
    const row = main.querySelector('.inbox-item[data-kind="' + CSS.escape(edit.kind) + '"][data-id="' + CSS.escape(edit.id) + '"]');
    const box = row && row.querySelector('.edit input');
    if (!box) continue;
    row.classList.add('editing');
    box.value = edit.value;
    if (edit.focused) {
      box.focus();
      if (edit.start !== null) box.setSelectionRange(edit.start, edit.end);
      focused = true;
    }
  }
  return focused;
}

async function renderInbox(keepFocus) {
  const page = await api('/api/inbox?limit=200');
  inboxItems = page.items;
  const open = openEdits();
  const list = el('ol', { class: 'inbox', 'aria-label': 'Open questions' }, inboxItems.map(inboxRow));
  main.replaceChildren(
    heading('Inbox'),
    el('p', { class: 'hint', text: 'j / k move · c confirm · r reject · e edit · t retry · d discard · 1 / 2 / b keep first, second, both · n not a conflict · / search' }),
    inboxItems.length === 0 ? el('p', { class: 'empty', text: 'Nothing to answer.' }) : list,
  );
  const typing = reopenEdits(open);
  selectRow(selected, keepFocus && !typing);
}

function inboxKey(event) {
  if (route().name !== 'inbox') return false;
  if (event.key === 'j') return selectRow(selected + 1, true), true;
  if (event.key === 'k') return selectRow(selected - 1, true), true;
  const item = inboxItems[selected];
  if (!item) return false;
  for (const [action, key] of Object.entries(KEYS)) {
    if (event.key === key && item.actions.includes(action)) {
      answer(item, action);
      return true;
    }
  }
  return false;
}

// ---- entity and provenance ---------------------------------------------------------------
function explainPanel(explanation) {
  const t = explanation.thresholds;
  return el(
    'section',
    { class: 'card explain', 'aria-labelledby': 'explain-title' },
    el('h2', { id: 'explain-title', text: 'Why ' + explanation.field + ' = ' + fmt(explanation.current.value) + '?' }),
    el('p', { text: explanation.text }),
    el(
      'dl',
      {},
      el('dt', { text: 'Rule' }),
      el('dd', { text: fmt(explanation.rule) }),
      el('dt', { text: 'Thresholds' }),
      el('dd', { text: t ? 'auto ≥ ' + t.auto + ', ask ≥ ' + t.ask + ', margin ' + t.margin : '—' }),
      el('dt', { text: 'Winning event' }),
      el('dd', { class: 'winner', text: explanation.winning_event ? explanation.winning_event.event_id + ' (' + explanation.winning_event.source_type + ', ' + explanation.winning_event.event_ts + ')' : '—' }),
    ),
    el('h3', { text: 'Evidence (winner and losers)' }),
    el(
      'table',
      {},
      el('caption', { class: 'sr-only', text: 'Evidence events and their scores' }),
      el('thead', {}, el('tr', {}, ['Event', 'Value', 'Source', 'When', 'State', 'Score', 'Reliability', 'Recency', 'Intent', 'Extraction'].map((h) => el('th', { scope: 'col', text: h })))),
      el(
        'tbody',
        {},
        explanation.evidence.map((e) =>
          el(
            'tr',
            { class: explanation.winning_event && e.event_id === explanation.winning_event.event_id ? 'won' : 'lost' },
            [e.event_id, e.value, e.source_type, e.event_ts, e.state, e.score, e.factors.reliability, e.factors.recency, e.factors.intent, e.factors.extraction].map((v) => el('td', { text: fmt(v) })),
          ),
        ),
      ),
    ),
    el('h3', { text: 'Timeline' }),
    el('ol', { class: 'timeline', 'aria-label': 'History of ' + explanation.field }, explanation.history.map((h) => {
      const at = h.recorded_at || h.recordedAt;
      const event = h.event_id || h.eventId;
      return el('li', {},
        el('span', { class: 'kind', text: h.kind }), ' ',
        el('time', { text: fmt(at) }), ' · value ' + fmt(h.value) + ' · confidence ' + fmt(h.confidence) + (h.decision ? ' · ' + h.decision : ''),
        el('div', { class: 'when', text: 'event ' + fmt(event) }));
    })),
    el('ul', { class: 'reasons' }, explanation.reasons.map((r) => el('li', { text: r }))),
  );
}

async function renderEntity(entity, field) {
  const view = await api('/api/state/' + encodeURIComponent(entity));
  const rows = Object.entries(view.state).map(([name, slot]) =>
    el(
      'tr',
      { class: slot.stale ? 'stale' : '' },
      el('th', { scope: 'row' }, el('a', { href: '#/entity/' + entity + '?field=' + encodeURIComponent(name), class: 'why', text: name })),
      el('td', { text: fmt(slot.value) }),
      el('td', { text: slot.status }),
      el('td', { text: fmt(slot.confidence) }),
      el('td', { text: slot.stale ? 'stale' : 'fresh' }),
      el('td', { text: fmt(slot.valid_from) }),
    ),
  );
  const parts = [
    heading(entity),
    el(
      'table',
      { class: 'state' },
      el('caption', { text: 'Current state (select a field for its provenance)' }),
      el('thead', {}, el('tr', {}, ['Field', 'Value', 'Status', 'Confidence', 'Staleness', 'Since'].map((h) => el('th', { scope: 'col', text: h })))),
      el('tbody', {}, rows),
    ),
    el('h2', { text: 'Pending proposals' }),
    view.pending.length === 0
      ? el('p', { class: 'empty', text: 'None.' })
      : el('ul', {}, view.pending.map((p) => el('li', { text: p.field + ': ' + fmt(p.current_value) + ' → ' + fmt(p.proposed_value) + ' (' + fmt(p.confidence) + ')' }))),
  ];
  if (field) parts.push(explainPanel(await api('/api/state/' + encodeURIComponent(entity) + '/explain?field=' + encodeURIComponent(field))));
  main.replaceChildren(...parts);
}

async function renderEntities() {
  const page = await api('/api/entities?limit=500');
  main.replaceChildren(
    heading('Entities'),
    page.items.length === 0
      ? el('p', { class: 'empty', text: 'No entity has state yet.' })
      : el('ul', { class: 'entities' }, page.items.map((e) => el('li', {}, el('a', { href: '#/entity/' + e.entity_id, text: e.entity_id })))),
  );
}

// ---- search, thread, health -------------------------------------------------------------
async function renderSearch(query) {
  const input = el('input', { id: 'q', type: 'search', value: query || '', required: true });
  const form = el(
    'form',
    { role: 'search', onsubmit: (event) => { event.preventDefault(); location.hash = '#/search?q=' + encodeURIComponent(input.value); } },
    el('label', { for: 'q', text: 'Search memory' }),
    input,
    el('button', { type: 'submit', text: 'Search' }),
  );
  const parts = [heading('Search'), form];
  if (query) {
    const result = await api('/api/search?query=' + encodeURIComponent(query) + '&limit=20');
    parts.push(
      el('ol', { class: 'hits', 'aria-label': 'Results' }, result.hits.map((hit) =>
        el('li', { class: 'card' },
          el('p', { text: hit.snippet }),
          el('p', { class: 'when' },
            el('a', { href: '#/entity/' + hit.entity_id, text: hit.entity_id }), ' · ',
            hit.thread_id ? el('a', { href: '#/thread/' + encodeURIComponent(hit.thread_id), text: 'thread ' + hit.thread_id }) : 'no thread',
            ' · ' + hit.created_at + ' · score ' + fmt(hit.score)),
        ))),
    );
    if (result.hits.length === 0) parts.push(el('p', { class: 'empty', text: 'No hits.' }));
  }
  main.replaceChildren(...parts);
  if (!query) input.focus();
}

async function renderThread(thread) {
  const list = await api('/api/items?thread=' + encodeURIComponent(thread) + '&all=true');
  main.replaceChildren(
    heading('Thread ' + thread),
    list.items.length === 0 ? el('p', { class: 'empty', text: 'No state items.' }) : el('ol', { class: 'items' }, list.items.map((item) =>
      el('li', { class: 'card item-' + item.status, id: 'item-' + item.uid },
        el('div', { class: 'kind', text: item.type + ' · ' + item.status + (item.conflict ? ' · conflict' : '') }),
        el('p', { text: item.text }),
        item.replaced_by ? el('p', {}, 'superseded by ', el('a', { href: '#/thread/' + encodeURIComponent(thread) + '?item=' + item.replaced_by, text: item.replaced_by })) : null,
        item.supersession_evidence ? el('p', { class: 'when', text: 'basis ' + item.supersession_evidence.basis + (item.supersession_evidence.trigger ? ', trigger "' + item.supersession_evidence.trigger + '"' : '') }) : null,
        el('p', { class: 'when', text: item.uid + ' · seen ' + item.last_seen_at }),
      ))),
  );
}

function metric(name, value, alert) {
  return el('div', { class: alert ? 'metric alert' : 'metric' }, el('dt', { text: name }), el('dd', { text: fmt(value) }));
}

function extractionSection(stalls) {
  const jobs = stalls.jobs || { failed: null, retrying: null, queued: null, oldest_unfinished_minutes: null, last_error: stalls.jobs_error };
  const limit = stalls.stall_after_minutes;
  const rows = stalls.longest_waiting.map((t) =>
    el('tr', { class: (t.waiting_minutes || 0) > limit ? 'stale' : '' },
      el('th', { scope: 'row' }, el('a', { href: '#/thread/' + encodeURIComponent(t.thread_id), text: t.thread_id })),
      el('td', { text: t.entity_id }),
      el('td', { text: fmt(t.pending) }),
      el('td', { text: fmt(t.waiting_since) }),
      el('td', { text: fmt(t.waiting_minutes) + ' min' + ((t.waiting_minutes || 0) > limit ? ' (stalled)' : '') })));
  return [
    el('h2', { id: 'extraction', text: 'Item extraction' }),
    stalls.enabled ? null : el('p', { class: 'error', text: 'Extraction is off: waiting messages are never read.' }),
    el('dl', { class: 'metrics extraction' },
      metric('threads waiting', stalls.threads_pending),
      metric('messages waiting', stalls.messages_pending),
      metric('threads stalled (> ' + limit + ' min)', stalls.threads_stalled, stalls.threads_stalled > 0),
      metric('longest wait (min)', stalls.oldest_waiting_minutes),
      metric('extraction jobs failed', jobs.failed, jobs.failed > 0),
      metric('extraction jobs retrying', jobs.retrying, jobs.retrying > 0),
      metric('extraction jobs queued', jobs.queued),
      metric('oldest unfinished job (min)', jobs.oldest_unfinished_minutes)),
    jobs.last_error ? el('p', { class: 'error', text: 'Last job error: ' + jobs.last_error }) : null,
    rows.length === 0 ? el('p', { class: 'empty', text: 'Nothing waits for extraction.' }) : el('table', { class: 'waiting' },
      el('caption', { text: 'Threads waiting longest (run verity items extract --thread ID to catch one up)' }),
      el('thead', {}, el('tr', {}, ['Thread', 'Entity', 'Messages', 'Waiting since', 'Wait'].map((h) => el('th', { scope: 'col', text: h })))),
      el('tbody', {}, rows)),
  ].filter(Boolean);
}

async function renderHealth() {
  const health = await api('/api/health');
  const stat = (name) => metric(name.replaceAll('_', ' '), health.stats[name]);
  main.replaceChildren(
    heading('Health'),
    el('dl', { class: 'metrics' }, ['auto_commit_precision', 'correction_rate', 'review_burden', 'schema_validation_success', 'staleness_index_hours', 'stale_values', 'pending_reviews', 'dlq_unresolved', 'dlq_alerts', 'events'].map(stat)),
    el('h2', { text: 'Search index' }),
    el('dl', { class: 'metrics' }, Object.entries(health.search_index).map(([k, v]) => metric(k.replaceAll('_', ' '), v))),
    el('h2', { text: 'Job queue' }),
    Object.keys(health.jobs).length === 0 ? el('p', { class: 'empty', text: 'No jobs.' }) : el('dl', { class: 'metrics' }, Object.entries(health.jobs).map(([k, v]) => metric(k, v))),
    ...extractionSection(health.extraction_stalls),
    el('h2', { text: 'Dead letters' }),
    health.dead_letters.length === 0 ? el('p', { class: 'empty', text: 'None.' }) : el('ul', {}, health.dead_letters.map((d) => el('li', { class: 'card' }, el('p', { text: d.schema + ' · ' + d.status + ' · ' + d.retry_count + ' retries · next ' + fmt(d.next_retry_at) }), el('ul', {}, d.errors.map((e) => el('li', { text: e })))))),
  );
}

// ---- routing, keys, live updates --------------------------------------------------------
function route() {
  const hash = location.hash.replace(/^#/, '') || '/inbox';
  const [path, search] = hash.split('?');
  const params = new URLSearchParams(search || '');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  return { name: parts[0] || 'inbox', arg: parts[1], params };
}

let rendering = Promise.resolve();
function render(keepFocus) {
  rendering = rendering.then(async () => {
    const r = route();
    for (const link of document.querySelectorAll('nav a')) {
      if (link.getAttribute('href') === '#/' + r.name) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    try {
      if (r.name === 'entity') await renderEntity(r.arg, r.params.get('field'));
      else if (r.name === 'entities') await renderEntities();
      else if (r.name === 'search') await renderSearch(r.params.get('q'));
      else if (r.name === 'thread') await renderThread(r.arg);
      else if (r.name === 'health') await renderHealth();
      else await renderInbox(keepFocus);
      if (!keepFocus && r.name !== 'search') document.getElementById('page-title')?.focus();
      retryDelay = RETRY_FIRST_MS;
    } catch (error) {
      main.replaceChildren(heading(needsToken(error) ? 'Token needed' : 'Error'), failure(error));
      if (error instanceof TypeError) recheckStream();
      if (error instanceof TypeError || (error instanceof ApiError && error.status >= 500)) retryLater();
    }
  });
  return rendering;
}

// A read the server failed (5xx) or that could not reach it is tried again by itself, after 2 s and
// then twice as long each time up to a minute, so a passing failure does not leave the page on an
// error until some other update happens to arrive. A 4xx (no such entity, token refused) is not.
const RETRY_FIRST_MS = 2000;
let retryDelay = RETRY_FIRST_MS;
let retryTimer = null;
function retryLater() {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    retryDelay = Math.min(retryDelay * 2, 60000);
    refreshUnlessTyping();
  }, retryDelay);
}

// A read that could not reach the server (fetch's TypeError) while the stream says live means
// the stream may be stale: open it again, so the badge says what is true and, once it is ready,
// the page is read again. At most every few seconds, so a failing read cannot spin.
let lastRecheck = 0;
function recheckStream() {
  if (document.body.dataset.live !== 'true' || Date.now() - lastRecheck < 3000) return;
  lastRecheck = Date.now();
  connectEvents();
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
  if (event.key === '/') {
    event.preventDefault();
    location.hash = '#/search';
    return;
  }
  if (inboxKey(event)) event.preventDefault();
});

// A refresh never runs under the user's typing: it waits until focus leaves the field, and then
// runs once, so an update that arrived meanwhile is not lost until the next one.
let refreshPending = false;
function refreshUnlessTyping() {
  if (document.activeElement && document.activeElement.tagName === 'INPUT') {
    refreshPending = true;
    return;
  }
  refreshPending = false;
  render(true);
}
document.addEventListener('focusout', (event) => {
  if (refreshPending && event.target && event.target.tagName === 'INPUT') setTimeout(refreshUnlessTyping, 0);
});

let refreshTimer = null;
function onLiveEvent(event) {
  document.body.dataset.lastEvent = event.type;
  announce('Update: ' + event.type + (event.entity_id ? ' (' + event.entity_id + ')' : ''));
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refreshUnlessTyping, 150);
}

let streamAbort = null;
async function connectEvents() {
  if (streamAbort) streamAbort.abort();
  streamAbort = new AbortController();
  status.textContent = 'connecting…';
  try {
    const response = await fetch('/api/events', { headers: headers({ Accept: 'text/event-stream' }), signal: streamAbort.signal });
    if (response.status === 401) {
      // Retrying cannot help until a token is given; saving one in the form reconnects.
      status.textContent = 'needs a token';
      document.body.dataset.live = 'false';
      return;
    }
    if (!response.ok || !response.body) throw new Error('HTTP ' + response.status);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
        if (data) {
          const message = JSON.parse(data);
          if (message.type === 'ready') {
            status.textContent = 'live';
            document.body.dataset.live = 'true';
            // Whatever was committed between the page's first read and the stream opening
            // arrives as no event: read the page again once, now that updates will follow.
            refreshUnlessTyping();
          } else onLiveEvent(message);
        }
        cut = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (error.name === 'AbortError') return;
  }
  status.textContent = 'offline, retrying';
  document.body.dataset.live = 'false';
  setTimeout(connectEvents, 3000);
}

window.addEventListener('hashchange', () => render(false));
render(false);
connectEvents();
`;
