import { sessionStore } from './session-store.ts';

/**
 * Whether a move must go ahead whatever is unsaved: the session has ended and the app is taking the user
 * to /login (spec 1 §2). An unsaved-changes guard that held this move back would leave the user signed
 * out on a blank screen, as its question is not shown once signed out; the server would refuse the
 * changes anyway. Every route guard (useBlocker) asks this first.
 */
export function leavesForSignIn(next: { pathname: string }): boolean {
  return !sessionStore.get().isLoggedIn || next.pathname === '/login';
}
