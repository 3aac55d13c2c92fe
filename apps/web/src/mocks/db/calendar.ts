// Demo calendar (DEMO.md §6): 10 events whose dates are computed relative to today.

import type {
  CalendarEvent,
  CalendarEventProps,
  CalendarName,
} from '@/features/demo/calendar/api/types';

export type { CalendarEvent };

const pad = (n: number) => String(n).padStart(2, '0');
/** Local calendar day as YYYY-MM-DD (month may overflow, the Date constructor normalises it). */
export function dayString(year: number, month: number, day: number): string {
  const d = new Date(year, month, day);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function build(): CalendarEvent[] {
  const now = new Date();
  const y = now.getFullYear();
  const m = now.getMonth();
  // Day 0 of next month is the last day of this month: "-11" is 11 days before month end.
  const beforeMonthEnd = (days: number) => dayString(y, m + 1, -days);
  const start = new Date(y, m, now.getDate(), 10, 0, 0);
  const end = new Date(y, m, now.getDate() + 1, 12, 0, 0);
  const props = (
    calendar: CalendarName,
    extra: Partial<Omit<CalendarEventProps, 'calendar'>> = {},
  ): CalendarEventProps => ({
    calendar,
    guests: extra.guests ?? [],
    location: extra.location ?? '',
    description: extra.description ?? '',
  });
  const allDay = (
    id: number,
    title: string,
    from: string,
    to: string,
    extendedProps: CalendarEventProps,
    url = '',
  ): CalendarEvent => ({ id, url, title, start: from, end: to, allDay: true, extendedProps });

  return [
    {
      id: 1,
      url: '',
      title: 'Design Review',
      start: start.toISOString(),
      end: end.toISOString(),
      allDay: false,
      extendedProps: props('Business', {
        guests: ['Jane Foster', 'Donna Frank'],
        location: 'Meeting room 2',
        description: 'Review of the new reporting screens before the release.',
      }),
    },
    allDay(
      2,
      'Meeting With Client',
      beforeMonthEnd(11),
      beforeMonthEnd(10),
      props('Business', {
        guests: ['Lori Spears'],
        location: 'Client office',
      }),
    ),
    allDay(
      3,
      'Family Trip',
      beforeMonthEnd(9),
      beforeMonthEnd(7),
      props('Holiday', {
        location: 'Lake district',
      }),
    ),
    allDay(4, "Doctor's Appointment", beforeMonthEnd(11), beforeMonthEnd(10), props('Personal')),
    allDay(5, 'Dart Game?', beforeMonthEnd(13), beforeMonthEnd(12), props('ETC')),
    allDay(6, 'Meditation', beforeMonthEnd(13), beforeMonthEnd(12), props('Personal')),
    allDay(
      7,
      'Dinner',
      beforeMonthEnd(13),
      beforeMonthEnd(12),
      props('Family', {
        guests: ['Sandy Vega', 'Cheryl May'],
      }),
    ),
    allDay(
      8,
      'Product Review',
      beforeMonthEnd(13),
      beforeMonthEnd(12),
      props('Business', {
        guests: ['Gabrielle Robertson'],
      }),
    ),
    allDay(9, 'Monthly Meeting', dayString(y, m + 1, 1), dayString(y, m + 1, 2), props('Business')),
    allDay(
      10,
      'Monthly Checkup',
      dayString(y, m - 1, 1),
      dayString(y, m - 1, 2),
      props('Personal'),
    ),
  ];
}

/** The in-memory calendar; writes change it until the page is reloaded. */
export const calendarDb: { events: CalendarEvent[] } = { events: build() };

/** Back to the seed data (tests). */
export function resetCalendar(): void {
  calendarDb.events = build();
}

export function nextEventId(): number {
  return calendarDb.events.reduce((max, e) => Math.max(max, e.id), 0) + 1;
}
