import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';

// Proves the harness: Chromium starts, the app started by global-setup.ts answers through it.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Browser;

beforeAll(async () => {
  const executablePath = process.env.CHROMIUM_PATH;
  if (!executablePath) throw new Error('CHROMIUM_PATH is not set: run the browser tests with `node scripts/test-e2e.mjs`.');
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

test('the browser reaches the app and its health check', async () => {
  const baseURL = inject('baseURL');
  const context = await browser.newContext();
  const page = await context.newPage();

  const health = await page.goto(`${baseURL}/api/health`);
  expect(health?.status()).toBe(200);
  expect(await health?.json()).toEqual({ status: 'ok', database: 'pglite' });

  const home = await page.goto(`${baseURL}/`);
  expect(home?.status()).toBe(200);
  expect(home?.headers()['content-type']).toContain('text/html');
  await context.close();
});
