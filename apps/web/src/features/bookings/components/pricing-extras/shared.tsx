// What the Pricing Extras modal's sections share: the job they are for, their frame and load errors.
import { Group, Paper, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import type { DriverPayStatus } from '@courier/domain/pricing/price-edits';
import { toast } from '@/ui/toast.ts';

/** The job the modal is for: what its calls name, and the version a pay save is made on. */
export interface PricingExtrasJob {
  id: number;
  reference: string;
  version: number;
  invoicePeriodId: number | null;
}

export const PAY_STATUS_LABELS: Record<DriverPayStatus, string> = {
  ACTIVE: 'Active',
  PENDING_PAYMENT: 'Pending payment',
  PAID: 'Paid',
};
/** A task status as dispatch sends it ('COMPLETED') in words ('Completed'). */
export const taskStatusText = (status: string) =>
  status ? `${status.charAt(0)}${status.slice(1).toLowerCase().replaceAll('_', ' ')}` : '–';

/** Spec 2 §8: a section that fails to load says so once, with its toast. */
export function useLoadErrorToast(failed: boolean, title: string, message: string) {
  useEffect(() => {
    if (failed) toast({ type: 'error', title, message, duration: 'NORMAL' });
  }, [failed, title, message]);
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
