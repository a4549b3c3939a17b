import { Group, Paper, Switch, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { withoutNulCharacters } from '@courier/domain/common/input-checks';
import { COMPANY_SEARCH_MAX_LENGTH } from '@courier/domain/companies/limits';
import { DateText } from '@/ui/format.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { ListPagination, useValueOnScreen } from '@/ui/pagination.tsx';
import { useCompanyList } from '@/api/company.ts';
import { useShownAtOnce } from '@/routing/shown-at-once.ts';
import { BillingBasisTag } from './components/billing-basis-tag.tsx';
import { COMPANY_PAGE_SIZE, companyListBodyOf } from './company-list-search.ts';

const route = getRouteApi('/app/companies/list');
const SEARCH_DEBOUNCE_MS = 500;

/** Company list (spec 1 §2): search, exact toggle, paging; the filter lives in the URL. */
export function CompanyListScreen() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/companies/list' });
  const query = search.q ?? '';
  const [exact, showExact] = useShownAtOnce(search.exact ?? false);
  const page = search.page ?? 0;
  const [text, setText] = useState(query);

  // Any change of query or of the exact toggle goes back to the first page.
  const applyQuery = useDebouncedCallback((value: string) => {
    void navigate({ search: (prev) => ({ ...prev, q: value.trim() || undefined, page: undefined }), replace: true });
  }, SEARCH_DEBOUNCE_MS);

  const list = useCompanyList(companyListBodyOf(search));
  const pageOnScreen = useValueOnScreen(page, list.isPlaceholderData);
  const openCompany = (companyId: number) =>
    void navigate({ to: '/companies/$companyId/{-$tab}', params: { companyId, tab: undefined } });

  return (
    <Tabs defaultValue="companies">
      <Tabs.List>
        <Tabs.Tab value="companies">Companies</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="companies" pt="md">
        <Paper withBorder p="md">
          <Group justify="space-between" mb="md" wrap="wrap">
            <TextInput
              aria-label="Search Companies"
              placeholder="Search Companies..."
              maxLength={COMPANY_SEARCH_MAX_LENGTH}
              w={{ base: '100%', sm: 360 }}
              value={text}
              onChange={(event) => {
                const typed = withoutNulCharacters(event.currentTarget.value);
                setText(typed);
                applyQuery(typed);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  setText('');
                  applyQuery('');
                }
              }}
            />
            <Switch
              label="Show only exact matches"
              checked={exact}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                showExact(
                  checked,
                  navigate({
                    search: (prev) => ({ ...prev, exact: checked || undefined, page: undefined }),
                    replace: true,
                  }),
                );
              }}
            />
          </Group>
          {list.isPending ? (
            <LoadingState text="Loading Companies..." />
          ) : list.isError ? (
            <ErrorState onRetry={() => void list.refetch()} />
          ) : list.data.companies.length === 0 ? (
            <EmptyState title="No Companies" />
          ) : (
            <Table highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Company Name</Table.Th>
                  <Table.Th w={120}>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.companies.map((company) => (
                  <Table.Tr key={company.id} className="clickable-row" onClick={() => openCompany(company.id)}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Link
                          to="/companies/$companyId/{-$tab}"
                          params={{ companyId: company.id, tab: undefined }}
                          style={{ color: 'inherit', textDecoration: 'none' }}
                          onClick={(event) => event.stopPropagation()}
                        >
                          {company.accountCode && (
                            <Text span fw={700} mr={6}>
                              {company.accountCode}
                            </Text>
                          )}
                          <Text span>{company.name}</Text>
                        </Link>
                        {company.billingBasis !== 'stripe' && <BillingBasisTag basis={company.billingBasis} />}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <DateText value={company.createdAt} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {list.data && (
            <ListPagination
              label="companies"
              page={pageOnScreen}
              size={COMPANY_PAGE_SIZE}
              count={list.data.count}
              onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next || undefined }) })}
            />
          )}
        </Paper>
      </Tabs.Panel>
    </Tabs>
  );
}
