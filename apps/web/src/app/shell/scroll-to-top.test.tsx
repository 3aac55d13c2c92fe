import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';
import { renderApp } from './test-utils';

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  Object.defineProperty(window, 'pageYOffset', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('ScrollToTop', () => {
  it('appears after scrolling more than 250 px and scrolls back up', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await renderApp(<ScrollToTop />);
    act(() => scrollWindowTo(200));
    expect(screen.queryByTestId('scroll-to-top')).toBeNull();
    act(() => scrollWindowTo(300));
    const button = await screen.findByRole('button', { name: 'Scroll to top' });
    await userEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    act(() => scrollWindowTo(0));
    await waitFor(() => expect(screen.queryByTestId('scroll-to-top')).toBeNull());
  });
});
