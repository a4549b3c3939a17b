// A second app server for the queue-log browser tests (e2e/tests/logging.test.ts), started with
// `node --import tsx e2e/support/queue-log-server.ts` and the server's usual environment (PORT,
// DATA_DIR, ...). Before the real server starts (apps/server/src/main.ts, imported below) it gives
// its fresh embedded database a small demo and background runs of both queues, among them a failed
// one: the running app cannot be made to fail a run on purpose, and a browser test cannot reach the
// shared server's embedded database. The status text is a real one, sent by the server's runner.
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { backgroundRuns } from '../../apps/server/src/db/schema/index.ts';
import { seedDemoData } from '../../apps/server/src/db/seed/demo.ts';
import { demoInvoicing } from '../../apps/server/src/features/invoicing/demo-invoicing.ts';
import { writeRunLog } from '../../apps/server/src/platform/background/run-log.ts';
import { SMS_RUN_KINDS, createSmsSender } from '../../apps/server/src/platform/sms.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name a fresh data directory.');

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const database = await openDatabase({ dataDir });
await database.migrate();
await seedDemoData(database.db, { companyCount: 4, invoicing: demoInvoicing(loadConfig().invoiceSupplier) });
const { db } = database;

const insertRun = async (values: typeof backgroundRuns.$inferInsert) => {
  const [run] = await db.insert(backgroundRuns).values(values).returning({ id: backgroundRuns.id });
  if (!run) throw new Error(`The ${values.kind} run was not inserted.`);
  return run.id;
};

// Admin: a completed price increase with its changes, and a pay-period run that failed on every attempt.
const increase = await insertRun({
  kind: 'price-increase',
  status: 'completed',
  params: { percentIncrease: 4 },
  state: { cursor: 2 },
  total: 2,
  done: 2,
  attempts: 1,
  createdAt: minutesAgo(90),
  startedAt: minutesAgo(90),
  finishedAt: minutesAgo(88),
});
await writeRunLog(db, increase, [
  {
    level: 'change',
    entityId: 'T-1001',
    message: 'Tariff T-1001 increased by 4 %',
    before: { price: 10 },
    after: { price: 10.4 },
  },
  {
    level: 'change',
    entityId: 'T-1002',
    message: 'Tariff T-1002 increased by 4 %',
    before: { price: 25 },
    after: { price: 26 },
  },
]);
const payPeriods = await insertRun({
  kind: 'pay-period-review',
  status: 'failed',
  params: {},
  total: 0,
  attempts: 3,
  maxAttempts: 3,
  failure: 'The database connection was lost',
  createdAt: minutesAgo(30),
  startedAt: minutesAgo(30),
  finishedAt: minutesAgo(29),
});
await writeRunLog(db, payPeriods, [
  {
    level: 'error',
    message: 'The run stopped: The database connection was lost. Work committed before this point stays done.',
  },
]);

// Dispatch: the morning's set call bookings and status texts.
const setCalls = await insertRun({
  kind: 'set-call-run',
  status: 'completed',
  params: { day: new Date().toISOString().slice(0, 10) },
  total: 3,
  done: 3,
  attempts: 1,
  scheduleName: 'set-call-bookings',
  slot: minutesAgo(120),
  createdAt: minutesAgo(120),
  startedAt: minutesAgo(120),
  finishedAt: minutesAgo(119),
});
await writeRunLog(db, setCalls, [
  { level: 'change', entityId: '12', message: 'Set call 12 booked' },
  { level: 'change', entityId: '14', message: 'Set call 14 booked' },
  { level: 'skip', entityId: '15', message: 'Set call 15 is inactive: skipped' },
]);
// A real status text, queued as POST /api/bookings/status/sms queues it: the server's runner sends it
// (into the outbox: no SMS provider) once it starts.
await createSmsSender().send(
  db,
  { to: '+353 87 555 0101', text: 'Your parcel is out for delivery.' },
  SMS_RUN_KINDS.status,
);

await database.close();
await import('../../apps/server/src/main.ts');
