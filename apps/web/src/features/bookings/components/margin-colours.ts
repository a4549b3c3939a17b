import type { MarginColour } from '@courier/domain/bookings/margins';

/** Text colours for the spec's red and green (spec 2 §9) that keep WCAG AA contrast on white. */
export const MARGIN_TEXT_COLOURS: Record<MarginColour, string> = { red: 'red.9', green: '#1e6b2f' };
