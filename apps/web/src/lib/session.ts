import type { Session } from '@fiscus/contracts';
import { create } from 'zustand';

export type SessionStatus = 'init' | 'loaded' | 'error';

interface SessionStore {
  session: Session | null;
  loaded: boolean;
  status: SessionStatus;
  error: string | null;
  setSession: (session: Session) => void;
  setError: (error: string) => void;
  clear: () => void;
}

/** Seed §3/§4: the session (domain and user), a loaded flag, status init/loaded/error, error. */
export const useSession = create<SessionStore>((set) => ({
  session: null,
  loaded: false,
  status: 'init',
  error: null,
  setSession: (session) => set({ session, loaded: true, status: 'loaded', error: null }),
  setError: (error) => set({ status: 'error', error, loaded: false }),
  clear: () => set({ session: null, loaded: false, status: 'init', error: null }),
}));
