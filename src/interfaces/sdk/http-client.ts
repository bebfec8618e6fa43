import type { MessageToRecord } from '../../engine/index.js';
import type {
  WireContextPack,
  WireEntityState,
  WireError,
  WireExplanation,
  WireFieldView,
  WireHealth,
  WireIngestResult,
  WireMemory,
  WireMemoryRecorded,
  WirePage,
  WireRecordMessagesResult,
  WireReviewAnswer,
  WireReviewPrompt,
  WireSearchResult,
} from './wire-types.js';

/** Options of `createVerityClient`. */
export interface VerityClientOptions {
  /** Where `verity serve` listens, e.g. `http://127.0.0.1:7077`. */
  readonly baseUrl: string;
  /** The bearer token (`VERITY_TOKEN` of the server), when it requires one. */
  readonly token?: string;
  /** The HTTP client. Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/** A non-2xx answer: the HTTP status and Verity's error code, message and details. */
export class VerityHttpError extends Error {
  override readonly name = 'VerityHttpError';
  constructor(
    /** The HTTP status. */
    readonly status: number,
    /** Verity's error code, e.g. `VALIDATION_FAILED`, `NOT_FOUND`, `UNAUTHORIZED`. */
    readonly code: string,
    message: string,
    /** The error's details (e.g. `field` for a refused parameter). */
    readonly details: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

/** Which time a state read is taken at (RFC 3339 instants). */
export interface StateReadOptions {
  /** Belief time: what Verity believed at that instant. */
  readonly at?: string;
  /** Valid time: what was true at that instant, from everything known now. */
  readonly as_of?: string;
}

/** Options of `recordMessages`. */
export interface RecordMessagesOptions {
  /** Thread of messages that name none. */
  readonly thread_id?: string;
  /** Entity the messages are about, when not the primary user. */
  readonly entity_id?: string;
  /** Resolve each message at its own time, as if ingested live then (history imports). */
  readonly import?: boolean;
}

/** One conversation message to record; `docs/FORMATS.md` lists every field and default. */
export type MessageRecord = MessageToRecord;

/** Options of `context`. */
export interface ContextOptions {
  readonly entity_id?: string;
  readonly thread_id?: string;
  /** What the agent is about to do: ranks memories and messages by relevance to it. */
  readonly query?: string;
  /** Token budget of the pack. */
  readonly budget?: number;
  readonly mode?: 'full' | 'minimal';
}

/** Options of `search`. */
export interface SearchOptions {
  readonly entity_id?: string;
  readonly limit?: number;
}

/** An answer to a review prompt; `edit` needs `edited_value`. */
export type ReviewAnswer =
  | { readonly action: 'confirm' | 'reject' }
  | { readonly action: 'edit'; readonly edited_value: string };

/** A memory to record. */
export interface MemoryInput {
  readonly text: string;
  readonly tags?: readonly string[];
  /** State slots the memory relies on (`entity_id/field`), checked for drift. */
  readonly cites?: readonly string[];
  readonly entity_id?: string;
}

type Query = Readonly<Record<string, string | number | boolean | undefined>>;

interface Request {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: Query;
  readonly json?: unknown;
  readonly text?: string;
  /** Answer statuses besides 2xx whose body is a result, not an error (ingest's 422). */
  readonly resultStatuses?: readonly number[];
}

function isWireError(value: unknown): value is WireError {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = value.error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

/**
 * A typed client of `verity serve`'s JSON API for agent builders who run Verity as a service.
 * Every method answers the wire JSON as it is (snake_case, like the CLI's `--json` and MCP's
 * structured content) and throws `VerityHttpError` for an error answer. In-process callers use
 * `createEngine` (camelCase TypeScript) instead. Build it with `createVerityClient`.
 */
export class VerityClient {
  readonly #base: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #fetch: typeof fetch;

  constructor(options: VerityClientOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#headers = options.token === undefined ? {} : { authorization: `Bearer ${options.token}` };
    this.#fetch = options.fetch ?? fetch;
  }

  /** `GET /health`: liveness and counts (needs no token). */
  health(): Promise<WireHealth> {
    return this.#send({ method: 'GET', path: '/health' });
  }

  /**
   * `POST /api/messages`: records conversation messages (idempotent by thread and message id);
   * the extractor reads them and they become searchable. Rejected messages are reported in the
   * result with their issues, never thrown, even when all were rejected (the server's 422).
   */
  recordMessages(
    messages: readonly MessageRecord[],
    options: RecordMessagesOptions = {},
  ): Promise<WireRecordMessagesResult> {
    return this.#send({
      method: 'POST',
      path: '/api/messages',
      json: { ...options, messages },
      resultStatuses: [422],
    });
  }

  /**
   * `POST /api/ingest`: ingest records (objects, or JSON Lines text). Valid records apply;
   * invalid ones go to the dead-letter queue and are listed in `rejections`.
   */
  ingest(
    records: readonly Readonly<Record<string, unknown>>[] | string,
    options: { readonly import?: boolean } = {},
  ): Promise<WireIngestResult> {
    const text =
      typeof records === 'string'
        ? records
        : records.map((record) => `${JSON.stringify(record)}\n`).join('');
    return this.#send({
      method: 'POST',
      path: '/api/ingest',
      query: { import: options.import },
      text,
      resultStatuses: [422],
    });
  }

  /** `GET /api/state/{entity_id}`: every slot of an entity and its open review prompts. */
  getState(entityId: string, options: StateReadOptions = {}): Promise<WireEntityState> {
    return this.#send({
      method: 'GET',
      path: `/api/state/${enc(entityId)}`,
      query: { ...options },
    });
  }

  /** `GET /api/state/{entity_id}?field=`: one slot. */
  getField(
    entityId: string,
    field: string,
    options: StateReadOptions = {},
  ): Promise<WireFieldView> {
    return this.#send({
      method: 'GET',
      path: `/api/state/${enc(entityId)}`,
      query: { field, ...options },
    });
  }

  /** `GET /api/state/{entity_id}/explain?field=`: why a slot holds its value. */
  explain(entityId: string, field: string): Promise<WireExplanation> {
    return this.#send({
      method: 'GET',
      path: `/api/state/${enc(entityId)}/explain`,
      query: { field },
    });
  }

  /** `GET /api/entities`: entities with state, in id order, one page at a time. */
  listEntities(
    options: { readonly limit?: number; readonly cursor?: string } = {},
  ): Promise<WirePage<{ readonly entity_id: string }>> {
    return this.#send({ method: 'GET', path: '/api/entities', query: { ...options } });
  }

  /** `GET /api/context`: a context pack for the agent within a token budget. */
  context(options: ContextOptions = {}): Promise<WireContextPack> {
    return this.#send({ method: 'GET', path: '/api/context', query: { ...options } });
  }

  /** `GET /api/search`: hybrid (full text and vector) search over messages and state items. */
  search(query: string, options: SearchOptions = {}): Promise<WireSearchResult> {
    return this.#send({ method: 'GET', path: '/api/search', query: { query, ...options } });
  }

  /** `GET /api/reviews`: review prompts (open and queued unless `status` says otherwise). */
  async listReviews(
    options: { readonly entity_id?: string; readonly status?: string } = {},
  ): Promise<readonly WireReviewPrompt[]> {
    const answer = await this.#send<{ reviews: WireReviewPrompt[] }>({
      method: 'GET',
      path: '/api/reviews',
      query: { ...options },
    });
    return answer.reviews;
  }

  /** `POST /api/reviews/{prompt_id}`: confirm, reject, or edit a proposed change. */
  answerReview(promptId: string, answer: ReviewAnswer): Promise<WireReviewAnswer> {
    return this.#send({ method: 'POST', path: `/api/reviews/${enc(promptId)}`, json: answer });
  }

  /** `GET /api/memories`: memories of the notes vault (only those with `tag` when given). */
  listMemories(options: { readonly tag?: string } = {}): Promise<readonly WireMemory[]> {
    return this.#send({ method: 'GET', path: '/api/memories', query: { ...options } });
  }

  /** `POST /api/memories`: records a memory note. */
  recordMemory(memory: MemoryInput): Promise<WireMemoryRecorded> {
    return this.#send({ method: 'POST', path: '/api/memories', json: memory });
  }

  /** `GET /api/memories/{memory_id}`: one memory, drift-checked, with its history. */
  getMemory(memoryId: string): Promise<WireMemory> {
    return this.#send({ method: 'GET', path: `/api/memories/${enc(memoryId)}` });
  }

  /** `PUT /api/memories/{memory_id}`: replaces a memory's text (and tags or cites). */
  updateMemory(
    memoryId: string,
    memory: Omit<MemoryInput, 'entity_id'>,
  ): Promise<Readonly<Record<string, unknown>>> {
    return this.#send({ method: 'PUT', path: `/api/memories/${enc(memoryId)}`, json: memory });
  }

  /** `DELETE /api/memories/{memory_id}`: forgets a memory. */
  forgetMemory(memoryId: string): Promise<Readonly<Record<string, unknown>>> {
    return this.#send({ method: 'DELETE', path: `/api/memories/${enc(memoryId)}` });
  }

  async #send<T>(request: Request): Promise<T> {
    const url = new URL(`${this.#base}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const body =
      request.json !== undefined ? JSON.stringify(request.json) : (request.text ?? undefined);
    const contentType =
      request.json !== undefined
        ? { 'content-type': 'application/json' }
        : request.text !== undefined
          ? { 'content-type': 'application/x-ndjson' }
          : {};
    const response = await this.#fetch(url, {
      method: request.method,
      headers: { accept: 'application/json', ...this.#headers, ...contentType },
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (
      response.ok ||
      (request.resultStatuses?.includes(response.status) && !isWireError(parsed))
    ) {
      if (parsed === undefined) {
        throw new VerityHttpError(
          response.status,
          'INVALID_RESPONSE',
          'the answer is not JSON',
          {},
        );
      }
      return parsed as T;
    }
    if (isWireError(parsed)) {
      const { code, message, details } = parsed.error;
      throw new VerityHttpError(response.status, code, message, details);
    }
    throw new VerityHttpError(
      response.status,
      'HTTP_ERROR',
      `${request.method} ${request.path} answered ${response.status}`,
      {},
    );
  }
}

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

/** Builds a client of `verity serve` at `baseUrl` (see `VerityClient`). */
export function createVerityClient(options: VerityClientOptions): VerityClient {
  if (!URL.canParse(options.baseUrl)) {
    throw new TypeError(`baseUrl must be an absolute URL, not ${JSON.stringify(options.baseUrl)}`);
  }
  return new VerityClient(options);
}
