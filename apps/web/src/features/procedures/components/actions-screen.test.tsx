import { type ActionDef } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { qryHandler } from '@/test/msw';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { renderScreen } from '@/test/render';
import { makeObject } from '../test/fixtures';
import { ActionsScreen } from './actions-screen';

mockServerWithDefaultRules();

const now = '2026-01-01T10:00:00.000Z';
const action: ActionDef = {
  id: 'a1',
  name: 'Assemble the budget',
  names: { ru: 'Собрать бюджет' },
  icon: 'bolt',
  procedureId: 'p1',
  procedureName: 'Budget assembly',
  objectId: 'o1',
  objectName: 'Scenarios',
  placement: ['toolbar'],
  recordParam: null,
  preset: {},
  ask: [],
  confirm: '',
  roles: ['owner', 'admin'],
  position: 0,
  createdAt: now,
  updatedAt: now,
};

describe('ActionsScreen', () => {
  it('names each action’s object and procedure in the user’s language', async () => {
    server.use(
      qryHandler({
        'actions.list': () => ({ items: [action] }),
        'objects.list': () => ({
          items: [{ ...makeObject('o1', 'Scenarios'), names: { ru: 'Сценарии' } }],
        }),
        'procedures.list': () => ({
          items: [
            {
              id: 'p1',
              name: 'Budget assembly',
              names: { ru: 'Сборка бюджета' },
              description: '',
              stepCount: 3,
              paramCount: 1,
              triggerObjectId: null,
              lastRunStatus: null,
              lastRunAt: null,
              updatedAt: now,
            },
          ],
        }),
      }),
    );
    await renderScreen(<ActionsScreen />, { path: '/fiscus/actions', language: 'ru' });
    const row = await screen.findByTestId('action-row');
    expect(within(row).getByText('Собрать бюджет')).toBeInTheDocument();
    expect(await within(row).findByRole('link', { name: 'Сценарии' })).toHaveAttribute(
      'href',
      '/fiscus/object/o1',
    );
    expect(await within(row).findByRole('link', { name: 'Сборка бюджета' })).toHaveAttribute(
      'href',
      '/fiscus/procedures?procedure=p1',
    );
    expect(within(row).queryByText('Budget assembly')).toBeNull();
    expect(within(row).queryByText('Scenarios')).toBeNull();
  });

  it('keeps the name an action came with when its procedure is not in the list', async () => {
    server.use(
      qryHandler({
        'actions.list': () => ({ items: [action] }),
        'objects.list': () => ({ items: [] }),
        'procedures.list': () => ({ items: [] }),
      }),
    );
    await renderScreen(<ActionsScreen />, { path: '/fiscus/actions', language: 'ru' });
    const row = await screen.findByTestId('action-row');
    expect(within(row).getByRole('link', { name: 'Budget assembly' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Scenarios' })).toBeInTheDocument();
  });

  it('names the button icons in the user’s language, not by their codes', async () => {
    server.use(
      qryHandler({
        'actions.list': () => ({ items: [] }),
        'objects.list': () => ({ items: [] }),
        'procedures.list': () => ({ items: [] }),
      }),
    );
    await renderScreen(<ActionsScreen />, { path: '/fiscus/actions?action=new', language: 'de' });
    const dialog = await screen.findByRole('dialog', { name: 'Neue Aktion' });
    const icon = within(dialog).getByLabelText<HTMLInputElement>('Symbol');
    await waitFor(() => expect(icon.value).toBe('Blitz'));
    await userEvent.click(icon);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toContain('Datei exportieren');
    expect(options.map((o) => o.textContent)).not.toContain('file-export');
  });
});
