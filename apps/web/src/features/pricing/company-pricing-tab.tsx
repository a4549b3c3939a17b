import { Text } from '@mantine/core';
import { ErrorState, LoadingState } from '../../ui/list-states.tsx';
import { useCompanyAccountCode } from './api/company-account-code.ts';
import { TariffList } from './components/tariff-list.tsx';

/** Company Pricing tab (spec 1 §2): the tariff list for the company's account code, or 'n/a'; no pricing tabs. */
export function CompanyPricingTab({ companyId }: { companyId: number }) {
  const account = useCompanyAccountCode(companyId);
  if (account.isPending) return <LoadingState text="Loading Tariffs..." />;
  if (account.isError) return <ErrorState onRetry={() => void account.refetch()} />;
  if (!account.data) return <Text>n/a</Text>;
  return <TariffList filter={{ account: account.data }} />;
}
