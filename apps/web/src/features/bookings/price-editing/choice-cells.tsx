import { Popover, Text } from '@mantine/core';
import { memo, useContext, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { BookingListItem } from '@courier/domain/bookings/schemas';
import type { TariffServiceCode } from '@courier/domain/bookings/enums';
import { TARIFF_CODE_SERVICES, tariffServiceName } from '@courier/domain/pricing/tariff-services';
import { isRefusal } from '@/api/client.ts';
import { useAlternativeTariff } from '@/api/price-review.ts';
import { ClickSearch } from '@/ui/click-search.tsx';
import { toast } from '@/ui/toast.ts';
import classes from './price-cell.module.css';
import { usePendingText, type PendingPriceChanges } from './pending-store.ts';
import { PriceCellNavigationContext } from './price-cell.tsx';

type Job = BookingListItem['jobs'][number];

/** Tab and Enter move on like a price input's; Escape takes the pending choice back. */
function useChoiceKeys(place: { row: number; column: number }, revert: (() => void) | null) {
  const navigation = useContext(PriceCellNavigationContext);
  return (event: KeyboardEvent<HTMLElement>) => {
    if ((event.key === 'Tab' || event.key === 'Enter') && navigation) {
      event.preventDefault();
      navigation.move(place, event.shiftKey ? 'previous' : 'next');
    } else if (event.key === 'Escape' && revert) {
      event.preventDefault();
      event.stopPropagation();
      revert();
    }
  };
}

/**
 * A job's tariff in the ON / OS list (spec 2 §3 'tariffCode'): chosen by service; the tariff is the
 * account's special one for the job's zone, else the base one (POST /pricing/review/alternative-tariff),
 * and the job is re-priced from it like a weight change. Saved with the other pending changes.
 */
export const TariffCell = memo(function TariffCell({
  store,
  booking,
  job,
  lock,
  row,
  column,
}: {
  store: PendingPriceChanges;
  booking: BookingListItem;
  job: Job;
  lock: string | null;
  row: number;
  column: number;
}) {
  const pending = usePendingText(store, job.id, 'tariffId');
  const chosen = pending === undefined ? job.tariffService : (store.cellOf(job.id, 'tariffId')?.label ?? null);
  const alternative = useAlternativeTariff();
  const revert = pending === undefined ? null : () => store.set(booking, job.id, 'tariffId', undefined);
  const onKeyDown = useChoiceKeys({ row, column }, revert);
  // The job's own service stays offered even when it is not one a job is priced with (CANC, FAIC).
  const services: string[] =
    job.tariffService && !TARIFF_CODE_SERVICES.includes(job.tariffService as TariffServiceCode)
      ? [job.tariffService, ...TARIFF_CODE_SERVICES]
      : TARIFF_CODE_SERVICES;

  const choose = (service: string) => {
    // Locked cells stay focusable (Tab and Enter pass through them) and say why instead of changing.
    if (lock) {
      toast({ type: 'error', title: 'Locked', message: lock });
      return;
    }
    if (service === job.tariffService) {
      store.set(booking, job.id, 'tariffId', undefined);
      return;
    }
    alternative.mutate(
      { jobId: job.id, tariff: service as TariffServiceCode, account: booking.company.accountCode },
      {
        onSuccess: (tariff) => store.set(booking, job.id, 'tariffId', String(tariff.id), service),
        onError: (error) =>
          toast({
            type: 'error',
            title: 'Error',
            message: isRefusal(error)
              ? error.message
              : `The ${tariffServiceName(service)} tariff for ${job.reference} could not be found. Please try again.`,
          }),
      },
    );
  };

  return (
    <select
      className={classes.input}
      style={{ textAlign: 'left' }}
      data-price-cell={`${row}:${column}`}
      data-changed={pending !== undefined || undefined}
      data-locked={lock ? true : undefined}
      aria-label={`Tariff for ${job.reference}`}
      aria-busy={alternative.isPending || undefined}
      title={lock ?? undefined}
      aria-disabled={lock !== null || undefined}
      disabled={alternative.isPending}
      value={chosen ?? ''}
      onKeyDown={onKeyDown}
      onChange={(event) => choose(event.currentTarget.value)}
    >
      {chosen === null && <option value="">No tariff</option>}
      {services.map((service) => (
        <option key={service} value={service}>
          {`${service} ${tariffServiceName(service)}`}
        </option>
      ))}
    </select>
  );
});

/**
 * The booking's account (spec 2 §3 'accountChange'): Change opens a company search; the chosen
 * company waits, marked, with the other pending changes (× takes it back). The charge stays as it
 * is: the Choose Company modal in the booking's details moves a booking and re-prices it at once.
 */
export const AccountCell = memo(function AccountCell({
  store,
  booking,
  lock,
  row,
  column,
  current,
}: {
  store: PendingPriceChanges;
  booking: BookingListItem;
  lock: string | null;
  row: number;
  column: number;
  /** The company as the list shows it (its link). */
  current: ReactNode;
}) {
  const pending = usePendingText(store, booking.id, 'companyId');
  const [opened, setOpened] = useState(false);
  const revert = pending === undefined ? null : () => store.set(booking, booking.id, 'companyId', undefined);
  const onKeyDown = useChoiceKeys({ row, column }, revert);
  const label = store.cellOf(booking.id, 'companyId')?.label;

  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
      {pending === undefined ? (
        <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current}
        </span>
      ) : (
        <span className={classes.changedText} title={`Moves to ${label ?? ''} when saved`}>
          {label}
        </span>
      )}
      <Popover opened={opened} onChange={setOpened} trapFocus withinPortal position="bottom-start" width={320}>
        <Popover.Target>
          <button
            type="button"
            className={classes.smallButton}
            data-price-cell={`${row}:${column}`}
            aria-label={
              pending === undefined
                ? `Change account for ${booking.reference}`
                : `Undo account change for ${booking.reference}`
            }
            title={lock ?? undefined}
            aria-disabled={lock !== null || undefined}
            onKeyDown={onKeyDown}
            onClick={() => {
              if (revert) revert();
              else if (lock) toast({ type: 'error', title: 'Locked', message: lock });
              else setOpened((open) => !open);
            }}
          >
            {pending === undefined ? 'Change' : '×'}
          </button>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="xs" c="dimmed" mb={4}>
            {`The account ${booking.reference} is charged to, saved with the other changes`}
          </Text>
          {opened && (
            <ClickSearch
              type="COMPANY"
              label="Select Company"
              value={null}
              onChange={(item) => {
                if (!item) return;
                setOpened(false);
                if (Number(item.id) === booking.company.id) store.set(booking, booking.id, 'companyId', undefined);
                else
                  store.set(
                    booking,
                    booking.id,
                    'companyId',
                    item.id,
                    item.detail ? `${item.detail} ${item.name}` : item.name,
                  );
              }}
            />
          )}
        </Popover.Dropdown>
      </Popover>
    </span>
  );
});
