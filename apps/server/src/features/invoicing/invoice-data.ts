import { and, asc, eq, sql } from 'drizzle-orm';
import {
  invoiceTotals,
  isOnInvoice,
  type InvoiceCharges,
  type InvoiceLineInput,
  type InvoiceTotals,
  type InvoiceType,
  type InvoiceWorkKind,
} from '@courier/domain/invoicing/invoice-totals';
import { countryByCode } from '@courier/domain/common/countries';
import type { InvoicePeriodStatus } from '@courier/domain/invoicing/enums';
import { readTogether, type DbOrTx } from '../../db/client.ts';
import {
  billingContacts,
  bookingJobs,
  bookings,
  companies,
  companyExtendedSettings,
  invoicePeriods,
  jobPriceAdjustments,
  places,
  services,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

/** One line of an invoice: a job, or a price adjustment charged in the period. */
export interface InvoiceLine {
  kind: InvoiceWorkKind;
  /** yyyy-MM-dd (Europe/Dublin): the booking's day for a job, the day it was made for an adjustment. */
  date: string;
  jobReference: string;
  /** What the customer sees: the route for a job, the adjustment's description. */
  description: string;
  /** The company's own references given with the booking (PO, cost centre …), joined. */
  customerReferences: string;
  service: string;
  /** Euro ex VAT, as numeric text (exact). */
  amount: string;
  surchargeable: boolean;
  source: 'job' | 'adjustment';
}

/** Everything an invoice document of a period prints: who, what, and the charges' settings. */
export interface InvoicePeriodData {
  period: {
    id: number;
    identifier: string;
    status: InvoicePeriodStatus;
    start: string;
    end: string;
    invoiceNumbers: string[];
    finalisedAt: Date | null;
  };
  company: {
    id: number;
    name: string;
    accountCode: string | null;
    vatNumber: string | null;
    purchaseOrderNumber: string | null;
    billingEmail: string | null;
    /** Billing address lines, empty ones left out. */
    billingAddress: string[];
    singleInvoice: boolean;
    invoiceDigitalCopy: boolean;
  };
  charges: InvoiceCharges;
  contacts: { name: string; email: string; groundInvoices: boolean; overnightInvoices: boolean }[];
  lines: InvoiceLine[];
}

// Same-day work is ground; ON / OS work is international under the INTERNATIONAL service, else overnight.
const workKind = sql<InvoiceWorkKind>`case when ${bookings.type} = 'same_day' then 'ground' when ${services.service} = 'INTERNATIONAL' then 'international' else 'overnight' end`;
const placeName = (alias: string) => sql.raw(`coalesce(nullif(${alias}.city, ''), ${alias}.name)`);

/**
 * A period's invoice data: the period, its company's billing details and charges, its billing
 * contacts, and one line per job and per adjustment charged in it (by day, then reference). Reads in
 * the caller's transaction, so finalising prints exactly what it numbers.
 */
export async function loadInvoicePeriodData(db: DbOrTx, periodId: number): Promise<InvoicePeriodData> {
  const [head] = await db
    .select({
      period: {
        id: invoicePeriods.id,
        identifier: invoicePeriods.identifier,
        status: invoicePeriods.status,
        start: invoicePeriods.start,
        end: invoicePeriods.end,
        invoiceNumbers: invoicePeriods.invoiceNumbers,
        finalisedAt: invoicePeriods.finalisedAt,
      },
      company: {
        id: companies.id,
        name: companies.name,
        accountCode: companies.accountCode,
        billingEmail: companies.billingEmail,
      },
      settings: companyExtendedSettings,
    })
    .from(invoicePeriods)
    .innerJoin(companies, eq(companies.id, invoicePeriods.companyId))
    .leftJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, companies.id))
    .where(eq(invoicePeriods.id, periodId));
  if (!head) throw notFound(`Invoice period ${periodId} does not exist.`);
  const settings = head.settings;

  const [jobRows, adjustmentRows, contacts] = await readTogether(db, [
    () =>
      db.execute(sql`
      select ${workKind} as kind,
             to_char(${bookings.createdAt} at time zone 'Europe/Dublin', 'YYYY-MM-DD') as date,
             ${bookingJobs.reference} as job_reference,
             concat_ws(' to ', ${placeName('cp')}, ${placeName('dp')}) as description,
             coalesce((select string_agg(r->>'value', ', ') from jsonb_array_elements(${bookings.companyReferences}) r
                        where coalesce(r->>'value', '') <> ''), '') as customer_references,
             ${services.name} as service,
             ${bookingJobs.customerCharge}::text as amount
      from ${bookingJobs}
      join ${bookings} on ${bookings.id} = ${bookingJobs.bookingId}
      join ${services} on ${services.id} = ${bookings.serviceId}
      left join ${places} cp on cp.id = ${bookingJobs.collectionPlaceId}
      left join ${places} dp on dp.id = ${bookingJobs.deliveryPlaceId}
      where ${bookingJobs.invoicePeriodId} = ${periodId}
      order by ${bookings.createdAt}, ${bookingJobs.reference}`),
    () =>
      db.execute(sql`
      select ${workKind} as kind,
             to_char(${jobPriceAdjustments.createdAt} at time zone 'Europe/Dublin', 'YYYY-MM-DD') as date,
             ${bookingJobs.reference} as job_reference,
             coalesce(nullif(${jobPriceAdjustments.description}, ''), initcap(replace(${jobPriceAdjustments.type}, '_', ' '))) as description,
             ${services.name} as service,
             ${jobPriceAdjustments.charge}::text as amount,
             ${jobPriceAdjustments.applySurcharge} as surchargeable
      from ${jobPriceAdjustments}
      join ${bookingJobs} on ${bookingJobs.id} = ${jobPriceAdjustments.jobId}
      join ${bookings} on ${bookings.id} = ${bookingJobs.bookingId}
      join ${services} on ${services.id} = ${bookings.serviceId}
      where ${jobPriceAdjustments.invoicePeriodId} = ${periodId}
      order by ${jobPriceAdjustments.createdAt}, ${jobPriceAdjustments.id}`),
    () =>
      db
        .select({
          name: billingContacts.name,
          email: billingContacts.email,
          groundInvoices: billingContacts.groundInvoices,
          overnightInvoices: billingContacts.overnightInvoices,
        })
        .from(billingContacts)
        .where(and(eq(billingContacts.companyId, head.company.id)))
        .orderBy(asc(billingContacts.id)),
  ]);

  type Row = Record<string, unknown>;
  const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows; // the same shape from PGlite and node-postgres
  const lines: InvoiceLine[] = [
    ...rowsOf(jobRows).map((row) => ({
      kind: row.kind as InvoiceWorkKind,
      date: String(row.date),
      jobReference: String(row.job_reference),
      description: String(row.description ?? ''),
      customerReferences: String(row.customer_references ?? ''),
      service: String(row.service ?? ''),
      amount: String(row.amount),
      surchargeable: true,
      source: 'job' as const,
    })),
    ...rowsOf(adjustmentRows).map((row) => ({
      kind: row.kind as InvoiceWorkKind,
      date: String(row.date),
      jobReference: String(row.job_reference),
      description: String(row.description ?? ''),
      customerReferences: '',
      service: String(row.service ?? ''),
      amount: String(row.amount),
      surchargeable: row.surchargeable === true,
      source: 'adjustment' as const,
    })),
  ];

  const surcharge = (name: string | null | undefined, rate: number | null | undefined, fallback: string) =>
    rate ? { name: name?.trim() || fallback, ratePercent: rate } : undefined;
  const surcharges: InvoiceCharges['surcharges'] = {};
  const one = surcharge(settings?.surchargeNameOne, settings?.surchargeRateOne, 'Nationwide overnight surcharge');
  const two = surcharge(settings?.surchargeNameTwo, settings?.surchargeRateTwo, 'International surcharge');
  const three = surcharge(settings?.surchargeNameThree, settings?.surchargeRateThree, 'Ground surcharge');
  if (one) surcharges.overnight = one;
  if (two) surcharges.international = two;
  if (three) surcharges.ground = three;

  return {
    period: head.period,
    company: {
      ...head.company,
      vatNumber: settings?.vatNumber ?? null,
      purchaseOrderNumber: settings?.purchaseOrderNumber ?? null,
      billingAddress: [
        settings?.billingAddressName,
        settings?.billingAddressLineOne,
        settings?.billingAddressLineTwo,
        settings?.billingAddressLineThree,
        settings?.billingAddressCity,
        settings?.billingAddressCounty,
        settings?.billingAddressPostcode,
        settings?.billingAddressRegion,
        // Kept as a code (spec 1 §3); the invoice names the country as the country list does.
        countryByCode(settings?.billingAddressCountry)?.Name ?? settings?.billingAddressCountry,
      ].filter((line): line is string => Boolean(line?.trim())),
      singleInvoice: settings?.singleInvoice ?? true,
      invoiceDigitalCopy: settings?.invoiceDigitalCopy ?? true,
    },
    charges: {
      discountPercent: settings?.discountPercent ?? 0,
      discountTwoPercent: settings?.discountTwoPercent ?? 0,
      surcharges,
      vatCode: settings?.defaultVatCode ?? 'STD',
    },
    contacts,
    lines,
  };
}

/**
 * What each period charges by kind of work (its jobs plus its adjustments, summed as numeric): as
 * lines, one per kind charged, enough to tell which invoices it gets (invoiceTypesToIssue) without
 * loading every line. A period that charges nothing has none.
 */
export async function periodChargesByKind(
  db: DbOrTx,
  periodIds: readonly number[],
): Promise<Map<number, InvoiceLineInput[]>> {
  const charges = new Map<number, InvoiceLineInput[]>();
  if (periodIds.length === 0) return charges;
  const ids = sql`any(${`{${periodIds.join(',')}}`}::int[])`;
  const result = await db.execute(sql`
    select period_id, kind, sum(amount)::text as amount from (
      select ${bookingJobs.invoicePeriodId} as period_id, ${workKind} as kind, ${bookingJobs.customerCharge} as amount
      from ${bookingJobs}
      join ${bookings} on ${bookings.id} = ${bookingJobs.bookingId}
      join ${services} on ${services.id} = ${bookings.serviceId}
      where ${bookingJobs.invoicePeriodId} = ${ids}
      union all
      select ${jobPriceAdjustments.invoicePeriodId}, ${workKind}, ${jobPriceAdjustments.charge}
      from ${jobPriceAdjustments}
      join ${bookingJobs} on ${bookingJobs.id} = ${jobPriceAdjustments.jobId}
      join ${bookings} on ${bookings.id} = ${bookingJobs.bookingId}
      join ${services} on ${services.id} = ${bookings.serviceId}
      where ${jobPriceAdjustments.invoicePeriodId} = ${ids}) as lines
    group by period_id, kind`);
  const rows = (result as unknown as { rows: { period_id: number; kind: InvoiceWorkKind; amount: string }[] }).rows;
  for (const row of rows) {
    const periodId = Number(row.period_id);
    charges.set(periodId, [...(charges.get(periodId) ?? []), { kind: row.kind, amount: row.amount }]);
  }
  return charges;
}

/** The lines that go on one invoice of the period, and what they total. */
export function invoiceOf(data: InvoicePeriodData, type: InvoiceType): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const lines = data.lines.filter((line) => isOnInvoice(line.kind, type));
  return { lines, totals: invoiceTotals(lines, data.charges) };
}
