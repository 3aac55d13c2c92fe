import { lazy } from 'react';
import type {
  notifications as mantineNotifications,
  NotificationData,
} from '@mantine/notifications';

/**
 * The console's toasts. Mantine's toast package (its store, its container and the components
 * they draw with, ≈ 9 KB gzip) is loaded the first time a toast is shown, not with the shell:
 * calls made before it arrives are kept in order and replayed once it has loaded, and the
 * container is mounted then (`ToastHost`, app/shell/console-providers.tsx). Every module of the
 * console imports toasts from here, never from the package (an ESLint rule keeps it so).
 */
type Api = typeof mantineNotifications;

let api: Api | undefined;
let loading: Promise<void> | undefined;
let pending: ((api: Api) => void)[] = [];
const listeners = new Set<() => void>();

function load() {
  loading ??= import('@mantine/notifications').then(
    (m) => {
      api = m.notifications;
      const calls = pending;
      pending = [];
      for (const call of calls) call(m.notifications);
      for (const listener of listeners) listener();
    },
    () => {
      // The chunk did not arrive (offline, a new deployment): the next toast tries again; the
      // calls kept so far are shown then.
      loading = undefined;
    },
  );
}

function run(call: (api: Api) => void) {
  if (api) call(api);
  else {
    pending.push(call);
    void load();
  }
}

let sequence = 0;

export const notifications = {
  /** Shows a toast; returns its id (the one given, or a new one) to hide or update it later. */
  show(data: NotificationData): string {
    const id = data.id ?? `toast-${++sequence}`;
    run((a) => a.show({ ...data, id }));
    return id;
  },
  hide(id: string): string {
    run((a) => a.hide(id));
    return id;
  },
  update(data: NotificationData & { id: string }): string {
    run((a) => a.update(data));
    return data.id;
  },
  /** Removes every toast, those shown and those waiting for the package. */
  clean(): void {
    pending = [];
    api?.clean();
  },
};

/** For `useSyncExternalStore`: whether the package has loaded (a toast was shown). */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastsLoaded(): boolean {
  return api !== undefined;
}

/** The package's container, to mount once `toastsLoaded()` (it is loaded by then). */
export const ToastContainer = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);
