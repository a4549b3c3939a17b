import { BookingList } from './booking-list.tsx';

/**
 * /pricing/review (spec 2 §2 'Pricing shell': Price Reviews): the booking list in review mode, only
 * bookings flagged for review, each with its Approve; the router places it in the pricing section.
 */
export function PriceReviewScreen() {
  return <BookingList needsReviewOnly fill />;
}
