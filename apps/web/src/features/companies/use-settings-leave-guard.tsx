import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { leavesForSignIn } from '@/session/session-ended.ts';
import { DiscardChangesDialog } from '@/ui/discard-changes-dialog.tsx';
import type { HeldField } from './components/autosave-fields.tsx';

/** The question's text: what leaving the tab would drop. */
export const LEAVE_REFUSED_SETTINGS =
  'A company setting is marked as wrong, so the changes on this tab are not saved. Leaving drops them.';

/**
 * Asks before the Settings tab is left (another tab, the sidebar, Back) while something on it will not be
 * saved: a field refuses its own text, or changes wait behind a field the server refused. 'Keep editing'
 * (focused) stays on the tab with everything as typed; 'Discard changes' leaves and sends nothing more.
 * Closing or reloading the page asks the browser's own question. Text still waiting for its 1000 ms save
 * is sent first, so a fix typed just before leaving is saved and asks nothing.
 */
export function useSettingsLeaveGuard(autosave: { waitsOnRefusal: () => boolean; discard: () => void }) {
  const fields = useRef(new Set<HeldField>());
  const register = useCallback((field: HeldField) => {
    fields.current.add(field);
    return () => {
      fields.current.delete(field);
    };
  }, []);
  const latest = useRef(autosave);
  useEffect(() => {
    latest.current = autosave;
  });
  const holdsRefused = useCallback(
    () => latest.current.waitsOnRefusal() || [...fields.current].some((field) => field.refused()),
    [],
  );
  const shouldBlockFn = useCallback(
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) => {
      if (current.pathname === next.pathname || leavesForSignIn(next)) return false;
      for (const field of fields.current) field.flush();
      return holdsRefused();
    },
    [holdsRefused],
  );
  const blocker = useBlocker({ shouldBlockFn, withResolver: true, enableBeforeUnload: holdsRefused });
  const question = (
    <DiscardChangesDialog
      opened={blocker.status === 'blocked'}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => {
        latest.current.discard();
        blocker.proceed?.();
      }}
    >
      {LEAVE_REFUSED_SETTINGS}
    </DiscardChangesDialog>
  );
  return { register, question };
}
