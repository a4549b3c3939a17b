import { Drawer } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useEscapeInside } from './use-escape-inside.ts';

/**
 * A right (default) or left slide-in panel: editors and details (spec 1 §2 'Shared widgets').
 *
 * Escape closes it only when pressed inside it (useEscapeInside): a dialog opened from the panel
 * (Choose Company, Pricing Extras, a confirmation) takes its own Escape without closing the panel
 * behind it, and so does an open list inside it. Mantine's own Escape handling closes every open
 * overlay at once, so it is off here.
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
  const root = useEscapeInside<HTMLDivElement>(opened, onClose);
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
  }, [opened, root]);
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
