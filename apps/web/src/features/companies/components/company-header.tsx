import { Anchor, Badge, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { billingBasisLabel } from '@courier/domain/companies/billing';
import type { CompanyDetails } from '@courier/domain/companies/schemas';
import type { ReactNode } from 'react';
import { usePublicConfig } from '@/api/public-config.ts';
import { DateText } from '@/ui/format.tsx';

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

export function CompanyHeader({ company }: { company: CompanyDetails }) {
  const config = usePublicConfig();
  const none = <span aria-label="none">–</span>;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {company.name}
        </Title>
        <Badge color={company.active ? 'teal.9' : 'red.9'} variant="filled">
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
        <Field label="Phone">
          {company.phone ? <Anchor href={`tel:${company.phone.replace(/\s/g, '')}`}>{company.phone}</Anchor> : none}
        </Field>
        <Field label="Billing basis">{billingBasisLabel(company.billingBasis)}</Field>
        {company.billingBasis === 'account' && (
          <Field label="Account billing started">
            <DateText value={company.accountBillingStarted} />
          </Field>
        )}
        <Field label="Pricer">{company.pricer ?? none}</Field>
        <Field label="Payment provider id">
          {company.stripeId ? (
            <Anchor
              href={`${config.data?.paymentProviderCustomerUrl ?? ''}${encodeURIComponent(company.stripeId)}`}
              target="_blank"
              rel="noreferrer"
            >
              {company.stripeId}
            </Anchor>
          ) : (
            none
          )}
        </Field>
        <Field label="Account code">{company.accountCode ?? none}</Field>
        <Field label="Accounting system code">{company.quantumAccountCode ?? none}</Field>
        <Field label="Tariff code">{company.tariffCodeLabel ?? none}</Field>
        <Field label="Active">{company.active ? 'Yes' : 'No'}</Field>
      </SimpleGrid>
    </Paper>
  );
}
