import { Drawer } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A right (default) or left slide-in panel: editors and details (spec 1 §2 'Shared widgets').
 *
 * Escape closes it only when pressed inside it: a dialog opened from the panel (Choose Company,
 * Pricing Extras, a confirmation) takes its own Escape without closing the panel behind it. Mantine's
 * own Escape handling closes every open overlay at once, so it is off here.
 */
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
    const onKeyDown = (event: KeyboardEvent) => {
      // A cell that takes Escape back (a price input) prevents the default: the panel stays.
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (event.target instanceof Node && root.current?.contains(event.target)) close.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
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
