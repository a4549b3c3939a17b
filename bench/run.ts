// `npm run bench`: startup, company-list latency (PGlite, and PostgreSQL when a URL is given) and
// the web app's initial download. Prints a table and writes results/latest.json.
// Optional arguments pick benches: `npm run bench -- startup bundle` (startup, companies, bundle, engine, increase, places, settings, bookings,
// load, lighthouse, firstrow, priceupdate, priceediting, invoicing, driverpay, setcalls, customer, paygrid).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBookings } from './bookings-list.ts';
import { withScratchDatabase } from './bench-app.ts';
import { startBuiltApp } from './built-app.ts';
import { benchCompanyList } from './company-list.ts';
import { benchCustomerApi } from './customer-api.ts';
import { benchFirstRow } from './first-row.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchDriverPay } from './driver-pay.ts';
import { benchInvoicing } from './invoicing.ts';
import { benchLoad } from './load.ts';
import { benchPayGrid } from './pay-grid.ts';
import { benchPriceEditing } from './price-editing.ts';
import { benchPriceIncrease } from './price-increase.ts';
import { benchPriceUpdate } from './price-update.ts';
import { benchPlaceSearch } from './places-search.ts';
import { benchSetCallRun } from './set-call-run.ts';
import { benchSettingsPut } from './settings-put.ts';
import { benchStartup } from './startup.ts';
import { benchTariffEngine } from './tariff-engine.ts';
import { failedRun, lastLines, ms, run, type BenchResult } from './support.ts';
import { benchWebBundle } from './web-bundle.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const selected = new Set(process.argv.slice(2));
const wanted = (name: string) => selected.size === 0 || selected.has(name);
const results: BenchResult[] = [];
const started = performance.now();
const progress = (text: string) => console.error(`[bench ${ms(performance.now() - started)}] ${text}`);

if (wanted('startup') || wanted('bundle')) {
  progress('building the web app');
  const build = await run('npm', ['run', 'build', '-w', '@courier/web'], { cwd: root });
  results.push({
    bench: 'web build',
    case: 'npm run build -w @courier/web',
    summary: build.code === 0 ? ms(build.ms) : 'failed',
    metrics: { buildMs: Math.round(build.ms) },
    ok: build.code === 0,
    note: build.code === 0 ? undefined : lastLines(build.output, 10),
  });
  if (build.code === 0) {
    if (wanted('startup')) {
      progress('startup');
      results.push(...(await benchStartup(root)));
    }
    if (wanted('bundle')) results.push(...benchWebBundle(path.join(root, 'apps/web/dist')));
  }
}

if (wanted('companies')) {
  progress('company list on PGlite');
  results.push(...(await benchCompanyList({ label: 'PGlite' })));
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    progress('company list on PostgreSQL');
    try {
      results.push(
        ...(await withScratchDatabase(serverUrl, (databaseUrl) =>
          benchCompanyList({ label: 'PostgreSQL', databaseUrl }),
        )),
      );
    } catch (error) {
      results.push({
        bench: 'company list, PostgreSQL',
        case: 'scratch database',
        summary: 'failed',
        metrics: {},
        ok: false,
        note: error instanceof Error ? error.message : String(error),
      });
    }
  } else {
    progress('company list on PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it');
  }
}

if (wanted('engine')) {
  progress('tariff engine');
  results.push(...benchTariffEngine());
}

for (const [name, label, bench] of [
  ['increase', 'price increase', benchPriceIncrease],
  ['places', 'place search', benchPlaceSearch],
  ['settings', 'settings PUT', benchSettingsPut],
  ['invoicing', 'invoicing', benchInvoicing],
  ['driverpay', 'driver pay', benchDriverPay],
  ['setcalls', 'set-call run', benchSetCallRun],
] as const) {
  if (!wanted(name)) continue;
  progress(`${label} on PGlite`);
  results.push(...(await bench({ label: 'PGlite' })));
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    progress(`${label} on PostgreSQL`);
    results.push(
      ...(await withScratchDatabase(serverUrl, (databaseUrl) => bench({ label: 'PostgreSQL', databaseUrl }))),
    );
  }
}

if (wanted('bookings')) {
  // PostgreSQL only: the scale data is generated there (BENCH_SCALE=1 for 500,000 bookings, several minutes).
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    progress('bookings on PostgreSQL');
    results.push(...(await benchBookings(serverUrl)));
  } else {
    progress('bookings skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include them');
  }
}

if (wanted('customer')) {
  // PostgreSQL only, on its own booking scale data (a scratch database).
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    progress('customer API on PostgreSQL');
    results.push(...(await benchCustomerApi(serverUrl)));
  } else {
    progress('customer API skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it');
  }
}

if (wanted('priceupdate')) {
  // PostgreSQL only, on the booking scale data.
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    progress('price update on PostgreSQL');
    results.push(...(await benchPriceUpdate(serverUrl)));
  } else {
    progress('price update skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it');
  }
}

if (wanted('load')) {
  // PostgreSQL only, like production under load; the server runs in its own process.
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    progress('mixed read load on PostgreSQL');
    results.push(...(await benchLoad(serverUrl)));
  } else {
    progress('load skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it');
  }
}

if (wanted('lighthouse') || wanted('firstrow') || wanted('priceediting')) {
  // The built app as `npm start` serves it (start.mjs rebuilds the web app when its sources are newer).
  progress('starting the built app for the browser benches');
  try {
    const app = await startBuiltApp(root);
    try {
      if (wanted('firstrow')) results.push(...(await benchFirstRow(app, progress)));
      if (wanted('lighthouse')) results.push(...(await benchLighthouse(app, progress)));
      if (wanted('priceediting')) results.push(...(await benchPriceEditing(app, progress)));
    } finally {
      await app.stop();
    }
  } catch (error) {
    results.push(failedRun('browser benches', error));
  }
}

// The built app on its own data folder: the demo data and a pay week of 300 drivers.
if (wanted('paygrid')) results.push(...(await benchPayGrid(root, progress)));

function printTable(rows: BenchResult[]): void {
  const header = ['benchmark', 'case', 'result', 'note'];
  const cells = rows.map((r) => [
    r.bench,
    r.case,
    r.ok ? r.summary : `FAILED ${r.summary === 'failed' ? '' : r.summary}`.trim(),
    (r.note ?? '').split('\n')[0] ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const row of cells) console.log(line(row));
  for (const r of rows.filter((row) => !row.ok && row.note?.includes('\n')))
    console.log(`\n${r.bench} / ${r.case}:\n${r.note}`);
}

printTable(results);
const totalMs = performance.now() - started;
console.log(
  `\n${results.filter((r) => r.ok).length}/${results.length} ok in ${ms(totalMs)} (node ${process.version}, ${cpus().length} CPUs)`,
);
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
writeFileSync(
  path.join(benchDir, 'results/latest.json'),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, totalMs: Math.round(totalMs), results }, null, 2)}\n`,
);
console.log('Written to bench/results/latest.json');
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
