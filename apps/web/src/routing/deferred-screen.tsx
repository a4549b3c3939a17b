import type { RouteComponent } from '@tanstack/react-router';
import { useDeferredValue, useEffect } from 'react';

const deferredScreens = new WeakSet<object>();
let firstDrawn = false;
const drawnListeners = new Set<() => void>();

/**
 * A screen drawn in React's background lane: its first render draws nothing and at once asks again
 * for the screen, which React then draws yielding to the browser every few milliseconds. The router
 * shows a screen through a store update, a synchronous render: the booking list's filters, summary
 * and table were one 1 s task at 4x CPU on a cold start, blocking input and counted whole in
 * Lighthouse's Total Blocking Time (issue 10). Only the final commit of the screen's DOM is one task.
 * The lazy component's `preload` is kept, so the router still loads the chunk at navigation.
 */
export function deferredScreen(Screen: RouteComponent): RouteComponent {
  function DeferredScreen() {
    const ready = useDeferredValue(true, false);
    useEffect(() => {
      if (!ready || firstDrawn) return;
      firstDrawn = true;
      for (const listener of drawnListeners) listener();
      drawnListeners.clear();
    }, [ready]);
    return ready ? <Screen /> : null;
  }
  deferredScreens.add(DeferredScreen);
  return Object.assign(DeferredScreen, { preload: Screen.preload });
}

/** Whether a route's component is drawn in the background lane (so the router resolves before it is drawn). */
export function isDeferredScreen(component: unknown): boolean {
  return typeof component === 'function' && deferredScreens.has(component);
}

/** Calls `drawn` once the first deferred screen has drawn itself (at once if one has); answers a cancel. */
export function whenFirstScreenDrawn(drawn: () => void): () => void {
  if (firstDrawn) {
    drawn();
    return () => undefined;
  }
  drawnListeners.add(drawn);
  return () => drawnListeners.delete(drawn);
}
