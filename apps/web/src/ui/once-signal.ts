/**
 * Something that happens once (the first screen drawn, the first toast raised): listeners are told
 * when it happens, and a listener that comes after is told at once.
 */
export function onceSignal() {
  let happened = false;
  const listeners = new Set<() => void>();
  return {
    /** It happens: tells every listener, the first time only. */
    fire(): void {
      if (happened) return;
      happened = true;
      for (const listener of listeners) listener();
      listeners.clear();
    },
    /** Calls `listener` once, when it happens (at once if it has); answers an unsubscribe. */
    listen(listener: () => void): () => void {
      if (happened) {
        listener();
        return () => undefined;
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
