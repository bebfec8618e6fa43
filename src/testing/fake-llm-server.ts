import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake server received. */
export interface FakeLlmRequest {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

/** What the fake server answers: the assistant's text, or an HTTP error. */
export type FakeLlmReply = string | { readonly status: number; readonly body: string };

/** Options of `startFakeLlmServer`. */
export interface FakeLlmServerOptions {
  /** The assistant text (usually JSON) for each request. */
  readonly reply: (request: FakeLlmRequest) => FakeLlmReply;
  /** Wait this long before answering (to exercise timeouts). */
  readonly delayMs?: number;
}

/** A running fake server. */
export interface FakeLlmServer {
  /** Base URL for OpenAI-compatible clients (`http://127.0.0.1:<port>/v1`). */
  readonly openaiBaseUrl: string;
  /** Base URL for Anthropic clients (`http://127.0.0.1:<port>/v1`). */
  readonly anthropicBaseUrl: string;
  readonly requests: readonly FakeLlmRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function openaiCompletion(model: unknown, content: string): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: typeof model === 'string' ? model : 'fake',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/** The same completion as server-sent chunks, for clients that ask with `stream: true` (pi). */
function sendOpenaiStream(response: ServerResponse, model: unknown, content: string): void {
  const completion = openaiCompletion(model, content);
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id: completion['id'],
    object: 'chat.completion.chunk',
    created: 0,
    model: completion['model'],
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content }, null))}\n\n`);
  response.write(
    `data: ${JSON.stringify({ ...chunk({}, 'stop'), usage: completion['usage'] })}\n\n`,
  );
  response.end('data: [DONE]\n\n');
}

function anthropicMessage(body: Record<string, unknown>, content: string): Record<string, unknown> {
  const tools = Array.isArray(body['tools']) ? (body['tools'] as { name?: string }[]) : [];
  const jsonTool = tools.find((t) => t.name === 'json');
  let input: unknown = {};
  try {
    input = JSON.parse(content);
  } catch {
    // Not JSON: the text block below carries it as is.
  }
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: typeof body['model'] === 'string' ? body['model'] : 'fake',
    content: jsonTool
      ? [{ type: 'tool_use', id: 'toolu_fake', name: 'json', input }]
      : [{ type: 'text', text: content }],
    stop_reason: jsonTool ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10 },
  };
}

/**
 * A local HTTP server on 127.0.0.1 speaking the wire protocols of OpenAI-compatible
 * `/v1/chat/completions` (streamed as server-sent events when the request sets `stream: true`)
 * and Anthropic `/v1/messages`, with scripted answers, so the real
 * provider adapters are tested without the network.
 */
export async function startFakeLlmServer(options: FakeLlmServerOptions): Promise<FakeLlmServer> {
  const requests: FakeLlmRequest[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = request.url ?? '/';
      requests.push({ path, body });
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const reply = options.reply({ path, body });
      if (typeof reply !== 'string') {
        send(response, reply.status, reply.body);
        return;
      }
      if (path.endsWith('/chat/completions') && body['stream'] === true)
        sendOpenaiStream(response, body['model'], reply);
      else if (path.endsWith('/chat/completions'))
        send(response, 200, openaiCompletion(body['model'], reply));
      else if (path.endsWith('/messages')) send(response, 200, anthropicMessage(body, reply));
      else send(response, 404, { error: { message: `no route ${path}` } });
    })().catch((error: unknown) => {
      send(response, 500, {
        error: { message: error instanceof Error ? error.message : 'failed' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/v1`;
  return {
    openaiBaseUrl: base,
    anthropicBaseUrl: base,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
