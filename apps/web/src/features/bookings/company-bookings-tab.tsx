import { BookingList } from './booking-list.tsx';

/** The company details Bookings tab: the booking list for one company, its company filter hidden. */
export default function CompanyBookingsTab({ companyId }: { companyId: number }) {
  return <BookingList companyId={companyId} />;
}
