import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  invoiceTotals,
  isOnInvoice,
  type InvoiceCharges,
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
  const [data] = await loadInvoicePeriodsData(db, [periodId]);
  return data!;
}

/**
 * The invoice data of several periods (loadInvoicePeriodData), in the order of `periodIds`, in four
 * reads however many there are: what the demo data issues hundreds of periods with. A period that
 * does not exist is a 404.
 */
export async function loadInvoicePeriodsData(db: DbOrTx, periodIds: readonly number[]): Promise<InvoicePeriodData[]> {
  if (periodIds.length === 0) return [];
  // One array parameter, not one per id.
  const ids = sql`any(${`{${periodIds.join(',')}}`}::int[])`;
  const heads = await db
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
    .where(sql`${invoicePeriods.id} = ${ids}`);
  const missing = periodIds.filter((id) => !heads.some((head) => head.period.id === id));
  if (missing.length > 0) throw notFound(`Invoice period ${missing.join(', ')} does not exist.`);
  const companyIds = [...new Set(heads.map((head) => head.company.id))];

  const [jobRows, adjustmentRows, contactRows] = await readTogether(db, [
    () =>
      db.execute(sql`
      select ${bookingJobs.invoicePeriodId} as period_id,
             ${workKind} as kind,
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
      where ${bookingJobs.invoicePeriodId} = ${ids}
      order by ${bookings.createdAt}, ${bookingJobs.reference}`),
    () =>
      db.execute(sql`
      select ${jobPriceAdjustments.invoicePeriodId} as period_id,
             ${workKind} as kind,
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
      where ${jobPriceAdjustments.invoicePeriodId} = ${ids}
      order by ${jobPriceAdjustments.createdAt}, ${jobPriceAdjustments.id}`),
    () =>
      db
        .select({
          companyId: billingContacts.companyId,
          name: billingContacts.name,
          email: billingContacts.email,
          groundInvoices: billingContacts.groundInvoices,
          overnightInvoices: billingContacts.overnightInvoices,
        })
        .from(billingContacts)
        .where(inArray(billingContacts.companyId, companyIds))
        .orderBy(asc(billingContacts.id)),
  ]);

  type Row = Record<string, unknown>;
  const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows; // the same shape from PGlite and node-postgres
  const linesOf = new Map<number, InvoiceLine[]>();
  const addLine = (row: Row, line: InvoiceLine) =>
    linesOf.set(Number(row.period_id), [...(linesOf.get(Number(row.period_id)) ?? []), line]);
  for (const row of rowsOf(jobRows))
    addLine(row, {
      kind: row.kind as InvoiceWorkKind,
      date: String(row.date),
      jobReference: String(row.job_reference),
      description: String(row.description ?? ''),
      customerReferences: String(row.customer_references ?? ''),
      service: String(row.service ?? ''),
      amount: String(row.amount),
      surchargeable: true,
      source: 'job',
    });
  for (const row of rowsOf(adjustmentRows))
    addLine(row, {
      kind: row.kind as InvoiceWorkKind,
      date: String(row.date),
      jobReference: String(row.job_reference),
      description: String(row.description ?? ''),
      customerReferences: '',
      service: String(row.service ?? ''),
      amount: String(row.amount),
      surchargeable: row.surchargeable === true,
      source: 'adjustment',
    });
  return periodIds.map((periodId) => {
    const head = heads.find((candidate) => candidate.period.id === periodId)!;
    const contacts = contactRows
      .filter((contact) => contact.companyId === head.company.id)
      .map(({ companyId: _companyId, ...contact }) => contact);
    return invoicePeriodData(head, contacts, linesOf.get(periodId) ?? []);
  });
}

type InvoicePeriodHead = Pick<InvoicePeriodData, 'period'> & {
  company: Pick<InvoicePeriodData['company'], 'id' | 'name' | 'accountCode' | 'billingEmail'>;
  settings: typeof companyExtendedSettings.$inferSelect | null;
};

/** A period's invoice data from its row, its company's settings, its contacts and its lines. */
function invoicePeriodData(
  head: InvoicePeriodHead,
  contacts: InvoicePeriodData['contacts'],
  lines: InvoiceLine[],
): InvoicePeriodData {
  const settings = head.settings;
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

/** The lines that go on one invoice of the period, and what they total. */
export function invoiceOf(data: InvoicePeriodData, type: InvoiceType): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const lines = data.lines.filter((line) => isOnInvoice(line.kind, type));
  return { lines, totals: invoiceTotals(lines, data.charges) };
}
