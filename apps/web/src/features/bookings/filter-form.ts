// The booking filter form's code is loaded on demand (booking-list.tsx says why); what decides when.

/**
 * Below this height (issue 10: 1280x720), or on a phone's width (the shell's own breakpoint, where
 * the thirty filters stack in one column), the filters start folded, so the rows show without scrolling.
 */
export const FOLDED_SCREEN = '(max-height: 820px), (max-width: 48em)';

type FilterFormModule = typeof import('./components/booking-filters.tsx');
let loaded: FilterFormModule | undefined;

/** The form's module: the panel draws it from here, and the route's loader asks for it early. */
export function loadFilterForm(): Promise<FilterFormModule> {
  return import('./components/booking-filters.tsx').then((module) => (loaded = module));
}

/**
 * The form's module once it has arrived: the panel draws it straight away, where a lazy component
 * would still wait a tick and draw the list's loading state first.
 */
export function loadedFilterForm(): FilterFormModule | undefined {
  return loaded;
}

/**
 * On a screen where the filters start open, the form is part of the list's first draw: its code is
 * asked for at navigation, with the screen's own, not once the list has rendered.
 */
export function preloadFilterFormIfOpen(): void {
  if (typeof window.matchMedia === 'function' && !window.matchMedia(FOLDED_SCREEN).matches) {
    loadFilterForm().catch(() => undefined); // the panel asks again and shows the failure
  }
}
