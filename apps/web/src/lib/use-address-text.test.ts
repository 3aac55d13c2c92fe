import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAddressText } from './use-address-text';

/** The box, with an address the test moves by hand (as the router does, whenever it gets to it). */
function box(initial = '') {
  const written: string[] = [];
  const hook = renderHook(({ value }) => useAddressText(value, (t) => written.push(t), 300), {
    initialProps: { value: initial },
  });
  const type = (text: string) => act(() => hook.result.current.change(text));
  const pause = () => act(() => vi.advanceTimersByTime(300));
  const address = (value: string) => hook.rerender({ value });
  return { hook, written, type, pause, address, text: () => hook.result.current.text };
}

describe('useAddressText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes after a pause in typing, once', () => {
    const b = box();
    b.type('a');
    b.type('ap');
    expect(b.written).toEqual([]);
    b.pause();
    expect(b.written).toEqual(['ap']);
    expect(b.text()).toBe('ap');
  });

  it('keeps keystrokes typed before the echo of an earlier write comes back', () => {
    const b = box();
    b.type('ap');
    b.pause();
    b.type('app'); // typed while the address was still being updated
    b.address('ap'); // the late echo of the first write
    expect(b.text()).toBe('app');
    b.type('appl');
    b.pause();
    b.address('appl');
    expect(b.text()).toBe('appl');
    expect(b.written).toEqual(['ap', 'appl']);
  });

  it('keeps a trailing space the address trims away', () => {
    const b = box();
    b.type('apple ');
    b.pause();
    b.address('apple');
    expect(b.text()).toBe('apple ');
  });

  it('follows the address changed from outside and drops a write still waiting', () => {
    const b = box('apple');
    expect(b.text()).toBe('apple');
    b.type('apples');
    b.address('watch'); // back button
    expect(b.text()).toBe('watch');
    b.pause();
    expect(b.written).toEqual([]);
  });

  it('resets to a text now and drops a write still waiting', () => {
    const b = box('apple');
    b.type('apples');
    act(() => b.hook.result.current.reset());
    expect(b.text()).toBe('');
    b.pause();
    expect(b.written).toEqual([]);
  });
});
