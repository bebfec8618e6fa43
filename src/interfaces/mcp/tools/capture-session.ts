import { z } from 'zod';
import { defineTool, reply } from './define-tool.js';
import { entityIdInput } from './views.js';

const TRIGGERS = ['compaction', 'shutdown', 'manual'] as const;

/** `capture_session`: a session transcript for the observer (seed 002). */
export const captureSession = defineTool({
  name: 'capture_session',
  title: 'Capture session',
  description: 'Call before compaction and at session end with the transcript.',
  input: {
    entity_id: entityIdInput,
    session_id: z.string().min(1).max(200).optional(),
    trigger: z.enum(TRIGGERS),
    transcript: z.string().min(1),
  },
  output: {
    status: z.enum(['captured', 'duplicate']),
    capture_key: z.string(),
    session_id: z.string(),
    trigger: z.enum(TRIGGERS),
    format: z.string(),
    entries: z.number().int(),
    job_id: z.string().nullable(),
  },
  scope: 'write',
  idempotent: true,
  async handler(args, engine) {
    const result = await engine.observer.capture({
      text: args.transcript,
      sessionId: args.session_id,
      trigger: args.trigger,
      entityId: args.entity_id,
      observe: 'queue',
    });
    const { observed: _observed, ...structured } = result;
    return reply(
      structured,
      `${result.status} ${result.entries} entries of ${result.session_id} (${result.trigger})`,
    );
  },
});
