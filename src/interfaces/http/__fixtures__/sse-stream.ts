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
