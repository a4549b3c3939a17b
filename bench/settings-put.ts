import { companies, companyExtendedSettings, companySettings } from '../apps/server/src/db/schema/index.ts';
import { withBenchApp } from './places-search.ts';
import { failedRun, latencyResult, measureRequests, type BenchResult } from './support.ts';

/** PUT /api/company/{id}/settings over real HTTP: one changed toggle, or a toggle and a text field, each an audited transaction. */
export async function benchSettingsPut(engine: { label: string; databaseUrl?: string }): Promise<BenchResult[]> {
  const bench = `settings PUT, ${engine.label}`;
  const results: BenchResult[] = [];
  try {
    let companyId = 0;
    await withBenchApp(
      engine,
      async (database) => {
        const [company] = await database.db
          .insert(companies)
          .values({ name: 'Bench Freight Ltd', accountCode: 'BENCH01' })
          .returning({ id: companies.id });
        companyId = company?.id ?? 0;
        await database.db.insert(companySettings).values({ companyId });
        await database.db.insert(companyExtendedSettings).values({ companyId });
      },
      async ({ address, token }) => {
        const put = async (body: object) => {
          const response = await fetch(`${address}/api/company/${companyId}/settings`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ changes: JSON.stringify(body), ...body }),
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`PUT settings answered ${response.status}`);
        };
        let flip = false;
        const toggle = await measureRequests(() => {
          flip = !flip;
          return put({ settings: { referenceRequired: flip } });
        });
        results.push(latencyResult(bench, 'one toggle (1 audit row)', toggle));
        let n = 0;
        const mixed = await measureRequests(() => {
          n += 1;
          return put({
            settings: { loyaltyDiscount: n % 2 === 0 },
            extendedSettings: { holdMessage: `Hold note ${n}` },
            company: { phone: `+353 1 555 ${String(n % 10000).padStart(4, '0')}` },
          });
        });
        results.push(latencyResult(bench, 'toggle + two text fields (3 audit rows)', mixed));
      },
    );
  } catch (error) {
    results.push(failedRun(bench, error));
  }
  return results;
}
