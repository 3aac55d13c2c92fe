import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from './http-errors';

/**
 * A read that failed is tried once more — unless the server answered it (a 4xx such as 404 or
 * 403 says the same the second time); lost connections and server errors get their retry.
 */
function retryOnce(failures: number, error: unknown): boolean {
  const status = errorStatus(error);
  return failures < 1 && !(status !== undefined && status >= 400 && status < 500);
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryOnce, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/** The console's one cache of server state (sign-in clears it: nothing of a previous user stays). */
export const queryClient = makeQueryClient();
