import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { dublinToday, formatDay } from '@courier/domain/common/calendar-days';
import type { PayFormulaSettings } from '@courier/domain/driver-pay/formulas';
import { recentPayWeeks, type PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import { isEditablePayPeriod, MAX_FUEL_PERCENT, type PayPeriod } from '@courier/domain/driver-pay/schemas';
import { ApiRequestError, isRefusal } from '@/api/client.ts';
import {
  fetchPayPeriodsCsv,
  payFormulaSettingsOf,
  useFinalisePayPeriods,
  usePayWeek,
  useSavePayPeriods,
  useSendDriverDocuments,
} from '@/api/driver-pay.ts';
import { ConfirmDialog, Dialog } from '@/ui/dialog.tsx';
import { saveFile } from '@/ui/save-file.ts';
import { useShownAtOnce } from '@/routing/shown-at-once.ts';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { toast } from '@/ui/toast.ts';
import { AddDriverDialog } from './add-driver-dialog.tsx';
import { AdjustmentsPanel } from './adjustments-panel.tsx';
import { MarkPaidAction } from './mark-paid-action.tsx';
import { parseFuelPercent } from './pay-cell-values.ts';
import { PayGrid, type PayGridActions } from './pay-grid.tsx';
import { PAY_TEXTS } from './pay-labels.ts';
import { PayPendingBar } from './pay-pending-bar.tsx';
import { PayReportsMenu } from './pay-reports-menu.tsx';
import { PushMessageDialog } from './push-message-dialog.tsx';
import {
  cellProblemLines,
  FUEL_CLASS_DEFAULTS,
  payRowOf,
  refusedSaveText,
  saveBodyOf,
  shownFuelPercent,
  UNTOUCHED_FUEL,
  NO_FUEL_PROBLEMS,
  type FuelClass,
  type FuelPercents,
  type FuelProblems,
  type PayRow,
  type PayRowEdit,
} from './pay-rows.ts';
import { payWeekOfSearch } from './pay-search.ts';

const route = getRouteApi('/app/drivers/pay');

const FUEL_LABELS: Record<FuelClass, string> = { van: 'Van / car fuel', bike: 'Bike / top-box fuel' };

const weekLabel = (week: PayWeek) => `${formatDay(week.start)} – ${formatDay(week.end)}`;

/** The message of a failed call for a toast: the server's for a refusal it explained, else a generic one. */
const messageOf = (failure: unknown) =>
  isRefusal(failure) ? failure.message : 'Something went wrong. Please try again.';

function FuelInput({
  label,
  defaultPercent,
  value,
  typed,
  problem,
  onChange,
  disabled,
}: {
  label: string;
  defaultPercent: number;
  value: number;
  /** A text that holds no percent (empty, out of range): shown as typed, with `problem` at the field. */
  typed: string | undefined;
  problem: string | undefined;
  /** A readable percent, or the typed text that is not one. */
  onChange: (next: { percent: number } | { text: string; problem: string }) => void;
  disabled: boolean;
}) {
  return (
    <NumberInput
      label={label}
      w={150}
      title={`Default ${defaultPercent}%; it applies to drivers whose pay settings include fuel surcharge.`}
      value={typed ?? value}
      min={0}
      max={MAX_FUEL_PERCENT}
      step={0.5}
      suffix="%"
      disabled={disabled}
      // Out of range, below 0 or past cents is kept as typed and said at the field in the save schema's
      // words, never clamped or changed ('-5' stays -5, refused: the minus was dropped, so -5 was taken
      // as 5; 8.555 stays, refused: it was cut to 8.55).
      clampBehavior="none"
      error={problem}
      onChange={(next) => {
        const parsed = parseFuelPercent(next);
        onChange(parsed.ok ? { percent: parsed.value } : { text: String(next), problem: parsed.message });
      }}
    />
  );
}

/**
 * The Driver Pay screen (spec 2 §2 'Driver pay', issue 13): the week chosen from the past six, the
 * fuel percents, Display Zero Totals, the grid whose totals follow each keystroke through the
 * domain's computePayPeriod, Save and Discard with a leave warning, Finalise of periods in review,
 * Mark paid of periods pending payment, the CSV export, the e-mailed reports, Add driver to week and
 * a push message per driver. Accounts only (the route's roles).
 */
export function DriverPayScreen() {
  const search = route.useSearch();
  const week = payWeekOfSearch(search);
  // A new week starts from a clean page: its edits, fuel percents and selection are its own.
  return <PayWeekView key={week.start} week={week} showZeros={search.zeros === true} />;
}

interface CachedPayRow {
  edit: PayRowEdit | undefined;
  fuel: FuelPercents;
  fuelProblems: FuelProblems;
  settings: PayFormulaSettings | undefined;
  row: PayRow;
}

function PayWeekView({ week, showZeros }: { week: PayWeek; showZeros: boolean }) {
  const [zerosSwitch, showZerosAtOnce] = useShownAtOnce(showZeros);
  const navigate = useNavigate({ from: '/drivers/pay' });
  const list = usePayWeek(week);
  const periods: readonly PayPeriod[] = useMemo(() => list.data ?? [], [list.data]);
  const settings = useMemo(() => payFormulaSettingsOf(periods), [periods]);
  const save = useSavePayPeriods(week);
  const finalise = useFinalisePayPeriods(week);
  const [edits, setEdits] = useState<ReadonlyMap<number, PayRowEdit>>(new Map());
  const [fuel, setFuel] = useState<FuelPercents>(UNTOUCHED_FUEL);
  // A fuel input's text that holds no percent, and why: its drivers' totals wait and nothing is saved.
  const [fuelTyped, setFuelTyped] = useState<Partial<Record<FuelClass, string>>>({});
  const [fuelProblems, setFuelProblems] = useState<FuelProblems>(NO_FUEL_PROBLEMS);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [openPeriodId, setOpenPeriodId] = useState<number | null>(null);
  const [confirmingFinalise, setConfirmingFinalise] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [confirmingSend, setConfirmingSend] = useState(false);
  const sendDocuments = useSendDriverDocuments();
  const [mergeExtras, setMergeExtras] = useState(false);
  const [addingDriver, setAddingDriver] = useState(false);
  const [messaging, setMessaging] = useState<PayPeriod['driver'] | undefined>();

  // A row is worked out again only when its period, its edit, the fuel inputs or its settings change:
  // a keystroke recomputes one row of 300, and the others keep their objects (the grid skips drawing them).
  const [rowCache] = useState(() => new WeakMap<PayPeriod, CachedPayRow>());
  const rows = useMemo(
    () =>
      periods.map((period) => {
        const edit = edits.get(period.id);
        const driverSettings = settings.get(period.driver.id);
        const cached = rowCache.get(period);
        if (
          cached &&
          cached.edit === edit &&
          cached.fuel === fuel &&
          cached.fuelProblems === fuelProblems &&
          cached.settings === driverSettings
        )
          return cached.row;
        const row = payRowOf({ period, edit, fuel, fuelProblems, settings: driverSettings });
        rowCache.set(period, { edit, fuel, fuelProblems, settings: driverSettings, row });
        return row;
      }),
    [periods, edits, fuel, fuelProblems, settings, rowCache],
  );
  // A period being edited stays in view even when its total reaches 0.
  const shownRows = useMemo(
    () => (showZeros ? rows : rows.filter((row) => row.amounts.total !== 0 || row.changed)),
    [rows, showZeros],
  );
  const changed = rows.filter((row) => row.changed);
  const fuelProblemLines = (['van', 'bike'] as const).flatMap((fuelClass) => {
    const problem = fuelProblems[fuelClass];
    return problem ? [{ id: `pay-fuel-problem-${fuelClass}`, text: `${FUEL_LABELS[fuelClass]}: ${problem}` }] : [];
  });
  const cellProblems = [...fuelProblemLines, ...cellProblemLines(rows)];
  const selectedIds = rows
    .filter((row) => row.period.status === 'IN_REVIEW' && selected.has(row.period.id))
    .map((row) => row.period.id);
  const selectedPendingIds = rows
    .filter((row) => row.period.status === 'PENDING_PAYMENT' && selected.has(row.period.id))
    .map((row) => row.period.id);
  const hasActive = periods.some((period) => period.status === 'ACTIVE');
  const editable = periods.some((period) => isEditablePayPeriod(period.status));

  const actions = useMemo<PayGridActions>(
    () => ({
      edit: (period, patch) =>
        setEdits((current) => {
          const next = new Map(current);
          const base = current.get(period.id);
          next.set(period.id, { ...(base ?? { version: period.version }), ...patch });
          return next;
        }),
      keepTyped: (period, column, text) =>
        setEdits((current) => {
          const next = new Map(current);
          const base = current.get(period.id) ?? { version: period.version };
          const { [column]: _dropped, ...others } = base.typed ?? {};
          next.set(period.id, { ...base, typed: text === null ? others : { ...others, [column]: text } });
          return next;
        }),
      openAdjustments: setOpenPeriodId,
      toggleSelected: (periodId) =>
        setSelected((current) => {
          const next = new Set(current);
          if (!next.delete(periodId)) next.add(periodId);
          return next;
        }),
      pushMessage: setMessaging,
    }),
    [],
  );

  const discard = () => {
    setEdits(new Map());
    setFuel(UNTOUCHED_FUEL);
    setFuelTyped({});
    setFuelProblems(NO_FUEL_PROBLEMS);
  };

  /** After a 409 the week reloads: edits on periods someone else changed or locked go, and the dialog says whose. */
  const reloadAfterConflict = async (message: string) => {
    const fresh = (await list.refetch()).data ?? [];
    const byId = new Map(fresh.map((period) => [period.id, period]));
    const dropped: number[] = [];
    const kept = new Map<number, PayRowEdit>();
    for (const [id, edit] of edits) {
      const period = byId.get(id);
      if (!period) continue;
      if (isEditablePayPeriod(period.status) && period.version === edit.version) kept.set(id, edit);
      else dropped.push(period.driver.driverNumber);
    }
    setEdits(kept);
    setConflict(
      `${message}\n\nThe pay periods have been reloaded.` +
        (dropped.length > 0
          ? ` Your changes to driver${dropped.length === 1 ? '' : 's'} ${dropped.join(', ')} were not saved: someone else changed or finalised ${dropped.length === 1 ? 'that period' : 'those periods'}. Make them again if they are still needed.`
          : '') +
        ' Your other changes are still waiting to be saved.',
    );
  };

  const onSave = () => {
    // Nothing is saved while a cell shows a problem: the bar lists them and Save is off.
    if (cellProblems.length > 0) return;
    const body = saveBodyOf(rows);
    if (body.length === 0) {
      discard();
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        discard();
        toast({ type: 'success', message: PAY_TEXTS.saved });
      },
      onError: (failure) => {
        // A refusal names the driver and column in the grid's words, not the request's field paths.
        const refused =
          failure instanceof ApiRequestError ? refusedSaveText(failure.body?.details, body, rows) : undefined;
        toast({
          type: 'error',
          title: PAY_TEXTS.failedToSave,
          message: refused ?? messageOf(failure),
          duration: 'NORMAL',
        });
        if (failure instanceof ApiRequestError && failure.status === 409) void reloadAfterConflict(failure.message);
      },
    });
  };

  const startFinalise = () => {
    if (changed.length > 0) {
      toast({ type: 'warn', title: PAY_TEXTS.pendingChangesTitle, message: PAY_TEXTS.pendingChangesMessage });
      return;
    }
    setConfirmingFinalise(true);
  };
  const confirmFinalise = () =>
    finalise.mutate(
      { ids: selectedIds },
      {
        onSuccess: (finalised) => {
          setSelected((current) => new Set([...current].filter((id) => !finalised.some((period) => period.id === id))));
          toast({
            type: 'success',
            title: 'Pay periods finalised',
            message: `${finalised.length} ${finalised.length === 1 ? 'pay period is' : 'pay periods are'} now pending payment.`,
          });
        },
        onError: (failure) =>
          toast({ type: 'error', title: PAY_TEXTS.failedToFinalise, message: messageOf(failure), duration: 'NORMAL' }),
        onSettled: () => setConfirmingFinalise(false),
      },
    );

  const exportCsv = () => {
    setExporting(true);
    fetchPayPeriodsCsv(week)
      .then(({ fileName, file }) => saveFile(fileName, file))
      .catch((failure: unknown) =>
        toast({ type: 'error', title: 'Failed to export pay periods', message: messageOf(failure) }),
      )
      .finally(() => setExporting(false));
  };

  const sendProformas = () =>
    sendDocuments.mutate(
      { payPeriodIds: periods.map((period) => period.id), documentType: 'driver_proforma' },
      {
        onSuccess: (started) =>
          toast({
            type: started.failures.length > 0 ? 'warn' : 'success',
            title: 'Proformas',
            message:
              started.failures.length > 0
                ? `${started.message} Not sent: ${started.failures.map((failure) => `${failure.driver} (${failure.message})`).join('; ')}`
                : started.message,
            duration: started.failures.length > 0 ? 'LONG' : 'NORMAL',
          }),
        onError: (failure) =>
          toast({ type: 'error', title: 'Failed to send driver proformas.', message: messageOf(failure) }),
        onSettled: () => setConfirmingSend(false),
      },
    );

  const setFuelOf = (fuelClass: FuelClass) => (next: { percent: number } | { text: string; problem: string }) => {
    const { [fuelClass]: _text, ...otherTexts } = fuelTyped;
    const { [fuelClass]: _problem, ...otherProblems } = fuelProblems;
    if ('percent' in next) {
      setFuel((current) => ({ ...current, [fuelClass]: next.percent }));
      setFuelTyped(otherTexts);
      setFuelProblems(otherProblems);
    } else {
      setFuelTyped({ ...otherTexts, [fuelClass]: next.text });
      setFuelProblems({ ...otherProblems, [fuelClass]: next.problem });
    }
  };
  const weeks = recentPayWeeks(dublinToday());
  const openRow = rows.find((row) => row.period.id === openPeriodId);

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Pay period"
              w={190}
              data={weeks.map((option) => ({ value: option.start, label: weekLabel(option) }))}
              value={week.start}
              allowDeselect={false}
              onChange={(start) => start && void navigate({ search: (prev) => ({ ...prev, week: start }) })}
            />
            <FuelInput
              label={FUEL_LABELS.van}
              defaultPercent={FUEL_CLASS_DEFAULTS.van}
              value={shownFuelPercent(periods, fuel, 'van')}
              typed={fuelTyped.van}
              problem={fuelProblems.van}
              onChange={setFuelOf('van')}
              disabled={!editable}
            />
            <FuelInput
              label={FUEL_LABELS.bike}
              defaultPercent={FUEL_CLASS_DEFAULTS.bike}
              value={shownFuelPercent(periods, fuel, 'bike')}
              typed={fuelTyped.bike}
              problem={fuelProblems.bike}
              onChange={setFuelOf('bike')}
              disabled={!editable}
            />
            <Switch
              label="Display Zero Totals"
              checked={zerosSwitch}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                showZerosAtOnce(
                  checked,
                  navigate({ search: (prev) => ({ ...prev, zeros: checked || undefined }), replace: true }),
                );
              }}
              mb={8}
            />
            <Switch
              label="Merge extras"
              title="Driver PDFs show task pay and extras in one Pay column"
              checked={mergeExtras}
              onChange={(event) => setMergeExtras(event.currentTarget.checked)}
              mb={8}
            />
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={() => setAddingDriver(true)} disabled={list.isPending}>
              Add driver to week
            </Button>
            <Button variant="default" onClick={exportCsv} loading={exporting} disabled={periods.length === 0}>
              Export CSV
            </Button>
            <PayReportsMenu week={week} />
            <Button
              variant="default"
              onClick={() => setConfirmingSend(true)}
              loading={sendDocuments.isPending}
              disabled={periods.length === 0}
            >
              Send proformas
            </Button>
            <Button onClick={startFinalise} disabled={selectedIds.length === 0}>
              {selectedIds.length === 0
                ? 'Finalise pay periods'
                : selectedIds.length === 1
                  ? 'Finalise 1 pay period'
                  : `Finalise ${selectedIds.length} pay periods`}
            </Button>
            <MarkPaidAction
              week={week}
              ids={selectedPendingIds}
              onMarked={() =>
                setSelected((current) => new Set([...current].filter((id) => !selectedPendingIds.includes(id))))
              }
            />
          </Group>
        </Group>
        {hasActive && (
          <Alert color="blue" p="xs" title={PAY_TEXTS.activeFoundTitle}>
            {PAY_TEXTS.activeFoundMessage}
          </Alert>
        )}
        {list.isPending ? (
          <LoadingState text={PAY_TEXTS.loading} />
        ) : list.isError ? (
          <ErrorState
            title={PAY_TEXTS.failedToLoad}
            subtitle={list.error.message}
            onRetry={() => void list.refetch()}
          />
        ) : periods.length === 0 ? (
          <EmptyState title="No Pay Periods" subtitle={`No driver has a pay period for ${weekLabel(week)}.`} />
        ) : shownRows.length === 0 ? (
          <EmptyState
            title="No pay to show"
            subtitle="Every driver's total is €0.00 this week: turn on Display Zero Totals to see them."
          />
        ) : (
          <PayGrid rows={shownRows} selected={selected} actions={actions} mergeExtras={mergeExtras} />
        )}
        <PayPendingBar
          driverNumbers={changed.map((row) => row.period.driver.driverNumber)}
          problems={cellProblems}
          saving={save.isPending}
          onDiscard={discard}
          onSave={onSave}
        />
      </Stack>
      <AdjustmentsPanel
        row={openRow}
        onClose={() => setOpenPeriodId(null)}
        onChange={(row, adjustments) => actions.edit(row.period, { adjustments })}
      />
      <PushMessageDialog driver={messaging} onClose={() => setMessaging(undefined)} />
      <AddDriverDialog
        opened={addingDriver}
        week={week}
        periods={periods}
        onClose={() => setAddingDriver(false)}
        onCreated={(period) => {
          setAddingDriver(false);
          // A new period often totals €0.00: show zero totals so its row is in view.
          if (period.total === 0 && !showZeros)
            void navigate({ search: (prev) => ({ ...prev, zeros: true }), replace: true });
        }}
      />
      <ConfirmDialog
        opened={confirmingSend}
        onCancel={() => setConfirmingSend(false)}
        title="Send proformas"
        confirm={{
          label: 'Send',
          kind: 'CONFIRM',
          loading: sendDocuments.isPending,
          onClick: sendProformas,
        }}
      >
        {`E-mail each of the week's ${periods.length} drivers their proforma for ${weekLabel(week)}?`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmingFinalise}
        onCancel={() => setConfirmingFinalise(false)}
        title={selectedIds.length === 1 ? 'Finalise 1 pay period' : `Finalise ${selectedIds.length} pay periods`}
        confirm={{ label: 'Finalise', kind: 'CONFIRM', onClick: confirmFinalise, loading: finalise.isPending }}
      >
        {`The selected pay ${selectedIds.length === 1 ? 'period moves' : 'periods move'} to Pending payment. After that no change is allowed, and the driver pay of their jobs is locked.`}
      </ConfirmDialog>
      <Dialog
        opened={conflict !== null}
        onClose={() => setConflict(null)}
        title={PAY_TEXTS.failedToSave}
        actions={[{ label: 'OK', kind: 'CONFIRM', onClick: () => setConflict(null) }]}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {conflict}
        </Text>
      </Dialog>
    </Paper>
  );
}
