import { Group, Paper, Switch } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { INVOICE_LIST_PAGE_SIZE } from '@courier/domain/invoicing/list-schemas';
import { InvoiceList } from './components/invoice-list.tsx';
import { pendingInvoiceListParamsOf } from './invoice-list-search.ts';

const route = getRouteApi('/app/invoicing/invoices');

/**
 * Pending Invoices (spec 1 §2 'Invoice list', §9): the periods awaiting invoicing, weekly and
 * monthly companies' both shown by default; each toggle and the page live in the URL.
 */
export function InvoiceListScreen() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/invoicing/invoices' });
  const params = pendingInvoiceListParamsOf(search);

  // Turning an interval back on drops it from the URL (on is the default); any change goes to the first page.
  const toggle = (interval: 'weekly' | 'monthly', on: boolean) =>
    void navigate({
      search: (prev) => ({ ...prev, [interval]: on ? undefined : false, page: undefined }),
      replace: true,
    });

  return (
    <Paper withBorder p="md">
      <Group mb="md" gap="lg">
        <Switch
          label="Weekly"
          checked={params.weekly}
          onChange={(event) => toggle('weekly', event.currentTarget.checked)}
        />
        <Switch
          label="Monthly"
          checked={params.monthly}
          onChange={(event) => toggle('monthly', event.currentTarget.checked)}
        />
      </Group>
      <InvoiceList
        params={params}
        page={search.page ?? 0}
        size={INVOICE_LIST_PAGE_SIZE}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next || undefined }) })}
      />
    </Paper>
  );
}
