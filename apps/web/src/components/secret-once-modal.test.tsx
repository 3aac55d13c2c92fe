import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { SecretOnceModal } from './secret-once-modal';

function JustMade() {
  const [shown, setShown] = useState<{ name: string; secret: string } | null>({
    name: 'Nightly ERP',
    secret: 'fx_secret_123',
  });
  return (
    <SecretOnceModal
      shown={shown}
      onClose={() => setShown(null)}
      title={(name) => `Token "${name}" created`}
      warning="Copy it now: it is shown this once."
      hint="Send it as Authorization: Bearer."
      labels={{ copy: 'Copy', copied: 'Copied', done: 'Done' }}
      testId="secret"
    />
  );
}

describe('SecretOnceModal', () => {
  it('shows the secret once, and keeps it and its name while the dialog closes', async () => {
    await renderScreen(<JustMade />);
    const dialog = await screen.findByRole('dialog', { name: 'Token "Nightly ERP" created' });
    expect(within(dialog).getByTestId('secret')).toHaveTextContent('fx_secret_123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    // Closing: still on screen for its animation, with its title and secret.
    const closing = screen.getByRole('dialog');
    expect(closing).toHaveAccessibleName('Token "Nightly ERP" created');
    expect(within(closing).getByTestId('secret')).toHaveTextContent('fx_secret_123');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
