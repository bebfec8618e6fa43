import type { Hono } from 'hono';

/** The text of a server-sent-events answer, read as far as a test needs it. */
export interface SseStream {
  /** Reads until the text so far contains `marker`; returns all of it. */
  until(marker: string): Promise<string>;
  /** Stops reading (the caller aborts its request first). */
  cancel(): Promise<void>;
}

/** Reads the body of an `/api/events` response incrementally. */
export function sseStream(response: Response): SseStream {
  const reader = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let text = '';
  return {
    async until(marker) {
      while (!text.includes(marker)) text += (await reader.read()).value ?? '';
      return text;
    },
    cancel: () => reader.cancel(),
  };
}

/** An open `/api/events` stream and the way to end it. */
export interface OpenEventStream {
  readonly stream: SseStream;
  /** Aborts the request and stops reading. */
  close(): Promise<void>;
}

/** Opens `GET /api/events` on `app` with `headers` and reads past its `ready` message. */
export async function openEventStream(
  app: Hono,
  headers: Readonly<Record<string, string>>,
): Promise<OpenEventStream> {
  const controller = new AbortController();
  const response = await app.request('/api/events', { headers, signal: controller.signal });
  if (response.status !== 200) throw new Error(`/api/events answered ${response.status}`);
  const stream = sseStream(response);
  await stream.until('event: ready');
  return {
    stream,
    async close() {
      controller.abort();
      await stream.cancel();
    },
  };
}
