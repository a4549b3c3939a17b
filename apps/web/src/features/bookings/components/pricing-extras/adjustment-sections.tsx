import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatEuro } from '@courier/domain/common/money';
import type { PriceAdjustment } from '@courier/domain/pricing/price-adjustment-schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useChargeDockets, useDeletePriceAdjustment, usePriceAdjustments } from '@/api/pricing-extras.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { Money } from '@/ui/format.tsx';
import { MiniLoading } from '@/ui/list-states.tsx';
import { toast } from '@/ui/toast.ts';
import { AddPriceAdjustmentModal } from './add-price-adjustment-modal.tsx';
import { Section, useLoadErrorToast, type PricingExtrasJob } from './shared.tsx';

/** Spec 2 §2 'Related Charge Dockets': the bookings the job charges with, or that charge with it. */
export function ChargeDocketsSection({ jobId }: { jobId: number }) {
  const dockets = useChargeDockets(jobId);
  useLoadErrorToast(dockets.isError, 'Error Loading Charge Jobs', 'There was an error loading the Charge Jobs.');
  return (
    <Section title="Related Charge Dockets">
      {dockets.isPending ? (
        <MiniLoading label="Loading related charge dockets" />
      ) : dockets.isError ? (
        <Text size="sm" c="red.8">
          There was an error loading the Charge Jobs.
        </Text>
      ) : dockets.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No related charge dockets
        </Text>
      ) : (
        <Table withTableBorder fz="sm" aria-label="Related charge dockets">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Customer Charge</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dockets.data.map((docket) => (
              <Table.Tr key={docket.jobReference}>
                <Table.Td>
                  {docket.reference}{' '}
                  <Text span size="xs" c="dimmed">
                    (job {docket.jobReference})
                  </Text>
                </Table.Td>
                <Table.Td>
                  {docket.customerCharge === undefined ? '–' : <Money value={docket.customerCharge} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** Spec 2 §2 'Price Adjustments': the job's adjustments, deleted after a confirmation, and Add Pricing Adjustment. */
export function PriceAdjustmentsSection({
  job,
  jobs,
  disabled,
  onInnerOpenChange,
}: {
  job: PricingExtrasJob;
  jobs: readonly { id: number; reference: string }[];
  disabled: boolean;
  onInnerOpenChange: (open: boolean) => void;
}) {
  const adjustments = usePriceAdjustments(job.id);
  const remove = useDeletePriceAdjustment();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PriceAdjustment | null>(null);
  useLoadErrorToast(
    adjustments.isError,
    'Error Loading Price Adjustments',
    'There was an error loading the Price Adjustments.',
  );
  const openAdd = (open: boolean) => {
    setAdding(open);
    onInnerOpenChange(open);
  };
  const askDelete = (adjustment: PriceAdjustment | null) => {
    setDeleting(adjustment);
    onInnerOpenChange(adjustment !== null);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () =>
        toast({
          type: 'success',
          title: 'Price Adjustment Deleted',
          message: 'The price adjustment has been deleted.',
        }),
      onError: (error) =>
        toast({
          type: 'error',
          title: 'Error Deleting Price Adjustment',
          message:
            error instanceof ApiRequestError && error.status === 400
              ? error.message
              : 'There was an error deleting the price adjustment.',
          duration: 'NORMAL',
        }),
      onSettled: () => askDelete(null),
    });
  };

  return (
    <Section
      title="Price Adjustments"
      actions={
        <Button variant="light" onClick={() => openAdd(true)} disabled={disabled}>
          Add Pricing Adjustment
        </Button>
      }
    >
      {adjustments.isPending ? (
        <MiniLoading label="Loading price adjustments" />
      ) : adjustments.isError ? (
        <Text size="sm" c="red.8">
          There was an error loading the Price Adjustments.
        </Text>
      ) : adjustments.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No price adjustments
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table withTableBorder fz="sm" aria-label={`Price adjustments of ${job.reference}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Task</Table.Th>
                <Table.Th>Cost</Table.Th>
                <Table.Th>Charge</Table.Th>
                <Table.Th>Customer Viewable</Table.Th>
                <Table.Th>Surcharge</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Delete</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {adjustments.data.map((adjustment) => (
                <Table.Tr key={adjustment.id}>
                  <Table.Td>{adjustment.typeLabel}</Table.Td>
                  <Table.Td>{adjustment.taskReference ?? '–'}</Table.Td>
                  <Table.Td>
                    <Money value={adjustment.cost} />
                  </Table.Td>
                  <Table.Td>
                    <Money value={adjustment.charge} />
                  </Table.Td>
                  <Table.Td>{adjustment.showToCustomer ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td>{adjustment.applySurcharge ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {adjustment.description || (adjustment.internalDescription ? '' : '–')}
                    {adjustment.internalDescription && (
                      <Text size="xs" c="dimmed">
                        Internal: {adjustment.internalDescription}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="default"
                      c="red.9"
                      aria-label={`Delete price adjustment ${adjustment.typeLabel}`}
                      disabled={disabled}
                      onClick={() => askDelete(adjustment)}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddPriceAdjustmentModal opened={adding} onClose={() => openAdd(false)} jobs={jobs} jobId={job.id} />
      <ConfirmDialog
        opened={deleting !== null}
        onCancel={() => askDelete(null)}
        title="Delete Price Adjustment?"
        confirm={{ label: 'Delete', kind: 'DESTRUCTIVE', onClick: confirmDelete, loading: remove.isPending }}
      >
        {deleting
          ? `The ${deleting.typeLabel} adjustment (cost ${formatEuro(deleting.cost)}, charge ${formatEuro(deleting.charge)}) will be deleted from ${job.reference}.`
          : ''}
      </ConfirmDialog>
    </Section>
  );
}
