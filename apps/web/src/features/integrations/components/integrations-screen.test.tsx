import type { ApiToken, Webhook, WebhookDelivery } from '@fiscus/contracts';
import { notifications } from '@/lib/toast';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokens } from '@/lib/tokens';
import { qryHandler, strict, type QryBody } from '@/test/msw';
import { renderScreen } from '@/test/render';
import { IntegrationsScreen } from './integrations-screen';

const server = setupServer();
beforeAll(() => server.listen(strict));
afterEach(() => {
  server.resetHandlers();
  notifications.clean();
});
afterAll(() => server.close());
beforeEach(() => tokens.save('acc', 'ref'));

const objects = {
  items: [
    { id: 'o1', name: 'Actuals', code: 'actuals' },
    { id: 'o2', name: 'Plan', code: 'plan' },
  ],
};
const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: 'w1',
  name: 'ERP',
  url: 'https://erp.example.com/hooks',
  events: ['record.created', 'import.finished'],
  objects: null,
  enabled: true,
  disabledReason: null,
  allowPrivate: false,
  secretHint: 'abcd',
  failures: 0,
  lastDeliveryAt: null,
  lastStatus: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...over,
});
const token = (over: Partial<ApiToken> = {}): ApiToken => ({
  id: 't1',
  name: 'ERP nightly',
  scope: 'write',
  kind: 'domain',
  objects: ['o2'],
  createdByName: 'Ann Admin',
  hint: 'wxyz',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

describe('IntegrationsScreen', () => {
  it('makes a domain token limited to an object and shows it once', async () => {
    let items: ApiToken[] = [];
    const calls: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'domainTokens.list': () => ({ items }),
          'objects.list': () => objects,
          'domainTokens.create': () => {
            items = [token()];
            return { token: token(), secret: 'fst_secret' };
          },
        },
        (b) => calls.push(b),
      ),
    );
    await renderScreen(<IntegrationsScreen />);
    expect(await screen.findByText('No domain tokens yet')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('domain-token-name'), 'ERP nightly');
    await userEvent.click(screen.getByTestId('domain-token-objects'));
    await userEvent.click(await screen.findByRole('option', { name: 'Plan', hidden: true }));
    await userEvent.click(screen.getByTestId('domain-token-create'));
    expect(await screen.findByTestId('domain-token-secret')).toHaveTextContent('fst_secret');
    expect(calls.find((c) => c.op === 'domainTokens.create')).toMatchObject({
      name: 'ERP nightly',
      objects: ['o2'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const row = await screen.findByTestId('domain-token-row');
    expect(within(row).getByText('Plan')).toBeInTheDocument();
    expect(within(row).getByText(/Made by Ann Admin/)).toBeInTheDocument();
  });

  it('creates a webhook, shows its secret once and how to verify', async () => {
    let items: Webhook[] = [];
    const calls: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'webhooks.list': () => ({ items }),
          'objects.list': () => objects,
          'webhooks.create': () => {
            items = [hook()];
            return { webhook: hook(), secret: 'whsec_xyz' };
          },
        },
        (b) => calls.push(b),
      ),
    );
    await renderScreen(<IntegrationsScreen />, { path: '/?tab=webhooks' });
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('webhook-new'));
    await userEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the address.')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('webhook-name'), 'ERP');
    await userEvent.type(screen.getByTestId('webhook-url'), 'https://erp.example.com/hooks');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Import finished' }));
    await userEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_xyz');
    expect(screen.getByText(/HMAC-SHA256/)).toBeInTheDocument();
    expect(calls.find((c) => c.op === 'webhooks.create')).toMatchObject({
      name: 'ERP',
      url: 'https://erp.example.com/hooks',
      events: ['record.created', 'import.finished'],
      objects: null,
      allowPrivate: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('webhook-row')).toHaveTextContent('2 events');
  });

  it('names the address rule the server refused', async () => {
    server.use(
      qryHandler({
        'webhooks.list': () => ({ items: [] }),
        'objects.list': () => objects,
        'webhooks.create': () =>
          HttpResponse.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Check the fields.',
                fields: { url: ['Webhooks may not be sent to 127.0.0.1.'] },
              },
            },
            { status: 400 },
          ),
      }),
    );
    await renderScreen(<IntegrationsScreen />, { path: '/?tab=webhooks' });
    await userEvent.click(await screen.findByTestId('webhook-new'));
    await userEvent.type(screen.getByTestId('webhook-name'), 'Inside');
    await userEvent.type(screen.getByTestId('webhook-url'), 'http://127.0.0.1/x');
    await userEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText('Webhooks may not be sent to 127.0.0.1.')).toBeInTheDocument();
  });

  it('shows a disabled webhook with the reason and its delivery log with answers', async () => {
    const delivery: WebhookDelivery = {
      id: 'd1',
      event: 'record.created',
      state: 'failed',
      attempts: [
        {
          at: '2026-11-27T10:00:00.000Z',
          status: 503,
          error: 'The receiver answered 503.',
          durationMs: 41,
        },
        {
          at: '2026-11-27T10:01:00.000Z',
          status: null,
          error: 'No answer within 10 s.',
          durationMs: 10000,
        },
      ],
      nextAt: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      body: '{"type":"record.created"}',
    };
    server.use(
      qryHandler({
        'webhooks.list': () => ({
          items: [
            hook({
              enabled: false,
              disabledReason: 'Disabled after 15 failed attempts in a row.',
              failures: 15,
              lastDeliveryAt: '2026-11-27T10:01:00.000Z',
              lastStatus: 503,
            }),
          ],
        }),
        'webhooks.deliveries': () => ({ items: [delivery], total: 1 }),
      }),
    );
    await renderScreen(<IntegrationsScreen />, { path: '/?tab=webhooks' });
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByTestId('webhook-state')).toHaveTextContent('Disabled');
    expect(within(row).getByTestId('webhook-disabled-reason')).toHaveTextContent(
      'Disabled after 15 failed attempts',
    );
    expect(within(row).getByText('Answer 503')).toBeInTheDocument();
    await userEvent.click(within(row).getByTestId('webhook-log'));
    const d = await screen.findByTestId('delivery');
    expect(within(d).getByTestId('delivery-state')).toHaveTextContent('Failed');
    const statuses = within(d)
      .getAllByTestId('attempt-status')
      .map((s) => s.textContent);
    expect(statuses).toEqual(['503', 'No answer']);
    expect(within(d).getByText('No answer within 10 s.')).toBeInTheDocument();
  });

  it('shows an error with Try again when the webhooks cannot be loaded, in German', async () => {
    server.use(
      qryHandler({
        'webhooks.list': () =>
          HttpResponse.json(
            { error: { code: 'internal', message: 'Boom', requestId: 'r' } },
            { status: 500 },
          ),
      }),
    );
    await renderScreen(<IntegrationsScreen />, { path: '/?tab=webhooks', language: 'de' });
    expect(await screen.findByTestId('webhooks-error')).toHaveTextContent(
      'Die Webhooks konnten nicht geladen werden',
    );
  });
});
