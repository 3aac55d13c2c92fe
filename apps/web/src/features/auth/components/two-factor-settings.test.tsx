import type { Session } from '@fiscus/contracts';
import { notifications } from '@/lib/toast';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { tokens } from '@/lib/tokens';
import { loadTexts, renderAt } from '../test-utils';
import { TwoFactorSettings } from './two-factor-settings';
import { strict } from '@/test/msw';

const server = setupServer();
beforeAll(async () => {
  server.listen(strict);
  await loadTexts();
});
afterEach(() => {
  server.resetHandlers();
  notifications.clean();
  useSession.getState().clear();
});
afterAll(() => server.close());

const session = (totpEnabled: boolean): Session => ({
  user: {
    id: 'u1',
    username: 'ann',
    email: 'ann@example.com',
    fullName: '',
    avatar: null,
    totpEnabled,
    createdAt: '2026-01-01T00:00:00Z',
  },
  domain: { id: 'd1', name: 'Main', role: 'owner' },
  domains: [{ id: 'd1', name: 'Main', role: 'owner' }],
  rules: [{ action: 'manage', subject: 'all' }],
});

beforeEach(() => tokens.save('acc', 'ref'));

describe('TwoFactorSettings', () => {
  it('enables TOTP: QR code and secret, a code, then the backup codes once', async () => {
    useSession.getState().setSession(session(false));
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/second-factor', async ({ request }) => {
        const body = (await request.json()) as {
          action: string;
          code?: string;
          password?: string;
        };
        bodies.push(body);
        expect(request.headers.get('authorization')).toBe('Bearer acc');
        if (body.action === 'setup') {
          return HttpResponse.json({
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/x',
            qrDataUrl: 'data:image/png;base64,AAAA',
          });
        }
        if (body.password !== 'Secret123') {
          return HttpResponse.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid.',
                fields: { password: ['The password is not correct.'] },
              },
            },
            { status: 400 },
          );
        }
        if (body.code !== '123456') {
          return HttpResponse.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid.',
                fields: { code: ['The code is not correct.'] },
              },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({ backupCodes: ['aaaa-1111', 'bbbb-2222'] });
      }),
    );
    renderAt(<TwoFactorSettings />, '/pages/account-setting');
    expect(await screen.findByTestId('totp-status')).toHaveTextContent('Disabled');
    await userEvent.click(screen.getByRole('button', { name: 'Enable two-step verification' }));
    const setup = await screen.findByTestId('totp-setup');
    expect(
      within(setup).getByRole('img', { name: 'QR code for the authenticator app' }),
    ).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(within(setup).getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await userEvent.click(within(setup).getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Enter the 6 digits of the code.')).toBeInTheDocument();
    // Switching on needs the current password too.
    expect(within(setup).getByText('Please enter your current password.')).toBeInTheDocument();

    await userEvent.click(within(setup).getAllByRole('textbox')[0]!);
    await userEvent.keyboard('123456');
    await userEvent.type(within(setup).getByLabelText(/^Current password/), 'Wrong123');
    await userEvent.click(within(setup).getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    await userEvent.clear(within(setup).getByLabelText(/^Current password/));
    await userEvent.type(within(setup).getByLabelText(/^Current password/), 'Secret123');

    await userEvent.click(within(setup).getAllByRole('textbox')[0]!);
    await userEvent.keyboard('654321');
    await userEvent.click(within(setup).getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();

    await userEvent.click(within(setup).getAllByRole('textbox')[0]!);
    await userEvent.keyboard('123456');
    await userEvent.click(within(setup).getByRole('button', { name: 'Verify and enable' }));
    const codes = await screen.findByTestId('backup-codes');
    expect(codes).toHaveTextContent('aaaa-1111');
    expect(codes).toHaveTextContent('bbbb-2222');
    expect(screen.getByTestId('totp-status')).toHaveTextContent('Enabled');
    expect(useSession.getState().session?.user.totpEnabled).toBe(true);

    await userEvent.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByText('aaaa-1111')).toBeNull();
    expect(bodies.map((b) => (b as { action: string }).action)).toEqual([
      'setup',
      'enable',
      'enable',
      'enable',
    ]);
    expect(bodies.at(-1)).toEqual({ action: 'enable', code: '123456', password: 'Secret123' });
  });

  it('disables TOTP with the password and shows a wrong password on the field', async () => {
    useSession.getState().setSession(session(true));
    let attempts = 0;
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/second-factor', async ({ request }) => {
        bodies.push(await request.json());
        attempts += 1;
        if (attempts === 1) {
          return HttpResponse.json(
            {
              error: {
                code: 'validation_failed',
                message: 'x',
                fields: { password: ['The password is not correct.'] },
              },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ok: true });
      }),
    );
    renderAt(<TwoFactorSettings />, '/pages/account-setting');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Disable two-step verification' }),
    );
    const form = await screen.findByTestId('totp-disable');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Disable two-step verification' }),
    );
    expect(await screen.findByText('Please enter your password.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/^Current password/), 'wrong');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Disable two-step verification' }),
    );
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    await userEvent.click(
      within(form).getByRole('button', { name: 'Disable two-step verification' }),
    );
    await screen.findByText('Two-step verification disabled');
    expect(screen.getByTestId('totp-status')).toHaveTextContent('Disabled');
    expect(bodies).toEqual([
      { action: 'disable', password: 'wrong' },
      { action: 'disable', password: 'wrong' },
    ]);
  });

  it('disables TOTP with a code instead of the password', async () => {
    useSession.getState().setSession(session(true));
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/second-factor', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    renderAt(<TwoFactorSettings />, '/pages/account-setting');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Disable two-step verification' }),
    );
    const form = await screen.findByTestId('totp-disable');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Use a code from your authenticator app instead' }),
    );
    await userEvent.type(within(form).getByLabelText(/^Authenticator or backup code/), ' 123456 ');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Disable two-step verification' }),
    );
    await screen.findByText('Two-step verification disabled');
    expect(bodies).toEqual([{ action: 'disable', code: '123456' }]);
  });
});
