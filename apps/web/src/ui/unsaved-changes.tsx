import { createContext, useCallback, useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { useGuardedClose } from './discard-changes-dialog.tsx';

/** Where a section of an editor (the driver slide-in, Pricing Extras) says whether it holds changes that are not saved. */
const UnsavedChangesContext = createContext<((section: string, unsaved: boolean) => void) | undefined>(undefined);

/** The sections inside report to the guard holding `report`. */
export function UnsavedChangesScope({
  report,
  children,
}: {
  report: (section: string, unsaved: boolean) => void;
  children: ReactNode;
}) {
  return <UnsavedChangesContext.Provider value={report}>{children}</UnsavedChangesContext.Provider>;
}

/** A section says whether its edits are unsaved, so closing the editor around it asks first. */
export function useReportUnsaved(unsaved: boolean) {
  const report = useContext(UnsavedChangesContext);
  const section = useId();
  useEffect(() => {
    report?.(section, unsaved);
  }, [report, section, unsaved]);
  // A section that goes away (the panel closed, its form started again after a save) holds nothing.
  useEffect(() => () => report?.(section, false), [report, section]);
}

/**
 * An editor's close, guarded, for an editor whose sections each know what they hold (the driver
 * slide-in, Pricing Extras): with a section holding unsaved edits, Escape or ✕ asks the address book's
 * and tariff editor's question ('Discard changes?', 'Keep editing' focused, so an Enter pressed as it
 * opens keeps the typing); with none it closes at once. Wrap the sections in `UnsavedChangesScope` with
 * its `report`. A one-form editor asks `useGuardedClose` directly.
 */
export function useDiscardGuard({ onClose, subject }: { onClose: () => void; subject: string }) {
  const unsaved = useRef(new Set<string>());
  const report = useCallback((section: string, holds: boolean) => {
    if (holds) unsaved.current.add(section);
    else unsaved.current.delete(section);
  }, []);
  const { requestClose, question } = useGuardedClose({
    unsaved: () => unsaved.current.size > 0,
    close: () => {
      unsaved.current.clear();
      onClose();
    },
    subject: `${subject} has changes that are not saved.`,
  });
  return { requestClose, report, question };
}
