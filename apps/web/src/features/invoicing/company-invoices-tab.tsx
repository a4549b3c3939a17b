import { Paper } from '@mantine/core';
import { useState } from 'react';
import { COMPANY_INVOICE_LIST_PAGE_SIZE } from '@courier/domain/invoicing/enums';
import { InvoiceList } from './components/invoice-list.tsx';
import { companyInvoiceListParamsOf } from './invoice-list-search.ts';

/** The company details Invoices tab (spec 1 §2): every period of the company, 100 a page. */
export default function CompanyInvoicesTab({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(0);
  return (
    <Paper withBorder p="md">
      <InvoiceList
        params={companyInvoiceListParamsOf(companyId, page)}
        page={page}
        size={COMPANY_INVOICE_LIST_PAGE_SIZE}
        onPageChange={setPage}
      />
    </Paper>
  );
}
