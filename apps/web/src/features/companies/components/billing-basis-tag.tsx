import { Badge } from '@mantine/core';
import { billingBasisLabel, type BillingBasis } from '@courier/domain/companies/billing';

const colours = { ACCOUNT: 'blue.8', PAYG: 'teal.9', CARD: 'gray.7' } as const;

export function BillingBasisTag({ basis }: { basis: BillingBasis }) {
  const label = billingBasisLabel(basis);
  return (
    <Badge color={colours[label]} variant="filled" size="sm">
      {label}
    </Badge>
  );
}
