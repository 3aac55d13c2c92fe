import { type ActionDef } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { qryHandler, type QryBody } from '@/test/msw';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { renderScreen } from '@/test/render';
import { finishedRun, makeProcedure, makeRun } from '../test/fixtures';
import { ObjectActions } from './object-actions';

mockServerWithDefaultRules();

function makeAction(over: Partial<ActionDef> = {}): ActionDef {
  return {
    id: 'a1',
    name: 'Plan next year',
    icon: 'copy',
    procedureId: 'p1',
    procedureName: 'Plan next year',
    objectId: 'o1',
    objectName: 'Lines',
    placement: ['toolbar'],
    recordParam: null,
    preset: { scenario: 'Forecast' },
    ask: ['growth'],
    confirm: 'Copy the lines into next year’s plan?',
    roles: ['owner', 'admin', 'editor'],
    position: 0,
    createdAt: '',
    updatedAt: '',
    ...over,
  };
}

describe('ObjectActions', () => {
  it('puts the toolbar’s actions there, asks, confirms, runs and shows the result', async () => {
    const runs: QryBody[] = [];
    let asked = 0;
    server.use(
      qryHandler(
        {
          'procedures.list': () => ({ items: [] }),
          'actions.list': () => ({
            items: [makeAction(), makeAction({ id: 'a2', name: 'Card only', placement: ['card'] })],
          }),
          'procedures.get': () => makeProcedure(),
          'actions.run': () => makeRun({ actionId: 'a1' }),
          'procedures.getRun': () =>
            ++asked < 2 ? makeRun({ status: 'running', progress: 0.5 }) : finishedRun(),
        },
        (b) => b.op === 'actions.run' && runs.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ObjectActions objectId="o1" placement="toolbar" />);
    const buttons = await screen.findAllByTestId('object-action');
    expect(buttons.map((b) => b.textContent)).toEqual(['Plan next year']);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Plan next year' });
    expect(within(dialog).getByTestId('run-confirm')).toHaveTextContent(
      'Copy the lines into next year’s plan?',
    );
    // The preset is shown, not asked; the asked parameter is a typed input; no Dry run here.
    expect(within(dialog).getByText('Forecast')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Scenario', { selector: 'input' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Dry run' })).toBeNull();
    await user.type(within(dialog).getByLabelText(/Growth/, { selector: 'input' }), '1.05');
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]).toEqual({ op: 'actions.run', id: 'a1', params: { growth: '1.05' } });
    const view = await within(dialog).findByTestId('run-view');
    await waitFor(() => expect(view).toHaveAttribute('data-status', 'succeeded'), {
      timeout: 15_000,
    });
    expect(within(dialog).getByTestId('result-written')).toHaveTextContent('3');
  });

  it('asks the question in the user’s language, else its own', async () => {
    server.use(
      qryHandler({
        'procedures.list': () => ({ items: [] }),
        'actions.list': () => ({
          items: [
            makeAction({
              names: { ru: 'План на следующий год' },
              confirms: { ru: 'Скопировать строки в план следующего года?' },
            }),
          ],
        }),
        'procedures.get': () => makeProcedure(),
      }),
    );
    const user = userEvent.setup();
    const ru = await renderScreen(<ObjectActions objectId="o1" placement="toolbar" />, {
      language: 'ru',
    });
    await user.click(await screen.findByTestId('object-action'));
    const dialog = await screen.findByRole('dialog', { name: 'План на следующий год' });
    expect(within(dialog).getByTestId('run-confirm')).toHaveTextContent(
      'Скопировать строки в план следующего года?',
    );
    ru.unmount();
    await renderScreen(<ObjectActions objectId="o1" placement="toolbar" />, { language: 'de' });
    await user.click(await screen.findByTestId('object-action'));
    const de = await screen.findByRole('dialog', { name: 'Plan next year' });
    expect(within(de).getByTestId('run-confirm')).toHaveTextContent(
      'Copy the lines into next year’s plan?',
    );
  });

  it('passes the card’s record to an action placed on the card', async () => {
    const runs: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'procedures.list': () => ({ items: [] }),
          'actions.list': () => ({
            items: [
              makeAction({
                placement: ['card'],
                recordParam: 'line',
                ask: [],
                preset: {},
                confirm: '',
              }),
            ],
          }),
          'procedures.get': () =>
            makeProcedure({
              params: [
                {
                  name: 'line',
                  label: 'Line',
                  type: 'record',
                  required: true,
                  scale: 0,
                  choices: [],
                  objectId: 'o1',
                  default: null,
                },
              ],
            }),
          'actions.run': () => makeRun(),
          'procedures.getRun': () => finishedRun(),
        },
        (b) => b.op === 'actions.run' && runs.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ObjectActions objectId="o1" placement="card" recordId={7} />);
    await user.click(await screen.findByTestId('object-action'));
    const dialog = await screen.findByRole('dialog', { name: 'Plan next year' });
    expect(within(dialog).getByText('#7')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(runs).toEqual([{ op: 'actions.run', id: 'a1', params: {}, recordId: 7 }]),
    );
  });
});
