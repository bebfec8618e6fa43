import { z } from 'zod';
import type { CaptureRequest, CaptureResult } from '../../../engine/index.js';
import { defined, defineTool, reply } from './define-tool.js';
import { allOf, entityIdInput } from './views.js';

type CaptureTrigger = CaptureResult['trigger'];
type ObserveMode = NonNullable<CaptureRequest['observe']>;

/** What a capture was taken at, as the wire names it (MCP and HTTP). */
export const CAPTURE_TRIGGERS = allOf<CaptureTrigger>()(['compaction', 'shutdown', 'manual']);
/** When a capture is observed: now, by a durable job (the engine's default), or not at all. */
export const CAPTURE_OBSERVE_MODES = allOf<ObserveMode>()(['sync', 'queue', 'none']);

/** A capture in its wire spelling (`capture_session` arguments, `POST /api/sessions` body). */
export interface CaptureWire {
  readonly transcript: string;
  readonly session_id?: string | undefined;
  readonly trigger: CaptureTrigger;
  readonly entity_id?: string | undefined;
  readonly observe?: ObserveMode | undefined;
}

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
    session_id: z.string().min(1).max(200).optional(),
    trigger: z.enum(CAPTURE_TRIGGERS),
    transcript: z.string().min(1),
    observe: z.enum(CAPTURE_OBSERVE_MODES).optional(),
  },
  output: {
    status: z.enum(['captured', 'duplicate']),
    capture_key: z.string(),
    session_id: z.string(),
    trigger: z.enum(CAPTURE_TRIGGERS),
    format: z.string(),
    entries: z.number().int(),
    job_id: z.string().nullable(),
    observed: z.record(z.string(), z.unknown()).nullable(),
  },
  scope: 'write',
  idempotent: true,
  async handler(args, engine) {
    const result = await engine.observer.capture(toCaptureRequest(args));
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
