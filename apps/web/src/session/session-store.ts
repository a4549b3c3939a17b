import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '@courier/domain/auth/schemas';

/** The session kept in browser storage (spec 1 §3 'Session'); logout resets all three fields. */
export interface Session {
  isLoggedIn: boolean;
  accessToken: string | undefined;
  user: CurrentUser | undefined;
}

const STORAGE_KEY = 'courier.session';
const loggedOut: Session = { isLoggedIn: false, accessToken: undefined, user: undefined };

function read(): Session {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return loggedOut;
    const parsed = JSON.parse(raw) as Partial<Session>;
    return { isLoggedIn: parsed.isLoggedIn === true, accessToken: parsed.accessToken, user: parsed.user };
  } catch {
    return loggedOut;
  }
}

let current: Session = read();
const listeners = new Set<(next: Session, previous: Session) => void>();

function write(next: Session): void {
  const previous = current;
  current = next;
  try {
    if (next.isLoggedIn) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or disabled: the session still lives in memory for this tab.
  }
  for (const listener of listeners) listener(next, previous);
}

export const sessionStore = {
  get: (): Session => current,
  signIn(accessToken: string): void {
    write({ isLoggedIn: true, accessToken, user: undefined });
  },
  setUser(user: CurrentUser): void {
    if (current.isLoggedIn) write({ ...current, user });
  },
  signOut(): void {
    if (current.isLoggedIn || current.accessToken || current.user) write(loggedOut);
  },
  subscribe(listener: (next: Session, previous: Session) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing out (or in) updates this one.
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEY) write(read());
});

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
