import { Stack, Tabs } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { canAccessArea, parseRoles, type Area } from '@courier/domain/auth/roles';
import { ApiRequestError } from '@/api/client.ts';
import { useCompany } from '@/api/company.ts';
import { CompanyHeader } from '@/features/companies/components/company-header.tsx';
import { useSession } from '@/session/session-store.ts';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { NoAccessState } from '@/ui/no-access.tsx';

const CompanyUsersTab = lazy(() =>
  import('@/features/companies/users-tab.tsx').then((module) => ({ default: module.CompanyUsersTab })),
);
const CompanySettingsTab = lazy(() =>
  import('@/features/companies/settings-tab.tsx').then((module) => ({ default: module.CompanySettingsTab })),
);
const CompanyReferencesTab = lazy(() =>
  import('@/features/companies/references-tab.tsx').then((module) => ({ default: module.CompanyReferencesTab })),
);
const CompanySetCallsTab = lazy(() =>
  import('@/features/companies/set-calls-tab.tsx').then((module) => ({ default: module.CompanySetCallsTab })),
);
const CompanyAddressBookTab = lazy(() =>
  import('@/features/addresses/addresses-screen.tsx').then((module) => ({ default: module.CompanyAddressBookTab })),
);
const CompanyPricingTab = lazy(() =>
  import('@/features/pricing/company-pricing-tab.tsx').then((module) => ({ default: module.CompanyPricingTab })),
);

const route = getRouteApi('/app/companies/$companyId/{-$tab}');

/** What every company tab receives. */
export interface CompanyTabProps {
  companyId: number;
}

type TabContent = LazyExoticComponent<ComponentType<CompanyTabProps>>;

/**
 * The company tabs (spec 1 §2), composed here because each comes from its own feature area
 * (features do not import each other). Pricing, Set Calls, Invoices and Address Book show only for
 * their roles (spec 1 §6).
 */
const TABS: { value: string; label: string; area?: Area; content: TabContent }[] = [
  {
    value: 'bookings',
    label: 'Bookings',
    area: 'companyTabBookings',
    content: lazy(() => import('@/features/bookings/company-bookings-tab.tsx')),
  },
  // The company's own records: its staff, not pricing (issue 11 opens the page to pricing for two tabs).
  { value: 'users', label: 'Users', area: 'companies', content: CompanyUsersTab },
  { value: 'settings', label: 'Settings', area: 'companies', content: CompanySettingsTab },
  { value: 'references', label: 'References', area: 'companies', content: CompanyReferencesTab },
  { value: 'set-calls', label: 'Set Calls', area: 'companyTabSetCalls', content: CompanySetCallsTab },
  { value: 'address-book', label: 'Address Book', area: 'companyTabAddressBook', content: CompanyAddressBookTab },
  { value: 'pricing', label: 'Pricing', area: 'companyTabPricing', content: CompanyPricingTab },
  {
    value: 'invoices',
    label: 'Invoices',
    area: 'companyTabInvoices',
    content: lazy(() => import('@/features/invoicing/company-invoices-tab.tsx')),
  },
];

export function CompanyDetailsScreen() {
  const { companyId, tab } = route.useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const roles = parseRoles(user?.roles ?? '[]');
  const company = useCompany(companyId);
  const tabs = TABS.filter((candidate) => !candidate.area || canAccessArea(roles, candidate.area));
  // No tab in the address opens the first; a tab that does not exist, or one the role may not open,
  // says so under the tabs rather than showing another tab as if it were the one asked for.
  const current = tab === undefined ? tabs[0] : tabs.find((candidate) => candidate.value === tab);
  const refused = tab !== undefined && !current && TABS.some((candidate) => candidate.value === tab);

  if (company.isPending) return <LoadingState text="Loading Company..." />;
  if (company.isError) {
    return company.error instanceof ApiRequestError &&
      (company.error.status === 404 || company.error.status === 400) ? (
      <EmptyState title="No Company" subtitle={`There is no company with id ${companyId}.`} />
    ) : (
      <ErrorState onRetry={() => void company.refetch()} />
    );
  }

  return (
    <Stack>
      <CompanyHeader company={company.data} />
      <Tabs
        value={current?.value ?? null}
        onChange={(value) =>
          value && void navigate({ to: '/companies/$companyId/{-$tab}', params: { companyId, tab: value } })
        }
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((candidate) => (
            <Tabs.Tab key={candidate.value} value={candidate.value}>
              {candidate.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, content: Content }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Suspense fallback={<LoadingState />}>
              <Content companyId={companyId} />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
      {!current &&
        (refused ? (
          <NoAccessState />
        ) : (
          <EmptyState
            title="No such tab"
            subtitle={`A company has no tab called '${tab}'. Choose one of its tabs above.`}
          />
        ))}
    </Stack>
  );
}
