import { useCallback, useRef, useState, type ReactNode } from 'react';
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

/**
 * An editor's close, guarded: `requestClose` (for Escape, ✕, a click outside, Cancel) asks
 * 'Discard changes?' while `unsaved()` says the editor holds changes not saved, and closes at once
 * otherwise; `closeNow` (after a save, or on 'Discard changes') closes without asking. Render
 * `question` beside the editor. Each editor knows in its own way what is unsaved, so it is asked at
 * the moment of closing.
 */
export function useGuardedClose({
  unsaved,
  close,
  subject,
}: {
  unsaved: () => boolean;
  close: () => void;
  /** What has changes: 'The tariff has changes that are not saved.' */
  subject: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const closeNow = () => {
    setAsking(false);
    close();
  };
  const requestClose = () => {
    if (!unsaved()) return closeNow();
    // Asked once the key or click that closes has been handled: opened during an Escape, the question's
    // own Escape listener (on the window, like the editor's) could still be called for the same key
    // press, see itself open and close at once, which left Escape doing nothing in Pricing Extras.
    window.setTimeout(() => setAsking(true), 0);
  };
  const question = (
    <DiscardChangesDialog opened={asking} onKeep={() => setAsking(false)} onDiscard={closeNow}>
      {subject}
    </DiscardChangesDialog>
  );
  return { requestClose, closeNow, question };
}

/**
 * useGuardedClose for an editor whose form says, as it changes, whether it holds changes not saved:
 * the form calls `reportUnsaved` (stable, for its effect), and closing asks while the last report
 * said so. Closing, whichever way, forgets the report.
 */
export function useGuardedEditor({ close, subject }: { close: () => void; subject: ReactNode }) {
  const unsaved = useRef(false);
  const reportUnsaved = useCallback((changed: boolean) => {
    unsaved.current = changed;
  }, []);
  const guarded = useGuardedClose({
    unsaved: () => unsaved.current,
    close: () => {
      unsaved.current = false;
      close();
    },
    subject,
  });
  return { ...guarded, reportUnsaved };
}
