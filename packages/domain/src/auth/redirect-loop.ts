// The route guard's redirect-loop guard (spec 1 §9 'route redirect-loop guard 30'). The web app's
// guards redirect (no session → /login, a section index → its first screen, /login when signed in →
// the app); a mistake in those rules, or a session the server and the browser disagree about, could
// send the user round in a circle for ever. Counting the redirects since the last page that opened
// stops the circle and shows an error instead of a frozen tab.

/** At most this many redirects in a row; the next one is refused. */
export const MAX_REDIRECTS_IN_A_ROW = 30;

export interface RedirectLoopGuard {
  /** Called before each redirect: true when it may go ahead, false when the limit is reached. */
  allowRedirect(): boolean;
  /** Called when a navigation lands on a page without redirecting: the count starts again. */
  landed(): void;
  /** Redirects since the last landing. */
  readonly redirectsInARow: number;
}

export function createRedirectLoopGuard(limit: number = MAX_REDIRECTS_IN_A_ROW): RedirectLoopGuard {
  let count = 0;
  return {
    allowRedirect() {
      if (count >= limit) return false;
      count += 1;
      return true;
    },
    landed() {
      count = 0;
    },
    get redirectsInARow() {
      return count;
    },
  };
}
