import type { ReactNode } from 'react';
import { ConfirmDialog } from './dialog.tsx';

/**
 * The question an editor asks before closing over changes that are not saved (the address book, the
 * tariff editor, references, set calls, the driver slide-in). 'Keep editing' has the focus, so an Enter
 * pressed as it opens does not throw the typing away, and Escape on it goes back to the editor.
 */
export function DiscardChangesDialog({
  opened,
  onKeep,
  onDiscard,
  children,
}: {
  opened: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  /** What has changes: 'The tariff has changes that are not saved.' */
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      onCancel={onKeep}
      cancelLabel="Keep editing"
      focusCancel
      title="Discard changes?"
      confirm={{ label: 'Discard changes', kind: 'DESTRUCTIVE', onClick: onDiscard }}
    >
      {children}
    </ConfirmDialog>
  );
}
