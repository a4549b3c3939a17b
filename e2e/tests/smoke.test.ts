import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseURL, launchBrowser } from '../support/browser.ts';

// Proves the harness: Chromium starts, the app started by global-setup.ts answers through it.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('the browser reaches the app and its health check', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();

  const health = await page.goto(`${baseURL()}/api/health`);
  expect(health?.status()).toBe(200);
  expect(await health?.json()).toEqual({ status: 'ok', database: 'pglite' });

  const home = await page.goto(`${baseURL()}/`);
  expect(home?.status()).toBe(200);
  expect(home?.headers()['content-type']).toContain('text/html');
  await context.close();
});
