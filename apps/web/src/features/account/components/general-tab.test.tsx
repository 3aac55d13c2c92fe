import type { Session, User } from '@fiscus/contracts';
import { notifications } from '@/lib/toast';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { tokens } from '@/lib/tokens';
import { useOp } from '@/lib/qry';
import { qryHandler, strict } from '@/test/msw';
import { renderScreen } from '@/test/render';
import { GeneralTab } from './general-tab';

const server = setupServer();
beforeAll(() => server.listen(strict));
afterEach(() => {
  server.resetHandlers();
  notifications.clean();
  useSession.getState().clear();
});
afterAll(() => server.close());
beforeEach(() => tokens.save('acc', 'ref'));

const user: User = {
  id: 'u1',
  username: 'ann',
  email: 'ann@example.com',
  fullName: 'Ann',
  avatar: null,
  totpEnabled: false,
  createdAt: '2026-01-01T00:00:00Z',
};
const session = (u: User): Session => ({
  user: u,
  domain: { id: 'd1', name: 'Main', role: 'owner' },
  domains: [{ id: 'd1', name: 'Main', role: 'owner' }],
  rules: [{ action: 'manage', subject: 'all' }],
});
const envelope = (status: number, code: string, message: string, fields?: object) =>
  HttpResponse.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });

/** Answers `account.*` ops; records the bodies. */
function api(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/qry', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

describe('GeneralTab: changing the sign-in e-mail', () => {
  it('asks for the current password only when the e-mail changes', async () => {
    useSession.getState().setSession(session(user));
    const bodies = api((body) =>
      HttpResponse.json({ data: { user: { ...user, fullName: String(body.fullName) } } }),
    );
    await renderScreen(<GeneralTab />);
    const form = await screen.findByTestId('account-general');
    expect(within(form).queryByTestId('email-change-proof')).toBeNull();
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'Ann Lee');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile was updated.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      op: 'account.update',
      username: 'ann',
      fullName: 'Ann Lee',
      email: 'ann@example.com',
    });
    await userEvent.clear(within(form).getByLabelText(/^E-mail/));
    await userEvent.type(within(form).getByLabelText(/^E-mail/), 'new@example.com');
    expect(within(form).getByTestId('email-change-proof')).toBeInTheDocument();
  });

  it('sends the change with the password and shows where the confirmation went', async () => {
    useSession.getState().setSession(session(user));
    const bodies = api((body) => {
      if (body.op === 'account.update' && body.password !== 'Secret123')
        return envelope(400, 'validation_failed', 'Some fields are not valid.', {
          password: ['The password is not correct.'],
        });
      if (body.op === 'account.update')
        return HttpResponse.json({ data: { user: { ...user, pendingEmail: body.email } } });
      if (body.op === 'account.resendEmailChange')
        return HttpResponse.json({ data: { user: { ...user, pendingEmail: 'new@example.com' } } });
      return HttpResponse.json({ data: { user } });
    });
    await renderScreen(<GeneralTab />);
    const form = await screen.findByTestId('account-general');
    await userEvent.clear(within(form).getByLabelText(/^E-mail/));
    await userEvent.type(within(form).getByLabelText(/^E-mail/), 'new@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Please enter your current password.')).toBeVisible();
    expect(bodies).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Current password/), 'wrong');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('The password is not correct.')).toBeVisible();
    await userEvent.clear(within(form).getByLabelText(/^Current password/));
    await userEvent.type(within(form).getByLabelText(/^Current password/), 'Secret123');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    const pending = await screen.findByTestId('email-change-pending');
    expect(pending).toHaveTextContent('Confirmation sent to new@example.com');
    expect(pending).toHaveTextContent('Until then you sign in with ann@example.com.');
    // The field shows the sign-in address again; the proof is gone.
    expect(within(form).getByLabelText(/^E-mail/)).toHaveValue('ann@example.com');
    expect(within(form).queryByTestId('email-change-proof')).toBeNull();
    expect(bodies[1]).toEqual({
      op: 'account.update',
      username: 'ann',
      fullName: 'Ann',
      email: 'new@example.com',
      password: 'Secret123',
    });

    await userEvent.click(within(pending).getByRole('button', { name: 'Send the link again' }));
    expect(
      (await screen.findAllByText('Confirmation sent to new@example.com.')).length,
    ).toBeGreaterThan(0);
    await userEvent.click(within(pending).getByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByText('The e-mail change was cancelled.')).toBeInTheDocument();
    expect(screen.queryByTestId('email-change-pending')).toBeNull();
    expect(bodies.slice(2).map((b) => b.op)).toEqual([
      'account.resendEmailChange',
      'account.cancelEmailChange',
    ]);
  });

  it('takes a code instead while two-step verification is on, and shows a refusal', async () => {
    useSession.getState().setSession(session({ ...user, totpEnabled: true }));
    const bodies = api(() =>
      envelope(429, 'too_many_requests', 'Too many e-mail changes in a short time.'),
    );
    await renderScreen(<GeneralTab />);
    const form = await screen.findByTestId('account-general');
    await userEvent.clear(within(form).getByLabelText(/^E-mail/));
    await userEvent.type(within(form).getByLabelText(/^E-mail/), 'new@example.com');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Use a code from your authenticator app instead' }),
    );
    await userEvent.type(within(form).getByLabelText(/^Authenticator or backup code/), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('account-general-error')).toHaveTextContent(
      'Too many e-mail changes in a short time.',
    );
    expect(bodies[0]).toMatchObject({ email: 'new@example.com', code: '123456' });
    expect(bodies[0]).not.toHaveProperty('password');
  });

  it('shows a pending change from the session', async () => {
    useSession.getState().setSession(session({ ...user, pendingEmail: 'later@example.com' }));
    await renderScreen(<GeneralTab />, { language: 'de' });
    expect(await screen.findByTestId('email-change-pending')).toHaveTextContent(
      'Bestätigung an later@example.com gesendet',
    );
  });
});

describe('GeneralTab: the query layer', () => {
  /** The members list as the domains screen shows it: it names users. */
  function Members() {
    const members = useOp('members.list', {});
    return (
      <ul data-testid="members">
        {members.data?.items.map((m) => (
          <li key={m.userId}>{m.fullName}</li>
        ))}
      </ul>
    );
  }

  it('a saved name reaches the cached members list (account.update makes it stale)', async () => {
    useSession.getState().setSession(session(user));
    let name = 'Ann';
    const member = () => ({
      userId: 'u1',
      username: 'ann',
      email: 'ann@example.com',
      fullName: name,
      role: 'owner' as const,
      joinedAt: '2026-01-01T00:00:00Z',
    });
    server.use(
      qryHandler({
        'members.list': () => ({ items: [member()] }),
        'account.update': (body) => {
          name = String(body.fullName);
          return { user: { ...user, fullName: name } };
        },
      }),
    );
    await renderScreen(
      <>
        <GeneralTab />
        <Members />
      </>,
    );
    expect(await within(await screen.findByTestId('members')).findByText('Ann')).toBeVisible();
    const form = screen.getByTestId('account-general');
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'Ann Lee');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(screen.getByTestId('members')).findByText('Ann Lee')).toBeVisible();
  });
});
