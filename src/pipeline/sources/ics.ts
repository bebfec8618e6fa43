import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type NodeIcal from 'node-ical';
import {
  contentHash,
  deriveUuid,
  EngineError,
  isTimeZone,
  type JsonObject,
  toIso,
} from '../../core/index.js';
import {
  EMPTY_REGISTRY,
  type EntityRegistry,
  extractWithRules,
  slugify,
} from '../../extract/index.js';

/** One calendar Verity reads: an ICS file or URL, and the entity its events belong to. */
export interface CalendarSource {
  /** A file path, or an `http(s)://` URL. */
  readonly location: string;
  readonly entityId: string;
  /** Names the calendar in `source.ref` (`ics:<name>`); defaults to the location. */
  readonly name?: string;
  /**
   * The IANA zone its times are shown in (the household's own). Without it, an event's times are
   * in its own TZID; a UTC time (`Z`) is shown in UTC and says so; a floating time as written.
   */
  readonly timeZone?: string;
}

/** Options of `icsToSignals`. */
interface IcsOptions {
  readonly source: CalendarSource;
  /** The poll's instant (epoch ms): recurring events contribute their next occurrence from it. */
  readonly now: number;
  readonly registry?: EntityRegistry;
}

interface IcalDate extends Date {
  readonly tz?: string;
  readonly dateOnly?: boolean;
}

interface IcalEvent {
  readonly type: string;
  readonly uid?: string;
  readonly summary?: string | { readonly val?: string };
  readonly location?: string | { readonly val?: string };
  readonly start?: IcalDate;
  readonly end?: IcalDate;
  readonly lastmodified?: Date;
  readonly created?: Date;
  readonly datetype?: string;
  readonly status?: string;
  readonly rrule?: { readonly after: (date: Date, inclusive?: boolean) => Date | null | undefined };
}

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function text(value: string | { readonly val?: string } | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : (value.val ?? '');
}

const UTC_NAMES = /^(?:etc\/)?(?:utc|gmt|uct|z|zulu|universal)$/i;

/**
 * The zone an event's times are shown in: the calendar's configured zone, else the event's own.
 * Null when that is UTC (`Z` times) or a zone Intl does not know: the time is then shown in UTC
 * and labelled so. Undefined for a floating time (no zone at all, "local wherever you are"),
 * shown as written: node-ical reads it in this process's zone, and the same zone writes it back.
 */
function shownZone(configured: string | undefined, eventZone: string | undefined) {
  if (eventZone === undefined) return undefined;
  const zone = configured ?? eventZone;
  if (UTC_NAMES.test(zone)) return null;
  // An unknown TZID (a Windows zone name, say) is shown in UTC rather than failing the poll.
  return isTimeZone(zone) ? zone : null;
}

/** The wall-clock parts of an instant in `zone` (`shownZone`: null UTC, undefined as written). */
function wall(date: IcalDate, zone: string | null | undefined): { day: Date; time: string } {
  const timeZone = zone === null ? 'UTC' : zone;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      ...(timeZone === undefined ? {} : { timeZone }),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const day = new Date(
    Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day'])),
  );
  return { day, time: `${parts['hour']}:${parts['minute']}` };
}

function dayText(day: Date): string {
  return `${WEEKDAY[day.getUTCDay()]} ${MONTH[day.getUTCMonth()]} ${day.getUTCDate()} ${day.getUTCFullYear()}`;
}

/** How an event reads as a calendar line ("Piano lesson (Zara) - Thu Apr 16 2026, 16:00-16:45"). */
function describe(
  summary: string,
  start: IcalDate,
  end: IcalDate | undefined,
  allDay: boolean,
  location: string,
  zone: string | null | undefined,
): string {
  if (allDay) {
    const first = dayOf(start);
    const last = end ? dayOf(end, -1) : first;
    return last.getTime() > first.getTime()
      ? `${summary} - ${dayText(first)} to ${dayText(last)}`
      : `${summary} - ${dayText(first)}`;
  }
  const from = wall(start, zone);
  const to = end ? wall(end, zone) : null;
  const place = location === '' ? '' : `, ${location}`;
  return `${summary} - ${dayText(from.day)}, ${from.time}${to ? `-${to.time}` : ''}${place}`;
}

/**
 * The calendar day of an all-day date, as midnight UTC (`offset` days later). node-ical builds a
 * `VALUE=DATE` as local midnight of the machine running it, so its UTC fields are the day before
 * anywhere east of UTC: the day is read from the local fields it was built from.
 */
function dayOf(date: IcalDate, offset = 0): Date {
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate() + offset));
}

function isoDay(day: Date): string {
  return toIso(day.getTime()).slice(0, 10);
}

/**
 * When an event happens, as a `family.schedule` value: the first and last day of an all-day
 * event ("2026-04-05", "2026-03-14 to 2026-03-15"; DTEND of a date is exclusive), else the start's
 * wall-clock date and time in the event's zone.
 */
function scheduleValue(
  start: IcalDate,
  end: IcalDate | undefined,
  allDay: boolean,
  zone: string | null | undefined,
): string {
  if (!allDay) return startValue(start, zone);
  const first = dayOf(start);
  const last = end ? dayOf(end, -1) : first;
  return last.getTime() > first.getTime() ? `${isoDay(first)} to ${isoDay(last)}` : isoDay(first);
}

/**
 * A timed event's start as a schedule value: the wall clock of `zone` (`shownZone`); one shown
 * in UTC is labelled so ("2026-03-12 02:00 UTC"), never to be read as a local time.
 */
function startValue(start: IcalDate, zone: string | null | undefined): string {
  const from = wall(start, zone);
  return `${isoDay(from.day)} ${from.time}${zone === null ? ' UTC' : ''}`;
}

/**
 * The schedule slot an event's own title names ("Weekend at Grandma's (Sacramento)" →
 * `weekend_at_grandmas`): a parenthesis is a note, not the name; null when nothing is left.
 */
function titleSlug(summary: string): string | null {
  const words = slugify(summary.replace(/\([^)]*\)/g, ' ').replace(/['’]/g, ''))
    .split('_')
    .filter((w) => w !== '');
  return words.length === 0 ? null : words.slice(0, 6).join('_');
}

/**
 * Turns an ICS document into `signal` ingest records: one per event (a recurring event by its
 * next occurrence from `now`), with `claims` read by the rule extractor from the event as a
 * calendar line, for the source's entity. Ids and `occurred_at` derive from the event's own
 * data (UID, occurrence, LAST-MODIFIED), never from the poll, so reading an unchanged calendar
 * twice records nothing new. An event the rules read nothing at all from (an all-day "Weekend at
 * Grandma's", a title without an activity word) still is a schedule entry: it claims
 * `family.schedule.<its title>` with its date, or its days, or `cancelled`.
 */
export function icsToSignals(ics: string, options: IcsOptions): Record<string, unknown>[] {
  // Loaded here, not imported: only polling reads ICS (ADR 2026-11-26-lazy-start-up).
  const ical = createRequire(import.meta.url)('node-ical') as typeof NodeIcal;
  const data = ical.sync.parseICS(ics) as unknown as Record<string, IcalEvent>;
  const ref = `ics:${options.source.name ?? options.source.location}`.slice(0, 300);
  const records: Record<string, unknown>[] = [];
  for (const [key, event] of Object.entries(data).sort(([a], [b]) => a.localeCompare(b))) {
    if (event.type !== 'VEVENT' || event.start === undefined) continue;
    const summary = text(event.summary).trim();
    if (summary === '') continue;
    let start: IcalDate = event.start;
    let end: IcalDate | undefined = event.end;
    let externalId = event.uid ?? key;
    if (event.rrule) {
      const next = event.rrule.after(new Date(options.now - 12 * 3_600_000), true);
      if (!next) continue;
      const length = end ? end.getTime() - start.getTime() : 0;
      start = Object.assign(new Date(next.getTime()), { tz: event.start.tz }) as IcalDate;
      end = end
        ? (Object.assign(new Date(next.getTime() + length), { tz: event.end?.tz }) as IcalDate)
        : undefined;
      externalId = `${externalId}#${toIso(next.getTime())}`;
    }
    const allDay = event.datetype === 'date' || event.start.dateOnly === true;
    const location = text(event.location).trim();
    const zone = shownZone(options.source.timeZone, start.tz);
    const line = describe(summary, start, end, allDay, location, zone);
    const occurredAt = toIso((event.lastmodified ?? event.created ?? event.start).getTime());
    const cancelled = (event.status ?? '').toUpperCase() === 'CANCELLED';
    const extraction = extractWithRules({
      text: cancelled ? `Cancelled: ${line}` : line,
      at: occurredAt,
      source: 'calendar',
      role: 'user',
      entityId: options.source.entityId,
      known: [],
      registry: options.registry ?? EMPTY_REGISTRY,
    });
    const claims = extraction.observations
      .filter(
        (o) =>
          o.entityId === options.source.entityId &&
          o.value !== null &&
          (o.intent === 'assertive' || o.intent === 'planning') &&
          o.confidence >= 1,
      )
      .map((o) => ({
        field: o.field,
        // The rules read the line's wall-clock time; it names no zone, so a start read in UTC
        // for want of one is labelled here.
        candidate_value:
          !allDay && zone === null && o.value === startValue(start, 'UTC').slice(0, 16)
            ? startValue(start, null)
            : o.value,
        intent: o.intent,
      }));
    // Only when the rules read nothing at all for the entity: a reading they hedged or doubted
    // stays unclaimed rather than being replaced by a confident entry.
    const unread = extraction.observations.every((o) => o.entityId !== options.source.entityId);
    const slug = unread ? titleSlug(summary) : null;
    if (slug !== null) {
      claims.push({
        field: `family.schedule.${slug}`,
        candidate_value: cancelled ? 'cancelled' : scheduleValue(start, end, allDay, zone),
        intent: 'planning',
      });
    }
    const payload: JsonObject = {
      start: toIso(start.getTime()),
      ...(end ? { end: toIso(end.getTime()) } : {}),
      all_day: allDay,
      ...(allDay || zone === undefined ? {} : { time_zone: zone ?? 'UTC' }),
      ...(location === '' ? {} : { location: location.slice(0, 300) }),
      ...(cancelled ? { status: 'cancelled' } : {}),
    };
    const body = {
      kind: 'calendar',
      source: { type: 'calendar', ref },
      external_id: externalId.slice(0, 300),
      occurred_at: occurredAt,
      entity_id: options.source.entityId,
      summary: line.slice(0, 1000),
      payload,
      extractor: 'ics-rules@1.0.0',
      ...(claims.length > 0 ? { claims } : {}),
    };
    records.push({ type: 'signal', event_id: deriveUuid('ics', ref, contentHash(body)), ...body });
  }
  return records;
}

/** Reads an ICS source: a file, or an `http(s)` URL through `fetch`. Throws `PROVIDER_FAILED`. */
export async function readCalendar(
  source: CalendarSource,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  try {
    if (/^https?:\/\//i.test(source.location)) {
      const response = await fetchImpl(source.location);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return await response.text();
    }
    return await readFile(source.location, 'utf8');
  } catch (error: unknown) {
    throw new EngineError(
      'PROVIDER_FAILED',
      `cannot read calendar ${source.name ?? source.location}`,
      { operation: 'poll' },
      { cause: error },
    );
  }
}
