import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// The todo demo runs against the in-browser mock backend; its data resets on every page load.

const items = (page: Page) => page.getByTestId('todo-item');
const titles = (page: Page) => page.getByTestId('todo-item-title');

async function openTodo(page: Page, path = '/fiscus/todo') {
  await page.goto(path);
  await expect(page.getByTestId('todo-app')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('todo-loading')).toBeHidden({ timeout: 20_000 });
}

test.describe('todo', () => {
  test.describe.configure({ timeout: 120_000 });

  test('filter and tag routes show their tasks', async ({ signedIn: page }) => {
    await openTodo(page);
    await expect(items(page)).toHaveCount(16);

    await page.getByTestId('todo-filter-completed').click();
    await expect(page).toHaveURL(/\/fiscus\/todo\/completed$/);
    await expect(items(page)).toHaveCount(7);
    await expect(page.getByTestId('todo-item-check').first()).toBeChecked();

    await page.getByTestId('todo-filter-deleted').click();
    await expect(page).toHaveURL(/\/fiscus\/todo\/deleted$/);
    await expect(items(page)).toHaveCount(2);

    await page.getByTestId('todo-filter-important').click();
    await expect(page).toHaveURL(/\/fiscus\/todo\/important$/);
    await expect(items(page)).toHaveCount(6);

    await openTodo(page, '/fiscus/todo/tag/high');
    await expect(page.getByTestId('todo-tag-high')).toHaveAttribute('aria-current', 'page');
    await expect(items(page)).toHaveCount(3);
    for (const item of await items(page).all()) await expect(item.getByText('High')).toBeVisible();

    await openTodo(page, '/fiscus/todo/tag/update');
    await expect(items(page)).toHaveCount(2);
  });

  test('invalid filter and tag routes go to the 404 page', async ({ signedIn: page }) => {
    for (const path of ['/fiscus/todo/urgent', '/fiscus/todo/tag/urgent', '/fiscus/todo/tag']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/error-404$/);
    }
  });

  test('search and sort are kept in the URL', async ({ signedIn: page }) => {
    await openTodo(page);
    await page.getByTestId('todo-search').fill('BUDGET');
    await expect(page).toHaveURL(/[?&]q=BUDGET/);
    await expect(items(page)).toHaveCount(3);
    for (const title of await titles(page).allTextContents())
      expect(title.toLowerCase()).toContain('budget');

    await page.getByTestId('todo-sort').click();
    await page.getByTestId('todo-sort-title-asc').click();
    await expect(page).toHaveURL(/[?&]sort=title-asc/);
    await expect(titles(page).first()).toHaveText('Approve travel budget adjustments');

    await page.getByTestId('todo-search').fill('no such task');
    await expect(page.getByTestId('todo-empty')).toContainText('No Items Found');

    // Both survive a reload.
    await page.goto('/fiscus/todo?q=review&sort=title-desc');
    await expect(page.getByTestId('todo-search')).toHaveValue('review');
    await expect(titles(page)).toHaveText([
      'Review user access rights',
      'Review the Q3 budget variance report',
    ]);
  });

  test('create, complete and delete a task', async ({ signedIn: page }) => {
    test.setTimeout(240_000);
    await openTodo(page);
    await page.getByTestId('todo-add').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();

    // Required fields are checked before saving.
    await drawer.getByTestId('task-submit').click();
    await expect(drawer.getByText('Title is required')).toBeVisible();
    await expect(drawer.getByText('Due date is required')).toBeVisible();

    await drawer.getByLabel('Title').fill('Book the auditors');
    await drawer.getByLabel('Assignee').click();
    await page.getByRole('option', { name: 'Lori Spears' }).click();
    await drawer.getByTestId('task-due-date').click();
    await page.locator('button[data-today]').first().click();
    await drawer.getByLabel('Tags').click();
    await page.getByRole('option', { name: 'High' }).click();
    await page.keyboard.press('Escape');
    await drawer.getByTestId('task-description').click();
    await page.keyboard.type('Call the audit firm');
    await drawer.getByTestId('task-submit').click();
    await expect(drawer).toBeHidden();

    // Newest first.
    await expect(items(page)).toHaveCount(17);
    const created = items(page).first();
    await expect(created.getByTestId('todo-item-title')).toHaveText('Book the auditors');
    await expect(created.getByText('High')).toBeVisible();

    // Complete it from the list: saved at once, listed under Completed.
    await created.getByTestId('todo-item-check').click();
    await expect(created.getByTestId('todo-item-check')).toBeChecked();
    await page.getByTestId('todo-filter-completed').click();
    await expect(items(page)).toHaveCount(8);
    await expect(titles(page).first()).toHaveText('Book the auditors');

    // Edit keeps the description; delete moves the task to Deleted.
    await titles(page).first().click();
    await expect(drawer.getByTestId('task-description')).toContainText('Call the audit firm');
    await drawer.getByTestId('task-delete').click();
    await expect(drawer).toBeHidden();
    await expect(items(page)).toHaveCount(7);
    await page.getByTestId('todo-filter-deleted').click();
    await expect(items(page)).toHaveCount(3);
    await expect(titles(page).first()).toHaveText('Book the auditors');

    // Restore brings it back.
    await titles(page).first().click();
    await drawer.getByTestId('task-restore').click();
    await expect(drawer).toBeHidden();
    await expect(items(page)).toHaveCount(2);
    await page.getByTestId('todo-filter-all').click();
    await expect(items(page)).toHaveCount(17);
  });

  test('works at phone width with the filters in a drawer', async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openTodo(page);
    await expect(page.getByTestId('todo-filter-important')).not.toBeInViewport();
    await page.getByTestId('app-sidebar-toggle').click();
    await page.getByTestId('todo-filter-important').click();
    await expect(page).toHaveURL(/\/important$/);
    await expect(items(page)).toHaveCount(6);
    await expect(page.getByTestId('todo-filter-important')).not.toBeInViewport();
  });
});
