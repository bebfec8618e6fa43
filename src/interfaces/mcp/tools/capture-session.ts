import { z } from 'zod';
import { defined } from '../../../core/index.js';
import type { CaptureRequest, CaptureResult } from '../../../engine/index.js';
import { defineTool, reply } from './define-tool.js';
import { allOf, entityIdInput } from './views.js';

type CaptureTrigger = CaptureResult['trigger'];
type ObserveMode = NonNullable<CaptureRequest['observe']>;

const TRIGGERS = allOf<CaptureTrigger>()(['compaction', 'shutdown', 'manual']);
const OBSERVE_MODES = allOf<ObserveMode>()(['sync', 'queue', 'none']);

/**
 * The fields of a capture on the wire, `capture_session`'s arguments and the `POST /api/sessions`
 * body, but `entity_id`, which each surface checks on its own.
 */
export const captureInput = {
  session_id: z.string().min(1).max(200).optional(),
  trigger: z.enum(TRIGGERS, {
    // Said plainly when it is absent, rather than as an invalid option.
    error: (issue) =>
      issue.input === undefined
        ? `trigger is missing: give one of ${TRIGGERS.join(', ')}`
        : undefined,
  }),
  transcript: z.string().min(1),
  observe: z.enum(OBSERVE_MODES).optional(),
};

/** A capture in its wire spelling: `captureInput` and an `entity_id`. */
type CaptureWire = z.infer<z.ZodObject<typeof captureInput>> & {
  readonly entity_id?: string | undefined;
};

/** A wire capture as the engine takes it; without `observe`, the engine's default applies. */
export function toCaptureRequest(wire: CaptureWire): CaptureRequest {
  return {
    text: wire.transcript,
    sessionId: wire.session_id,
    trigger: wire.trigger,
    entityId: wire.entity_id,
    ...defined('observe', wire.observe),
  };
}

/** `capture_session`: a session transcript for the observer (seed 002). */
export const captureSession = defineTool({
  name: 'capture_session',
  title: 'Capture session',
  description:
    'Call before compaction and at session end with the transcript. observe: queue (default; the durable job of verity serve observes it), sync (observe now), none.',
  input: {
    entity_id: entityIdInput,
    ...captureInput,
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
    skipped_lines: z.number().int(),
    skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  },
  scope: 'write',
  idempotent: true,
  async handler(args, engine) {
    const result = await engine.observer.capture(toCaptureRequest(args));
    const observed =
      result.observed === null
        ? ''
        : `; ${result.observed.status}: ${result.observed.segments} segment(s)`;
    const skipped =
      result.skipped_lines === 0
        ? ''
        : `; ${result.skipped_lines} line(s) skipped (${result.skipped.map((s) => `line ${s.line}: ${s.reason}`).join(', ')})`;
    return reply(
      { ...result },
      `${result.status} ${result.entries} entries of ${result.session_id} (${result.trigger})${observed}${skipped}`,
    );
  },
});
