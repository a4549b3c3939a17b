import { buildApp } from './app.ts';
import { DEMO_PRICE_INCREASE_SECRET, loadConfig, withDemoDefaults } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoDataIfEmpty } from './db/seed/demo.ts';
import { demoInvoicing } from './features/invoicing/demo-invoicing.ts';
import { createMailer } from './platform/mailer.ts';
import { createRunnerLanes } from './platform/background/runner.ts';
import { registerSchedules } from './platform/background/schedules.ts';
import { MESSAGE_RUN_KINDS } from './platform/message-runs.ts';
import { serverRunHandlers, serverSchedules } from './features/index.ts';

const config = withDemoDefaults(loadConfig());
const started = Date.now();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
if (config.demoData) await seedDemoDataIfEmpty(database.db, { invoicing: demoInvoicing(config.invoiceSupplier) });

const context = { database, config, mailer: createMailer() };
const app = await buildApp(context, { logger: true });
await app.listen({ port: config.port, host: config.host });
// Recurring background work the areas declare with defineSchedule (docs/decisions/007); the runner
// below fires each due slot once across all servers.
await registerSchedules(database.db, serverSchedules());
// Background runs (docs/decisions/003, 007): picks up queued work, and work a stopped server left.
// A runner works one run at a time, so messages (sign-in codes among them) have a runner of their
// own: behind a finalise of a thousand periods or a large report they would wait minutes (decision 014).
const runners = createRunnerLanes({
  db: database.db,
  handlers: serverRunHandlers(context),
  lanes: [MESSAGE_RUN_KINDS],
  onError: (error) => app.log.error({ err: error }, 'background run failed'),
});
for (const runner of runners) runner.start();

const url = `http://localhost:${config.port}`;
console.log(
  `\nCourier Back Office is running at ${url} (database: ${database.kind}, ready in ${Date.now() - started} ms)`,
);
console.log(`API docs: ${url}/api/docs`);
if (config.demoData) {
  console.log(
    'Demo logins (password courier-demo): superadmin@demo.ie, manager@demo.ie, accounts@demo.ie, pricing@demo.ie,',
  );
  console.log('  dispatcher@demo.ie, telephonist@demo.ie, driver@demo.ie, customer@demo.ie');
  if (config.priceIncreaseSecret === DEMO_PRICE_INCREASE_SECRET)
    console.log(`Demo authorisation code for price and carrier increases: ${DEMO_PRICE_INCREASE_SECRET}`);
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests, then closing the database.`);
  try {
    // Each runner finishes its current step and hands its run back to the queue.
    await Promise.all(runners.map((runner) => runner.stop()));
    await app.close(); // stops accepting connections and waits for in-flight requests
    await database.close();
    process.exit(0);
  } catch (error) {
    console.error('Shutdown failed:', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
