import { z } from 'zod';
import { access } from '../mcp/index.js';
import { type HttpRoute, route } from './route-registry.js';
import { runRoute, textActionRoute } from './run-route.js';

const tags = ['observer'];

/**
 * The observer's runs and the promoted MEMORY.md entries beyond what `observer-routes.ts` serves:
 * `POST /api/observer/{run,work,daily,schedule}`, `GET /api/sessions` (captures),
 * `POST /api/reflect`, `POST /api/proposals/sync|expire`, `POST /api/memory/:id/retire|forget`,
 * `POST /api/memory/zones/:zone/resolve` (`{"action":"adopt|overwrite"}`), `POST /api/retention`
 * and `POST /api/friction`. MEMORY.md, REVIEW.md and the captures belong to no entity, so every one
 * refuses tokens limited to some entities. Answers have the shape of the CLI's `--json`.
 * Mounted before `OBSERVER_ROUTES`, whose `POST /api/proposals/:id` would otherwise take `sync`.
 */
export const MEMORY_FILE_ROUTES: readonly HttpRoute[] = [
  runRoute(
    '/api/observer/run',
    { summary: 'Observe every capture not observed yet, now', tags },
    async (engine) => ({ runs: await engine.observer.observePending() }),
  ),
  runRoute(
    '/api/observer/work',
    { summary: 'Run ready observer and daily jobs until none is ready', tags },
    async (engine) => ({ ran: await engine.observer.drainQueue() }),
  ),
  runRoute(
    '/api/observer/daily',
    { summary: 'Run the daily job now (expiry, retention, reflection, friction)', tags },
    (engine) => engine.observer.runDaily(),
  ),
  runRoute(
    '/api/observer/schedule',
    { summary: 'Queue the daily observer job for the next 06:00 UTC', tags },
    async (engine) => ({ job_id: await engine.observer.scheduleDaily() }),
  ),
  runRoute(
    '/api/sessions',
    {
      summary: 'Captured session transcripts',
      tags,
      scope: 'read',
      method: 'get',
      list: 'captures',
    },
    async (engine) => ({ captures: await engine.observer.listCaptures() }),
  ),
  runRoute(
    '/api/reflect',
    { summary: 'Condense recent observations into MEMORY.md proposals (REVIEW.md), now', tags },
    (engine) => engine.observer.reflect(),
  ),
  runRoute(
    '/api/proposals/sync',
    { summary: 'Approve the proposals ticked in REVIEW.md', tags },
    async (engine) => ({ approved: await engine.observer.syncReview() }),
  ),
  runRoute(
    '/api/proposals/expire',
    { summary: 'Expire proposals left unreviewed for seven days', tags },
    async (engine) => ({ expired: await engine.observer.expireProposals() }),
  ),
  runRoute(
    '/api/retention',
    { summary: 'Apply the retention policy to captures and observations', tags },
    (engine) => engine.observer.applyRetention(),
  ),
  runRoute(
    '/api/friction',
    { summary: 'Analyse recurring friction in the sessions and propose fixes', tags },
    (engine) => engine.observer.analyzeFriction(),
  ),
  textActionRoute(
    {
      path: '/api/memory/:id/retire',
      summary: 'Retire a promoted MEMORY.md entry (its history is kept): {reason?}',
      tags,
      key: 'reason',
      required: false,
      // The user's decision, as MCP retire_memory.
      ...access('memory_file_decide'),
    },
    (engine, id, reason) => engine.observer.retireMemory(id, reason),
  ),
  textActionRoute(
    {
      path: '/api/memory/:id/forget',
      summary: 'Forget a promoted MEMORY.md entry (redacted; cannot be undone): {reason?}',
      tags,
      key: 'reason',
      required: false,
      allEntities: true,
    },
    (engine, id, reason) => engine.observer.forgetMemory(id, reason),
  ),
  route(
    {
      method: 'post',
      path: '/api/memory/zones/:zone/resolve',
      summary: 'Resolve a hand edit held in a MEMORY.md zone: adopt it as memory, or overwrite it',
      description: 'zone is the section (Decisions) or the zone id (memory-decisions).',
      tags,
      scope: 'write',
      allEntities: true,
      params: z.object({ zone: z.string().min(1).max(100) }),
      body: z.strictObject({ action: z.enum(['adopt', 'overwrite']) }),
      response: z
        .object({
          zone_id: z.string(),
          error_id: z.string(),
          action: z.enum(['adopted', 'overwritten']),
          retired: z.array(z.string()),
        })
        .loose(),
    },
    async (c, { params, body }, { engine }) =>
      c.json(await engine.observer.resolveZoneEdit(params.zone, body.action)),
  ),
];
