import { useEffect, useRef } from 'react';

/** How long a refusal's marks may take to be drawn: the query library hands its answer to React on a timer. */
const FRAMES_TO_WAIT = 30;

/**
 * Takes the user to the first field of `container` marked as wrong (its input has aria-invalid, which
 * Mantine sets with `error`), its message beside it: a refusal of a long form (the Tariff Editor at
 * 1280x720) marked a field scrolled out of view above Save, while a toast covered the form's foot.
 * Looks at each frame until a mark is drawn (by the render the refusal causes, which may come after
 * the mutation's own callback), for about half a second. True when a field was found.
 */
export function showFirstMarkedField(container: HTMLElement | null): Promise<boolean> {
  return new Promise((resolve) => {
    const look = (framesLeft: number) => {
      const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (field) {
        field.scrollIntoView({ block: 'center' });
        field.focus({ preventScroll: true });
        return resolve(true);
      }
      if (framesLeft === 0 || !container?.isConnected) return resolve(false);
      requestAnimationFrame(() => look(framesLeft - 1));
    };
    requestAnimationFrame(() => look(FRAMES_TO_WAIT));
  });
}

/**
 * For a form whose Save shows Mantine's loading state. The button is disabled while it saves, and a
 * disabled button drops the focus to the page: after a refused save, one Tab went to a toast and the
 * next back to the page, never into the form. When a save ends refused with the focus so dropped, it
 * goes to the first marked field (showFirstMarkedField), else back to the Save button.
 * Returns the refs for the form's container and its Save button.
 */
export function useFocusAfterRefusal<Container extends HTMLElement = HTMLDivElement>(
  saving: boolean,
  refused: boolean,
) {
  const container = useRef<Container>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const wasSaving = useRef(false);
  useEffect(() => {
    const ended = wasSaving.current && !saving;
    wasSaving.current = saving;
    // Only a focus the save dropped is moved: not one the user has put somewhere since.
    const dropped = document.activeElement === null || document.activeElement === document.body;
    if (!ended || !refused || !dropped) return;
    void showFirstMarkedField(container.current).then((found) => {
      if (!found) saveButton.current?.focus();
    });
  }, [saving, refused]);
  return [container, saveButton] as const;
}
