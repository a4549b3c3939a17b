import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  isSettlingCharge,
  JOB_STATUS_OF_CHARGE,
  type PricedJob,
  type SetTariffBody,
} from '@courier/domain/pricing/price-review-schemas';
import type { Tariff } from '@courier/domain/pricing/schemas';
import { DEFAULT_TARIFF_ZONE } from '@courier/domain/pricing/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { bookingJobs, bookings, companies, tariffs } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { findAccountCode, toTariff } from './queries.ts';
import { updatePrices } from './update-prices.ts';
import { jobNotFound } from '../../core/bookings.ts';
import { changeJobStatus, userCause } from '../../core/job-events.ts';

/** Set Cancelled and Set Failed Collection (spec 2 §4): ON/OS jobs only. */
const CHARGE_ACTION: Record<keyof typeof JOB_STATUS_OF_CHARGE, string> = {
  CANC: 'Set Cancelled',
  FAIC: 'Set Failed Collection',
};

interface JobTariffContext {
  id: number;
  reference: string;
  version: number;
  bookingType: 'same_day' | 'other';
  service: string | null;
  zone: string | null;
}

const jobContextColumns = {
  id: bookingJobs.id,
  reference: bookingJobs.reference,
  version: bookingJobs.version,
  bookingType: bookings.type,
  service: tariffs.service,
  zone: tariffs.zone,
};

async function jobContext(tx: DbOrTx, jobId: number): Promise<JobTariffContext> {
  const [job] = await tx
    .select(jobContextColumns)
    .from(bookingJobs)
    .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
    .leftJoin(tariffs, eq(tariffs.id, bookingJobs.tariffId))
    .where(eq(bookingJobs.id, jobId))
    .limit(1);
  if (!job) throw jobNotFound(jobId);
  return job;
}

/**
 * The customer tariff a service prices a job with (spec 2 §3): the account's special tariff for the
 * service in the job's zone when the account has one, else the base tariff; undefined when neither.
 */
async function customerTariffFor(
  tx: DbOrTx,
  options: { service: string; zone: string; account: string | null },
): Promise<Tariff | undefined> {
  const [row] = await tx
    .select()
    .from(tariffs)
    .where(
      and(
        eq(tariffs.service, options.service),
        eq(tariffs.zone, options.zone),
        isNull(tariffs.carrierId),
        options.account === null
          ? isNull(tariffs.account)
          : or(isNull(tariffs.account), sql`upper(${tariffs.account}) = ${options.account.toUpperCase()}`),
      ),
    )
    // The special tariff (an account) before the base one (none).
    .orderBy(sql`${tariffs.account} is null`, desc(tariffs.id))
    .limit(1);
  return row ? toTariff(row) : undefined;
}

async function knownAccount(tx: DbOrTx, account: string | null | undefined): Promise<string | null> {
  if (account === null || account === undefined) return null;
  const found = await findAccountCode(tx, account);
  if (!found)
    throw badRequest(`No company has the account code ${account}.`, [
      { field: 'body.account', message: 'Enter the account code of a company, or leave it empty for the base tariff.' },
    ]);
  return found;
}

/**
 * The job's zone first, then the national one (IRELAND): charges such as CANC and FAIC are priced
 * nationally, so a Dublin job cancelled takes the Irish CANC tariff when Dublin has none of its own.
 */
async function tariffForJob(tx: DbOrTx, job: JobTariffContext, service: string, account: string | null) {
  const zones = [...new Set([job.zone ?? DEFAULT_TARIFF_ZONE, DEFAULT_TARIFF_ZONE])];
  for (const zone of zones) {
    const tariff = await customerTariffFor(tx, { service, zone, account });
    if (tariff) return tariff;
  }
  throw notFound(
    `No ${service} tariff prices zone ${zones.join(' or ')}${account ? ` for ${account} or as a base tariff` : ''}: add one in Tariff Codes first.`,
  );
}

/**
 * POST /api/pricing/review/alternative-tariff (spec 2 §7): the tariff the job would be priced with
 * under this service and account. Nothing changes.
 */
export async function alternativeTariff(tx: DbOrTx, body: SetTariffBody): Promise<Tariff> {
  const job = await jobContext(tx, body.jobId);
  return tariffForJob(tx, job, body.tariff, await knownAccount(tx, body.account));
}

/**
 * POST /api/pricing/review/set-tariff (spec 2 §4, §7): prices the job with the tariff of this service
 * and account and re-prices its charge from it (through PUT /api/pricing/update's rules: the invoiced
 * lock, the price history). CANC (Set Cancelled) and FAIC (Set Failed Collection) are for ON/OS jobs
 * and settle the job as cancelled or failed, a tracking event naming the user. Answers the tariff now
 * on the job.
 */
export async function setTariff(tx: DbOrTx, options: { userId: number; body: SetTariffBody }): Promise<Tariff> {
  const { body } = options;
  const job = await jobContext(tx, body.jobId);
  if (isSettlingCharge(body.tariff) && job.bookingType === 'same_day')
    throw badRequest(
      `Job ${job.reference} is a same day job: Set Cancelled and Set Failed Collection are for ON/OS jobs.`,
      [{ field: 'body.tariff', message: 'Only ON/OS jobs take the CANC and FAIC tariffs.' }],
    );
  const tariff = await tariffForJob(tx, job, body.tariff, await knownAccount(tx, body.account));
  await updatePrices(tx, {
    userId: options.userId,
    changes: [{ jobId: job.id, version: job.version, tariffId: tariff.id }],
    source: 'POST /api/pricing/review/set-tariff',
  });
  if (isSettlingCharge(body.tariff))
    await changeJobStatus(tx, {
      jobIds: [job.id],
      status: JOB_STATUS_OF_CHARGE[body.tariff],
      cause: await userCause(tx, options.userId),
      detail: `${CHARGE_ACTION[body.tariff]}: charged with the ${body.tariff} tariff`,
    });
  return tariff;
}

/**
 * PUT /api/pricing/review/change-company (spec 2 §2 'Choose Company'): moves the booking to another
 * company; with recalculatePrices each tariff-priced job takes that company's special tariff for its
 * service (else the base tariff) and is re-priced from it. Same rules and history as PUT
 * /api/pricing/update; answers the booking's jobs as they now are.
 */
export async function changeCompany(
  tx: DbOrTx,
  options: { userId: number; reference: string; companyId: number; recalculatePrices: boolean },
): Promise<PricedJob[]> {
  const [booking] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.reference, options.reference))
    .limit(1);
  if (!booking) throw notFound(`Booking ${options.reference} does not exist.`);
  const [company] = await tx
    .select({ id: companies.id, accountCode: companies.accountCode })
    .from(companies)
    .where(eq(companies.id, options.companyId))
    .limit(1);
  if (!company)
    throw badRequest(`Company ${options.companyId} does not exist.`, [
      { field: 'body.companyId', message: 'Choose a company from the list.' },
    ]);
  const jobs = await tx
    .select(jobContextColumns)
    .from(bookingJobs)
    .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
    .leftJoin(tariffs, eq(tariffs.id, bookingJobs.tariffId))
    .where(eq(bookingJobs.bookingId, booking.id))
    .orderBy(asc(bookingJobs.id));
  const changes = [];
  for (const job of jobs) {
    const change: { jobId: number; version: number; companyId: number; tariffId?: number } = {
      jobId: job.id,
      version: job.version,
      companyId: company.id,
    };
    // Same-day jobs are not priced from a tariff: they keep their charge.
    if (options.recalculatePrices && job.service !== null)
      change.tariffId = (await tariffForJob(tx, job, job.service, company.accountCode)).id;
    changes.push(change);
  }
  return updatePrices(tx, { userId: options.userId, changes, source: 'PUT /api/pricing/review/change-company' });
}
