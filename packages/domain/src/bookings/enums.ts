// The enumerations of spec 2 §3 and §4 that the booking list, its filters and its data use.

/** Booking status values (spec 2 §4); 'unknown' is shown as In progress. */
export const BOOKING_STATUSES = [
  'quote',
  'confirmed',
  'in_progress',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'failed',
  'unknown',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The status filter takes every value except quote and unknown (spec 2 §4). */
export const FILTERABLE_BOOKING_STATUSES = [
  'confirmed',
  'in_progress',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'failed',
] as const;

/** In review mode the status filter defaults to these (spec 2 §4). */
export const REVIEW_DEFAULT_STATUSES = ['delivered', 'cancelled', 'failed'] as const;

const STATUS_LABELS: Record<BookingStatus, string> = {
  quote: 'Quote',
  confirmed: 'Confirmed',
  in_progress: 'In progress',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  failed: 'Failed',
  unknown: 'In progress',
};

export function bookingStatusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** same_day bookings show in the Same Day view, every other type in ON / OS (spec 2 §3 Booking.type). */
export const BOOKING_TYPES = ['same_day', 'other'] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

/** The two views of the booking list (spec 2 §3 'Service view values'). */
export const BOOKING_VIEWS = ['SAME_DAY', 'ON_OS'] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];
export const BOOKING_VIEW_LABELS: Record<BookingView, string> = { SAME_DAY: 'Same Day', ON_OS: 'ON / OS' };

/** Vehicles as the booking filter names them (spec 2 §3). */
export const BOOKING_VEHICLES = [
  'BIKE',
  'TOP-BOX-BIKE',
  'CARGO-BIKE',
  'CARGO-BIKE-MAX',
  'SMALL-VAN',
  'LARGE-VAN',
  'PUSHBIKE',
] as const;
export type BookingVehicle = (typeof BOOKING_VEHICLES)[number];

/** Vehicle types as booking details show them (the service's type, spec 2 §3). */
export const VEHICLE_TYPES = [
  'PUSH_BIKE',
  'CARGO_BIKE',
  'CARGO_BIKE_MAX',
  'BIKE',
  'TOP_BOX_BIKE',
  'CAR',
  'VAN',
] as const;

/** Service levels (spec 2 §3). */
export const SERVICE_LEVELS = ['STANDARD', 'PRIORITY', 'ECONOMY', 'OVERNIGHT', 'INTERNATIONAL'] as const;
export type ServiceLevel = (typeof SERVICE_LEVELS)[number];

/** Stop types and how they are shown (spec 2 §3 Task). */
export const STOP_TYPES = ['COLLECTION', 'DELIVERY', 'STOP', 'RETURN_TO_BASE'] as const;
export type StopType = (typeof STOP_TYPES)[number];
export const STOP_TYPE_LABELS: Record<StopType, string> = {
  COLLECTION: 'PU',
  DELIVERY: 'DROP',
  STOP: 'STOP',
  RETURN_TO_BASE: 'RTB',
};

/** Job tags (spec 2 §3); the tag filter and the summary counts use this list (spec 2 §4). */
export const JOB_TAGS = [
  'SPLIT',
  'FAILURE',
  'WAITING_TIME',
  'SERVICE_CHANGE',
  'VEHICLE_CHANGE',
  'ADDRESS_CHANGE',
  'RETURN_ADDED',
  'RETURN_REMOVED',
  'RETURN',
  'SECOND_LEG',
  'CHARGE_POINT',
  'TAIL_LIFT',
  'SET_CALL',
  'OVERRIDE_PRICE',
  'IMPORTED',
  'BATCH',
  'DRIVER_TRANSFER',
] as const;
export type JobTag = (typeof JOB_TAGS)[number];

/** Tariff service codes (spec 2 §3). */
export const TARIFF_SERVICE_CODES = [
  'CANC',
  'FAIC',
  'DOM',
  'INT',
  'TW48',
  'PUR',
  'RAPC',
  'UKM9',
  'UKM6',
  'UKM2',
] as const;
export type TariffServiceCode = (typeof TARIFF_SERVICE_CODES)[number];

/** Price adjustment types (spec 2 §3); the last five are the driver-extra related subset. */
export const PRICE_ADJUSTMENT_TYPES = [
  'ELEVATED_RISK',
  'REMOTE_AREA',
  'RESTRICTED_DESTINATION',
  'ADDRESS_CORRECTION',
  'RESIDENTIAL_ADDRESS',
  'CUSTOMS_ADMIN_FEE',
  'CUSTOMS_EXCISE_DUTIES',
  'PACKAGING_CHARGE',
  'ADMIN_FEE',
  'BOOKING_FEE',
  'OPERATIONS_FEE',
  'TOLL',
  'WAITING_TIME_FEE',
  'FAILED_ATTEMPT',
  'CUSTOMER_ADDON',
] as const;
export type PriceAdjustmentType = (typeof PRICE_ADJUSTMENT_TYPES)[number];
export const DRIVER_EXTRA_ADJUSTMENT_TYPES = PRICE_ADJUSTMENT_TYPES.slice(-5) as readonly PriceAdjustmentType[];

/** Sort keys of the booking filter (spec 2 §3). */
export const BOOKING_SORT_KEYS = [
  'createdAt',
  'reference',
  'customerCharge',
  'exVatPrice',
  'driverPrice',
  'weight',
] as const;
export type BookingSortKey = (typeof BOOKING_SORT_KEYS)[number];
/** Sorts that reveal prices: only users who see prices may use them (spec 2 §6). */
export const PRICE_SORT_KEYS: readonly BookingSortKey[] = ['customerCharge', 'exVatPrice', 'driverPrice'];

/** Booking list limits (spec 2 §9). */
export const BOOKING_PAGE_SIZES = [10, 25, 50, 100, 500, 1000] as const;
export const BOOKING_DEFAULT_PAGE_SIZE = 100;
export const BOOKING_MAX_PAGE_SIZE = 5000;
/** Report and CSV only when the total is under this (spec 2 §9). */
export const BOOKING_EXPORT_LIMIT = 100_000;
/** Review or invoice mode waits this long before the first load (spec 2 §9), so the host screen settles first. */
export const BOOKING_REVIEW_FIRST_LOAD_DELAY_MS = 600;
