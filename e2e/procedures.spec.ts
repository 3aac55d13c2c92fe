import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type TestUser } from './fixtures.js';

/** Screenshots go to e2e/screenshots/ wherever the tests are started from. */
const shot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/** One `/api/qry` command as the given user. */
async function qry<T>(
  request: APIRequestContext,
  user: TestUser,
  op: string,
  input: Record<string, unknown>,
): Promise<T> {
  const res = await request.post('/api/qry', {
    headers: { authorization: `Bearer ${user.accessToken}` },
    data: { op, ...input },
  });
  expect(res.ok(), `${op}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/**
 * The procedures journey: write a procedure with a copy step and an expression, bind it to an
 * action, press the button on the object's toolbar, see the result — and see the event arrive
 * live in the ribbon opened in a second page.
 */
test('a procedure bound to a toolbar action runs, and its event arrives live in the ribbon', async ({
  signedIn: page,
  request,
  user,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const lines = await qry<{ id: string }>(request, user, 'objects.create', {
    name: `Lines ${tag}`,
    code: `lines_${tag}`,
  });
  const plan = await qry<{ id: string }>(request, user, 'objects.create', {
    name: `Plan ${tag}`,
    code: `plan_${tag}`,
  });
  for (const o of [lines, plan])
    await qry(request, user, 'fields.create', {
      objectId: o.id,
      name: 'Amount',
      code: 'amount',
      type: 'decimal',
      options: { scale: 2 },
    });
  await qry(request, user, 'records.createMany', {
    objectId: lines.id,
    rows: [
      { name: 'Fuel', amount: 100 },
      { name: 'Repairs', amount: 20.5 },
    ],
  });

  // Write the procedure: one copy step with an expression checked as it is typed.
  await page.goto('/fiscus/procedures');
  await expect(page.getByTestId('procedures-empty')).toBeVisible();
  await page.getByTestId('procedures-new').click();
  const editor = page.getByRole('dialog', { name: 'New procedure' });
  await editor.getByTestId('procedure-name').fill('Plan next year');
  await editor.getByTestId('step-add').click();
  await page.getByTestId('step-add-copy').click();
  const step = editor.getByTestId('step');
  await step.getByTestId('step-source').click();
  await page.getByRole('option', { name: `Lines ${tag}`, exact: true }).click();
  await step.getByTestId('step-target').click();
  await page.getByRole('option', { name: `Plan ${tag}`, exact: true }).click();
  await step.getByTestId('assignment-add').click();
  await step.getByTestId('assignment-field').click();
  await page.getByRole('option', { name: 'Amount (amount)' }).click();
  const expr = step.getByTestId('assignment-expr');
  await expr.fill('round(amont * 1.1, 2)');
  await expect(step.getByTestId('assignment-expr-error')).toContainText('amont');
  await expr.fill('round(amount * 1.1, 2)');
  await expect(step.getByTestId('assignment-expr-ok')).toBeVisible();
  await page.screenshot({ path: shot('procedures-editor') });
  await editor.getByTestId('procedure-save').click();
  // Saved: the address names the new procedure instead of "new".
  await expect(page).toHaveURL(/procedure=(?!new)[\w-]+/);
  await page.goto('/fiscus/procedures');
  await expect(page.getByTestId('procedure-row')).toContainText('Plan next year');

  // Bind it to an action on the object's toolbar.
  await page.goto('/fiscus/actions');
  await page.getByTestId('actions-new').click();
  const actionEditor = page.getByRole('dialog', { name: 'New action' });
  await actionEditor.getByTestId('action-name').fill('Plan next year');
  await actionEditor.getByTestId('action-object').click();
  await page.getByRole('option', { name: `Lines ${tag}`, exact: true }).click();
  await actionEditor.getByTestId('action-procedure').click();
  await page.getByRole('option', { name: 'Plan next year', exact: true }).click();
  await actionEditor.getByTestId('action-confirm').fill('Copy the lines into the plan?');
  await actionEditor.getByTestId('action-save').click();
  await expect(page.getByTestId('action-row')).toContainText(`Lines ${tag}`);

  // The ribbon, open in a second page, is live.
  const ribbon = await page.context().newPage();
  await ribbon.goto('/fiscus/ribbon');
  await expect(ribbon.getByTestId('stream-status')).toHaveAttribute('data-status', 'open');

  // Press the button on the object's toolbar: confirm, run, see the result.
  await page.goto(`/fiscus/object/${lines.id}`);
  await expect(page.getByTestId('records-total')).toContainText('2');
  await page
    .getByTestId('object-actions-toolbar')
    .getByRole('button', { name: 'Plan next year' })
    .click();
  const run = page.getByRole('dialog', { name: 'Plan next year' });
  await expect(run.getByTestId('run-confirm')).toHaveText('Copy the lines into the plan?');
  await run.getByTestId('run-start').click();
  await expect(run.getByTestId('run-view')).toHaveAttribute('data-status', 'succeeded');
  await expect(run.getByTestId('result-inserted')).toContainText('2');
  await expect(run.getByTestId('run-log-step')).toContainText('2 added, 0 changed, 0 deleted');
  await page.screenshot({ path: shot('procedures-action-result') });

  // The event reached the ribbon without a reload.
  const event = ribbon
    .getByTestId('ribbon-event')
    .filter({ hasText: 'Procedure “Plan next year” finished' });
  await expect(event).toBeVisible();
  await expect(event).toContainText('New');
  await expect(event.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    /\/fiscus\/procedures\?run=/,
  );
  await ribbon.screenshot({ path: shot('procedures-ribbon-live') });

  // The list shows the run, and every cell's content stays inside its column.
  await page.goto('/fiscus/procedures');
  const listed = page.getByTestId('procedure-row').filter({ hasText: 'Plan next year' });
  await expect(listed).toContainText('Succeeded');
  const spills = await listed.evaluate((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.scrollWidth - td.clientWidth),
  );
  expect(spills.filter((px) => px > 1)).toEqual([]);

  // And the plan holds the copied lines with the expression applied.
  const planned = await qry<{ rows: { values: Record<string, unknown> }[] }>(
    request,
    user,
    'records.list',
    {
      objectId: plan.id,
      orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'asc' }] },
    },
  );
  expect(planned.rows.map((r) => [r.values.name, Number(r.values.amount)])).toEqual([
    ['Repairs', 22.55],
    ['Fuel', 110],
  ]);
});
