/** Shapes of the demo calendar endpoints (`/apps/calendar/events`, served by the mock backend). */

export const calendarNames = ['Personal', 'Business', 'Family', 'Holiday', 'ETC'] as const;
export type CalendarName = (typeof calendarNames)[number];

export const isCalendarName = (v: unknown): v is CalendarName =>
  typeof v === 'string' && (calendarNames as readonly string[]).includes(v);

/** The fixed people that can be invited to an event. */
export const calendarGuests = [
  'Jane Foster',
  'Donna Frank',
  'Gabrielle Robertson',
  'Lori Spears',
  'Sandy Vega',
  'Cheryl May',
] as const;

export interface CalendarEventProps {
  calendar: CalendarName;
  guests: string[];
  location: string;
  description: string;
}

export interface CalendarEvent {
  id: number;
  /** Link of the event; empty when none. */
  url: string;
  title: string;
  /** All-day events: YYYY-MM-DD; timed events: ISO date-time. */
  start: string;
  /** Exclusive end, same format as start. */
  end: string;
  allDay: boolean;
  extendedProps: CalendarEventProps;
}

/** Body of create, and of update (where every field is optional and merged). */
export type CalendarEventInput = Omit<CalendarEvent, 'id'>;
export type CalendarEventPatch = Partial<Omit<CalendarEventInput, 'extendedProps'>> & {
  extendedProps?: Partial<CalendarEventProps>;
};
