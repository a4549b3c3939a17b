import { useEffect, useRef } from 'react';

/** Settings text inputs wait this long after the last key before saving (spec 1 §9). */
export const TEXT_SAVE_DELAY_MS = 1000;

/**
 * Calls `save` 1000 ms after the last change; `flush` saves at once (the fields call it on blur). It
 * also flushes on unmount (the tab or sidebar left) and as the page is hidden or goes (a reload, a
 * closed tab): those give no blur and no unmount, and the timer would never fire.
 */
export function useDelayedSave<T>(save: (value: T) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ value: T } | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  // Reads and writes only refs: the flush of the first render is as good as any later one.
  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (pending.current) {
      const { value } = pending.current;
      pending.current = null;
      saveRef.current(value);
    }
  };
  useEffect(() => {
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      flush();
    };
  }, []);
  const schedule = (value: T) => {
    pending.current = { value };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, TEXT_SAVE_DELAY_MS);
  };
  return { schedule, flush };
}
