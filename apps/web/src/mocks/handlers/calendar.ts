import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  calendarGuests,
  isCalendarName as isCalendar,
  type CalendarEvent,
  type CalendarName,
} from '@/features/demo/calendar/api/types';
import { calendarDb, nextEventId } from '../db/calendar';

// Demo calendar endpoints (DEMO.md §6).

type FieldErrors = Record<string, string[]>;

function fail(status: number, code: string, message: string, fields?: FieldErrors) {
  return HttpResponse.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });
}

/** Date-only values are local midnight; anything else is parsed as a date-time. */
export function parseEventDate(value: string): number {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])).getTime();
  return Date.parse(value);
}

function isUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Builds a stored event from `input` laid over `base` (an existing event for updates). Returns
 * the field errors instead when the result is not a valid event.
 */
function toEvent(
  input: unknown,
  base: Omit<CalendarEvent, 'id'>,
): { event: Omit<CalendarEvent, 'id'> } | { fields: FieldErrors } {
  const src = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const props = (
    src.extendedProps && typeof src.extendedProps === 'object' ? src.extendedProps : {}
  ) as Record<string, unknown>;
  const fields: FieldErrors = {};
  const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

  const title = str(src.title, base.title).trim();
  if (!title) fields.title = ['Title is required'];
  const calendar = props.calendar ?? base.extendedProps.calendar;
  if (!isCalendar(calendar)) fields.calendar = ['Calendar is required'];
  const start = str(src.start, base.start);
  const end = str(src.end, base.end);
  const startMs = parseEventDate(start);
  const endMs = parseEventDate(end);
  if (!start || Number.isNaN(startMs)) fields.start = ['Start date is required'];
  if (!end || Number.isNaN(endMs)) fields.end = ['End date is required'];
  else if (!Number.isNaN(startMs) && endMs < startMs) fields.end = ['End must not be before start'];
  const allDay = src.allDay === undefined ? base.allDay : src.allDay;
  if (typeof allDay !== 'boolean') fields.allDay = ['All day must be true or false'];
  const url = str(src.url, base.url).trim();
  if (url && !isUrl(url)) fields.url = ['Event URL must be a valid URL'];
  const guests = props.guests === undefined ? base.extendedProps.guests : props.guests;
  if (
    !Array.isArray(guests) ||
    !guests.every((g) => typeof g === 'string' && (calendarGuests as readonly string[]).includes(g))
  ) {
    fields.guests = ['Unknown guest'];
  }
  if (Object.keys(fields).length > 0) return { fields };
  return {
    event: {
      title,
      start,
      end,
      allDay: allDay as boolean,
      url,
      extendedProps: {
        calendar: calendar as CalendarName,
        guests: [...new Set(guests as string[])],
        location: str(props.location, base.extendedProps.location).trim(),
        description: str(props.description, base.extendedProps.description),
      },
    },
  };
}

const blank: Omit<CalendarEvent, 'id'> = {
  title: '',
  start: '',
  end: '',
  allDay: false,
  url: '',
  extendedProps: { calendar: '' as CalendarName, guests: [], location: '', description: '' },
};

async function readEvent(request: Request): Promise<unknown> {
  const body = (await request.json().catch(() => null)) as { event?: unknown } | null;
  return body?.event;
}

function idOf(params: Record<string, unknown>): number {
  const raw = params.id;
  return typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
}

export const calendarHandlers: RequestHandler[] = [
  // Events of the selected calendars (comma-separated names); none selected → empty list.
  http.get('/apps/calendar/events', ({ request }) => {
    const raw = new URL(request.url).searchParams.get('calendars') ?? '';
    const selected = new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    return HttpResponse.json(
      calendarDb.events.filter((e) => selected.has(e.extendedProps.calendar)),
    );
  }),

  http.post('/apps/calendar/events', async ({ request }) => {
    const input = await readEvent(request);
    if (!input) return fail(400, 'bad_request', 'event is required');
    const result = toEvent(input, blank);
    if ('fields' in result) return fail(400, 'validation_failed', 'Invalid event', result.fields);
    const event: CalendarEvent = { id: nextEventId(), ...result.event };
    calendarDb.events.push(event);
    return HttpResponse.json({ event }, { status: 201 });
  }),

  // Update: the given fields are merged into the stored event.
  http.post('/apps/calendar/events/:id', async ({ request, params }) => {
    const id = idOf(params);
    const index = calendarDb.events.findIndex((e) => e.id === id);
    const current = calendarDb.events[index];
    if (!current) return fail(404, 'not_found', 'Event not found');
    const input = await readEvent(request);
    if (!input) return fail(400, 'bad_request', 'event is required');
    const result = toEvent(input, current);
    if ('fields' in result) return fail(400, 'validation_failed', 'Invalid event', result.fields);
    const event: CalendarEvent = { id, ...result.event };
    calendarDb.events[index] = event;
    return HttpResponse.json({ event });
  }),

  http.delete('/apps/calendar/events/:id', ({ params }) => {
    const id = idOf(params);
    const index = calendarDb.events.findIndex((e) => e.id === id);
    if (index < 0) return fail(404, 'not_found', 'Event not found');
    calendarDb.events.splice(index, 1);
    return new HttpResponse(null, { status: 200 });
  }),
];
