import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { renderScreen } from '@/test/render';
import { AccessControlPage } from './access-control';

afterEach(() => resetRules());

describe('access control page', () => {
  it('shows the administrator card only to abilities that manage everything', async () => {
    setRules([{ action: 'manage', subject: 'all' }]);
    await renderScreen(<AccessControlPage />);
    expect(await screen.findByTestId('acl-admin')).toBeInTheDocument();
    expect(screen.getByTestId('acl-common')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Demo client' }));
    expect(screen.queryByTestId('acl-admin')).not.toBeInTheDocument();
    expect(screen.getByTestId('acl-hidden')).toBeInTheDocument();
    expect(screen.getByTestId('acl-common')).toBeInTheDocument();
  });

  it('hides the administrator card for a signed-in viewer without "manage all"', async () => {
    setRules([
      { action: 'read', subject: 'ACL' },
      { action: 'read', subject: 'Auth' },
    ]);
    await renderScreen(<AccessControlPage />);
    expect(await screen.findByTestId('acl-hidden')).toBeInTheDocument();
  });
});
