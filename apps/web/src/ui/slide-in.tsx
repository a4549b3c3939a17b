import { Drawer } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A right (default) or left slide-in panel: editors and details (spec 1 §2 'Shared widgets').
 *
 * Escape closes it only when pressed inside it: a dialog opened from the panel (Choose Company,
 * Pricing Extras, a confirmation) takes its own Escape without closing the panel behind it, and so
 * does an open list inside it (a Select's options): Escape closes the list, a second one the panel.
 * Mantine's own Escape handling closes every open overlay at once, so it is off here.
 */
/** A field whose list is open: its Escape closes the list. */
const OPEN_LIST = '[aria-expanded="true"], [data-expanded="true"], [data-mantine-stop-propagation]';

export function SlideIn({
  opened,
  onClose,
  title,
  side = 'right',
  size = 'lg',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  side?: 'left' | 'right';
  size?: string | number;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  // Focus goes back to what opened the panel as it closes, as Mantine's own return does (10 ms on). Its
  // Drawer notes that element when it opens, not when it mounts open, and a panel whose code loads on
  // first use (the booking slide-in) mounts open: closing it left the focus nowhere. Noted here, before
  // the panel takes the focus.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (opened) {
      if (active instanceof HTMLElement && active !== document.body && !root.current?.contains(active))
        opener.current = active;
      return;
    }
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    const timer = window.setTimeout(() => {
      if (target.isConnected) target.focus();
    }, 10);
    return () => window.clearTimeout(timer);
  }, [opened]);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!opened) return;
    // An Escape that closes an open list first (a Select's options, a date picker) is that list's own:
    // noted before the list handles it, when its field still says it is open (Mantine marks the field
    // data-expanded and asks overlays to let its Escape through, as its own modals do).
    const closesAList = new WeakSet<KeyboardEvent>();
    const beforeAnyone = (event: KeyboardEvent) => {
      const field = event.target instanceof Element ? event.target : null;
      if (event.key === 'Escape' && field?.closest(OPEN_LIST)) closesAList.add(event);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // A cell that takes Escape back (a price input) prevents the default: the panel stays.
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || closesAList.has(event)) return;
      if (event.target instanceof Node && root.current?.contains(event.target)) close.current();
    };
    window.addEventListener('keydown', beforeAnyone, true);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', beforeAnyone, true);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [opened]);
  return (
    <Drawer
      ref={root}
      opened={opened}
      returnFocus={false}
      onClose={onClose}
      closeOnEscape={false}
      title={title}
      position={side}
      size={size}
      padding="lg"
    >
      {children}
    </Drawer>
  );
}
