import { z } from 'zod';
import { defineTool, reply } from './define-tool.js';
import { entityIdInput } from './views.js';

const TRIGGERS = ['compaction', 'shutdown', 'manual'] as const;
const OBSERVE = ['sync', 'queue', 'none'] as const;

/** `capture_session`: a session transcript for the observer (seed 002). */
export const captureSession = defineTool({
  name: 'capture_session',
  title: 'Capture session',
  description:
    'Call before compaction and at session end with the transcript. observe: queue (default; the durable job of verity serve observes it), sync (observe now), none.',
  input: {
    entity_id: entityIdInput,
    session_id: z.string().min(1).max(200).optional(),
    trigger: z.enum(TRIGGERS),
    transcript: z.string().min(1),
    observe: z.enum(OBSERVE).optional(),
  },
  output: {
    status: z.enum(['captured', 'duplicate']),
    capture_key: z.string(),
    session_id: z.string(),
    trigger: z.enum(TRIGGERS),
    format: z.string(),
    entries: z.number().int(),
    job_id: z.string().nullable(),
    observed: z.record(z.string(), z.unknown()).nullable(),
  },
  scope: 'write',
  idempotent: true,
  async handler(args, engine) {
    const result = await engine.observer.capture({
      text: args.transcript,
      sessionId: args.session_id,
      trigger: args.trigger,
      entityId: args.entity_id,
      observe: args.observe ?? 'queue',
    });
    const observed =
      result.observed === null
        ? ''
        : `; ${result.observed.status}: ${result.observed.segments} segment(s)`;
    return reply(
      { ...result },
      `${result.status} ${result.entries} entries of ${result.session_id} (${result.trigger})${observed}`,
    );
  },
});
