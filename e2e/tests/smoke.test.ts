import { expect, test } from 'vitest';
import { baseURL, browserForTests, openPage, signIn } from '../support/browser.ts';

// Proves the harness: Chromium starts, the app started by global-setup.ts answers through it.
const browser = browserForTests();

test('the browser reaches the app and its health check', async () => {
  const context = await browser().newContext();
  const page = await context.newPage();

  const health = await page.goto(`${baseURL()}/api/health`);
  expect(health?.status()).toBe(200);
  expect(await health?.json()).toEqual({ status: 'ok', database: 'pglite' });

  const home = await page.goto(`${baseURL()}/`);
  expect(home?.status()).toBe(200);
  expect(home?.headers()['content-type']).toContain('text/html');
  await context.close();
});

test('the app and the API docs run under the Content-Security-Policy without a violation', async () => {
  const { context, page, problems } = await openPage(browser());
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });

  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, 'dispatcher');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.goto('/addresses');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();

  await page.goto('/api/docs');
  await page.locator('.swagger-ui .info').waitFor();
  await page.locator('.opblock').first().waitFor();

  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
