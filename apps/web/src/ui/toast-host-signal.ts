import { onceSignal } from './once-signal.ts';

// The toasts' host (ui/notifications-host.tsx) is a chunk of its own, loaded by main.tsx once the first
// screen inside the shell is drawn. A toast raised before then, or on a page outside the shell (the
// sign-in page, which raises none itself), asks for the host at once through this signal. A module
// without the toasts' code, so the start-up chunk can listen without loading it.

const wanted = onceSignal();

/** Called by toast(): the host is needed now. */
export function wantToastHost(): void {
  wanted.fire();
}

/** Calls `listener` once, when a toast first asks for the host (at once if one has); answers an unsubscribe. */
export function onToastHostWanted(listener: () => void): () => void {
  return wanted.listen(listener);
}
