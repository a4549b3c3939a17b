import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { companyQuery } from '@/api/company.ts';
import { ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { TariffList } from './components/tariff-list.tsx';

/** Company Pricing tab (spec 1 §2): the tariff list for the company's account code, or 'n/a'; no pricing tabs. */
export function CompanyPricingTab({ companyId }: { companyId: number }) {
  // The company page's own query: the tab costs no extra request.
  const account = useQuery({
    ...companyQuery(companyId),
    enabled: companyId > 0,
    select: (company) => company.accountCode,
  });
  if (account.isPending) return <LoadingState text="Loading Tariffs..." />;
  if (account.isError) return <ErrorState onRetry={() => void account.refetch()} />;
  if (!account.data) return <Text>n/a</Text>;
  return <TariffList filter={{ account: account.data }} />;
}
