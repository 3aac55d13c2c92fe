import { act, screen, waitFor } from '@testing-library/react';
import { notifications } from '@/lib/toast';
import { describe, expect, it } from 'vitest';
import { appConfig } from '@/lib/config';
import { renderApp } from './shell/test-utils';

describe('toasts', () => {
  it('close by themselves after 3000 ms', async () => {
    expect(appConfig.toastTimeout).toBe(3000);
    await renderApp(<div />);
    const shownAt = Date.now();
    act(() => {
      notifications.show({ message: 'Saved the budget' });
    });
    expect(await screen.findByText('Saved the budget')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 2000));
    expect(screen.getByText('Saved the budget')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Saved the budget')).toBeNull(), {
      timeout: 4000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2900);
  }, 60_000);
});
