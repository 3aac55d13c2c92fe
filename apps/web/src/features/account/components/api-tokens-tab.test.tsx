import type { ApiToken } from '@fiscus/contracts';
import { notifications } from '@/lib/toast';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokens } from '@/lib/tokens';
import { qryHandler, strict, type QryBody } from '@/test/msw';
import { renderScreen } from '@/test/render';
import { ApiTokensTab } from './api-tokens-tab';

const server = setupServer();
beforeAll(() => server.listen(strict));
afterEach(() => {
  server.resetHandlers();
  notifications.clean();
});
afterAll(() => server.close());
beforeEach(() => tokens.save('acc', 'ref'));

const SECRET = 'fst_abcdefghij0123456789_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const made = (over: Partial<ApiToken> = {}): ApiToken => ({
  id: 't1',
  name: 'Nightly ERP load',
  scope: 'write',
  kind: 'personal',
  objects: null,
  createdByName: null,
  hint: '2345',
  expiresAt: '2099-01-01T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

describe('ApiTokensTab', () => {
  it('makes a token, shows it once, lists it, and revokes it', async () => {
    let items: ApiToken[] = [];
    const calls: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'tokens.list': () => ({ items }),
          'objects.list': () => ({ items: [{ id: 'o1', name: 'Actuals', code: 'actuals' }] }),
          'tokens.create': () => {
            items = [made()];
            return { token: made(), secret: SECRET };
          },
          'tokens.revoke': () => {
            items = [made({ revokedAt: '2026-11-27T11:00:00.000Z' })];
            return items[0];
          },
        },
        (b) => calls.push(b),
      ),
    );
    await renderScreen(<ApiTokensTab />);
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('token-create'));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('token-name'), 'Nightly ERP load');
    await userEvent.click(screen.getByTestId('token-scope'));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Read and write', hidden: true }),
    );
    await userEvent.click(screen.getByTestId('token-create'));
    expect(await screen.findByTestId('token-secret')).toHaveTextContent(SECRET);
    expect(screen.getByText(/shown this once/)).toBeInTheDocument();
    expect(calls.find((c) => c.op === 'tokens.create')).toMatchObject({
      name: 'Nightly ERP load',
      scope: 'write',
      expiresInDays: 90,
      objects: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const row = await screen.findByTestId('token-row');
    expect(within(row).getByText('Read and write')).toBeInTheDocument();
    expect(within(row).getByText('Not used yet')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    // Gone with the dialog once it has closed.
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    await userEvent.click(within(row).getByTestId('token-revoke'));
    await userEvent.click(await screen.findByTestId('token-revoke-confirm'));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(calls.find((c) => c.op === 'tokens.revoke')).toMatchObject({ id: 't1' });
  });

  it('shows the tab in German', async () => {
    server.use(
      qryHandler({
        'tokens.list': () => ({ items: [made({ scope: 'read' })] }),
        'objects.list': () => ({ items: [] }),
      }),
    );
    await renderScreen(<ApiTokensTab />, { language: 'de' });
    expect(await screen.findByText('Persönliche API-Tokens')).toBeInTheDocument();
    expect(await screen.findByText('Lesen')).toBeInTheDocument();
  });
});
