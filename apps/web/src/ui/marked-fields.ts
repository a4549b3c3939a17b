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
