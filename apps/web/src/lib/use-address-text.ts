import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/**
 * A text box whose text goes into the address (`?q=`) after a pause in typing.
 *
 * The box keeps what the user typed: when the address comes back with a text this box wrote
 * (possibly trimmed), it is an echo and is ignored — on a slow device the echo of an earlier
 * write can arrive after further keystrokes, and taking it would drop them. Any other change
 * of the address (back and forward, a link, a reset elsewhere) replaces the text and cancels a
 * write still waiting.
 *
 * `value` is the text in the address; `write` puts a text there.
 */
export function useAddressText(value: string, write: (text: string) => void, wait = 300) {
  const [text, setText] = useState(value);
  /** Texts written and not yet seen back in the address, oldest first. */
  const sent = useRef<string[]>([]);
  const current = useRef(value);
  current.current = value;
  const send = useDebouncedCallback((next: string) => {
    const same = next === current.current || next.trim() === current.current;
    if (!same) sent.current.push(next);
    write(next);
  }, wait);

  useEffect(() => {
    const echo = sent.current.findIndex((t) => t === value || t.trim() === value);
    if (echo >= 0) {
      sent.current.splice(0, echo + 1);
      return;
    }
    sent.current = [];
    send.cancel();
    setText(value);
  }, [value, send]);

  return {
    text,
    /** The user typed: show it now, write it after the pause. */
    change(next: string) {
      setText(next);
      send(next);
    },
    /** Shows `next` now and drops a write still waiting (the caller writes the address). */
    reset(next = '') {
      send.cancel();
      sent.current = [];
      setText(next);
    },
  };
}
