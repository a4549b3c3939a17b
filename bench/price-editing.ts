import { chromium, type Browser, type Page } from 'playwright-core';
import type { BuiltApp } from './built-app.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './chromium.ts';
import { ms, percentile, type BenchResult } from './support.ts';

// Price editing in the booking list (issue 11 'Tests and budgets'), in Chromium on the demo data:
// keystroke to the next paint in a Charge cell (budget 50 ms; also with the CPU slowed 4×, informative)
// (CDP Emulation.setCPUThrottlingRate), and the time from Save to the Price Update Confirmation with
// 200 pending changes, on a 1,000-row page. Signed in as manager@demo.ie, who edits prices by rank:
// pricing staff's own lists (the review list, a company's Bookings tab) hold a few hundred bookings
// of the demo data, the full booking list holds thousands, and the editing is the same code.

const ROLE = 'manager';
const PAGE = '/bookings/list?size=1000';
const ROWS_ASKED = 1000;
const KEYSTROKES = 30;
const KEYSTROKE_BUDGET_MS = 50;
const CPU_SLOWDOWN = 4;
/** A pause between keystrokes, as between a fast typist's keys, so each one starts on an idle page. */
const KEY_GAP_MS = 100;
/** Every key changes the value (digits, the point, Backspace) and the text stays within the 12 characters allowed. */
const KEYS = ['4', '2', '.', '5', 'Backspace', 'Backspace', 'Backspace'] as const;
const SAVE_CHANGES = 200;
const SAVE_RUNS = 3;
/** Minutes, not seconds, on a machine shared with other work. */
const TIMEOUT_MS = 300_000;

/**
 * Runs before the app's scripts: for each keydown in a price cell, its timestamp (the Event Timing
 * entry's startTime) and the time after the next paint (a task posted from the next animation frame
 * runs once that frame is painted), and the Event Timing API's keydown entries: `duration` is
 * keystroke to next paint, reported from 16 ms up (the API's lowest threshold). Plain text, not a
 * function: tsx (esbuild keepNames) would wrap a function's inner functions in a `__name` helper that
 * the page does not have.
 */
const WATCH_KEYSTROKES = `(() => {
  window.keystrokes = [];
  window.eventTimings = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'keydown')
        window.eventTimings.push({ start: entry.startTime, duration: entry.duration, interactionId: entry.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  document.addEventListener('keydown', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute('data-price-cell')) return;
    const stroke = { key: event.key, start: event.timeStamp, before: input.value, after: null, painted: null };
    window.keystrokes.push(stroke);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        stroke.painted = performance.now();
        stroke.after = input.value;
      };
      channel.port2.postMessage(null);
    });
  }, true);
})();`;

/**
 * Times a click on Save to the first frame in which the Price Update Confirmation is laid out (what
 * Playwright calls visible: its fade-in has begun), or notes another dialog (the Error dialog).
 */
const WATCH_SAVE = `(() => {
  window.saveTiming = null;
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.textContent.trim() !== 'Save' || window.saveTiming) return;
    const timing = { clicked: performance.now(), shown: null, otherDialog: null };
    window.saveTiming = timing;
    const look = () => {
      for (const dialog of document.querySelectorAll('[role="dialog"]')) {
        if (dialog.getBoundingClientRect().height === 0) continue;
        if (dialog.textContent.includes('Price Update Confirmation')) timing.shown = performance.now();
        else timing.otherDialog = dialog.textContent.slice(0, 500);
        return;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, true);
})();`;

interface KeystrokeRun {
  /** Keystroke to next paint: the Event Timing duration, or the frame measure under its threshold. */
  samples: number[];
  /** The frame measure of every keystroke, a cross-check. */
  frames: number[];
  fromEventTiming: number;
  rows: number;
  cell: string;
}

interface SaveTiming {
  clicked: number;
  shown: number | null;
  otherDialog: string | null;
}

interface Keystroke {
  key: string;
  start: number;
  before: string;
  after: string | null;
  painted: number | null;
}

/** A fresh context (nothing cached), signed in as pricing staff, on the review page with its rows drawn. */
async function openReviewPage(
  browser: Browser,
  options: { url: string; session: { key: string; value: string } },
): Promise<{ page: Page; rows: number }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(({ key, value }) => {
    if (location.pathname !== '/api/health') localStorage.setItem(key, value);
  }, options.session);
  await context.addInitScript({ content: WATCH_KEYSTROKES });
  const page = await context.newPage();
  await page.goto(options.url, { waitUntil: 'commit' });
  await page
    .getByRole('textbox', { name: /^Charge for / })
    .first()
    .waitFor({ state: 'attached', timeout: TIMEOUT_MS });
  const rowCount = await page
    .getByRole('region', { name: 'Bookings' })
    .locator('table')
    .getAttribute('aria-rowcount', { timeout: TIMEOUT_MS });
  return { page, rows: Number(rowCount) - 1 }; // less the header row
}

/** 30 keystrokes in a Charge cell in the middle of the page; each one's keystroke-to-next-paint time. */
async function keystrokeRun(
  browser: Browser,
  options: { url: string; session: { key: string; value: string }; slowdown: number },
): Promise<KeystrokeRun> {
  const { page, rows } = await openReviewPage(browser, options);
  try {
    if (options.slowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.slowdown });
    }
    // Scroll the table to its middle and take the editable Charge input nearest the middle of the view.
    await page.getByRole('region', { name: 'Bookings' }).evaluate((region) => {
      region.scrollTop = (region.scrollHeight - region.clientHeight) / 2;
    });
    const chosen = await page.waitForFunction(
      () => {
        const region = document.querySelector('[role="region"][aria-label="Bookings"]');
        if (!region) return null;
        const box = region.getBoundingClientRect();
        const middle = box.top + box.height / 2;
        let best: { cell: string; distance: number } | null = null;
        for (const input of Array.from(
          region.querySelectorAll<HTMLInputElement>('input[aria-label^="Charge for "]:not([readonly])'),
        )) {
          const rect = input.getBoundingClientRect();
          if (rect.height === 0 || rect.top < box.top || rect.bottom > box.bottom) continue;
          const distance = Math.abs(rect.top + rect.height / 2 - middle);
          if (!best || distance < best.distance) best = { cell: input.dataset.priceCell ?? '', distance };
        }
        return best?.cell ?? null;
      },
      null,
      { timeout: TIMEOUT_MS, polling: 100 },
    );
    const cell = String(await chosen.jsonValue());
    await page.locator(`[data-price-cell="${cell}"]`).focus();
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.press(KEYS[i % KEYS.length] ?? '4');
      await page.waitForFunction(
        (index) => (window as unknown as { keystrokes: Keystroke[] }).keystrokes[index]?.painted != null,
        i,
        { timeout: TIMEOUT_MS, polling: 20 },
      );
      await page.waitForTimeout(KEY_GAP_MS);
    }
    await page.waitForTimeout(1_000); // Event Timing entries arrive some frames after their paint
    const keystrokes = (await page.evaluate('window.keystrokes')) as Keystroke[];
    const eventTimings = (await page.evaluate('window.eventTimings')) as { start: number; duration: number }[];
    let fromEventTiming = 0;
    const samples = keystrokes.map((stroke, i) => {
      if (stroke.after === stroke.before)
        throw new Error(`keystroke ${i + 1} (${stroke.key}) did not change the value`);
      const entry = eventTimings.find((timing) => Math.abs(timing.start - stroke.start) < 1);
      if (entry) {
        fromEventTiming++;
        return entry.duration;
      }
      // Under the Event Timing threshold: the frame measure from the same start.
      return (stroke.painted ?? Number.NaN) - stroke.start;
    });
    const frames = keystrokes.map((stroke) => (stroke.painted ?? Number.NaN) - stroke.start);
    return { samples, frames, fromEventTiming, rows, cell };
  } finally {
    await page.context().close();
  }
}

/**
 * Types a new charge into each editable Charge input of the page, top to bottom, until `wanted`: the
 * inputs drawn now (the list is virtualised), then the table scrolled on for more. Each input gets
 * the focus as a click would give it (which selects its text), then the keys. Not by Enter from cell
 * to cell: Enter stops at a locked booking's disabled account button, which cannot take the focus;
 * and Down keeps to one column, so it reaches only each booking's first job.
 */
async function typeCharges(page: Page, wanted: number): Promise<number> {
  const region = page.getByRole('region', { name: 'Bookings' });
  const done = new Set<string>();
  for (;;) {
    const drawn = await region.evaluate((element) =>
      Array.from(element.querySelectorAll<HTMLInputElement>('input[aria-label^="Charge for "]:not([readonly])')).map(
        (input) => input.getAttribute('aria-label') ?? '',
      ),
    );
    const fresh = drawn.filter((label) => !done.has(label));
    for (const label of fresh) {
      const stored = await region.evaluate((element, name) => {
        const input = element.querySelector<HTMLInputElement>(`input[aria-label="${CSS.escape(name)}"]`);
        if (!input) return null; // scrolled out of the drawn rows since: met again on the way down
        input.focus();
        return input.value;
      }, label);
      if (stored === null) continue;
      // The stored charge plus €1: never the stored value (which would drop the change), and new each run.
      await page.keyboard.type((Math.round((Number(stored) || 0) * 100 + 100) / 100).toFixed(2));
      done.add(label);
      if (done.size === wanted) return done.size;
    }
    const atEnd = await region.evaluate((element) => {
      const before = element.scrollTop;
      element.scrollTop += element.clientHeight * 0.8;
      return element.scrollTop === before;
    });
    if (atEnd && fresh.length === 0) return done.size;
    await page.waitForTimeout(100); // the rows scrolled into view are drawn
  }
}

/** One save: new charges typed into up to 200 jobs, then Save to the Price Update Confirmation. */
async function saveRun(
  browser: Browser,
  options: { url: string; session: { key: string; value: string } },
): Promise<{ saveMs: number; changes: number; rows: number }> {
  const { page, rows } = await openReviewPage(browser, options);
  try {
    const changes = await typeCharges(page, SAVE_CHANGES);
    if (changes === 0) throw new Error('no Charge input on the page could be edited');
    const bar = page.getByRole('region', { name: 'Pending price changes' });
    await bar.getByText(`${changes} pending price changes`, { exact: true }).waitFor({ timeout: TIMEOUT_MS });
    await page.evaluate(WATCH_SAVE);
    await bar.getByRole('button', { name: 'Save', exact: true }).click();
    const refusal = page.getByText(/^(Error Updating Prices|Changed by Someone Else)$/).first();
    const refused = refusal.waitFor({ timeout: TIMEOUT_MS }).then(async (): Promise<never> => {
      throw new Error(`the save was refused: ${await refusal.innerText()}`);
    });
    refused.catch(() => undefined); // read below; unhandled only if the run ends first
    const timing = await Promise.race([
      refused,
      page
        .waitForFunction(
          () => {
            const timing = (window as unknown as { saveTiming: SaveTiming | null }).saveTiming;
            return timing && (timing.shown !== null || timing.otherDialog !== null) ? timing : null;
          },
          null,
          { timeout: TIMEOUT_MS, polling: 100 },
        )
        .then((handle) => handle.jsonValue() as Promise<SaveTiming>), // truthy once it resolves
    ]);
    const { clicked, shown, otherDialog } = timing;
    if (shown === null) throw new Error(`another dialog opened instead of the confirmation: ${otherDialog}`);
    // Every change answered: the confirmation counts the jobs the server updated.
    await page.getByText(`${changes} jobs were updated.`, { exact: true }).waitFor({ timeout: TIMEOUT_MS });
    return { saveMs: shown - clicked, changes, rows };
  } finally {
    await page.context().close();
  }
}

const rowsNote = (rows: number) =>
  rows < ROWS_ASKED
    ? `${rows} rows, not ${ROWS_ASKED.toLocaleString('en-IE')}: the demo data holds no more`
    : `${rows} rows`;

const keystrokeCase = (slowdown: number) =>
  `keystroke to next paint in a Charge cell${slowdown > 1 ? ` (CPU ${slowdown}× slower)` : ''}`;

function keystrokeResult(run: KeystrokeRun, slowdown: number): BenchResult {
  const [p50, p95] = [50, 95].map((p) => percentile(run.samples, p)) as [number, number];
  const max = Math.max(...run.samples);
  // The issue's budget is for the page as it runs (50 ms at p95); the 4× slower run shows the margin
  // on a slow machine and is reported without a budget.
  const budgeted = slowdown === 1;
  const pass = !budgeted || p95 <= KEYSTROKE_BUDGET_MS;
  return {
    bench: 'price editing',
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
      cell: run.cell,
      cpuSlowdown: slowdown,
      ...(budgeted && { budgetMs: KEYSTROKE_BUDGET_MS }),
      pass,
    },
    ok: pass,
    note:
      `${budgeted ? `budget ${KEYSTROKE_BUDGET_MS} ms (p95): ${pass ? 'PASS' : 'FAIL'}` : 'informative (no budget)'}; ${run.samples.length} keystrokes in row ` +
      `${Number(run.cell.split(':')[0]) + 1}, ${rowsNote(run.rows)}; ${run.fromEventTiming} from Event Timing ` +
      `(16 ms and up), the rest by the frame after the paint`,
  };
}

/** Keystroke to paint at full speed and 4× slower, and the save of 200 pending changes (median of 3). */
export async function benchPriceEditing(app: BuiltApp, progress: (text: string) => void): Promise<BenchResult[]> {
  const session = await app.sessionOf(ROLE);
  const url = `${app.baseURL}${PAGE}`;
  const results: BenchResult[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const slowdown of [1, CPU_SLOWDOWN]) {
      try {
        progress(`price editing: ${KEYSTROKES} keystrokes${slowdown > 1 ? `, CPU ${slowdown}× slower` : ''}`);
        results.push(keystrokeResult(await keystrokeRun(browser, { url, session, slowdown }), slowdown));
      } catch (error) {
        results.push({
          bench: 'price editing',
          case: keystrokeCase(slowdown),
          summary: 'failed',
          metrics: {},
          ok: false,
          note: error instanceof Error ? error.message : String(error),
        });
      }
    }
    try {
      const runs = [];
      for (let i = 0; i < SAVE_RUNS; i++) {
        progress(`price editing: save run ${i + 1}/${SAVE_RUNS}`);
        runs.push(await saveRun(browser, { url, session }));
      }
      const saveMs = median(runs.map((run) => run.saveMs));
      const changes = Math.min(...runs.map((run) => run.changes));
      const rows = Math.min(...runs.map((run) => run.rows));
      results.push({
        bench: 'price editing',
        case: `Save of ${changes} pending changes to the Price Update Confirmation`,
        summary: `${ms(saveMs)}  (runs ${runs.map((run) => Math.round(run.saveMs)).join(', ')} ms)`,
        metrics: {
          saveMs: Math.round(saveMs),
          runs: runs.map((run) => Math.round(run.saveMs)).join(','),
          changes,
          changesAsked: SAVE_CHANGES,
          rows,
        },
        ok: true,
        note:
          `median of ${SAVE_RUNS}; ` +
          (changes < SAVE_CHANGES
            ? `${changes} changes, not ${SAVE_CHANGES}: only ${changes} Charge inputs of the page are editable (the rest invoiced); `
            : '') +
          rowsNote(rows),
      });
    } catch (error) {
      results.push({
        bench: 'price editing',
        case: `Save of ${SAVE_CHANGES} pending changes`,
        summary: 'failed',
        metrics: {},
        ok: false,
        note: error instanceof Error ? error.message : String(error),
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}
