import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { qryHandler, type QryBody } from '@/test/msw';
import { renderScreen, settled } from '@/test/render';
import { HttpResponse } from 'msw';
import { finishedRun, lines, makeProcedure, makeRun, plan } from '../test/fixtures';
import { ProceduresScreen } from './procedures-screen';

mockServerWithDefaultRules();

const summary = {
  id: 'p1',
  name: 'Plan next year',
  description: 'Copies the lines into the plan',
  stepCount: 1,
  paramCount: 2,
  triggerObjectId: null,
  lastRunStatus: 'failed' as const,
  lastRunAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

/** What the procedure editor reads besides the procedure: objects, and checks that pass. */
const editorReads: Parameters<typeof qryHandler>[0] = {
  'objects.list': () => ({ items: [lines, plan] }),
  'objects.get': (b) => (b.id === 'o1' ? lines : plan),
  'procedures.validate': () => ({ issues: [] }),
  'expressions.validate': () => ({
    valid: true,
    type: 'dec',
    typeText: 'decimal number',
    issues: [],
  }),
};

/**
 * The procedure editor's server: `procedure` to edit; `procedures.update` refused with
 * `refusal` (messages by field) while `refuse()` says so, else answering `saved(body)`; the
 * updates' bodies collected in `bodies`.
 */
function editorServer(
  procedure: ReturnType<typeof makeProcedure>,
  refusal: Record<string, string[]>,
  refuse: () => boolean,
  saved: (body: QryBody) => ReturnType<typeof makeProcedure>,
  bodies: QryBody[],
): void {
  server.use(
    qryHandler(
      {
        'procedures.list': () => ({ items: [summary] }),
        'procedures.get': () => procedure,
        'procedures.runs': () => ({ items: [], hasMore: false }),
        ...editorReads,
        'procedures.update': (b) =>
          refuse()
            ? HttpResponse.json(
                {
                  error: {
                    code: 'validation_failed',
                    message: 'Check the fields.',
                    fields: refusal,
                    requestId: 'r',
                  },
                },
                { status: 400 },
              )
            : saved(b),
      },
      (b) => b.op === 'procedures.update' && bodies.push(b),
    ),
  );
}

describe('ProceduresScreen', () => {
  it('lists procedures with their last run, and shows the empty state of a new domain', async () => {
    server.use(qryHandler({ 'procedures.list': () => ({ items: [summary] }) }));
    const view = await renderScreen(<ProceduresScreen />);
    const row = await screen.findByTestId('procedure-row');
    expect(row).toHaveTextContent('Plan next year');
    expect(row).toHaveTextContent('Copies the lines into the plan');
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    // Dates as every other list of the console writes them (medium date, short time).
    expect(row).toHaveTextContent(/Jan 1, 2026/);
    view.unmount();
    server.use(qryHandler({ 'procedures.list': () => ({ items: [] }) }));
    await renderScreen(<ProceduresScreen />);
    expect(await screen.findByText('No procedures yet')).toBeInTheDocument();
  });

  it('runs with a typed parameter form: required checked, Dry run sent, then Result and Log', async () => {
    const runs: QryBody[] = [];
    let asked = 0;
    server.use(
      qryHandler(
        {
          'procedures.list': () => ({ items: [summary] }),
          'procedures.get': () => makeProcedure(),
          'procedures.run': (b) => makeRun({ dryRun: b.dryRun as boolean }),
          // Queued first, then finished: the view follows the run.
          'procedures.getRun': () =>
            ++asked < 2 ? makeRun({ dryRun: true }) : finishedRun({ dryRun: true }),
        },
        (b) => b.op === 'procedures.run' && runs.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ProceduresScreen />);
    await user.click(await screen.findByTestId('procedure-run'));
    const dialog = await screen.findByRole('dialog', { name: 'Run “Plan next year”' });
    // The choice parameter starts from its default.
    expect(within(dialog).getByLabelText('Scenario', { selector: 'input' })).toHaveValue('Budget');
    await user.click(within(dialog).getByRole('button', { name: 'Dry run' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(runs).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Growth/, { selector: 'input' }), '1.1');
    await user.click(within(dialog).getByRole('button', { name: 'Dry run' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]).toMatchObject({
      op: 'procedures.run',
      id: 'p1',
      dryRun: true,
      params: { growth: '1.1', scenario: 'Budget' },
    });
    const view = await within(dialog).findByTestId('run-view');
    await waitFor(() => expect(view).toHaveAttribute('data-status', 'succeeded'));
    expect(within(dialog).getByText('Dry run: nothing was changed')).toBeInTheDocument();
    expect(within(dialog).getByTestId('result-inserted')).toHaveTextContent('3');
    const step = within(dialog).getByTestId('run-log-step');
    expect(step).toHaveTextContent('Lines to plan');
    expect(step).toHaveTextContent('3 added, 0 changed, 0 deleted');
  });

  it('names the parameter the server refuses', async () => {
    server.use(
      qryHandler({
        'procedures.list': () => ({ items: [summary] }),
        'procedures.get': () => makeProcedure(),
        'procedures.run': () =>
          HttpResponse.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Check the fields.',
                fields: { 'params.growth': ['At most 2 decimals.'] },
                requestId: 'r',
              },
            },
            { status: 400 },
          ),
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<ProceduresScreen />);
    await user.click(await screen.findByTestId('procedure-run'));
    const dialog = await screen.findByRole('dialog', { name: 'Run “Plan next year”' });
    await user.type(within(dialog).getByLabelText(/Growth/, { selector: 'input' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await within(dialog).findByText('At most 2 decimals.')).toBeInTheDocument();
  });

  it('shows a failed run as rolled back, with the error', async () => {
    server.use(
      qryHandler({
        'procedures.list': () => ({ items: [summary] }),
        'procedures.getRun': () =>
          finishedRun({ status: 'failed', error: 'Amount: at most 1,000.', result: null }),
      }),
    );
    await renderScreen(<ProceduresScreen />, { path: '/?run=r1' });
    const dialog = await screen.findByTestId('run-details');
    expect(await within(dialog).findByText('The run failed')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount: at most 1,000.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Nothing was changed: the whole run was rolled back.'),
    ).toBeInTheDocument();
  });
});

describe('ProcedureEditor', () => {
  it('writes a procedure with a copy step and shows the server’s problem at its field', async () => {
    const bodies: QryBody[] = [];
    let refuse = true;
    server.use(
      qryHandler(
        {
          'procedures.list': () => ({ items: [] }),
          'objects.list': () => ({ items: [lines, plan] }),
          'objects.get': (b) => (b.id === 'o1' ? lines : plan),
          'procedures.validate': () => ({ issues: [] }),
          'expressions.validate': (b) =>
            (b.text as string).includes('amont')
              ? {
                  valid: false,
                  type: null,
                  typeText: null,
                  issues: [
                    { start: 0, end: 5, message: 'Unknown field “amont”. Did you mean “amount”?' },
                  ],
                }
              : { valid: true, type: 'dec', typeText: 'decimal number', issues: [] },
          'procedures.create': (b) =>
            refuse
              ? HttpResponse.json(
                  {
                    error: {
                      code: 'validation_failed',
                      message: 'Check the fields.',
                      fields: { 'steps.0.assignments.0.field': ['This field is not in Plan.'] },
                      requestId: 'r',
                    },
                  },
                  { status: 400 },
                )
              : makeProcedure({ name: b.name as string }),
          // After saving, the editor shows the saved procedure, read again by its id.
          'procedures.get': () => makeProcedure({ name: 'Plan next year' }),
        },
        (b) => b.op === 'procedures.create' && bodies.push(b),
      ),
    );
    const user = userEvent.setup();
    const view = await renderScreen(<ProceduresScreen />, { path: '/?procedure=new' });
    const editor = await screen.findByRole('dialog', { name: 'New procedure' });
    await user.type(within(editor).getByTestId('procedure-name'), 'Plan next year');
    await user.click(within(editor).getByTestId('step-add'));
    await user.click(await screen.findByTestId('step-add-copy'));
    const step = await within(editor).findByTestId('step');
    const pick = async (testId: string, label: string) => {
      const input = within(step).getByTestId(testId);
      await user.click(input);
      const listbox = await waitFor(() => {
        const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
        expect(el).not.toBeNull();
        return el!;
      });
      await user.click(within(listbox).getByRole('option', { name: label, hidden: true }));
      await waitFor(() => expect(input).toHaveValue(label));
    };
    await pick('step-source', 'Lines');
    await pick('step-target', 'Plan');
    await user.click(within(step).getByTestId('assignment-add'));
    await pick('assignment-field', 'Amount (amount)');
    // The expression is checked as it is typed; the problem names where it is.
    const expr = within(step).getByTestId('assignment-expr');
    await user.type(expr, 'amont');
    expect(await within(step).findByText(/Unknown field “amont”/)).toBeInTheDocument();
    await user.clear(expr);
    await user.type(expr, 'amount * 1.1');
    expect(await within(step).findByText('Valid · decimal number')).toBeInTheDocument();

    // One copy per number of a series: the number's fields appear with defaults.
    await user.click(within(step).getByTestId('step-series'));
    expect(within(step).getByLabelText('Number')).toHaveValue('n');
    await user.click(within(editor).getByTestId('procedure-save'));
    expect(await within(step).findByText('This field is not in Plan.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      name: 'Plan next year',
      steps: [
        {
          type: 'copy',
          source: 'o1',
          target: 'o2',
          assignments: [{ field: 'amount', expr: 'amount * 1.1' }],
          copySameFields: true,
          series: { name: 'n', from: '1', to: '12' },
        },
      ],
    });
    refuse = false;
    await user.click(within(editor).getByTestId('procedure-save'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(
      await screen.findByRole('dialog', { name: /Procedure “Plan next year”/ }),
    ).toBeInTheDocument();
    await settled(view);
  });

  it('makes a procedure run on changes of an object’s field, its parameter computed from the record', async () => {
    const bodies: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'procedures.list': () => ({
            items: [{ ...summary, triggerObjectId: 'o1', lastRunStatus: null, lastRunAt: null }],
          }),
          'procedures.get': () => makeProcedure(),
          'procedures.runs': () => ({
            items: [
              {
                ...finishedRun({ trigger: { objectId: 'o1', objectName: 'Lines', records: 2 } }),
                log: undefined,
              },
            ],
            hasMore: false,
          }),
          ...editorReads,
          'procedures.update': (b) => makeProcedure({ trigger: b.trigger as never }),
        },
        (b) => b.op === 'procedures.update' && bodies.push(b),
      ),
    );
    const user = userEvent.setup();
    const view = await renderScreen(<ProceduresScreen />);
    // The list says which object's changes run it.
    const badge = await screen.findByTestId('procedure-trigger');
    await waitFor(() => expect(badge).toHaveTextContent('Runs on changes of Lines'));
    await user.click(screen.getByText('Plan next year'));
    const editor = await screen.findByRole('dialog', { name: /Procedure “Plan next year”/ });
    await user.click(within(editor).getByTestId('trigger-switch'));
    const object = within(editor).getByTestId('trigger-object');
    await waitFor(() => expect(object).toHaveValue('Lines'));
    const fields = within(editor).getByTestId('trigger-fields');
    await user.click(fields);
    const listbox = await waitFor(() => {
      const el = document.getElementById(fields.getAttribute('aria-controls') ?? '');
      expect(el).not.toBeNull();
      return el!;
    });
    await user.click(
      within(listbox).getByRole('option', { name: 'Amount (amount)', hidden: true }),
    );
    await user.type(within(editor).getByTestId('trigger-param-growth'), 'amount / 100');
    await user.click(within(editor).getByTestId('procedure-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      trigger: { objectId: 'o1', fields: ['amount'], params: { growth: 'amount / 100' } },
    });
    await settled(view);
  });

  it('edits the procedure’s name in other languages and shows the server’s refusal at the language', async () => {
    const bodies: QryBody[] = [];
    let refuse = true;
    editorServer(
      makeProcedure({ names: { ru: 'План на следующий год' } }),
      { 'names.de': ['At most 120 characters.'] },
      () => refuse,
      (b) => makeProcedure({ names: b.names as never }),
      bodies,
    );
    const user = userEvent.setup();
    const view = await renderScreen(<ProceduresScreen />);
    await user.click(await screen.findByText('Plan next year'));
    const editor = await screen.findByRole('dialog', { name: /Procedure “Plan next year”/ });
    const names = within(editor).getByTestId('names');
    // Folded, with the number of languages that have a name.
    expect(
      within(names).getByRole('button', { name: /Name in other languages\s*\(1\)/ }),
    ).toBeVisible();
    await user.click(within(names).getByRole('button', { name: /Name in other languages/ }));
    expect(within(editor).getByTestId('name-ru')).toHaveValue('План на следующий год');
    // The default name is what an empty language shows.
    expect(within(editor).getByTestId('name-de')).toHaveAttribute('placeholder', 'Plan next year');
    await user.type(within(editor).getByTestId('name-de'), 'Plan nächstes Jahr');
    await user.click(within(editor).getByTestId('procedure-save'));
    expect(await within(editor).findByText('At most 120 characters.')).toBeInTheDocument();
    refuse = false;
    await user.click(within(editor).getByTestId('procedure-save'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      id: 'p1',
      name: 'Plan next year',
      names: { ru: 'План на следующий год', de: 'Plan nächstes Jahr' },
    });
    await settled(view);
  });

  it('shows a procedure by its name in the user’s language', async () => {
    server.use(
      qryHandler({
        'procedures.list': () => ({
          items: [{ ...summary, name: 'Budget assembly', names: { de: 'Budgetkonsolidierung' } }],
        }),
      }),
    );
    await renderScreen(<ProceduresScreen />, { language: 'de' });
    expect(await screen.findByText('Budgetkonsolidierung')).toBeInTheDocument();
    expect(screen.queryByText('Budget assembly')).toBeNull();
  });

  it('edits the description in other languages and shows the server’s refusal at the language', async () => {
    const bodies: QryBody[] = [];
    let refuse = true;
    editorServer(
      makeProcedure({
        description: 'Plans the next year.',
        descriptions: { ru: 'Планирует следующий год.' },
      }),
      { 'descriptions.de': ['Must be at most 2000 characters.'] },
      () => refuse,
      (b) => makeProcedure({ descriptions: b.descriptions as never }),
      bodies,
    );
    const user = userEvent.setup();
    const view = await renderScreen(<ProceduresScreen />);
    await user.click(await screen.findByText('Plan next year'));
    const editor = await screen.findByRole('dialog', { name: /Procedure “Plan next year”/ });
    const texts = within(editor).getByTestId('descriptions');
    // Folded under the description, with the number of languages that have one.
    await user.click(
      within(texts).getByRole('button', { name: /Description in other languages\s*\(1\)/ }),
    );
    expect(within(editor).getByTestId('description-ru')).toHaveValue('Планирует следующий год.');
    // The default description is what an empty language shows.
    expect(within(editor).getByTestId('description-de')).toHaveAttribute(
      'placeholder',
      'Plans the next year.',
    );
    await user.type(within(editor).getByTestId('description-de'), 'Plant das nächste Jahr.');
    await user.click(within(editor).getByTestId('procedure-save'));
    expect(await within(editor).findByText('Must be at most 2000 characters.')).toBeVisible();
    refuse = false;
    await user.click(within(editor).getByTestId('procedure-save'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      id: 'p1',
      description: 'Plans the next year.',
      descriptions: { ru: 'Планирует следующий год.', de: 'Plant das nächste Jahr.' },
    });
    await settled(view);
  });

  it('shows a procedure’s description in the user’s language, else its own', async () => {
    const assembly = {
      ...summary,
      name: 'Budget assembly',
      description: 'Consolidates the functional budgets.',
      descriptions: { de: 'Fasst die Fachbudgets zusammen.' },
    };
    server.use(qryHandler({ 'procedures.list': () => ({ items: [assembly] }) }));
    const de = await renderScreen(<ProceduresScreen />, { language: 'de' });
    expect(await screen.findByText('Fasst die Fachbudgets zusammen.')).toBeInTheDocument();
    expect(screen.queryByText('Consolidates the functional budgets.')).toBeNull();
    de.unmount();
    await renderScreen(<ProceduresScreen />, { language: 'fr' });
    expect(await screen.findByText('Consolidates the functional budgets.')).toBeInTheDocument();
  });
});

describe('ProceduresScreen address', () => {
  it('keeps two changes asked in one tick: the Runs tab and a procedure’s run dialog', async () => {
    server.use(
      qryHandler({
        'procedures.list': () => ({ items: [summary] }),
        'procedures.get': () => makeProcedure(),
        'procedures.runs': () => ({ items: [], hasMore: false }),
      }),
    );
    const view = await renderScreen(<ProceduresScreen />, { path: '/fiscus/procedures?x=1' });
    const run = await screen.findByTestId('procedure-run');
    // A quick second click, before the first one's address has been rendered.
    act(() => {
      screen.getByTestId('tab-runs').click();
      run.click();
    });
    expect(view.router.state.location.search).toBe('?x=1&tab=runs&runFor=p1');
    const dialog = await screen.findByRole('dialog', { name: 'Run “Plan next year”' });
    // The dialog fades in (a 200 ms transition): visible once it has, however busy the machine.
    await waitFor(() => expect(dialog).toBeVisible());
    expect(screen.getByTestId('tab-runs')).toHaveAttribute('aria-selected', 'true');
    await settled(view);
  });
});
