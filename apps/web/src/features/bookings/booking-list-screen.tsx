import { BookingList } from './booking-list.tsx';

/** /bookings/list (spec 2 §2). */
export function BookingListScreen() {
  return <BookingList />;
}
