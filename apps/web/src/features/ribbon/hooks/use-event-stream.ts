import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session';
import { liveCacheSync } from '../lib/live-cache';
import { eventStream, type StreamMessage, type StreamStatus } from '../lib/stream';

const syncs = new WeakMap<QueryClient, (m: StreamMessage) => void>();

/**
 * Keeps this tab's event stream open while the calling component is shown, applies it to the
 * cache, and calls `onMessage` (optional) for every message. Answers the stream's status.
 */
export function useEventStream(onMessage?: (m: StreamMessage) => void): StreamStatus {
  const client = useQueryClient();
  const domainId = useSession((s) => s.session?.domain.id);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    if (!domainId) return;
    let sync = syncs.get(client);
    if (!sync) syncs.set(client, (sync = liveCacheSync(client)));
    const offSync = eventStream.subscribe(domainId, sync);
    const own = (m: StreamMessage) => handler.current?.(m);
    const offOwn = eventStream.subscribe(domainId, own);
    return () => {
      offOwn();
      offSync();
    };
  }, [client, domainId]);
  return useSyncExternalStore(
    (fn) => eventStream.onStatus(fn),
    () => eventStream.status,
  );
}
