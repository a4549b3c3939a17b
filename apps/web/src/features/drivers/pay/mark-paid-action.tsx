import { Button } from '@mantine/core';
import { useState } from 'react';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import { isRefusal } from '@/api/client.ts';
import { useMarkPayPeriodsPaid } from '@/api/driver-pay.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { toast } from '@/ui/toast.ts';

const periodsText = (count: number) => (count === 1 ? '1 pay period' : `${count} pay periods`);

/**
 * 'Mark paid' (docs/decisions/013): the selected pending-payment periods become Paid once the money
 * has gone out, after a confirmation. Paid is final; the rows stay read-only and greyed.
 */
export function MarkPaidAction({
  week,
  ids,
  onMarked,
}: {
  week: PayWeek;
  /** The selected periods pending payment. */
  ids: readonly number[];
  onMarked: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const markPaid = useMarkPayPeriodsPaid(week);
  const confirm = () =>
    markPaid.mutate(
      { ids: [...ids] },
      {
        onSuccess: (paid) => {
          onMarked();
          toast({
            type: 'success',
            title: 'Pay periods paid',
            message: `${periodsText(paid.length)} ${paid.length === 1 ? 'is' : 'are'} now marked paid.`,
          });
        },
        onError: (failure) =>
          toast({
            type: 'error',
            title: 'Failed to mark pay periods paid',
            message: isRefusal(failure) ? failure.message : 'Something went wrong. Please try again.',
            duration: 'NORMAL',
          }),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <>
      <Button
        variant="default"
        onClick={() => setConfirming(true)}
        disabled={ids.length === 0}
        loading={markPaid.isPending}
        title="Select pending-payment rows whose pay has gone out"
      >
        {ids.length === 0 ? 'Mark paid' : `Mark ${periodsText(ids.length)} paid`}
      </Button>
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        title={`Mark ${periodsText(ids.length)} paid`}
        confirm={{ label: 'Mark paid', kind: 'CONFIRM', onClick: confirm, loading: markPaid.isPending }}
      >
        {`Has the pay of the selected ${ids.length === 1 ? 'period' : 'periods'} gone out to the ${ids.length === 1 ? 'driver' : 'drivers'}? Paid is final: it cannot be undone, and the driver pay of their jobs stays locked.`}
      </ConfirmDialog>
    </>
  );
}
