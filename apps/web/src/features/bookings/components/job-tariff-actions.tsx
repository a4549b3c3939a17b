import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { BookingJob } from '@courier/domain/bookings/schemas';
import { isRefusal } from '@/api/client.ts';
import { useSetTariff } from '@/api/price-review.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { toast } from '@/ui/toast.ts';

const ACTIONS = {
  CANC: { label: 'Set Cancelled', done: 'cancelled', status: 'Cancelled' },
  FAIC: { label: 'Set Failed Collection', done: 'a failed collection', status: 'Failed' },
} as const;
type Charge = keyof typeof ACTIONS;

/**
 * Set Cancelled and Set Failed Collection for an ON/OS job (spec 2 §4): after a confirmation the job
 * is priced with the CANC or FAIC tariff and re-priced from it (POST /api/pricing/review/set-tariff),
 * and the server settles it as cancelled or failed (its tracking shows who did it).
 */
export function JobTariffActions({ job }: { job: BookingJob }) {
  const [asked, setAsked] = useState<Charge | null>(null);
  const setTariff = useSetTariff();
  const confirm = () => {
    if (!asked) return;
    const action = ACTIONS[asked];
    setTariff.mutate(
      { jobId: job.id, tariff: asked },
      {
        onSuccess: () => {
          toast({ type: 'success', title: action.label, message: `${job.reference} is charged as ${action.done}.` });
          setAsked(null);
        },
        onError: (error) => {
          toast({
            type: 'error',
            title: 'Error Updating Prices',
            message: isRefusal(error) ? error.message : 'There was an error updating prices.',
            duration: 'NORMAL',
          });
          setAsked(null);
        },
      },
    );
  };
  return (
    <>
      <Group gap="xs">
        {(Object.keys(ACTIONS) as Charge[]).map((charge) => (
          <Button
            key={charge}
            size="compact-xs"
            variant="default"
            disabled={job.tariffService === charge}
            onClick={() => setAsked(charge)}
          >
            {ACTIONS[charge].label}
          </Button>
        ))}
      </Group>
      <Dialog
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={asked ? `${ACTIONS[asked].label}?` : ''}
        actions={[
          { label: 'Cancel', kind: 'DEFAULT', onClick: () => setAsked(null) },
          {
            label: asked ? ACTIONS[asked].label : 'Confirm',
            kind: 'CONFIRM',
            onClick: confirm,
            loading: setTariff.isPending,
          },
        ]}
      >
        {asked
          ? `${job.reference} will be priced with the ${asked} tariff, its charge recalculated from it, and its status set to ${ACTIONS[asked].status}.`
          : ''}
      </Dialog>
    </>
  );
}
