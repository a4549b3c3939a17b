import type { PayAdjustmentType } from '@courier/domain/driver-pay/formulas';

// Words staff read on the pay screen (labels, never the stored values).

export const PAY_ADJUSTMENT_TYPE_LABELS: Record<PayAdjustmentType, string> = {
  MANUAL_ADDITION: 'Addition',
  MANUAL_DEDUCTION: 'Deduction',
  AUTO_BOOST: 'Boost',
  CARGO_RENTAL: 'Cargo rental',
  EQUIPMENT_RENTAL: 'Equipment rental',
};

/** The toasts and banner of spec 2 §8 'Driver pay'. */
export const PAY_TEXTS = {
  loading: 'Loading pay periods...',
  failedToLoad: 'Failed to load pay periods',
  saved: 'Pay periods saved',
  failedToSave: 'Failed to save pay periods',
  failedToFinalise: 'Failed to finalise pay period',
  activeFoundTitle: 'Active pay periods found',
  activeFoundMessage: 'There are active pay periods, the system may update these pay periods before they are finalised',
  pendingChangesTitle: 'Pending Changes',
  pendingChangesMessage: 'Please save your changes before continuing.',
} as const;
