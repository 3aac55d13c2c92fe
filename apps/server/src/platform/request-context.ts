import { AsyncLocalStorage } from 'node:async_hooks';

/** What the code serving a request knows of it wherever it runs (jobs it queues, logs). */
interface RequestContext {
  /** The request's id: `x-request-id` of the client or made by the server, in every log line. */
  reqId: string;
}

const store = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it starts) as part of the request `reqId`. */
export function runInRequest<T>(reqId: string, fn: () => T): T {
  return store.run({ reqId }, fn);
}

/** The id of the request being served, if any (a job queued by it keeps it). */
export function currentRequestId(): string | undefined {
  return store.getStore()?.reqId;
}
