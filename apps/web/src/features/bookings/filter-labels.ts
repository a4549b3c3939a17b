import type { BookingSortKey } from '@courier/domain/bookings/enums';
import type { BookingUserFilters } from '@courier/domain/bookings/filter-views';

/** Each filter's label: the input shows it, and the folded filter line names the active filters by it. */
export const FILTER_LABELS: Record<keyof BookingUserFilters, string> = {
  view: 'View',
  company: 'Company',
  searchQuery: 'Reference',
  customerRefQuery: 'Client reference',
  addressPlaceId: 'Address',
  windowStart: 'From',
  windowEnd: 'To',
  tags: 'Tags',
  statuses: 'Status',
  service: 'Service',
  tariffService: 'Tariff service',
  vehicle: 'Vehicle',
  chargeFrom: 'Charge min',
  chargeTo: 'Charge max',
  driverPayFrom: 'Driver pay min',
  driverPayTo: 'Driver pay max',
  weightFrom: 'Weight min (kg)',
  weightTo: 'Weight max (kg)',
  packageCountFrom: 'Packages min',
  packageCountTo: 'Packages max',
  carrierCostFrom: 'Carrier cost min',
  carrierCostTo: 'Carrier cost max',
  driverNumber: 'Driver number',
  carrier: 'Carrier',
  sortBy: 'Sort by',
  sortDirection: 'Order',
};

export const SORT_LABELS: Record<BookingSortKey, string> = {
  createdAt: 'Created at',
  reference: 'Reference',
  customerCharge: 'Charge',
  exVatPrice: 'Charge ex VAT',
  driverPrice: 'Driver pay',
  weight: 'Weight',
};
