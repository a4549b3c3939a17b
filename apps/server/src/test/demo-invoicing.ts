import type { DemoInvoicing } from '../db/seed/invoicing.ts';
import { demoInvoicing } from '../features/invoicing/demo-invoicing.ts';
import type { TestApp } from './test-app.ts';

/**
 * The invoicing the demo data is seeded with, as the server gives it (main.ts): tests under db/seed
 * may not import a feature area (db/ sits below the areas), so they take it from here.
 */
export function demoInvoicingOf(t: Pick<TestApp, 'config'>): DemoInvoicing {
  return demoInvoicing(t.config.invoiceSupplier);
}
