import { useSyncExternalStore } from 'react';

/**
 * The finalise run this tab started and has not yet reported (its toast shown, the lists
 * refreshed). It outlives the invoice list, so a user who goes elsewhere while a run goes on finds
 * its progress on coming back, and is told when it ended even if that happened while away; it is
 * kept in sessionStorage, so a reload keeps it too. Runs started elsewhere (another tab) come from
 * the server (GET /api/invoice/finalise-runs/current). A run reported once is never shown again.
 */
const STORAGE_KEY = 'courier.invoicing.finaliseRun';

function stored(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null; // storage refused (privacy settings): the server still names a run going on
  }
}

function store(runId: number | null): void {
  try {
    if (runId === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, String(runId));
  } catch {
    // as above
  }
}

let followed: number | null = typeof window === 'undefined' ? null : stored();
const reported = new Set<number>();
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The run just started is the one the list follows. */
export function followFinaliseRun(runId: number): void {
  followed = runId;
  store(runId);
  changed();
}

/** The run has ended and the user was told: it is followed no more. */
export function finaliseRunReported(runId: number): void {
  reported.add(runId);
  if (followed === runId) {
    followed = null;
    store(null);
  }
  changed();
}

/** The run the list shows progress for: this tab's own, else the one the server says is going, unless reported. */
export function useFollowedFinaliseRun(runningOnServer: number | null): number | null {
  useSyncExternalStore(subscribe, () => version);
  const runId = followed ?? runningOnServer;
  return runId !== null && !reported.has(runId) ? runId : null;
}
