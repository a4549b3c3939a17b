import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** A right (default) or left slide-in panel: editors and details (spec 1 §2 'Shared widgets'). */
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
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position={side}
      size={size}
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {children}
    </Drawer>
  );
}
