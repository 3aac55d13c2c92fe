import { useRef } from 'react';

/**
 * What a dialog shows, kept while it closes: the caller's state that filled it (the item to
 * delete, the secret just made) is gone as soon as the close is asked for, but the dialog stays
 * on screen for its closing animation and must not go blank during it.
 */
export function useKeptWhileClosing<T>(value: T, opened: boolean): T {
  const kept = useRef(value);
  if (opened) kept.current = value;
  return opened ? value : kept.current;
}
