import { Anchor, Badge, Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { billingBasisLabel } from '@courier/domain/companies/billing';
import { pricerLabel } from '@courier/domain/companies/pricer';
import type { CompanyDetails } from '@courier/domain/companies/schemas';
import { usePublicConfig } from '@/api/public-config.ts';
import { DateText } from '@/ui/format.tsx';
import { LabelledValue } from '@/ui/labelled-value.tsx';

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
        <LabelledValue label="Joined">
          <DateText value={company.createdAt} />
        </LabelledValue>
        <LabelledValue label="Last booking">
          <DateText value={company.lastBooking} />
        </LabelledValue>
        <LabelledValue label="Phone">
          {company.phone ? <Anchor href={`tel:${company.phone.replace(/\s/g, '')}`}>{company.phone}</Anchor> : none}
        </LabelledValue>
        <LabelledValue label="Billing basis">{billingBasisLabel(company.billingBasis)}</LabelledValue>
        {company.billingBasis === 'account' && (
          <LabelledValue label="Account billing started">
            <DateText value={company.accountBillingStarted} />
          </LabelledValue>
        )}
        <LabelledValue label="Pricer">{company.pricer ? pricerLabel(company.pricer) : none}</LabelledValue>
        <LabelledValue label="Payment provider id">
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
        </LabelledValue>
        <LabelledValue label="Account code">{company.accountCode ?? none}</LabelledValue>
        <LabelledValue label="Accounting system code">{company.quantumAccountCode ?? none}</LabelledValue>
        <LabelledValue label="Tariff code">{company.tariffCodeLabel ?? none}</LabelledValue>
        <LabelledValue label="Active">{company.active ? 'Yes' : 'No'}</LabelledValue>
      </SimpleGrid>
    </Paper>
  );
}
