import { useState } from 'react';

/**
 * A control whose value lives in the URL (a list's filter switch) shows the user's change at once.
 * navigate() commits the new search a few ticks after the click, once the router has run the
 * route's loaders; until then React puts a controlled input back to the value it was given, so a
 * switch flicked back for a moment and a quick second click, or a test reading it straight after
 * the click, saw the old value. The change is shown until the navigation settles, then the URL
 * rules again (also when the navigation was cancelled or went elsewhere).
 */
export function useShownAtOnce<T>(fromUrl: T): readonly [T, (value: T, navigation: Promise<unknown>) => void] {
  const [pending, setPending] = useState<{ value: T; over: T } | null>(null);
  // Shown only over the URL value it replaced: once the URL moves, the URL is what is shown.
  const shown = pending !== null && Object.is(pending.over, fromUrl) ? pending.value : fromUrl;
  const show = (value: T, navigation: Promise<unknown>) => {
    const entry = { value, over: fromUrl };
    setPending(entry);
    const settle = () => setPending((current) => (current === entry ? null : current));
    navigation.then(settle, settle);
  };
  return [shown, show];
}
