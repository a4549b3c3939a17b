import { Drawer } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

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
