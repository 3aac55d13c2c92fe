import { useState } from 'react';

/**
 * A call a form starts, with its pending flag — for the sign-in page, which renders before the
 * console's query layer (elsewhere forms use the query client's mutations).
 */
export function useAction<A, R>(
  run: (arg: A) => Promise<R>,
  handlers: { onSuccess?: (result: R, arg: A) => void; onError?: (err: unknown, arg: A) => void },
) {
  const [isPending, setPending] = useState(false);
  const mutate = (arg: A) => {
    setPending(true);
    run(arg).then(
      (result) => {
        setPending(false);
        handlers.onSuccess?.(result, arg);
      },
      (err: unknown) => {
        setPending(false);
        handlers.onError?.(err, arg);
      },
    );
  };
  return { isPending, mutate };
}
