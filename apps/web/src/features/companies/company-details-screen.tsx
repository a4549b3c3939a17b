import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { canAccessArea, parseRoles, type Area } from '@courier/domain/auth/roles';
import { billingBasisLabel } from '@courier/domain/companies/billing';
import type { Company } from '@courier/domain/companies/schemas';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../../api/client.ts';
import { usePublicConfig } from '../../api/public-config.ts';
import { useSession } from '../../session/session-store.ts';
import { DateText } from '../../ui/format.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/list-states.tsx';
import { NotAvailableYet } from '../../ui/not-available.tsx';
import { useCompany } from './api/get-company.ts';

const route = getRouteApi('/app/companies/$companyId/{-$tab}');

/** Company tabs (spec 1 §2); Pricing, Set Calls, Invoices and Address Book only for their roles (spec 1 §6). */
const TABS: { value: string; label: string; area?: Area }[] = [
  { value: 'bookings', label: 'Bookings' },
  { value: 'users', label: 'Users' },
  { value: 'settings', label: 'Settings' },
  { value: 'references', label: 'References' },
  { value: 'set-calls', label: 'Set Calls', area: 'companyTabSetCalls' },
  { value: 'address-book', label: 'Address Book', area: 'companyTabAddressBook' },
  { value: 'pricing', label: 'Pricing', area: 'companyTabPricing' },
  { value: 'invoices', label: 'Invoices', area: 'companyTabInvoices' },
];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function CompanyHeader({ company }: { company: Company }) {
  const config = usePublicConfig();
  const none = <span aria-label="none">–</span>;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {company.name}
        </Title>
        <Badge color={company.active ? 'green.9' : 'red.8'} variant="filled">
          {company.active ? 'Active' : 'Inactive'}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        <Field label="Joined">
          <DateText value={company.createdAt} />
        </Field>
        <Field label="Last booking">
          <DateText value={company.lastBooking} />
        </Field>
        <Field label="Phone">{company.phone ? <Anchor href={`tel:${company.phone.replace(/\s/g, '')}`}>{company.phone}</Anchor> : none}</Field>
        <Field label="Billing basis">{billingBasisLabel(company.billingBasis)}</Field>
        {company.billingBasis === 'account' && (
          <Field label="Account billing started">
            <DateText value={company.accountBillingStarted} />
          </Field>
        )}
        <Field label="Pricer">{company.pricer ?? none}</Field>
        <Field label="Payment provider id">
          {company.stripeId ? (
            <Anchor href={`${config.data?.paymentProviderCustomerUrl ?? ''}${encodeURIComponent(company.stripeId)}`} target="_blank" rel="noreferrer">
              {company.stripeId}
            </Anchor>
          ) : (
            none
          )}
        </Field>
        <Field label="Account code">{company.accountCode ?? none}</Field>
        <Field label="Accounting system code">{company.quantumAccountCode ?? none}</Field>
        <Field label="Tariff code">{company.tariffCode ?? none}</Field>
        <Field label="Active">{company.active ? 'Yes' : 'No'}</Field>
      </SimpleGrid>
    </Paper>
  );
}

/** Company details: header and the tab bar; each tab's content arrives with the companies issue. */
export function CompanyDetailsScreen() {
  const { companyId, tab } = route.useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const roles = parseRoles(user?.roles ?? '[]');
  const company = useCompany(companyId);
  const tabs = TABS.filter((candidate) => !candidate.area || canAccessArea(roles, candidate.area));
  const current = tabs.find((candidate) => candidate.value === tab)?.value ?? 'bookings';

  if (company.isPending) return <LoadingState text="Loading Company..." />;
  if (company.isError) {
    return company.error instanceof ApiRequestError && (company.error.status === 404 || company.error.status === 400) ? (
      <EmptyState title="No Company" subtitle={`There is no company with id ${companyId}.`} />
    ) : (
      <ErrorState onRetry={() => void company.refetch()} />
    );
  }

  return (
    <Stack>
      <CompanyHeader company={company.data} />
      <Tabs
        value={current}
        onChange={(value) => value && void navigate({ to: '/companies/$companyId/{-$tab}', params: { companyId, tab: value } })}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((candidate) => (
            <Tabs.Tab key={candidate.value} value={candidate.value}>
              {candidate.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((candidate) => (
          <Tabs.Panel key={candidate.value} value={candidate.value} pt="md">
            <NotAvailableYet screen={`The ${candidate.label} tab`} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
