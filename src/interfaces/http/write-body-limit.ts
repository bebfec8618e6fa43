import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problemResponse } from './problem.js';

/** Methods whose requests carry a body a route reads. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `bytes` for a person: `4 MiB`, `512 KiB`, or plain bytes. */
function readableSize(bytes: number): string {
  if (bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * Refuses a write whose body is larger than `maxBytes` with 413 PAYLOAD_TOO_LARGE, naming the
 * limit and the settings that raise it. A declared `Content-Length` is refused before a byte is
 * read; a streamed body is counted as it arrives and refused once it passes the limit, before the
 * route sees it, so a refused request stores nothing.
 */
export function writeBodyLimit(maxBytes: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      problemResponse(
        c,
        413,
        'PAYLOAD_TOO_LARGE',
        `request bodies are limited to ${maxBytes} bytes (${readableSize(maxBytes)}); nothing was stored. Send fewer records per request, or raise the limit with VERITY_MAX_BODY_BYTES or http.max_body_bytes in config.json and restart the server.`,
        { limit_bytes: maxBytes, env: 'VERITY_MAX_BODY_BYTES', setting: 'http.max_body_bytes' },
        // The rest of an oversized upload is not worth reading on a kept-alive socket.
        { Connection: 'close' },
      ),
  });
  return (c, next) => (WRITE_METHODS.has(c.req.method) ? limit(c, next) : next());
}
