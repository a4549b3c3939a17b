// What an invoice adds up to (issue 12; spec 1 §3 'Extended settings'): its lines, the company's two
// discounts, the three surcharges by kind of work, and VAT by the company's VAT code. Integer cents
// throughout (common/money.ts); every step is rounded to the cent, half away from zero, and printed.

import { addMoney, multiplyMoney, subtractMoney, toCents, toEuro, type Cents } from '../common/money.ts';

/** Irish standard VAT rate (percent), charged under VAT code STD; ZER is zero-rated. */
export const IRISH_STANDARD_VAT_RATE = 23;
export const VAT_RATES: Record<'STD' | 'ZER', number> = { STD: IRISH_STANDARD_VAT_RATE, ZER: 0 };

/**
 * The kind of work a line is for: ground (same-day), nationwide overnight, or international. Each has
 * its own surcharge (surchargeOne nationwide overnight, Two international, Three ground).
 */
export const INVOICE_WORK_KINDS = ['ground', 'overnight', 'international'] as const;
export type InvoiceWorkKind = (typeof INVOICE_WORK_KINDS)[number];

/** One invoice per period, or one for ground and one for overnight work (singleInvoice off, spec 1 §2). */
export const INVOICE_TYPES = ['single', 'ground', 'overnight'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = {
  single: 'Invoice',
  ground: 'Ground',
  overnight: 'Overnight',
};

/** The invoices a period gets: single, or ground and overnight. */
export function invoiceTypesFor(singleInvoice: boolean): InvoiceType[] {
  return singleInvoice ? ['single'] : ['ground', 'overnight'];
}

/** Whether a line of this kind goes on an invoice of this type (international work is invoiced with overnight). */
export function isOnInvoice(kind: InvoiceWorkKind, type: InvoiceType): boolean {
  if (type === 'single') return true;
  return type === 'ground' ? kind === 'ground' : kind !== 'ground';
}

export interface InvoiceLineInput {
  kind: InvoiceWorkKind;
  /** Euro amount ex VAT as stored (numeric text or number); may be negative (a credit adjustment). */
  amount: number | string;
  /** False for a price adjustment not marked applySurcharge: it is charged, but no surcharge is added to it. */
  surchargeable?: boolean;
}

export interface InvoiceCharges {
  /** Percent off the lines' subtotal. */
  discountPercent: number;
  /** A second percent off, taken from what the first discount leaves. */
  discountTwoPercent: number;
  /** Surcharges by the kind of work they apply to; a missing or zero rate adds nothing. */
  surcharges: Partial<Record<InvoiceWorkKind, { name: string; ratePercent: number }>>;
  vatCode: 'STD' | 'ZER';
}

export interface InvoiceSurchargeTotal {
  kind: InvoiceWorkKind;
  name: string;
  ratePercent: number;
  /** The (discounted) work the rate was applied to, and the surcharge. */
  base: number;
  amount: number;
}

export interface InvoiceTotals {
  /** Sum of the lines. */
  subtotal: number;
  discount: number;
  discountTwo: number;
  surcharges: InvoiceSurchargeTotal[];
  /** Subtotal less discounts plus surcharges: what VAT is charged on. */
  net: number;
  vatRate: number;
  vat: number;
  total: number;
}

/**
 * The totals of an invoice's lines under the company's charges:
 * subtotal → less discount (discountPercent of the subtotal) → less discount two (discountTwoPercent of
 * what is left) → plus each surcharge (its rate of the discounted work of its kind) = net → plus VAT at
 * the VAT code's rate = total. A kind's discounted work is its surchargeable lines less both discounts.
 */
export function invoiceTotals(lines: readonly InvoiceLineInput[], charges: InvoiceCharges): InvoiceTotals {
  const byKind = new Map<InvoiceWorkKind, Cents>();
  for (const line of lines) {
    if (line.surchargeable === false) continue;
    byKind.set(line.kind, addMoney(byKind.get(line.kind) ?? (0 as Cents), toCents(line.amount)));
  }
  const subtotal = addMoney(...lines.map((line) => toCents(line.amount)));
  const discount = multiplyMoney(subtotal, charges.discountPercent / 100);
  const afterOne = subtractMoney(subtotal, discount);
  const discountTwo = multiplyMoney(afterOne, charges.discountTwoPercent / 100);
  const discounted = subtractMoney(afterOne, discountTwo);

  const surcharges: InvoiceSurchargeTotal[] = [];
  for (const kind of INVOICE_WORK_KINDS) {
    const surcharge = charges.surcharges[kind];
    const work = byKind.get(kind);
    if (!surcharge || !surcharge.ratePercent || !work) continue;
    // The kind's work after both discounts: each discount takes the same share of every kind.
    const base = subtractMoney(
      work,
      addMoney(multiplyMoney(work, charges.discountPercent / 100), multiplyDiscountTwo(work, charges)),
    );
    surcharges.push({
      kind,
      name: surcharge.name,
      ratePercent: surcharge.ratePercent,
      base: toEuro(base),
      amount: toEuro(multiplyMoney(base, surcharge.ratePercent / 100)),
    });
  }
  const net = addMoney(discounted, ...surcharges.map((s) => toCents(s.amount)));
  const vatRate = VAT_RATES[charges.vatCode];
  const vat = multiplyMoney(net, vatRate / 100);
  return {
    subtotal: toEuro(subtotal),
    discount: toEuro(discount),
    discountTwo: toEuro(discountTwo),
    surcharges,
    net: toEuro(net),
    vatRate,
    vat: toEuro(vat),
    total: toEuro(addMoney(net, vat)),
  };
}

/** Discount two's share of one kind's work: its rate of what the first discount leaves of that work. */
function multiplyDiscountTwo(work: Cents, charges: InvoiceCharges): Cents {
  const afterOne = subtractMoney(work, multiplyMoney(work, charges.discountPercent / 100));
  return multiplyMoney(afterOne, charges.discountTwoPercent / 100);
}

/** Whether the period has anything to charge: its jobs plus adjustments do not total zero (spec 1 §5). */
export function hasCharges(lines: readonly InvoiceLineInput[]): boolean {
  return addMoney(...lines.map((line) => toCents(line.amount))) !== 0;
}

/**
 * The invoices finalising a period issues, in number order: of its types (single, or ground then
 * overnight), those with something to charge. A type whose lines total zero gets no invoice, as
 * spec 1 §5 refuses to download one; a period with nothing charged at all gets none.
 */
export function invoiceTypesToIssue(singleInvoice: boolean, lines: readonly InvoiceLineInput[]): InvoiceType[] {
  return invoiceTypesFor(singleInvoice).filter((type) =>
    hasCharges(lines.filter((line) => isOnInvoice(line.kind, type))),
  );
}
