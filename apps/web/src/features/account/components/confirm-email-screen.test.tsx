import type { Session } from '@fiscus/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { tokens } from '@/lib/tokens';
import { strict } from '@/test/msw';
import { renderScreen } from '@/test/render';
import { ConfirmEmailScreen } from './confirm-email-screen';

const server = setupServer();
beforeAll(() => server.listen(strict));
afterEach(() => {
  server.resetHandlers();
  useSession.getState().clear();
});
afterAll(() => server.close());

const session: Session = {
  user: {
    id: 'u1',
    username: 'ann',
    email: 'ann@example.com',
    fullName: 'Ann',
    avatar: null,
    totpEnabled: false,
    createdAt: '2026-01-01T00:00:00Z',
    pendingEmail: 'new@example.com',
  },
  domain: { id: 'd1', name: 'Main', role: 'owner' },
  domains: [{ id: 'd1', name: 'Main', role: 'owner' }],
  rules: [{ action: 'manage', subject: 'all' }],
};
beforeEach(() => {
  tokens.save('acc', 'ref');
  useSession.getState().setSession(session);
});

const refusal = (status: number, code: string) =>
  HttpResponse.json({ error: { code, message: `server says ${code}` } }, { status });

/** Renders the page at `?token=` with the server answering `answer`; records the bodies. */
async function open(answer: () => Response, path = '/confirm-email?token=tok-1', language = 'en') {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/qry', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  await renderScreen(
    <StrictMode>
      <ConfirmEmailScreen />
    </StrictMode>,
    { path, language },
  );
  return bodies;
}

describe('ConfirmEmailScreen', () => {
  it('confirms once and shows the new sign-in address', async () => {
    const bodies = await open(() =>
      HttpResponse.json({
        data: { user: { ...session.user, email: 'new@example.com', pendingEmail: undefined } },
      }),
    );
    expect(await screen.findByTestId('confirm-email-done')).toHaveTextContent(
      'You now sign in with new@example.com.',
    );
    expect(bodies).toEqual([{ op: 'account.confirmEmail', token: 'tok-1' }]);
    expect(useSession.getState().session?.user.email).toBe('new@example.com');
    expect(useSession.getState().session?.user.pendingEmail).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/pages/account-setting',
    );
  });

  it.each([
    ['confirmation_expired', 410, 'confirm-email-expired', 'Link expired'],
    ['confirmation_used', 409, 'confirm-email-used', 'Link already used'],
    ['confirmation_invalid', 400, 'confirm-email-invalid', 'Link not valid'],
    ['conflict', 409, 'confirm-email-taken', 'Address no longer free'],
    ['forbidden', 403, 'confirm-email-otherAccount', 'This link is for another account'],
  ])('%s: shows its own state', async (code, status, testId, title) => {
    await open(() => refusal(status, code));
    const page = await screen.findByTestId(testId);
    expect(page).toHaveTextContent(title);
    if (code !== 'forbidden') expect(page).toHaveTextContent('ann@example.com');
  });

  it('offers to try again after an unexpected failure', async () => {
    let calls = 0;
    await open(() => {
      calls += 1;
      return calls === 1
        ? refusal(503, 'service_unavailable')
        : HttpResponse.json({ data: { user: { ...session.user, email: 'new@example.com' } } });
    });
    expect(await screen.findByTestId('confirm-email-failed')).toHaveTextContent(
      'server says service_unavailable',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('confirm-email-done')).toBeInTheDocument();
  });

  it('explains a link without a token, in the user language', async () => {
    const bodies = await open(() => refusal(500, 'internal'), '/confirm-email', 'fr');
    expect(await screen.findByTestId('confirm-email-invalid')).toHaveTextContent('Lien non valide');
    expect(bodies).toEqual([]);
  });
});
