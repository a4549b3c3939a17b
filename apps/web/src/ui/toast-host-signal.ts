// The toasts' host (ui/notifications-host.tsx) is a chunk of its own, loaded by main.tsx once the first
// screen inside the shell is drawn. A toast raised before then, or on a page outside the shell (the
// sign-in page, which raises none itself), asks for the host at once through this signal. A module of
// its own, with no imports, so the start-up chunk can listen without loading the toasts' code.

let wanted = false;
const listeners = new Set<() => void>();

/** Called by toast(): the host is needed now. */
export function wantToastHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** Calls `listener` once, when a toast first asks for the host (at once if one has); answers an unsubscribe. */
export function onToastHostWanted(listener: () => void): () => void {
  if (wanted) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
