import { openDatabase } from '../apps/server/src/db/client.ts';
import { exportBookingsCsv } from '../apps/server/src/features/bookings/export-csv.ts';
import { bookingListQuerySchema } from '@courier/domain/bookings/schemas';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/bench_scale', dataDir: null });
const q = process.argv[2]!;
const { size, skip, ...filter } = bookingListQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
const s = performance.now();
const { count, stream } = await exportBookingsCsv(database.db, { filter, seePrices: true });
console.log('count', count, (performance.now() - s).toFixed(0));
let bytes = 0, first = 0;
for await (const chunk of stream) { if (!first) first = performance.now() - s; bytes += chunk.length; }
console.log('bytes', bytes, 'first', first.toFixed(0), 'total', (performance.now() - s).toFixed(0));
await database.close();
