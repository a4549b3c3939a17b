import { asc, sql } from 'drizzle-orm';
import { pgTable, serial } from 'drizzle-orm/pg-core';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { toCents } from '@courier/domain/common/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { rowsOf } from './client.ts';
import { numberFromNumeric, numericNumber } from './columns.ts';
import { bookingJobs } from './schema/index.ts';

const probe = pgTable('numeric_probe', {
  id: serial('id').primaryKey(),
  amount: numericNumber('amount', { precision: 12, scale: 2 }),
  coordinate: numericNumber('coordinate', { precision: 9, scale: 6 }),
});

describe('numericNumber column type', () => {
  it('declares exactly the SQL type the migrations wrote', () => {
    const columns = getTableConfig(bookingJobs).columns;
    const customerCharge = columns.find((column) => column.name === 'customer_charge');
    expect(customerCharge?.getSQLType()).toBe('numeric(12, 2)');
    expect(
      getTableConfig(probe)
        .columns.find((column) => column.name === 'coordinate')
        ?.getSQLType(),
    ).toBe('numeric(9, 6)');
  });

  it('reads numeric text (and numbers) as numbers, null as null', () => {
    expect(numberFromNumeric('12.50')).toBe(12.5);
    expect(numberFromNumeric('-0.40')).toBe(-0.4);
    expect(numberFromNumeric(7)).toBe(7);
    expect(numberFromNumeric(null)).toBeNull();
    expect(numberFromNumeric(undefined)).toBeNull();
  });
});

describe.each(databaseKinds)('numericNumber through a real table on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.database.db.execute(
      sql`create table numeric_probe (id serial primary key, amount numeric(12, 2), coordinate numeric(9, 6))`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const amounts = [0.01, 0.1, 0.3, 12.34, 9999999999.99, -0.01, -12.34, -9999999999.99, 0, null];

  it('round-trips money exactly to the cent, negatives and null included', async () => {
    const db = t.database.db;
    await db.delete(probe);
    await db.insert(probe).values(amounts.map((amount) => ({ amount })));
    const rows = await db.select().from(probe).orderBy(asc(probe.id));
    expect(rows.map((row) => row.amount)).toEqual(amounts);
    // What PostgreSQL holds is the exact 2-decimal value.
    const stored = rowsOf<{ text: string | null }>(
      await db.execute(sql`select amount::text as text from numeric_probe order by id`),
    );
    expect(stored.map((row) => row.text)).toEqual([
      '0.01',
      '0.10',
      '0.30',
      '12.34',
      '9999999999.99',
      '-0.01',
      '-12.34',
      '-9999999999.99',
      '0.00',
      null,
    ]);
    // Each number read back is the one toCents maps to the stored cents.
    for (const [index, row] of rows.entries()) {
      const text = stored[index]?.text;
      if (row.amount !== null && text) expect(toCents(row.amount)).toBe(toCents(text));
    }
  });

  it('stores a float sum such as 0.1 + 0.2 as 0.30, never drifting', async () => {
    const db = t.database.db;
    await db.delete(probe);
    const [row] = await db
      .insert(probe)
      .values({ amount: 0.1 + 0.2, coordinate: 53.3498053 })
      .returning();
    expect(row?.amount).toBe(0.3);
    expect(row?.coordinate).toBe(53.349805);
  });

  it('sums in SQL and reads the sum through the same column type', async () => {
    const db = t.database.db;
    await db.delete(probe);
    await db.insert(probe).values(Array.from({ length: 10 }, () => ({ amount: 0.1 })));
    const [sum] = await db.select({ value: sql`sum(${probe.amount})`.mapWith(probe.amount) }).from(probe);
    expect(sum?.value).toBe(1);
  });

  it('refuses NaN and Infinity instead of storing numeric NaN', async () => {
    const db = t.database.db;
    await expect(db.insert(probe).values({ amount: Number.NaN })).rejects.toThrow(/finite/);
    await expect(db.insert(probe).values({ amount: Number.POSITIVE_INFINITY })).rejects.toThrow(/finite/);
  });
});
