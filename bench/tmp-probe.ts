import { openDatabase } from '../apps/server/src/db/client.ts';
import { countBookings, selectBookingPage, listBookings } from '../apps/server/src/features/bookings/queries.ts';
import { bookingListQuerySchema } from '@courier/domain/bookings/schemas';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/bench_scale', dataDir: null });
await database.migrate(); await database.db.execute((await import('drizzle-orm')).sql`vacuum analyze bookings`);
const q = process.argv[2] ?? 'size=100';
const { size, skip, ...filter } = bookingListQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
async function t(name: string, f: () => Promise<unknown>) { const xs: number[] = []; for (let i = 0; i < 15; i++) { const s = performance.now(); await f(); xs.push(performance.now() - s); } xs.sort((a, b) => a - b); console.log(name, xs[7]!.toFixed(1), xs[13]!.toFixed(1)); }
await t('count', () => countBookings(database.db, filter));
await t('page', () => selectBookingPage(database.db, { filter, limit: size, offset: skip, seePrices: true }));
await t('list', () => listBookings(database.db, { filter, size, skip, seePrices: true }));
await database.close();
