import { chromium } from 'playwright-core';
import type { BuiltApp } from './built-app.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './chromium.ts';
import { ms, type BenchResult } from './support.ts';

// Navigation start → the first table row on screen, in Chromium with the CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate), signed in as a user who signed in before (the session in
// localStorage), every run in a fresh context so nothing is cached. Median of five.

const RUNS = 5;
const CPU_SLOWDOWN = 4;
const PAGES = ['/companies/list', '/bookings/list'] as const;

/**
 * Runs before the app's own scripts: notes the first frame in which a data row (not a virtual
 * list's spacer) is laid out, and how many requests the page had started by then. Plain text, not a
 * function: tsx (esbuild keepNames) would wrap a function's inner functions in a `__name` helper
 * that the page does not have.
 */
const WATCH_FIRST_ROW = `(() => {
  const look = () => {
    if (window.firstRow) return;
    const row = document.querySelector('tbody tr:not([aria-hidden="true"])');
    if (!row || row.getBoundingClientRect().height === 0) return;
    const at = performance.now();
    const started = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= at).length;
    window.firstRow = { at, requests: started + 1 }; // + the document itself
  };
  // Each frame, as a row can become visible without a change to the tree (a container shown by style).
  const everyFrame = () => {
    look();
    if (!window.firstRow) requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
})();`;

async function oneRun(options: {
  url: string;
  session: { key: string; value: string };
}): Promise<{ firstRowMs: number; requests: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(({ key, value }) => {
      if (location.pathname !== '/api/health') localStorage.setItem(key, value);
    }, options.session);
    await context.addInitScript({ content: WATCH_FIRST_ROW });
    const page = await context.newPage();
    // A page error ends the run at once with its message, instead of waiting out the timeout.
    const pageError = new Promise<never>((_, reject) =>
      page.on('pageerror', (error) => reject(new Error(`page error on ${options.url}: ${error.message}`))),
    );
    pageError.catch(() => undefined); // read below; unhandled only if the run ends first
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(options.url, { waitUntil: 'commit' });
    await Promise.race([
      pageError,
      page.waitForFunction(() => (window as unknown as { firstRow?: unknown }).firstRow !== undefined, null, {
        timeout: 300_000, // minutes, not seconds, on a machine shared with other work
        polling: 100,
      }),
    ]);
    const firstRow = await page.evaluate(
      () => (window as unknown as { firstRow: { at: number; requests: number } }).firstRow,
    );
    return { firstRowMs: firstRow.at, requests: firstRow.requests };
  } finally {
    await browser.close();
  }
}

/** First-row time of the company list and the booking list from a cold start. */
export async function benchFirstRow(app: BuiltApp, progress: (text: string) => void): Promise<BenchResult[]> {
  const session = await app.sessionOf('accounts');
  const results: BenchResult[] = [];
  for (const path of PAGES) {
    try {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        progress(`first row ${path} run ${i + 1}/${RUNS}`);
        runs.push(await oneRun({ url: `${app.baseURL}${path}`, session }));
      }
      const firstRowMs = median(runs.map((run) => run.firstRowMs));
      const requests = median(runs.map((run) => run.requests));
      results.push({
        bench: 'first row',
        case: `${path} (CPU ${CPU_SLOWDOWN}× slower, cold cache)`,
        summary: `${ms(firstRowMs)}  (runs ${runs.map((run) => Math.round(run.firstRowMs)).join(', ')} ms)  ${requests} requests before it`,
        metrics: {
          firstRowMs: Math.round(firstRowMs),
          runs: runs.map((run) => Math.round(run.firstRowMs)).join(','),
          requestsBeforeFirstRow: requests,
        },
        ok: true,
        note: `median of ${RUNS}`,
      });
    } catch (error) {
      results.push({
        bench: 'first row',
        case: path,
        summary: 'failed',
        metrics: {},
        ok: false,
        note: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return results;
}
