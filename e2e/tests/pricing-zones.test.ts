import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { zoneColour } from '@courier/domain/pricing/zones-map';
import { browserForTests, expectAccessible, signedInPage } from '../support/browser.ts';
import { accountCompany, tariffCodeId } from '../support/pricing.ts';

const browser = browserForTests();
/** A sign-in, a map and an accessibility scan: more than the default minute on a busy machine. */
const SLOW = { timeout: 120_000 };

const zonesMap = (page: Page) => page.getByRole('group', { name: 'Zones map of the tariffs listed' });

/** The zones drawn on the map: each polygon's fill colour and opacity, and its size on screen. */
async function drawnZones(page: Page) {
  return zonesMap(page)
    .locator('path.leaflet-interactive')
    .evaluateAll((paths) =>
      paths.map((path) => {
        const box = path.getBoundingClientRect();
        return {
          fill: path.getAttribute('fill'),
          fillOpacity: path.getAttribute('fill-opacity'),
          width: box.width,
          height: box.height,
        };
      }),
    );
}

describe('zones map on the tariff list', () => {
  test(
    'the domestic tariffs show their four zones, coloured by name at 50 %, fitted, with no tiles fetched',
    SLOW,
    async () => {
      const { page, context, problems } = await signedInPage(browser(), 'pricing');
      const foreign: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== new URL(page.url()).origin) foreign.push(request.url());
      });
      await page.goto(`/pricing/tariff?tariffCodeId=${await tariffCodeId('DOM')}`);
      await zonesMap(page).waitFor();
      await expect.poll(async () => (await drawnZones(page)).length).toBe(4);
      const zones = await drawnZones(page);
      expect(new Set(zones.map((zone) => zone.fill))).toEqual(
        new Set(['DUBLIN', 'IRELAND', 'NORTHERN IRELAND', 'IRISH ISLANDS'].map(zoneColour)),
      );
      expect(zones.every((zone) => zone.fillOpacity === '0.5')).toBe(true);
      // Fitted to Ireland: the island fills most of the map's height, and the map can still zoom out.
      expect(Math.max(...zones.map((zone) => zone.height))).toBeGreaterThan(150);
      const zoomOut = zonesMap(page).getByRole('button', { name: 'Zoom out' });
      expect(await zoomOut.getAttribute('class')).not.toContain('leaflet-disabled');
      // No tile URL here: the map says so in its corner instead of being a blank grey box.
      await page.getByText('Map tiles are not configured').waitFor();
      // Words for people: the service by its name, with its code.
      await page.getByRole('button', { name: 'Edit the Domestic Overnight (DOM) tariff for DUBLIN' }).waitFor();
      await expectAccessible(page);
      expect(foreign).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test('zones spanning the world are not fitted: the map opens on Dublin at its minimum zoom', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await page.goto(`/pricing/tariff?tariffCodeId=${await tariffCodeId('INT')}`);
    await zonesMap(page).waitFor();
    await expect.poll(async () => (await drawnZones(page)).length).toBe(4); // REST OF WORLD has no outline
    // Default zoom 2 held at the minimum zoom 4 (spec 1 §9): zooming out further is not possible.
    const zoomOut = zonesMap(page).getByRole('button', { name: 'Zoom out' });
    await expect.poll(() => zoomOut.getAttribute('class')).toContain('leaflet-disabled');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a drawer opened over the map covers its controls (the map never shows through)', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await page.goto(`/pricing/tariff?tariffCodeId=${await tariffCodeId('DOM')}`);
    const zoomIn = zonesMap(page).getByRole('button', { name: 'Zoom in' });
    await zoomIn.waitFor();
    const box = await zoomIn.boundingBox();
    if (!box) throw new Error('The zoom button has no box');
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const topmost = () =>
      page.evaluate(({ x, y }) => {
        const element = document.elementFromPoint(x, y);
        return {
          inMap: Boolean(element?.closest('.leaflet-container')),
          inOverlay: Boolean(element?.closest('[class*="overlay" i], [role="dialog"]')),
        };
      }, point);
    expect(await topmost()).toEqual({ inMap: true, inOverlay: false });

    await page.getByRole('button', { name: 'Add Tariff' }).click();
    await page.getByRole('dialog', { name: 'Tariff Creator' }).waitFor();
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    );
    expect(await topmost()).toEqual({ inMap: false, inOverlay: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('tariff codes and services', () => {
  test("the company Pricing tab's tariff code picker offers tariff codes only, by name", SLOW, async () => {
    const company = await accountCompany();
    const { page, context, problems } = await signedInPage(browser(), 'manager', {
      from: `/companies/${company.id}/pricing`,
    });
    await page.getByRole('button', { name: 'Add Tariff' }).click();
    const creator = page.getByRole('dialog', { name: 'Tariff Creator' });
    await creator.waitFor();
    // The label carries the required mark; the open list is labelled by it too, so the input is the first.
    await creator.getByLabel('Tariff code').first().click();
    const options = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(options).toEqual([
      'Domestic Overnight (DOM)',
      'International (INT)',
      'Two Day Economy (TW48)',
      'Purolator (PUR)',
      'Rapid Courier (RAPC)',
      'UK Mainland by 9am (UKM9)',
      'UK Mainland by 6pm (UKM6)',
      'UK Mainland Two Day (UKM2)',
    ]);
    // The charges are services a tariff prices, not codes.
    await creator.getByLabel('Service', { exact: true }).click();
    await page.getByRole('option', { name: 'Cancellation charge (CANC)' }).waitFor();
    await page.getByRole('option', { name: 'Failed collection charge (FAIC)' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
