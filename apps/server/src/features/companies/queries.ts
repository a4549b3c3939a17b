import { asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Company, CompanyDetails, CompanyListBody, CompanySearchResult } from '@courier/domain/companies/schemas';
import { toCompany } from '../../core/companies.ts';
import type { Db } from '../../db/client.ts';
import { liftValues, preparedQuery, type LiftedCondition } from '../../db/prepared.ts';
import { bookings, companies, tariffCodes } from '../../db/schema/index.ts';

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(searchQuery: string | undefined, exact: boolean): SQL | undefined {
  const query = searchQuery?.trim();
  if (!query) return undefined;
  if (exact) {
    return or(
      sql`lower(${companies.name}) = ${query.toLowerCase()}`,
      sql`lower(${companies.accountCode}) = ${query.toLowerCase()}`,
    );
  }
  const pattern = likePattern(query);
  return or(sql`lower(${companies.name}) like ${pattern}`, sql`lower(${companies.accountCode}) like ${pattern}`);
}

/** The list's two reads, prepared once per search shape (none, contains, exact: db/prepared.ts). */
const listQueries = {
  count: (db: Db, where: LiftedCondition) =>
    preparedQuery(db, `companies-count|${where.text}`, (name) =>
      db.select({ value: count() }).from(companies).where(where.template()).prepare(name),
    ),
  page: (db: Db, where: LiftedCondition) =>
    preparedQuery(db, `companies-page|${where.text}`, (name) =>
      db
        .select()
        .from(companies)
        .where(where.template())
        .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    ),
};

/** POST /api/company: a page of companies by name, with the total matching the search. */
export async function listCompanies(db: Db, body: CompanyListBody): Promise<{ count: number; companies: Company[] }> {
  const where = liftValues(searchCondition(body.searchQuery, body.useExactMatch));
  const [total, rows] = await Promise.all([
    listQueries.count(db, where).execute(where.values),
    listQueries.page(db, where).execute({ ...where.values, limit: body.size, offset: body.skip }),
  ]);
  return { count: total[0]?.value ?? 0, companies: rows.map(toCompany) };
}

const SEARCH_LIMIT = 20;

/** Type-ahead search: exact account code first, then names or codes starting with the text, then containing it. */
export async function searchCompanies(db: Db, query: string): Promise<CompanySearchResult> {
  const text = query.trim().toLowerCase();
  if (!text) return [];
  const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rank = sql<number>`case
    when lower(${companies.accountCode}) = ${text} then 0
    when lower(${companies.accountCode}) like ${prefix} or lower(${companies.name}) like ${prefix} then 1
    else 2 end`;
  return db
    .select({ id: companies.id, name: companies.name, accountCode: companies.accountCode })
    .from(companies)
    .where(searchCondition(text, false))
    .orderBy(rank, asc(sql`lower(${companies.name})`))
    .limit(SEARCH_LIMIT);
}

// 'Last booking' is the company's own latest booking (issue 10): the recorded date, or a later
// booking of its own (one index probe: bookings_company_created_idx).
const lastBooking = sql<Date | null>`greatest(${companies.lastBooking}, (select max(${bookings.createdAt}) from ${bookings} where ${bookings.companyId} = ${companies.id}))`;

const companyById = (db: Db) =>
  preparedQuery(db, 'company-by-id', (name) =>
    db
      .select({
        company: companies,
        lastBooking: lastBooking.mapWith(companies.lastBooking),
        tariffCodeLabel: tariffCodes.code,
      })
      .from(companies)
      .leftJoin(tariffCodes, eq(tariffCodes.id, companies.tariffCode))
      .where(eq(companies.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );

export async function findCompany(db: Db, id: number): Promise<CompanyDetails | undefined> {
  const [row] = await companyById(db).execute({ id });
  return row
    ? { ...toCompany({ ...row.company, lastBooking: row.lastBooking }), tariffCodeLabel: row.tariffCodeLabel }
    : undefined;
}
