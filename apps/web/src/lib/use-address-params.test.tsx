import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params';

function setup(initial: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [params, change] = useAddressParams();
      return { params, change, location: useLocation(), navigate: useNavigate() };
    },
    { wrapper },
  );
}

const set = (key: string, value: string) => (prev: URLSearchParams) => {
  prev.set(key, value);
  return prev;
};

describe('useAddressParams', () => {
  it('builds a change on one asked before the address was rendered again', () => {
    const { result } = setup('/shop?sort=price');
    act(() => {
      // Both before a render: the second must not start from `?sort=price` again.
      result.current.change(set('free', '1'), { replace: true });
      result.current.change(set('q', 'apple'), { replace: true });
    });
    expect(result.current.location.search).toBe('?sort=price&free=1&q=apple');
    expect(result.current.params.get('free')).toBe('1');
  });

  it('starts from the address again once it changed from outside', () => {
    const { result } = setup('/shop?q=apple');
    act(() => result.current.change(set('free', '1')));
    expect(result.current.location.search).toBe('?q=apple&free=1');
    act(() => void result.current.navigate('/shop?q=watch'));
    act(() => result.current.change(set('sort', 'price')));
    expect(result.current.location.search).toBe('?q=watch&sort=price');
  });
});
