import { storage } from './storage';
import { storageKeys } from './config';

/**
 * Token storage (seed §9): accessToken and refreshToken as the server sent them; fiscusToken is
 * the value sent as `Authorization: Bearer …` (the current access token).
 */
export const tokens = {
  access: () => storage.get(storageKeys.accessToken),
  refresh: () => storage.get(storageKeys.refreshToken),
  bearer: () => storage.get(storageKeys.fiscusToken),
  save(accessToken: string, refreshToken?: string | null) {
    storage.set(storageKeys.accessToken, accessToken);
    storage.set(storageKeys.fiscusToken, accessToken);
    if (refreshToken) storage.set(storageKeys.refreshToken, refreshToken);
  },
  clear() {
    storage.remove(storageKeys.accessToken);
    storage.remove(storageKeys.refreshToken);
    storage.remove(storageKeys.fiscusToken);
  },
};
