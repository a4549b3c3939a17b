// Billing constants of spec 1 §3 and §9.

export const BILLING_BASES = ['stripe', 'stripeCompany', 'account'] as const;
export type BillingBasis = (typeof BILLING_BASES)[number];

/** The tag shown in lists: account → ACCOUNT, stripeCompany → PAYG; card users ('stripe') → CARD. */
export function billingBasisLabel(basis: BillingBasis): 'ACCOUNT' | 'PAYG' | 'CARD' {
  if (basis === 'account') return 'ACCOUNT';
  if (basis === 'stripeCompany') return 'PAYG';
  return 'CARD';
}

export const CYCLONE_SURCHARGE_TIERS = { TIER_ZERO: 0, TIER_ONE: 2, TIER_TWO: 3, TIER_THREE: 5 } as const;
export const ADMIN_SURCHARGE_TIERS = { TIER_ZERO: 0, TIER_ONE: 5, TIER_TWO: 10, TIER_THREE: 15 } as const;
export const SURCHARGE_TIERS = ['TIER_ZERO', 'TIER_ONE', 'TIER_TWO', 'TIER_THREE'] as const;
export type SurchargeTier = (typeof SURCHARGE_TIERS)[number];

/** Euro amount of a tier; an unknown tier falls back to 0 (spec 1 §9). */
export function surchargeAmount(kind: 'cyclone' | 'admin', tier: string | null | undefined): number {
  const table: Record<string, number> = kind === 'cyclone' ? CYCLONE_SURCHARGE_TIERS : ADMIN_SURCHARGE_TIERS;
  // Own keys only: a tier such as 'toString' must not reach Object.prototype.
  if (!tier || !Object.hasOwn(table, tier)) return 0;
  return table[tier] ?? 0;
}

export const VAT_CODES = ['STD', 'ZER'] as const;
export const INVOICE_INTERVALS = ['W', 'M'] as const;
export const INVOICE_FORMATS = ['legacy', 'new'] as const;

/** Seven fixed credit control codes, each a first name; the first is the default (spec 1 §3). */
export const CREDIT_CONTROL_CODES = ['AOIFE', 'BRENDAN', 'CIARA', 'DECLAN', 'EIMEAR', 'FERGAL', 'GRAINNE'] as const;

export const EXTENDED_SETTINGS_DEFAULTS = {
  defaultVatCode: 'STD',
  invoiceInterval: 'M',
  invoiceFormat: 'legacy',
  onInvoiceFormat: 'new',
  creditControlCode: CREDIT_CONTROL_CODES[0],
  billingAddressCountry: 'IE',
} as const;

export const DEFAULT_BILLING_BASIS: BillingBasis = 'stripeCompany';
