import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

const shots = (name: string) =>
  fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The first screen waits for the lazy screen module and the mock backend to start. */
const firstLoad = { timeout: 30_000 };

test.describe('calendar', () => {
  test.describe.configure({ timeout: 120_000 });

  test('dragging an event to another day saves it', async ({ signedIn: page }) => {
    await page.goto('/apps/calendar');
    const now = new Date();
    // "Monthly Meeting" is on the 1st of next month, always shown in the month grid; it is
    // dragged onto the last day of this month.
    const from = day(new Date(now.getFullYear(), now.getMonth() + 1, 1));
    const to = day(new Date(now.getFullYear(), now.getMonth() + 1, 0));
    const event = page.locator(`td[data-date="${from}"]`).getByText('Monthly Meeting');
    await expect(event).toBeVisible(firstLoad);
    const target = page.locator(`td[data-date="${to}"] .fc-daygrid-day-frame`);

    const a = (await event.boundingBox())!;
    const b = (await target.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 - 10, a.y + a.height / 2, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(page.getByText('Event Updated')).toBeVisible();

    // Load the events again from the mock backend (filters refetch) and find it on its new day.
    await page.getByTestId('calendar-filter-Business').click();
    await expect(page.locator('.fc').getByText('Monthly Meeting')).toHaveCount(0);
    await page.getByTestId('calendar-filter-Business').click();
    await expect(page.locator(`td[data-date="${to}"]`).getByText('Monthly Meeting')).toBeVisible();
    await expect(page.locator(`td[data-date="${from}"]`).getByText('Monthly Meeting')).toHaveCount(
      0,
    );

    // Reopening the event shows the saved date.
    await page.locator(`td[data-date="${to}"]`).getByText('Monthly Meeting').click();
    const drawer = page.getByRole('dialog', { name: 'Update Event' });
    await expect(drawer.getByTestId('event-title')).toHaveValue('Monthly Meeting');
    const last = new Date(now.getFullYear(), now.getMonth() + 1, 0);
    const label = `${last.getDate()} ${last.toLocaleString('en', { month: 'short' })} ${last.getFullYear()}`;
    await expect(drawer.getByTestId('event-start')).toHaveText(label);
    await page.screenshot({ path: shots('calendar-drawer-en-light') });
  });

  test('speaks French in the dark skin', async ({ signedIn: page }) => {
    await page.addInitScript(() => {
      if (window.sessionStorage.getItem('e2e-prefs')) return;
      window.sessionStorage.setItem('e2e-prefs', '1');
      window.localStorage.setItem('fiscus-language', 'fr');
      window.localStorage.setItem('fiscus-skin', 'dark');
    });
    await page.goto('/apps/calendar');
    await expect(page.getByRole('button', { name: 'Ajouter un événement' })).toBeVisible(firstLoad);
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
    // FullCalendar's own texts follow the language: French weekday names, Monday first.
    await expect(page.locator('.fc-col-header-cell').first()).toHaveText(/lun\./i);
    const month = new Date().toLocaleString('fr', { month: 'long' });
    await expect(page.getByTestId('calendar-title')).toContainText(new RegExp(month, 'i'));
    await page.screenshot({ path: shots('calendar-month-fr-dark') });
    await page.getByTestId('calendar-views').getByText('Semaine').click();
    await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
    await page.screenshot({ path: shots('calendar-week-fr-dark') });
  });

  test('adding, editing and removing an event in the drawer', async ({ signedIn: page }) => {
    await page.goto('/apps/calendar');
    await expect(page.locator('.fc').getByText('Design Review').first()).toBeVisible(firstLoad);
    await page.getByTestId('calendar-add').click();
    const drawer = page.getByRole('dialog', { name: 'Add Event' });
    await drawer.getByTestId('event-url').fill('not a url');
    await drawer.getByTestId('event-submit').click();
    await expect(drawer.getByText('Enter a title')).toBeVisible();
    await expect(drawer.getByText('Choose a calendar')).toBeVisible();
    await expect(drawer.getByText('Enter a valid URL (http:// or https://)')).toBeVisible();

    await drawer.getByTestId('event-title').fill('Budget kick-off');
    await drawer.getByTestId('event-calendar').click();
    await page.getByRole('option', { name: 'Family' }).click();
    await drawer.getByTestId('event-url').fill('https://example.com/kick-off');
    await drawer.getByTestId('event-submit').click();
    await expect(page.getByText('Event Added')).toBeVisible();

    await page.getByTestId('calendar-views').getByText('List').click();
    await page.locator('.fc').getByText('Budget kick-off').click();
    const edit = page.getByRole('dialog', { name: 'Update Event' });
    await expect(edit.getByTestId('event-url')).toHaveValue('https://example.com/kick-off');
    await edit.getByTestId('event-title').fill('Budget kick-off (moved)');
    await edit.getByTestId('event-submit').click();
    await expect(page.getByText('Event Updated')).toBeVisible();
    await expect(page.locator('.fc').getByText('Budget kick-off (moved)')).toBeVisible();

    await page.locator('.fc').getByText('Budget kick-off (moved)').click();
    await page.getByTestId('event-remove').click();
    await expect(page.getByText('Event Removed')).toBeVisible();
    await expect(page.locator('.fc').getByText('Budget kick-off (moved)')).toHaveCount(0);
  });
});
