// A deploy or release event from a webhook (CI, repository or deploy bot), read by its parts:
// the event, its target, its outcome, the project and the version (issue #10, non-chat sources).
// Bots print these in many layouts ("[deploy] x v1 -> production: SUCCESS", "SUCCEEDED deploying
// x v1 to production", "a new x release is out, tagged v1") or as JSON fields, so each part is
// found on its own rather than by one sentence pattern.

/** What a webhook says about a deploy or release; `shipped` only for a finished production one. */
export interface DeployEvent {
  /** The project's name as the payload writes it ("osprey", "tern-api"); null when none. */
  readonly project: string | null;
  /** The version shipped, without a leading "v"; null when the event names none. */
  readonly version: string | null;
  readonly shipped: boolean;
}

/** The event: a deployment, or a release made public (not a release branch or a "release"d lock). */
const DEPLOY =
  /\bdeploy(?:s|ed|ing|ments?)?\b|\b(?:released|rolled out|promoted)\b.*\bto\s+(?:production|prod)\b/i;
const RELEASE =
  /\breleases?\b.*\b(?:published|created|is out|out now|available)\b|\b(?:published|new)\b.*\breleases?\b/i;
/** The target: production, or any other environment. */
const PRODUCTION = /\b(?:production|prod)\b/i;
const OTHER_ENVIRONMENT =
  /\b(?:staging|stage|preview|dev|development|test|testing|qa|sandbox|canary|uat|beta)\b/i;
/** Outcomes, checked in this order: a failure anywhere in the event voids a later "completed". */
const FAILED =
  /\b(?:fail(?:ed|ure|s|ing)?|errors?|errored|rolled back|roll(?:ing)?[- ]?back|rollback|aborted|cancell?ed|timed out|timeout|unhealthy)\b/i;
const PENDING =
  /\b(?:start(?:ed|ing)|queued|pending|in progress|running|scheduled|waiting|awaiting|requested|approval)\b/i;
const SUCCEEDED =
  /\b(?:succeeded|success(?:ful(?:ly)?)?|completed?|finished|done|ok|green|deployed|released|published|is out|out now|shipped)\b/i;
/** Not the public version: a draft, a pre-release or a build for testing. */
const NOT_FINAL = /\b(?:draft|pre-?release|rc\d*|alpha|nightly|snapshot)\b/i;
const VERSION = /\bv?(\d+\.\d+(?:\.\d+)?)(-[0-9A-Za-z][0-9A-Za-z.]*)?/;
/** Words next to a version or an event that are not a project's name. */
const NOT_NAME =
  /^(?:v|version|tag|tagged|release|released|releases|deploy|deployed|deploying|deployment|of|to|from|for|in|on|the|a|an|new|draft|pre|build|ci|production|prod|is|was)$/i;

function nameBefore(text: string, index: number): string | null {
  const word = /([a-z][\w.-]*)\s*$/i.exec(text.slice(0, index))?.[1] ?? null;
  return word === null || NOT_NAME.test(word) ? null : word;
}

/**
 * The project a prose event names: before its version, before "release", after the verb, or
 * before the verb's past participle ("ingest-v3 released to production").
 */
function proseProject(text: string, version: RegExpExecArray | null): string | null {
  const before = version === null ? null : nameBefore(text, version.index);
  if (before !== null) return before;
  const release = /\b([a-z][\w.-]*)\s+releases?\b/i.exec(text);
  if (release?.[1] && !NOT_NAME.test(release[1])) return release[1];
  const object =
    /\b(?:deploy(?:ing|ed)?|deployment|released|rolled out|promoted)\s+(?:of\s+)?([a-z][\w.-]*)/i.exec(
      text,
    );
  if (object?.[1] && !NOT_NAME.test(object[1])) return object[1];
  const passive = /\b(?:deployed|released|rolled out|promoted|shipped)\b/i.exec(text);
  return passive === null ? null : nameBefore(text, passive.index);
}

function fromParts(
  event: string,
  outcome: string,
  environment: string,
  project: string | null,
  versionText: string,
): DeployEvent | null {
  const deploy = DEPLOY.test(event);
  if (!deploy && !RELEASE.test(event)) return null;
  const version = VERSION.exec(versionText);
  const finished =
    !FAILED.test(outcome) &&
    !PENDING.test(outcome) &&
    SUCCEEDED.test(outcome) &&
    !NOT_FINAL.test(event) &&
    !version?.[2];
  const target = !deploy || (PRODUCTION.test(environment) && !OTHER_ENVIRONMENT.test(environment));
  return { project, version: version?.[1] ?? null, shipped: finished && target };
}

/** A string field of a JSON payload, under the first of `keys` present (nested `name` too). */
function field(payload: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const value = payload[key];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (typeof value === 'object' && value !== null && 'name' in value) {
      const name = (value as { name?: unknown }).name;
      if (typeof name === 'string') return name;
    }
  }
  return '';
}

function jsonEvent(text: string): DeployEvent | null {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    // Not JSON: the prose reading applies.
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const p = payload as Record<string, unknown>;
  const flags = [p['draft'] === true ? 'draft' : '', p['prerelease'] === true ? 'prerelease' : ''];
  const event = `${field(p, ['event', 'type', 'action', 'kind'])} ${flags.join(' ')}`;
  const outcome = field(p, ['status', 'state', 'conclusion', 'result', 'outcome']);
  const environment = field(p, ['environment', 'env', 'target', 'stage']);
  const project = field(p, ['project', 'repository', 'repo', 'app', 'application', 'service']);
  const version = field(p, ['version', 'tag', 'tag_name', 'release', 'ref']);
  // A release event's own word is enough to be public once published.
  const releaseEvent = /\brelease/i.test(event) ? `${event} release ${outcome}` : event;
  return fromParts(releaseEvent, outcome, environment, project === '' ? null : project, version);
}

/**
 * The deploy or release event a webhook payload reports, or null when it reports none. In prose,
 * every part is read from the whole text; a JSON payload is read by its fields.
 */
export function deployEvent(text: string): DeployEvent | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return jsonEvent(trimmed);
  const version = VERSION.exec(trimmed);
  return fromParts(trimmed, trimmed, trimmed, proseProject(trimmed, version), trimmed);
}
