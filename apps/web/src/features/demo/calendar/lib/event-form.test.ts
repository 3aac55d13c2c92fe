import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../api/types';
import {
  movedDates,
  newEventValues,
  switchAllDay,
  toEventInput,
  toFormValues,
  validateEvent,
} from './event-form';

const allDayEvent: CalendarEvent = {
  id: 3,
  url: '',
  title: 'Family Trip',
  start: '2030-05-10',
  end: '2030-05-13',
  allDay: true,
  extendedProps: { calendar: 'Holiday', guests: ['Sandy Vega'], location: 'Lake', description: '' },
};

describe('event form', () => {
  it('shows the last day of an all-day event and stores an exclusive end again', () => {
    const values = toFormValues(allDayEvent);
    expect(values.start).toBe('2030-05-10');
    expect(values.end).toBe('2030-05-12');
    const input = toEventInput(values);
    expect(input.start).toBe('2030-05-10');
    expect(input.end).toBe('2030-05-13');
    expect(input.extendedProps).toEqual(allDayEvent.extendedProps);
  });

  it('round-trips a timed event through local date-time strings', () => {
    const start = new Date(2030, 0, 2, 9, 30).toISOString();
    const end = new Date(2030, 0, 2, 11, 0).toISOString();
    const values = toFormValues({ ...allDayEvent, allDay: false, start, end });
    expect(values.start).toBe('2030-01-02 09:30:00');
    const input = toEventInput(values);
    expect(input.start).toBe(start);
    expect(input.end).toBe(end);
  });

  it('prefills a clicked day', () => {
    const v = newEventValues({ date: new Date(2030, 6, 4), allDay: true });
    expect([v.start, v.end, v.allDay]).toEqual(['2030-07-04', '2030-07-04', true]);
    const timed = newEventValues({ date: new Date(2030, 6, 4, 14, 0), allDay: false });
    expect([timed.start, timed.end]).toEqual(['2030-07-04 14:00:00', '2030-07-04 15:00:00']);
  });

  it('validates required fields, the order of the dates and the URL', () => {
    const blank = { ...newEventValues(), start: null, end: null };
    expect(validateEvent(blank)).toEqual({
      title: 'validation.titleRequired',
      calendar: 'validation.calendarRequired',
      start: 'validation.startRequired',
      end: 'validation.endRequired',
    });
    const values = { ...toFormValues(allDayEvent), end: '2030-05-01', url: 'www.example.com' };
    expect(validateEvent(values)).toEqual({
      end: 'validation.endBeforeStart',
      url: 'validation.url',
    });
    expect(validateEvent({ ...toFormValues(allDayEvent), url: 'https://example.com' })).toEqual({});
  });

  it('keeps the days when switching "All day"', () => {
    const timed = switchAllDay(toFormValues(allDayEvent), false);
    expect(timed).toEqual({ start: '2030-05-10 09:00:00', end: '2030-05-12 10:00:00' });
    expect(switchAllDay({ ...toFormValues(allDayEvent), ...timed }, true)).toEqual({
      start: '2030-05-10',
      end: '2030-05-12',
    });
  });

  it('turns a dragged event into stored dates, with a default length when the end is missing', () => {
    expect(movedDates({ start: new Date(2030, 1, 3), end: null, allDay: true })).toEqual({
      start: '2030-02-03',
      end: '2030-02-04',
      allDay: true,
    });
    const start = new Date(2030, 1, 3, 8, 0);
    expect(movedDates({ start, end: null, allDay: false }).end).toBe(
      new Date(2030, 1, 3, 9, 0).toISOString(),
    );
  });
});
