import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from '../platform/mailer.ts';
import { BACKGROUND_RUN_KINDS } from '@courier/domain/background/queue-groups';
import type { RunHandlers, ServerArea } from './area.ts';
import { serverAreas, serverRunHandlers } from './index.ts';

const featuresDir = import.meta.dirname;
// Handlers keep the context for when they run; none runs here, so no database is opened.
const config = loadConfig({ WEB_DIST: '' });
const context = { config, mailer: createMailer() } as AppContext;

describe('server areas', () => {
  it('lists every area folder once, each registering itself from its area.ts', () => {
    const folders = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(serverAreas.map((area) => area.name).sort()).toEqual([...folders].sort());
    for (const folder of folders) expect(existsSync(path.join(featuresDir, folder, 'area.ts')), folder).toBe(true);
    for (const area of serverAreas) expect(area.routes.length, area.name).toBeGreaterThan(0);
  });

  it('gathers the background-run handlers of the areas (pricing runs the increases, invoicing the finalising, …)', () => {
    const handlers = serverRunHandlers(context);
    expect(Object.keys(handlers).sort()).toEqual([
      'carrier-increase',
      'driver-documents',
      'driver-exports',
      'driver-pay-report',
      'email',
      'invoice-finalise',
      'invoice-periods',
      'invoice-report',
      'new-drivers-csv',
      'pay-period-review',
      'price-increase',
      'push-message',
      'set-call-run',
      'sms',
      'status-sms',
    ]);
  });

  it('lists every kind of run in the queue groups, so the Kind filter of the queue logs can choose it', () => {
    const listed = BACKGROUND_RUN_KINDS.map((info) => info.kind);
    expect(Object.keys(serverRunHandlers(context)).filter((kind) => !listed.includes(kind))).toEqual([]);
  });

  it('refuses a run kind claimed by two areas', () => {
    const handler = {} as RunHandlers[string]; // never run here
    const a: ServerArea = { name: 'a', routes: [], runHandlers: () => ({ report: handler }) };
    const b: ServerArea = { name: 'b', routes: [], runHandlers: () => ({ report: handler }) };
    expect(() => serverRunHandlers(context, [a, b])).toThrow(/'report' is handled by two areas/);
  });
});
