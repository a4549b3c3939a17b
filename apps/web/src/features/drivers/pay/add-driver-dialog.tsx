import { Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatDay } from '@courier/domain/common/calendar-days';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import type { PayPeriod } from '@courier/domain/driver-pay/schemas';
import { isRefusal } from '@/api/client.ts';
import { useCreatePayPeriod } from '@/api/driver-pay.ts';
import { useDriverList } from '@/api/drivers.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { toast } from '@/ui/toast.ts';

/**
 * 'Add driver to week' (spec 2 §7 'Pay', POST create): a period for a driver with none in the week,
 * such as one who completed no task but is owed pay or a deduction. Drivers with a task in the week
 * already have one (the week's load creates it).
 */
export function AddDriverDialog({
  opened,
  week,
  periods,
  onClose,
  onCreated,
}: {
  opened: boolean;
  week: PayWeek;
  periods: readonly PayPeriod[];
  onClose: () => void;
  onCreated: (period: PayPeriod) => void;
}) {
  return opened ? <AddDriverForm week={week} periods={periods} onClose={onClose} onCreated={onCreated} /> : null;
}

function AddDriverForm({
  week,
  periods,
  onClose,
  onCreated,
}: {
  week: PayWeek;
  periods: readonly PayPeriod[];
  onClose: () => void;
  onCreated: (period: PayPeriod) => void;
}) {
  // Every driver of the register, not only those online lately.
  const drivers = useDriverList(undefined);
  const create = useCreatePayPeriod(week);
  const [driverId, setDriverId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const options = useMemo(() => {
    const withPeriod = new Set(periods.map((period) => period.driver.id));
    return (drivers.data ?? [])
      .filter((driver) => !withPeriod.has(driver.id))
      .sort((a, b) => a.driverNumber - b.driverNumber)
      .map((driver) => ({
        value: String(driver.id),
        label: `${driver.driverNumber} ${driver.firstName} ${driver.lastName}`,
      }));
  }, [drivers.data, periods]);

  const add = () => {
    if (driverId === null) {
      setError('Please select a driver');
      return;
    }
    create.mutate(Number(driverId), {
      onSuccess: (period) => {
        toast({
          type: 'success',
          title: 'Pay period created',
          message: `${period.driver.firstName} ${period.driver.lastName} has a pay period for the week of ${formatDay(week.start)}.`,
        });
        onCreated(period);
      },
      onError: (failure) =>
        toast({
          type: 'error',
          title: 'Failed to create pay period',
          message: isRefusal(failure) ? failure.message : 'Something went wrong. Please try again.',
          duration: 'NORMAL',
        }),
    });
  };

  return (
    <Dialog
      opened
      onClose={onClose}
      title="Add driver to week"
      actions={[
        { label: 'Cancel', kind: 'DEFAULT', onClick: onClose },
        { label: 'Add driver', kind: 'CONFIRM', onClick: add, loading: create.isPending },
      ]}
    >
      <Stack gap="sm">
        <Text size="sm">
          {`A pay period for ${formatDay(week.start)} – ${formatDay(week.end)}, worked out from the driver's tasks of the week. Drivers who already have one are not listed.`}
        </Text>
        <Select
          label="Driver"
          placeholder={drivers.isPending ? 'Loading drivers...' : 'Search by number or name'}
          data={options}
          value={driverId}
          onChange={(value) => {
            setDriverId(value);
            setError(undefined);
          }}
          searchable
          nothingFoundMessage={drivers.isError ? 'Failed to load drivers' : 'Every driver has a pay period this week'}
          error={error ?? (drivers.isError ? 'Failed to load drivers' : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
    </Dialog>
  );
}
