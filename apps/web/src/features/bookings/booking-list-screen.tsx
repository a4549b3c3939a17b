import { BookingList } from './booking-list.tsx';

/** /bookings/list (spec 2 §2): the list fills the window, its table the one scroll area. */
export function BookingListScreen() {
  return <BookingList fill />;
}
