import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceError } from '@courier/domain/companies/references';
import { scheduleProblems } from '@courier/domain/companies/set-call-schedule';
import { setCallDetailsProblems } from '@courier/domain/companies/set-calls';
import { addressBookEntries, companyReferences, reviews, setCalls } from '../schema/index.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { demoInvoicingOf } from '../../test/demo-invoicing.ts';
import { seedDemoData } from './demo.ts';

/** The demo data of the companies area obeys the same rules the API enforces. */
describe.each(databaseKinds)('companies area demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.db, { invoicing: demoInvoicingOf(t) });
  });
  afterAll(() => t?.close());

  it('has a few hundred reviews, some approved, a few deleted, none both', async () => {
    const rows = await t.db.select().from(reviews);
    expect(rows).toHaveLength(320);
    expect(rows.some((r) => r.approved)).toBe(true);
    expect(rows.some((r) => r.deleted)).toBe(true);
    expect(rows.filter((r) => r.deleted && r.approved)).toEqual([]);
    for (const r of rows)
      for (const score of [r.speed, r.driver, r.value, Number(r.total)]) expect(score).toBeGreaterThanOrEqual(1);
  });

  it('references pass the ordered rules against each other', async () => {
    const rows = await t.db.select().from(companyReferences);
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      const others = rows
        .filter((other) => other.companyId === row.companyId)
        .map((other) => ({ id: other.id, header: other.header }));
      expect(
        referenceError(
          { id: row.id, name: row.name, header: row.header, values: row.values, limitOptions: row.values.length > 0 },
          others,
        ),
      ).toBeNull();
    }
  });

  it('set calls have their details and a valid schedule; active ones have both addresses', async () => {
    const rows = await t.db.select().from(setCalls);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const row of rows) {
      expect(
        setCallDetailsProblems({
          service: row.serviceId,
          collectionPhone: row.collectionPhone,
          deliveryPhone: row.deliveryPhone,
        }),
      ).toEqual([]);
      expect(scheduleProblems(row.schedule)).toEqual([]);
      if (row.active) expect(row.collectionPlaceId && row.deliveryPlaceId && row.schedule.length > 0).toBeTruthy();
    }
  });

  it('address book entries have non-zero coordinates; some are public', async () => {
    const rows = await t.db.select().from(addressBookEntries);
    expect(rows.every((row) => Number(row.latitude) !== 0 && Number(row.longitude) !== 0)).toBe(true);
    const [publicCount] = await t.db
      .select({ value: count() })
      .from(addressBookEntries)
      .where(isNull(addressBookEntries.companyId));
    expect(publicCount?.value).toBe(30);
  });
});
