import type { PayPeriodStatus } from './schemas.ts';

/** A pay period's status in the words staff read (the grid, the adjustments panel, the CSV export), never the stored value. */
export const PAY_PERIOD_STATUS_LABELS: Record<PayPeriodStatus, string> = {
  ACTIVE: 'Active',
  IN_REVIEW: 'In review',
  PENDING_PAYMENT: 'Pending payment',
  PAID: 'Paid',
};
