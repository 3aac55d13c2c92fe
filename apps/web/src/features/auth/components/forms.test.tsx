import type { SignedIn } from '@fiscus/contracts';
import { notifications } from '@/lib/toast';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ability } from '@/lib/ability';
import { useSession } from '@/lib/session';
import { tokens } from '@/lib/tokens';
import { loadTexts, renderAt } from '../test-utils';
import { ChangePasswordForm } from './change-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { SetNewPasswordForm } from './set-new-password-form';
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

const signedIn: SignedIn = {
  accessToken: 'acc-1',
  refreshToken: 'ref-1',
  session: {
    user: {
      id: 'u1',
      username: 'ann',
      email: 'ann@example.com',
      fullName: 'Ann Smith',
      avatar: null,
      totpEnabled: false,
      createdAt: '2026-01-01T00:00:00Z',
    },
    domain: { id: 'd1', name: 'Budget', role: 'editor' },
    domains: [{ id: 'd1', name: 'Budget', role: 'editor' }],
    rules: [{ action: 'read', subject: 'Record' }],
  },
};

const fieldError = (fields: Record<string, string[]>) =>
  HttpResponse.json(
    { error: { code: 'validation_failed', message: 'Some fields are not valid.', fields } },
    { status: 400 },
  );

describe('LoginForm', () => {
  it('asks for the login and the password before calling the server', async () => {
    let calls = 0;
    server.use(http.post('/api/login', () => (calls++, HttpResponse.json(signedIn))));
    renderAt(<LoginForm />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email or username.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('signs in, stores the tokens and the session and goes to the redirect address', async () => {
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(signedIn);
      }),
    );
    const { router } = renderAt(<LoginForm />, '/login?redirect=%2Ffiscus%2Fcubes');
    await userEvent.type(await screen.findByLabelText(/Email or username/), '  ann ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/fiscus/cubes');
    expect(body).toEqual({ login: 'ann', password: 'Secret123' });
    expect(tokens.bearer()).toBe('acc-1');
    expect(tokens.refresh()).toBe('ref-1');
    expect(useSession.getState().status).toBe('loaded');
    expect(ability.can('read', 'Record')).toBe(true);
    expect(await screen.findByText('Welcome, Ann Smith!')).toBeInTheDocument();
  });

  it('never follows a redirect to another site', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json(signedIn)));
    const { router } = renderAt(<LoginForm />, '/login?redirect=%2F%2Fevil.example');
    await userEvent.type(await screen.findByLabelText(/Email or username/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/dashboard/fiscus');
  });

  it('shows the generic failure message of the server', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json(
          { error: { code: 'invalid_credentials', message: 'The login or password is wrong.' } },
          { status: 401 },
        ),
      ),
    );
    renderAt(<LoginForm />);
    await userEvent.type(await screen.findByLabelText(/Email or username/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Password/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('form-alert')).toHaveTextContent(
      'The login or password is wrong.',
    );
    expect(tokens.bearer()).toBeNull();
  });

  it('shows how long to wait after too many attempts and blocks the button', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json(
          { error: { code: 'too_many_requests', message: 'Too many attempts.' } },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    renderAt(<LoginForm />);
    await userEvent.type(await screen.findByLabelText(/Email or username/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Password/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('form-alert')).toHaveTextContent(
      /try again in (30|29) seconds/,
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('asks for the second factor when the server wants one, then signs in', async () => {
    const verified: unknown[] = [];
    server.use(
      http.post('/api/login', () => HttpResponse.json({ secondFactor: { challengeId: 'ch-1' } })),
      http.post('/api/second-factor', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        verified.push(body);
        if (body.code !== '123456') {
          return HttpResponse.json(
            { error: { code: 'invalid_second_factor', message: 'The code is not valid.' } },
            { status: 401 },
          );
        }
        return HttpResponse.json(signedIn);
      }),
    );
    renderAt(<LoginForm />);
    await userEvent.type(await screen.findByLabelText(/Email or username/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const step = await screen.findByTestId('second-factor-form');
    expect(
      within(step).getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(tokens.bearer()).toBeNull();

    const first =
      within(step).getAllByRole('textbox')[0] ?? within(step).getAllByRole('spinbutton')[0]!;
    await userEvent.click(first);
    await userEvent.keyboard('654321');
    expect(await screen.findByText('The code is not valid.')).toBeInTheDocument();

    await userEvent.click(within(step).getByRole('button', { name: 'Use a backup code' }));
    await userEvent.type(within(step).getByLabelText('Backup code'), '123456');
    await userEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    await screen.findByTestId('landed');
    expect(verified).toEqual([
      { action: 'verify', challengeId: 'ch-1', code: '654321' },
      { action: 'verify', challengeId: 'ch-1', code: '123456' },
    ]);
    expect(tokens.bearer()).toBe('acc-1');
  });

  it('goes back to the password step with the reason when the challenge is used up', async () => {
    server.use(
      http.post('/api/login', () => HttpResponse.json({ secondFactor: { challengeId: 'ch-2' } })),
      http.post('/api/second-factor', () =>
        HttpResponse.json(
          {
            error: {
              code: 'second_factor_required',
              message: 'Too many wrong codes. Please sign in again.',
            },
          },
          { status: 401 },
        ),
      ),
    );
    renderAt(<LoginForm />);
    await userEvent.type(await screen.findByLabelText(/Email or username/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const step = await screen.findByTestId('second-factor-form');
    await userEvent.click(within(step).getByRole('button', { name: 'Use a backup code' }));
    await userEvent.type(within(step).getByLabelText('Backup code'), 'aaaaa-bbbbb');
    await userEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    const form = await screen.findByTestId('login-form');
    expect(within(form).getByText('Too many wrong codes. Please sign in again.')).toBeVisible();
    expect(within(form).getByLabelText(/^Password/)).toHaveValue('');
  });
});

describe('RegisterForm', () => {
  it('validates every field with clear messages', async () => {
    renderAt(<RegisterForm />, '/register');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Please enter your username.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the privacy policy and terms.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Password/), 'abcdefgh');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The password must contain a digit.')).toBeInTheDocument();
  });

  it('shows the server errors under their fields', async () => {
    server.use(
      http.post('/api/register', () =>
        fieldError({
          email: ['This email is already in use.'],
          username: ['This username is already in use.'],
        }),
      ),
    );
    renderAt(<RegisterForm />, '/register');
    await userEvent.type(await screen.findByLabelText(/^Username/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This email is already in use.')).toBeInTheDocument();
    expect(screen.getByText('This username is already in use.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('form-alert')).toBeNull();
  });

  it('creates the account and signs in', async () => {
    server.use(http.post('/api/register', () => HttpResponse.json(signedIn)));
    renderAt(<RegisterForm />, '/register');
    await userEvent.type(await screen.findByLabelText(/^Username/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByTestId('landed');
    expect(tokens.bearer()).toBe('acc-1');
    expect(await screen.findByText('Welcome aboard, Ann Smith!')).toBeInTheDocument();
  });
});

describe('ForgotPasswordForm', () => {
  it('always shows the same confirmation', async () => {
    let body: unknown;
    server.use(
      http.post('/api/forgot', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    renderAt(<ForgotPasswordForm />, '/forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your email.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Email/), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByTestId('forgot-sent')).toHaveTextContent(
      'If an account exists for nobody@example.com',
    );
    expect(body).toEqual({ email: 'nobody@example.com' });
  });
});

describe('SetNewPasswordForm', () => {
  it('explains a link without a token', async () => {
    renderAt(<SetNewPasswordForm />, '/forgot-password-set-new');
    expect(await screen.findByTestId('reset-link-invalid')).toHaveTextContent(
      'This link is invalid or has expired',
    );
  });

  it('checks the confirmation, sets the password and goes to login', async () => {
    let body: unknown;
    server.use(
      http.post('/api/forgot-set-new', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const { router } = renderAt(<SetNewPasswordForm />, '/forgot-password-set-new?token=tok-1');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Newpass123');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Newpass124');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Confirm password/));
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/login');
    expect(body).toEqual({ token: 'tok-1', password: 'Newpass123' });
  });

  it('offers a new link when the token is refused', async () => {
    server.use(
      http.post('/api/forgot-set-new', () =>
        HttpResponse.json(
          { error: { code: 'invalid_reset_token', message: 'gone' } },
          { status: 400 },
        ),
      ),
    );
    renderAt(<SetNewPasswordForm />, '/forgot-password-set-new?token=old');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Newpass123');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('ChangePasswordForm', () => {
  it('shows the server field errors and keeps this session with the fresh tokens', async () => {
    tokens.save('acc-0', 'ref-0');
    let attempt = 0;
    server.use(
      http.post('/api/changepassword', () => {
        attempt += 1;
        if (attempt === 1)
          return fieldError({ oldPassword: ['The current password is not correct.'] });
        return HttpResponse.json(signedIn);
      }),
    );
    renderAt(<ChangePasswordForm />, '/pages/account-setting');
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'wrong');
    await userEvent.type(screen.getByLabelText(/^New password/), 'Newpass123');
    await userEvent.type(screen.getByLabelText(/^Retype new password/), 'Newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your other sessions have been ended.')).toBeInTheDocument();
    expect(tokens.bearer()).toBe('acc-1');
    expect(tokens.refresh()).toBe('ref-1');
  });

  it('with two-step verification on, takes a code instead of the current password', async () => {
    tokens.save('acc-0', 'ref-0');
    useSession.getState().setSession({
      ...signedIn.session,
      user: { ...signedIn.session.user, totpEnabled: true },
    });
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/changepassword', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) return fieldError({ code: ['The code is not correct.'] });
        return HttpResponse.json(signedIn);
      }),
    );
    renderAt(<ChangePasswordForm />, '/pages/account-setting');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use a code from your authenticator app instead' }),
    );
    await userEvent.type(screen.getByLabelText(/^New password/), 'Newpass123');
    await userEvent.type(screen.getByLabelText(/^Retype new password/), 'Newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter a code.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Authenticator or backup code/), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Authenticator or backup code/));
    await userEvent.type(screen.getByLabelText(/^Authenticator or backup code/), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your other sessions have been ended.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { code: '111111', newPassword: 'Newpass123' },
      { code: '222222', newPassword: 'Newpass123' },
    ]);
  });
});
