import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../node';
import { calendarDb, resetCalendar, type CalendarEvent } from '../db/calendar';
import { strict } from '@/test/msw';

const url = (path: string) => new URL(path, location.origin).toString();
const send = (method: string, path: string, body?: unknown) =>
  fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
async function events(calendars: string): Promise<CalendarEvent[]> {
  const res = await fetch(url(`/apps/calendar/events?calendars=${encodeURIComponent(calendars)}`));
  expect(res.status).toBe(200);
  return (await res.json()) as CalendarEvent[];
}
const all = 'Personal,Business,Family,Holiday,ETC';
const valid = {
  title: 'Budget kick-off',
  start: '2030-03-04T09:00:00.000Z',
  end: '2030-03-04T10:00:00.000Z',
  allDay: false,
  url: 'https://example.com/kick-off',
  extendedProps: {
    calendar: 'Business',
    guests: ['Jane Foster'],
    location: 'Room 1',
    description: 'Plan',
  },
};

beforeAll(() => server.listen(strict));
beforeEach(() => resetCalendar());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('calendar seed data', () => {
  it('has 10 events relative to today', () => {
    expect(calendarDb.events).toHaveLength(10);
    const review = calendarDb.events.find((e) => e.title === 'Design Review')!;
    expect(review.allDay).toBe(false);
    expect(new Date(review.start).toDateString()).toBe(new Date().toDateString());
    expect(calendarDb.events.filter((e) => e.allDay)).toHaveLength(9);
    const now = new Date();
    const nextMonth = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    const meeting = calendarDb.events.find((e) => e.title === 'Monthly Meeting')!;
    expect(meeting.start).toBe(
      `${nextMonth.getFullYear()}-${String(nextMonth.getMonth() + 1).padStart(2, '0')}-01`,
    );
  });
});

describe('GET /apps/calendar/events', () => {
  it('returns the events of the selected calendars only', async () => {
    expect(await events(all)).toHaveLength(10);
    const business = await events('Business');
    expect(business.map((e) => e.title).sort()).toEqual([
      'Design Review',
      'Meeting With Client',
      'Monthly Meeting',
      'Product Review',
    ]);
    const two = await events('Family,Holiday');
    expect(two.map((e) => e.extendedProps.calendar).sort()).toEqual(['Family', 'Holiday']);
  });

  it('returns an empty list when no calendar is selected', async () => {
    expect(await events('')).toEqual([]);
    const res = await fetch(url('/apps/calendar/events'));
    expect(await res.json()).toEqual([]);
  });
});

describe('POST /apps/calendar/events', () => {
  it('creates an event with id max + 1', async () => {
    const res = await send('POST', '/apps/calendar/events', { event: valid });
    expect(res.status).toBe(201);
    const { event } = (await res.json()) as { event: CalendarEvent };
    expect(event.id).toBe(11);
    expect(event.title).toBe('Budget kick-off');
    expect((await events('Business')).map((e) => e.id)).toContain(11);
    // after a delete, ids keep growing from the highest one
    await send('DELETE', '/apps/calendar/events/3');
    const again = await send('POST', '/apps/calendar/events', { event: valid });
    expect(((await again.json()) as { event: CalendarEvent }).event.id).toBe(12);
  });

  it('validates title, calendar, dates, URL and guests', async () => {
    const res = await send('POST', '/apps/calendar/events', {
      event: {
        ...valid,
        title: ' ',
        url: 'not a url',
        start: '2030-03-05',
        end: '2030-03-04',
        extendedProps: { calendar: 'Work', guests: ['Nobody'] },
      },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(error.fields).sort()).toEqual(['calendar', 'end', 'guests', 'title', 'url']);
    expect(calendarDb.events).toHaveLength(10);
    const missing = await send('POST', '/apps/calendar/events', { event: { title: 'x' } });
    expect(missing.status).toBe(400);
  });
});

describe('POST /apps/calendar/events/:id', () => {
  it('merges the changes into the stored event', async () => {
    const res = await send('POST', '/apps/calendar/events/5', {
      event: { start: '2030-01-10', end: '2030-01-11' },
    });
    expect(res.status).toBe(200);
    const { event } = (await res.json()) as { event: CalendarEvent };
    expect(event).toMatchObject({
      id: 5,
      title: 'Dart Game?',
      start: '2030-01-10',
      end: '2030-01-11',
      allDay: true,
    });
    expect(event.extendedProps.calendar).toBe('ETC');
    const stored = calendarDb.events.find((e) => e.id === 5)!;
    expect(stored.start).toBe('2030-01-10');
  });

  it('moves an event to another calendar', async () => {
    await send('POST', '/apps/calendar/events/6', {
      event: { extendedProps: { calendar: 'Family' } },
    });
    expect((await events('Family')).map((e) => e.id)).toContain(6);
    expect((await events('Personal')).map((e) => e.id)).not.toContain(6);
  });

  it('answers 404 for an unknown id and 400 for an invalid change', async () => {
    expect((await send('POST', '/apps/calendar/events/99', { event: { title: 'x' } })).status).toBe(
      404,
    );
    expect(
      (await send('POST', '/apps/calendar/events/abc', { event: { title: 'x' } })).status,
    ).toBe(404);
    const bad = await send('POST', '/apps/calendar/events/5', { event: { end: '1999-01-01' } });
    expect(bad.status).toBe(400);
    expect(calendarDb.events.find((e) => e.id === 5)!.end).not.toBe('1999-01-01');
  });
});

describe('DELETE /apps/calendar/events/:id', () => {
  it('removes the event for good', async () => {
    const res = await send('DELETE', '/apps/calendar/events/2');
    expect(res.status).toBe(200);
    expect(calendarDb.events.map((e) => e.id)).not.toContain(2);
    expect(await events(all)).toHaveLength(9);
    expect((await send('DELETE', '/apps/calendar/events/2')).status).toBe(404);
  });
});
