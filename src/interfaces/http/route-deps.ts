import type { CalendarSource, Engine, ProjectionMode } from '../../engine/index.js';
import type { InboxRegistry } from './inbox.js';

/** What the server operator configured for the routes that read or write files on the server. */
export interface OperationsOptions {
  /** The calendars `POST /api/poll` reads (config `calendars`); none: the route answers 409. */
  readonly calendars?: readonly CalendarSource[];
  /** The files `POST /api/project` writes (config `projections`); none: the route answers 409. */
  readonly projection?: {
    readonly targets: readonly string[];
    readonly mode?: ProjectionMode;
  };
}

/** What a route handler gets besides its request: the engine and the app's shared parts. */
export interface RouteDeps {
  readonly engine: Engine;
  /** The inbox's sources (features add theirs with `inbox.register`). */
  readonly inbox: InboxRegistry;
  /** Aborted when the app stops (open SSE streams end). */
  readonly shutdown: AbortSignal;
  /** Calendars and projection targets the operator configured. */
  readonly operations: OperationsOptions;
}
