import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { addDays, dublinToday, weekOf } from '@courier/domain/common/calendar-days';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { bookingTasks, payPeriods } from '../apps/server/src/db/schema/index.ts';
import { seedDemoDataIfEmpty } from '../apps/server/src/db/seed/demo.ts';
import { weekInstants } from '../apps/server/src/features/driver-pay/queries.ts';
import { demoInvoicing } from '../apps/server/src/features/invoicing/demo-invoicing.ts';
import { DEMO_PASSWORD, startServerProcess } from './built-app.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './chromium.ts';
import { seedPayDrivers } from './pay-seed.ts';
import { failedRun, ms, percentile, type BenchResult } from './support.ts';

// The Driver Pay grid in Chromium (issue 13 budgets), on a pay week of 300 drivers: the time from
// navigation start until the grid's first row takes a key (median of 3 cold loads, a fresh browser
// each), and a keystroke in a Days Worked cell to the frame that shows the row's Total and the
// footer's total with the new amount (budget 50 ms at p95; also with the CPU slowed 4×, informative).
// The built app as `npm start` runs it (scripts/start.mjs, embedded database with the demo data), its
// data folder first filled here: the demo data, then drivers with pay settings and completed tasks
// in last week until the week holds 300 drivers (the demo data has some 40). Signed in as accounts@demo.ie.

const BENCH = 'pay grid (Chromium)';
const ROLE = 'accounts';
const DRIVERS_IN_WEEK = 300;
/** Bench drivers are numbered from here (the demo's end below 500), so their rows can be told apart. */
const FIRST_BENCH_DRIVER_NUMBER = 5001;
/** As bench/driver-pay.ts: 300 drivers, 30,000 tasks. */
const TASKS_PER_DRIVER = 100;
const COLD_LOADS = 3;
const KEYSTROKES = 30;
const KEYSTROKE_BUDGET_MS = 50;
const CPU_SLOWDOWN = 4;
/** A pause between keystrokes, as between a fast typist's keys, so each one starts on an idle page. */
const KEY_GAP_MS = 100;
/**
 * Days Worked 2, 3, 4 and 5 each give another attendance bonus percent (0 and 1 share the one-day
 * percent), so every key moves the totals.
 */
const DAY_KEYS = ['2', '3', '4', '5'] as const;
/** Minutes, not seconds, on a machine shared with other work. */
const TIMEOUT_MS = 300_000;

/**
 * Runs before the app's scripts. `firstRow`: the first frame in which a driver row and a Days Worked
 * input are laid out. `keystrokes`: for each keydown in a grid input, its timestamp and the time
 * after the paint of the first frame showing the new value in the input (`valuePainted`) and new
 * amounts in both the row's Total and the footer's total (`totalsPainted`): a task posted from the
 * animation frame runs once that frame is painted. `eventTimings`: the Event Timing API's keydown
 * entries (keystroke to next paint, from 16 ms up). Plain text, not a function: tsx (esbuild
 * keepNames) would wrap a function's inner functions in a `__name` helper the page does not have.
 */
const WATCH_GRID = `(() => {
  window.keystrokes = [];
  window.eventTimings = [];
  window.firstRow = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'keydown') window.eventTimings.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const shown = (element) => element && element.getBoundingClientRect().height > 0;
  const lookForRow = () => {
    const region = document.querySelector('[role="region"][aria-label="Pay periods"]');
    const row = region && region.querySelector('tbody tr[data-driver-number]');
    const input = region && region.querySelector('input[data-pay-cell$=":daysWorked"]');
    if (!shown(row) || !shown(input)) return requestAnimationFrame(lookForRow);
    window.firstRow = { at: performance.now(), cell: input.dataset.payCell, value: input.value };
    // As a click would: the focus selects the cell's text, so the harness's key replaces it.
    if (window.focusFirstRow) input.focus();
  };
  requestAnimationFrame(lookForRow);
  const afterPaint = (done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  };
  document.addEventListener('keydown', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute('data-pay-cell')) return;
    const row = input.closest('tr');
    const rowTotal = () => (row && row.querySelector('[data-total]') ? row.querySelector('[data-total]').textContent : null);
    const footerTotal = () => {
      const cell = document.querySelector('tfoot tr[data-totals] td[data-column="total"]');
      return cell ? cell.textContent : null;
    };
    const stroke = {
      key: event.key, start: event.timeStamp, before: input.value, after: null,
      rowBefore: rowTotal(), rowAfter: null, footerBefore: footerTotal(), footerAfter: null,
      valueSeen: false, valuePainted: null, totalsPainted: null, totalsFrame: null, gaveUp: false,
    };
    window.keystrokes.push(stroke);
    let frame = 0;
    const look = () => {
      frame++;
      if (!stroke.valueSeen && input.value !== stroke.before) {
        stroke.valueSeen = true;
        stroke.after = input.value;
        afterPaint((at) => (stroke.valuePainted = at));
      }
      const rowNow = rowTotal();
      const footerNow = footerTotal();
      if (stroke.totalsFrame === null && rowNow !== stroke.rowBefore && footerNow !== stroke.footerBefore) {
        stroke.totalsFrame = frame;
        stroke.rowAfter = rowNow;
        stroke.footerAfter = footerNow;
        afterPaint((at) => (stroke.totalsPainted = at));
      }
      if (stroke.valueSeen && stroke.totalsFrame !== null) return;
      if (performance.now() - stroke.start > 5000) {
        stroke.gaveUp = true;
        stroke.after = input.value;
        stroke.rowAfter = rowNow;
        stroke.footerAfter = footerNow;
        return;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, true);
})();`;

interface Keystroke {
  key: string;
  start: number;
  before: string;
  after: string | null;
  rowBefore: string | null;
  rowAfter: string | null;
  footerBefore: string | null;
  footerAfter: string | null;
  valuePainted: number | null;
  totalsPainted: number | null;
  /** The animation frame after the keystroke (1 = the next one) in which both totals had changed. */
  totalsFrame: number | null;
  gaveUp: boolean;
}

interface FirstRow {
  at: number;
  cell: string;
  value: string;
}

type Session = { key: string; value: string };

const keystrokesOf = (page: Page) => page.evaluate('window.keystrokes') as Promise<Keystroke[]>;

/** The week's Days Worked input of one row, as the grid labels it. */
const cellSelector = (cell: string) => `[role="region"][aria-label="Pay periods"] [data-pay-cell="${cell}"]`;

/**
 * Bench drivers with pay settings and completed tasks in `week`, as many as the week needs to hold
 * DRIVERS_IN_WEEK drivers besides the demo's (set-based, as bench/driver-pay.ts seeds); answers how many.
 */
async function seedWeek(database: Database, week: PayWeek): Promise<number> {
  const { db } = database;
  const { from, to } = weekInstants(week);
  const [already] = rowsOf<{ drivers: number }>(
    await db.execute(sql`
      select count(*)::int as drivers from (
        select driver_id from ${payPeriods} where start_day = ${week.start}::date
        union
        select driver_id from ${bookingTasks}
        where driver_id is not null and completed_at >= ${from.toISOString()}::timestamptz
          and completed_at < ${to.toISOString()}::timestamptz
      ) week_drivers`),
  );
  const count = Math.max(0, DRIVERS_IN_WEEK - (already?.drivers ?? 0));
  if (count === 0) return 0;
  await seedPayDrivers(db, {
    week,
    count,
    firstNumber: FIRST_BENCH_DRIVER_NUMBER,
    tasksPerDriver: TASKS_PER_DRIVER,
    tag: 'grid',
  });
  return count;
}

/** What the app keeps in localStorage after `<role>@demo.ie` signs in on the login screen (as built-app.ts). */
async function sessionOf(baseURL: string, role: string): Promise<Session> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${role}@demo.ie`, password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in as ${role} failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const user: unknown = await (
    await fetch(`${baseURL}/api/user`, { headers: { authorization: `Bearer ${accessToken}` } })
  ).json();
  return { key: 'courier.session', value: JSON.stringify({ isLoggedIn: true, accessToken, user }) };
}

/**
 * A fresh context (nothing cached) signed in, on the pay page, once its first row is drawn; page
 * errors end the wait. `focusFirstRow`: the page focuses the first row's Days Worked in the frame it
 * is drawn, without a round trip to the harness.
 */
async function openPayPage(browser: Browser, options: { url: string; session: Session; focusFirstRow?: boolean }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(({ key, value }) => {
    if (location.pathname !== '/api/health') localStorage.setItem(key, value);
  }, options.session);
  if (options.focusFirstRow) await context.addInitScript({ content: 'window.focusFirstRow = true;' });
  await context.addInitScript({ content: WATCH_GRID });
  const page = await context.newPage();
  const pageError = new Promise<never>((_, reject) =>
    page.on('pageerror', (error) => reject(new Error(`page error: ${error.message}`))),
  );
  pageError.catch(() => undefined); // read below; unhandled only if the run ends first
  await page.goto(options.url, { waitUntil: 'commit' });
  const handle = await Promise.race([
    pageError,
    page.waitForFunction(() => (window as unknown as { firstRow: FirstRow | null }).firstRow, null, {
      timeout: TIMEOUT_MS,
      polling: 'raf',
    }),
  ]);
  const firstRow = (await handle.jsonValue()) as FirstRow;
  return { page, firstRow };
}

/** Waits until the page has measured keystroke `index` (both paints, or given up). */
async function strokeMeasured(page: Page, index: number, what: 'valuePainted' | 'totalsPainted'): Promise<Keystroke> {
  await page.waitForFunction(
    ({ index, what }) => {
      const stroke = (window as unknown as { keystrokes: Keystroke[] }).keystrokes[index];
      return stroke && (stroke[what] !== null || stroke.gaveUp);
    },
    { index, what },
    { timeout: TIMEOUT_MS, polling: 20 },
  );
  const stroke = (await keystrokesOf(page))[index];
  if (!stroke) throw new Error(`keystroke ${index + 1} was not seen by the page`);
  return stroke;
}

interface ColdLoad {
  /** Navigation start to the paint showing the key typed into the first row's Days Worked. */
  keyShownMs: number;
  firstRowMs: number;
  /** First row drawn to the keydown: the harness's reaction (CDP round trips), included in keyShownMs. */
  harnessMs: number;
  /** When the week's GET /api/pay/period had answered. */
  apiAnsweredMs: number;
  rows: number;
}

/** One cold load in a fresh browser: navigation to the first row, then a key typed into its Days Worked. */
async function coldLoad(options: { url: string; session: Session; screenshot?: string }): Promise<ColdLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const { page, firstRow } = await openPayPage(browser, { ...options, focusFirstRow: true });
    // Any digit other than the one shown: a new valid value replacing the text the focus selected.
    await page.keyboard.press(firstRow.value === '3' ? '4' : '3');
    const stroke = await strokeMeasured(page, 0, 'valuePainted');
    if (stroke.valuePainted === null || stroke.after !== stroke.key)
      throw new Error(
        `the first row's Days Worked did not take the key ${stroke.key} (${stroke.before} → ${stroke.after})`,
      );
    const apiAnsweredMs = await page.evaluate(() =>
      Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/api/pay/period?'))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
      ),
    );
    const rowCount = await page
      .getByRole('region', { name: 'Pay periods' })
      .locator('table')
      .getAttribute('aria-rowcount');
    if (options.screenshot) await page.screenshot({ path: options.screenshot });
    return {
      keyShownMs: stroke.valuePainted,
      firstRowMs: firstRow.at,
      harnessMs: stroke.start - firstRow.at,
      apiAnsweredMs,
      rows: Number(rowCount) - 2, // less the header and the footer rows
    };
  } finally {
    await browser.close();
  }
}

interface KeystrokeRun {
  /** Keystroke to the paint of new totals: the Event Timing duration, or the frame measure under its threshold. */
  samples: number[];
  /** The frame measure of every keystroke, a cross-check. */
  frames: number[];
  fromEventTiming: number;
  driverNumber: string;
  rows: number;
  footerAfter: string;
  /** The machine's one-minute load average as the keystrokes began (other work slows every frame). */
  load: number;
}

/** 30 keystrokes in the Days Worked cell of a bench driver in the middle of the grid. */
async function keystrokeRun(
  browser: Browser,
  options: { url: string; session: Session; slowdown: number; screenshot?: string },
): Promise<KeystrokeRun> {
  const { page } = await openPayPage(browser, options);
  try {
    const region = page.getByRole('region', { name: 'Pay periods' });
    const rows = Number(await region.locator('table').getAttribute('aria-rowcount')) - 2;
    if (options.slowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.slowdown });
    }
    // The page at its end, so the grid's footer is in view (at 900 px it ends below the fold), and the grid at its middle rows.
    await region.evaluate((element) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      element.scrollTop = (element.scrollHeight - element.clientHeight) / 2;
    });
    // The Days Worked input of a bench driver (pay settings, so days move the totals) nearest the middle of the view.
    const chosen = await page.waitForFunction(
      (firstBench) => {
        const scroller = document.querySelector('[role="region"][aria-label="Pay periods"]');
        if (!scroller) return null;
        const box = scroller.getBoundingClientRect();
        const middle = box.top + box.height / 2;
        let best: { cell: string; driver: string; distance: number } | null = null;
        for (const row of Array.from(scroller.querySelectorAll<HTMLElement>('tbody tr[data-driver-number]'))) {
          const input = row.querySelector<HTMLInputElement>('input[data-pay-cell$=":daysWorked"]');
          if (!input || Number(row.dataset.driverNumber) < firstBench) continue;
          const rect = input.getBoundingClientRect();
          if (rect.height === 0 || rect.top < box.top || rect.bottom > box.bottom) continue;
          const distance = Math.abs(rect.top + rect.height / 2 - middle);
          if (!best || distance < best.distance)
            best = { cell: input.dataset.payCell ?? '', driver: row.dataset.driverNumber ?? '', distance };
        }
        return best;
      },
      FIRST_BENCH_DRIVER_NUMBER,
      { timeout: TIMEOUT_MS, polling: 100 },
    );
    const { cell, driver } = (await chosen.jsonValue()) as { cell: string; driver: string };
    const load = loadavg()[0] ?? Number.NaN;
    const input = page.locator(cellSelector(cell));
    await input.focus();
    const shown = await input.inputValue();
    const first = (DAY_KEYS.indexOf(shown as (typeof DAY_KEYS)[number]) + 1) % DAY_KEYS.length;
    await page.waitForTimeout(500); // the focus settled
    for (let i = 0; i < KEYSTROKES; i++) {
      // The cell's one digit selected, as focus leaves it, so the key replaces it: a new valid value each time.
      // The page kept at its end: the bar of unsaved changes that the first key shows would cover the footer.
      await input.evaluate((element: HTMLInputElement) => {
        element.select();
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      await page.keyboard.press(DAY_KEYS[(first + i) % DAY_KEYS.length] ?? '1');
      const stroke = await strokeMeasured(page, i, 'totalsPainted');
      if (stroke.after === stroke.before || stroke.after === null)
        throw new Error(`keystroke ${i + 1} (${stroke.key}) did not change Days Worked (${stroke.before})`);
      if (stroke.gaveUp || stroke.totalsPainted === null)
        throw new Error(
          `keystroke ${i + 1} (${stroke.key}, Days Worked ${stroke.before} → ${stroke.after}): the totals did not ` +
            `change within 5 s (row ${stroke.rowBefore} → ${stroke.rowAfter}, footer ${stroke.footerBefore} → ${stroke.footerAfter})`,
        );
      await page.waitForTimeout(KEY_GAP_MS);
    }
    await page.waitForTimeout(1_000); // Event Timing entries arrive some frames after their paint
    const keystrokes = await keystrokesOf(page);
    const eventTimings = (await page.evaluate('window.eventTimings')) as { start: number; duration: number }[];
    let fromEventTiming = 0;
    const frames = keystrokes.map((stroke) => (stroke.totalsPainted ?? Number.NaN) - stroke.start);
    const samples = keystrokes.map((stroke, i) => {
      // Event Timing measures to the next paint: the keystroke's own when the totals were in that first frame.
      const entry = eventTimings.find((timing) => Math.abs(timing.start - stroke.start) < 1);
      if (entry && stroke.totalsFrame === 1) {
        fromEventTiming++;
        return entry.duration;
      }
      return frames[i] ?? Number.NaN;
    });
    if (options.screenshot) await page.screenshot({ path: options.screenshot });
    return {
      samples,
      frames,
      fromEventTiming,
      driverNumber: driver,
      rows,
      footerAfter: keystrokes.at(-1)?.footerAfter ?? '',
      load,
    };
  } finally {
    await page.context().close();
  }
}

const coldCase = `cold load of /drivers/pay (${DRIVERS_IN_WEEK} drivers): navigation → first row's Days Worked takes a key`;
const keystrokeCase = (slowdown: number) =>
  `Days Worked keystroke → row Total and footer total repainted${slowdown > 1 ? ` (CPU ${slowdown}× slower)` : ''}`;

function coldResult(runs: ColdLoad[]): BenchResult {
  const keyShownMs = median(runs.map((run) => run.keyShownMs));
  const firstRowMs = median(runs.map((run) => run.firstRowMs));
  const apiAnsweredMs = median(runs.map((run) => run.apiAnsweredMs));
  const harnessMs = median(runs.map((run) => run.harnessMs));
  const rows = Math.min(...runs.map((run) => run.rows));
  return {
    bench: BENCH,
    case: coldCase,
    summary: `${ms(keyShownMs)}  (runs ${runs.map((run) => Math.round(run.keyShownMs)).join(', ')} ms)  first row drawn ${ms(firstRowMs)}`,
    metrics: {
      keyShownMs: Math.round(keyShownMs),
      runs: runs.map((run) => Math.round(run.keyShownMs)).join(','),
      firstRowMs: Math.round(firstRowMs),
      apiAnsweredMs: Math.round(apiAnsweredMs),
      harnessMs: Math.round(harnessMs),
      rows,
    },
    ok: rows === DRIVERS_IN_WEEK,
    note:
      `median of ${COLD_LOADS}, a fresh browser each; ${rows} rows; GET /api/pay/period answered at ${ms(apiAnsweredMs)}; ` +
      `includes ${ms(harnessMs)} of harness reaction between the row drawn and the key; informative (no budget)`,
  };
}

function keystrokeResult(run: KeystrokeRun, slowdown: number): BenchResult {
  const [p50, p95] = [50, 95].map((p) => percentile(run.samples, p)) as [number, number];
  const max = Math.max(...run.samples);
  // The issue's budget is for the page as it runs (50 ms, held at p95); the 4× slower run shows the
  // margin on a slow machine and is reported without a budget.
  const budgeted = slowdown === 1;
  const pass = !budgeted || p95 <= KEYSTROKE_BUDGET_MS;
  return {
    bench: BENCH,
    case: keystrokeCase(slowdown),
    summary: `p50 ${ms(p50)}  p95 ${ms(p95)}  max ${ms(max)}`,
    metrics: {
      p50: Number(p50.toFixed(1)),
      p95: Number(p95.toFixed(1)),
      max: Number(max.toFixed(1)),
      keystrokes: run.samples.length,
      frameMeasureP50: Number(percentile(run.frames, 50).toFixed(1)),
      frameMeasureP95: Number(percentile(run.frames, 95).toFixed(1)),
      fromEventTiming: run.fromEventTiming,
      samples: run.samples.map((sample) => Math.round(sample)).join(','),
      rows: run.rows,
      driverNumber: run.driverNumber,
      loadAverage: Number(run.load.toFixed(2)),
      cpuSlowdown: slowdown,
      ...(budgeted && { budgetMs: KEYSTROKE_BUDGET_MS }),
      pass,
    },
    ok: pass && run.rows === DRIVERS_IN_WEEK,
    note:
      `${budgeted ? `budget ${KEYSTROKE_BUDGET_MS} ms (p95): ${pass ? 'PASS' : 'FAIL'}` : 'informative (no budget)'}; ` +
      `${run.samples.length} keystrokes in driver ${run.driverNumber}'s row of ${run.rows}; ${run.fromEventTiming} from ` +
      `Event Timing (16 ms and up), the rest by the frame after the paint; footer total ended at ${run.footerAfter}; ` +
      `load average ${run.load.toFixed(1)} on ${cpus().length} CPUs`,
  };
}

/**
 * Starts the built app on a data folder holding the demo data and a week of 300 drivers, then the
 * cold loads and the keystrokes at full speed and 4× slower. `BENCH_SCREENSHOTS=<folder>` keeps
 * a picture of the grid after each.
 */
export async function benchPayGrid(root: string, progress: (text: string) => void): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const week = weekOf(addDays(dublinToday(), -7));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'courier-bench-pay-grid-'));
  const screenshots = process.env.BENCH_SCREENSHOTS;
  if (screenshots) mkdirSync(screenshots, { recursive: true });
  const screenshot = (name: string) => (screenshots ? path.join(screenshots, `pay-grid-${name}.png`) : undefined);
  try {
    progress(`pay grid: demo data and a week of ${DRIVERS_IN_WEEK} drivers (${week.start})`);
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      await seedDemoDataIfEmpty(database.db, { invoicing: demoInvoicing(loadConfig().invoiceSupplier) });
      await seedWeek(database, week);
    } finally {
      await database.close();
    }
    progress('pay grid: starting the built app');
    const server = await startServerProcess(root, dataDir, { DEMO_DATA: '1', SECURE_COOKIES: '0' });
    try {
      await server.healthy();
      const session = await sessionOf(server.baseURL, ROLE);
      // The week opened once before, as staff would have: its periods made, so every load reads the same.
      const { accessToken } = JSON.parse(session.value) as { accessToken: string };
      const opened = await fetch(`${server.baseURL}/api/pay/period?start=${week.start}&end=${week.end}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (opened.status !== 200) throw new Error(`GET /api/pay/period answered ${opened.status}`);
      await opened.arrayBuffer();
      const url = `${server.baseURL}/drivers/pay?week=${week.start}`;

      try {
        const runs: ColdLoad[] = [];
        for (let i = 0; i < COLD_LOADS; i++) {
          progress(`pay grid: cold load ${i + 1}/${COLD_LOADS}`);
          runs.push(await coldLoad({ url, session, screenshot: i === 0 ? screenshot('loaded') : undefined }));
        }
        results.push(coldResult(runs));
      } catch (error) {
        results.push({ ...failedRun(BENCH, error), case: coldCase });
      }

      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
      try {
        for (const slowdown of [1, CPU_SLOWDOWN]) {
          try {
            progress(`pay grid: ${KEYSTROKES} keystrokes${slowdown > 1 ? `, CPU ${slowdown}× slower` : ''}`);
            const run = await keystrokeRun(browser, {
              url,
              session,
              slowdown,
              screenshot: slowdown === 1 ? screenshot('typed') : undefined,
            });
            results.push(keystrokeResult(run, slowdown));
          } catch (error) {
            results.push({ ...failedRun(BENCH, error), case: keystrokeCase(slowdown) });
          }
        }
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } catch (error) {
    results.push(failedRun(BENCH, error));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
