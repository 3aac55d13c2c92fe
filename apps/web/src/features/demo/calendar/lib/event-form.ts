import dayjs from 'dayjs';
import type { CalendarEvent, CalendarEventInput, CalendarName } from '../api/types';

/** Mantine colour of each calendar (Personal danger, Business primary, Family warning, Holiday success, ETC info). */
export const calendarColors: Record<CalendarName, string> = {
  Personal: 'red',
  Business: 'brand',
  Family: 'orange',
  Holiday: 'green',
  ETC: 'cyan',
};

/**
 * The drawer's values. Dates are local strings as the date pickers use them: `YYYY-MM-DD` for
 * all-day events (the end day is inclusive here), `YYYY-MM-DD HH:mm:ss` otherwise.
 */
export interface EventFormValues {
  title: string;
  calendar: CalendarName | '';
  start: string | null;
  end: string | null;
  allDay: boolean;
  url: string;
  guests: string[];
  location: string;
  description: string;
}

const DAY = 'YYYY-MM-DD';
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export function isValidUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A blank event starting at `start` (a click on a day or time slot, or the next full hour). */
export function newEventValues(start?: { date: Date; allDay: boolean }): EventFormValues {
  const at = start?.date ?? dayjs().add(1, 'hour').startOf('hour').toDate();
  const allDay = start?.allDay ?? false;
  return {
    title: '',
    calendar: '',
    start: dayjs(at).format(allDay ? DAY : DATE_TIME),
    end: allDay ? dayjs(at).format(DAY) : dayjs(at).add(1, 'hour').format(DATE_TIME),
    allDay,
    url: '',
    guests: [],
    location: '',
    description: '',
  };
}

/** Stored event → drawer values. */
export function toFormValues(event: CalendarEvent): EventFormValues {
  const { allDay } = event;
  const start = allDay ? dayjs(event.start).format(DAY) : dayjs(event.start).format(DATE_TIME);
  let end: string;
  if (allDay) {
    // Stored ends are exclusive; the form shows the last day of the event.
    const last = dayjs(event.end || event.start).subtract(1, 'day');
    end = last.isBefore(dayjs(start)) ? start : last.format(DAY);
  } else end = dayjs(event.end || event.start).format(DATE_TIME);
  return {
    title: event.title,
    calendar: event.extendedProps.calendar,
    start,
    end,
    allDay,
    url: event.url,
    guests: [...event.extendedProps.guests],
    location: event.extendedProps.location,
    description: event.extendedProps.description,
  };
}

/** Drawer values (validated) → body of create/update. */
export function toEventInput(values: EventFormValues): CalendarEventInput {
  const start = values.start ?? '';
  const end = values.end ?? start;
  return {
    title: values.title.trim(),
    url: values.url.trim(),
    allDay: values.allDay,
    start: values.allDay ? dayjs(start).format(DAY) : dayjs(start).toISOString(),
    end: values.allDay ? dayjs(end).add(1, 'day').format(DAY) : dayjs(end).toISOString(),
    extendedProps: {
      calendar: values.calendar as CalendarName,
      guests: values.guests,
      location: values.location.trim(),
      description: values.description.trim(),
    },
  };
}

/** Switching "All day" keeps the days and gives timed events a default time. */
export function switchAllDay(
  values: EventFormValues,
  allDay: boolean,
): Pick<EventFormValues, 'start' | 'end'> {
  if (allDay) {
    return {
      start: values.start ? dayjs(values.start).format(DAY) : null,
      end: values.end ? dayjs(values.end).format(DAY) : null,
    };
  }
  const start = values.start ? dayjs(values.start).hour(9).minute(0).second(0) : null;
  const end = values.end ? dayjs(values.end).hour(10).minute(0).second(0) : null;
  return { start: start?.format(DATE_TIME) ?? null, end: end?.format(DATE_TIME) ?? null };
}

/** Error keys (namespace `calendar`) of the drawer's fields, or null when valid. */
export function validateEvent(
  values: EventFormValues,
): Partial<Record<keyof EventFormValues, string>> {
  const errors: Partial<Record<keyof EventFormValues, string>> = {};
  if (!values.title.trim()) errors.title = 'validation.titleRequired';
  if (!values.calendar) errors.calendar = 'validation.calendarRequired';
  if (!values.start) errors.start = 'validation.startRequired';
  if (!values.end) errors.end = 'validation.endRequired';
  else if (values.start && dayjs(values.end).isBefore(dayjs(values.start))) {
    errors.end = 'validation.endBeforeStart';
  }
  if (values.url.trim() && !isValidUrl(values.url.trim())) errors.url = 'validation.url';
  return errors;
}

/**
 * Dates of an event moved or resized in the calendar, in the stored format. A missing end means
 * the default length: one day for all-day events, one hour otherwise.
 */
export function movedDates(e: { start: Date | null; end: Date | null; allDay: boolean }) {
  const start = e.start ?? new Date();
  if (e.allDay) {
    const end = e.end ?? dayjs(start).add(1, 'day').toDate();
    return { start: dayjs(start).format(DAY), end: dayjs(end).format(DAY), allDay: true };
  }
  const end = e.end ?? dayjs(start).add(1, 'hour').toDate();
  return { start: start.toISOString(), end: end.toISOString(), allDay: false };
}
