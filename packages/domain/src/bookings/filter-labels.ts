// The booking filter's words for office staff: the list's filter inputs and sort control show them, the
// folded filter line names the active filters by them, and the API's refusal of a price filter or sort
// names it by them too (never by its key: 'Your role may not sort by Charge.').
import type { BookingSortKey } from './enums.ts';
import type { BookingUserFilters } from './filter-views.ts';

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

/** Each sort's label, as the Sort by control offers it. */
export const SORT_LABELS: Record<BookingSortKey, string> = {
  createdAt: 'Created at',
  reference: 'Reference',
  customerCharge: 'Charge',
  exVatPrice: 'Charge ex VAT',
  driverPrice: 'Driver pay',
  weight: 'Weight',
};
