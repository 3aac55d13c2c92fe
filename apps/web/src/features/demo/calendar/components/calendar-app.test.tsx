import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarDb, resetCalendar } from '@/mocks/db/calendar';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { CalendarApp } from './calendar-app';
import { strict } from '@/test/msw';

beforeAll(() => {
  // jsdom has no font loading API; the autosizing textarea listens to it.
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  server.listen(strict);
});
beforeEach(() => resetCalendar());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const calendar = () => screen.getByTestId('calendar');

describe('calendar app', () => {
  it('shows only the events of the checked calendars', async () => {
    await renderScreen(<CalendarApp />, { path: '/apps/calendar' });
    await waitFor(() =>
      expect(within(calendar()).getAllByText('Design Review').length).toBeGreaterThan(0),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Business' }));
    await waitFor(() =>
      expect(within(calendar()).queryByText('Design Review')).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('checkbox', { name: 'View All' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'View All' }));
    await waitFor(() =>
      expect(within(calendar()).getAllByText('Design Review').length).toBeGreaterThan(0),
    );
    // unchecking everything shows no events at all
    await userEvent.click(screen.getByRole('checkbox', { name: 'View All' }));
    await waitFor(() => expect(within(calendar()).queryByText('Dinner')).not.toBeInTheDocument());
  }, 90_000);

  it('validates the drawer and adds an event', async () => {
    await renderScreen(<CalendarApp />, { path: '/apps/calendar' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Event' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Event' });
    await userEvent.type(within(drawer).getByRole('textbox', { name: /Event URL/ }), 'nope');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add' }));
    expect(await within(drawer).findByText('Enter a title')).toBeVisible();
    expect(within(drawer).getByText('Choose a calendar')).toBeVisible();
    expect(within(drawer).getByText('Enter a valid URL (http:// or https://)')).toBeVisible();
    expect(calendarDb.events).toHaveLength(10);

    await userEvent.type(within(drawer).getByRole('textbox', { name: /Title/ }), 'Planning day');
    await userEvent.click(within(drawer).getByTestId('event-calendar'));
    await userEvent.click(await screen.findByRole('option', { name: 'Holiday', hidden: true }));
    await userEvent.clear(within(drawer).getByRole('textbox', { name: /Event URL/ }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Event Added')).toBeVisible();
    expect(calendarDb.events.map((e) => e.title)).toContain('Planning day');
    expect(calendarDb.events.find((e) => e.title === 'Planning day')).toMatchObject({
      id: 11,
      extendedProps: { calendar: 'Holiday' },
    });
  }, 90_000);
});
