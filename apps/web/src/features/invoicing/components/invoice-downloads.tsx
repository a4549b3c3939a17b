import { Anchor, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { INVOICE_TYPE_LABELS, invoiceTypesFor, type InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import type { InvoicePeriodListItem } from '@courier/domain/invoicing/list-schemas';
import { isRefusal } from '@/api/client.ts';
import { fetchInvoiceCsv, fetchInvoicePdf } from '@/api/invoice-periods.ts';
import { saveFile } from '@/ui/save-file.ts';
import { toast } from '@/ui/toast.ts';

/**
 * A period's downloads (spec 1 §2): one invoice PDF and CSV, or Ground and Overnight ones when the
 * company's singleInvoice is off. An invoiced period's issued invoices open by url, labelled with
 * number and type; its CSVs stay downloadable.
 */
export function InvoiceDownloads({ period }: { period: InvoicePeriodListItem }) {
  const [busy, setBusy] = useState<string | null>(null);
  const types = invoiceTypesFor(period.companyExtSettings.singleInvoice);
  const issued = period.status === 'INVOICED' && period.invoices.length > 0;
  const prefix = (type: InvoiceType) => (type === 'single' ? '' : `${INVOICE_TYPE_LABELS[type]} `);

  async function run(key: string, work: () => Promise<void>, kind: 'pdf' | 'csv') {
    setBusy(key);
    try {
      await work();
    } catch (error) {
      if (kind === 'pdf')
        toast({
          type: 'error',
          title: 'Cannot Download Invoice',
          message: isRefusal(error) ? error.message : 'The server could not generate an invoice',
        });
      else
        toast({
          type: 'error',
          title: isRefusal(error) ? 'Cannot Download CSV' : 'Cannot Download csv',
          message: isRefusal(error) ? error.message : 'The server could not generate an CSV',
        });
    } finally {
      setBusy(null);
    }
  }

  const csvName = (type: InvoiceType) => `${period.identifier}${type === 'single' ? '' : `-${type}`}.csv`;

  return (
    <Group gap={6} wrap="wrap">
      {issued
        ? period.invoices.map((invoice) => (
            <Anchor key={invoice.number} href={invoice.url} target="_blank" rel="noopener" size="sm">
              {invoice.number} ({INVOICE_TYPE_LABELS[invoice.type]})
            </Anchor>
          ))
        : types.map((type) => (
            <Button
              key={`pdf-${type}`}
              size="compact-xs"
              variant="light"
              loading={busy === `pdf-${type}`}
              disabled={busy !== null && busy !== `pdf-${type}`}
              aria-label={`${prefix(type)}PDF of ${period.identifier}`}
              onClick={() =>
                void run(
                  `pdf-${type}`,
                  async () => {
                    const { fileName, file } = await fetchInvoicePdf(period.id, type);
                    saveFile(fileName, file);
                  },
                  'pdf',
                )
              }
            >
              {prefix(type)}PDF
            </Button>
          ))}
      {types.map((type) => (
        <Button
          key={`csv-${type}`}
          size="compact-xs"
          variant="subtle"
          loading={busy === `csv-${type}`}
          disabled={busy !== null && busy !== `csv-${type}`}
          aria-label={`${prefix(type)}CSV of ${period.identifier}`}
          onClick={() =>
            void run(
              `csv-${type}`,
              async () => saveFile(csvName(type), await fetchInvoiceCsv(period.id, type), 'text/csv'),
              'csv',
            )
          }
        >
          {prefix(type)}CSV
        </Button>
      ))}
    </Group>
  );
}
