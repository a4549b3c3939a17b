import { useEffect, useRef } from 'react';

/** A field whose list is open (a Select's options, a date picker): its Escape closes the list. */
const OPEN_LIST = '[aria-expanded="true"], [data-expanded="true"], [data-mantine-stop-propagation]';

/**
 * Escape pressed inside an open overlay (the element the returned ref is put on) calls `onEscape`, for
 * a Mantine Modal or Drawer whose own `closeOnEscape` is off (SlideIn, the tariff editor). A dialog
 * opened from the overlay takes its own Escape without closing the overlay behind it; so does an open
 * list inside it (Escape closes the list, a second one the overlay): noted before the list handles it,
 * while its field still says it is open (Mantine marks it data-expanded, and asks overlays to let its
 * Escape through). A cell that takes Escape back (a price input) prevents the default: the overlay stays.
 *
 * Why not Mantine's own: it listens on the window in the capture phase, and so does the modal of a
 * question its `onClose` opens ('Discard changes?'). React renders that question between the two
 * listeners of the same keydown, and the question's listener, now open, closes it at once: Escape
 * seemed to do nothing. Listening in the bubble phase, after every capture listener, the question
 * opens and stays; an Escape pressed in the question (outside this overlay) is the question's own.
 */
export function useEscapeInside<T extends HTMLElement>(opened: boolean, onEscape: () => void) {
  const root = useRef<T>(null);
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);
  useEffect(() => {
    if (!opened) return;
    // Noted before the list handles it, while its field still says it is open.
    const closesAList = new WeakSet<KeyboardEvent>();
    const beforeAnyone = (event: KeyboardEvent) => {
      const field = event.target instanceof Element ? event.target : null;
      if (event.key === 'Escape' && field?.closest(OPEN_LIST)) closesAList.add(event);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // A cell that takes Escape itself (a price level input leaves the grid) prevents the default.
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || closesAList.has(event)) return;
      if (event.target instanceof Node && root.current?.contains(event.target)) escape.current();
    };
    window.addEventListener('keydown', beforeAnyone, true);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', beforeAnyone, true);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [opened]);
  return root;
}
