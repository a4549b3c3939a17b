import type { RouteComponent } from '@tanstack/react-router';
import { useDeferredValue, useEffect } from 'react';
import { onceSignal } from '@/ui/once-signal.ts';

const deferredScreens = new WeakSet<object>();
const firstDrawn = onceSignal();

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
      if (ready) firstDrawn.fire();
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
  return firstDrawn.listen(drawn);
}

/** index.html's start spinner (its keyframes stay in the page, outside #root), drawn by React. */
function StartSpinner() {
  return (
    <div
      role="status"
      aria-label="Loading"
      style={{ position: 'fixed', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <div
        style={{
          width: 36,
          height: 36,
          boxSizing: 'border-box',
          border: '4px solid #e9ecef',
          borderTopColor: '#228be6',
          borderRadius: '50%',
          animation: 'courier-start-spin 0.8s linear infinite',
        }}
      />
    </div>
  );
}

/**
 * A layout (the signed-in shell) drawn in the background lane, as deferredScreen does for a screen:
 * mounted by the router's store update it was one synchronous task of ~350 ms at 4x CPU (AppShell,
 * the sidebar's links, the header) on every cold start (issue 10). Until it is drawn the start
 * spinner stays, so the page is never blank.
 */
export function deferredLayout(Layout: RouteComponent): RouteComponent {
  function DeferredLayout() {
    const ready = useDeferredValue(true, false);
    return ready ? <Layout /> : <StartSpinner />;
  }
  return Object.assign(DeferredLayout, { preload: Layout.preload });
}
