import { Button, NumberInput, Popover, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { STOP_TYPE_LABELS } from '@courier/domain/bookings/enums';
import type { DriverPayBreakdown, Task } from '@courier/domain/bookings/schemas';
import { typedDecimal } from '@courier/domain/common/input-checks';
import { formatEuro, toCents } from '@courier/domain/common/money';
import {
  DRIVER_PAY_PAID_MESSAGE,
  driverPayFromMarginPercent,
  driverPayLock,
  taskPayLocked,
  type DriverPayStatus,
} from '@courier/domain/pricing/price-edits';
import { readTypedEuro } from '@courier/domain/pricing/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useDriverPayBreakdown, useInvoiceAndPayStatus, useJobTasks, useUpdateTaskPay } from '@/api/pricing-extras.ts';
import { LoadingState, MiniLoading } from '@/ui/list-states.tsx';
import { EuroInput } from '@/ui/euro-input.tsx';
import { clearToasts, toast } from '@/ui/toast.ts';
import { useReportUnsaved } from '@/ui/unsaved-changes.tsx';
import { PAY_STATUS_LABELS, Section, taskStatusText, useLoadErrorToast, type PricingExtrasJob } from './shared.tsx';

type PayField = 'driverPay' | 'driverExtras';
type PayValue = number | string;
type PayEdits = Partial<Record<number, Partial<Record<PayField, PayValue>>>>;
/** The server's messages for the fields of a refused save, by task. */
type PayProblems = Partial<Record<number, Partial<Record<PayField, string>>>>;

const PAY_FIELDS: readonly PayField[] = ['driverPay', 'driverExtras'];
/** The columns' names, which the field messages use. */
const PAY_LABELS: Record<PayField, string> = { driverPay: 'Basic Pay', driverExtras: 'Extras' };

/** A typed amount, read as the API reads it ('-5' and '2.345' are refused, not changed). */
const readPay = (value: PayValue, field: PayField) => readTypedEuro(value, PAY_LABELS[field]);
const sameAmount = (value: PayValue, field: PayField, stored: number) => {
  const typed = readPay(value, field);
  return typed.ok && toCents(typed.amount) === toCents(stored);
};

type PayRow = DriverPayBreakdown['rows'][number];

/** The edits in `current` that are not the ones `sent` held: those typed after a save was sent. */
function editsTypedSince(current: PayEdits, sent: PayEdits): PayEdits {
  const kept: PayEdits = {};
  for (const [taskId, fields] of Object.entries(current)) {
    const typed = Object.entries(fields ?? {}).filter(
      ([field, value]) => sent[Number(taskId)]?.[field as PayField] !== value,
    );
    if (typed.length > 0) kept[Number(taskId)] = Object.fromEntries(typed);
  }
  return kept;
}

/** Spec 2 §2 'Driver Pay Adjustments': each task's basic pay and extras, saved together with Save Pay. */
export function DriverPaySection({
  job,
  charge,
  disabled,
}: {
  job: PricingExtrasJob;
  /** The job's customer charge, the base of Mgn%; undefined while the booking loads. */
  charge: number | undefined;
  disabled: boolean;
}) {
  const breakdown = useDriverPayBreakdown(job.reference);
  const tasks = useJobTasks(job.reference);
  const status = useInvoiceAndPayStatus(job.id);
  const save = useUpdateTaskPay();
  const [edits, setEdits] = useState<PayEdits>({});
  const [serverProblems, setServerProblems] = useState<PayProblems>({});
  // The job's version after our own save: newer than the prop until the booking reloads.
  const [savedVersion, setSavedVersion] = useState(0);
  useLoadErrorToast(breakdown.isError, 'Error', `Failed to find ${job.reference} related driver pay`);
  useLoadErrorToast(
    status.isError,
    'Error Loading Invoice and Pay Status',
    'There was an error loading the Invoice and Pay Status.',
  );

  const payStatusOf = (taskId: number): DriverPayStatus | undefined =>
    status.data?.driverPayStatus.find((entry) => entry.taskId === taskId)?.payStatus;
  // Until the pay status is known a task counts as locked: the server would refuse a paid one anyway.
  const lockedTask = (taskId: number) => {
    const payStatus = payStatusOf(taskId);
    return payStatus === undefined || taskPayLocked(payStatus);
  };
  const taskOf = (taskId: number): Task | undefined => tasks.data?.find((task) => task.id === taskId);
  const valueOf = (row: PayRow, field: PayField): PayValue => edits[row.taskId]?.[field] ?? row[field];
  const setValue = (taskId: number, field: PayField, value: PayValue) => {
    setEdits((current) => ({ ...current, [taskId]: { ...current[taskId], [field]: value } }));
    setServerProblems((current) =>
      current[taskId]?.[field] === undefined
        ? current
        : { ...current, [taskId]: { ...current[taskId], [field]: undefined } },
    );
  };

  const rows = breakdown.data?.rows ?? [];
  const changed = rows.filter((row) => PAY_FIELDS.some((field) => !sameAmount(valueOf(row, field), field, row[field])));
  const hasChanges = changed.length > 0;
  // Pay typed and not saved: closing Pricing Extras asks first.
  useReportUnsaved(hasChanges);

  if (breakdown.isPending) {
    return (
      <Section title="Driver Pay Adjustments">
        <LoadingState text="Loading Driver Pay..." />
      </Section>
    );
  }
  if (breakdown.isError) {
    return (
      <Section title="Driver Pay Adjustments">
        <Text size="sm" c="red.8">
          {`Failed to find ${job.reference} related driver pay`}
        </Text>
      </Section>
    );
  }

  const problemOf = (row: PayRow, field: PayField): string | undefined => {
    const typed = readPay(valueOf(row, field), field);
    return typed.ok ? serverProblems[row.taskId]?.[field] : typed.message;
  };
  const invalid = changed.some((row) => PAY_FIELDS.some((field) => !readPay(valueOf(row, field), field).ok));
  const amountOf = (row: PayRow, field: PayField) => {
    const typed = readPay(valueOf(row, field), field);
    return typed.ok ? typed.amount : row[field];
  };
  const lockNote = status.data ? driverPayLock(status.data.driverPayStatus.map((entry) => entry.payStatus)) : null;

  const savePay = () => {
    if (invalid || changed.length === 0) return;
    const version = Math.max(job.version, savedVersion);
    const sent = changed;
    const sentEdits = edits;
    save.mutate(
      sent.map((row) => ({
        taskId: row.taskId,
        jobId: job.id,
        version,
        driverPay: amountOf(row, 'driverPay'),
        driverExtras: amountOf(row, 'driverExtras'),
      })),
      {
        onSuccess: (jobs) => {
          const saved = jobs.find((priced) => priced.id === job.id);
          if (saved) setSavedVersion(saved.version);
          // The amounts saved are now the rows' own; one typed since Save (the reload ends before this
          // answer is taken) is kept, not wiped with them.
          setEdits((current) => editsTypedSince(current, sentEdits));
          setServerProblems({});
          clearToasts({ type: 'error', title: 'Error Saving Pay' });
          toast({ type: 'success', title: 'Pay Saved', message: 'Driver pay has been saved.' });
        },
        onError: (error) => {
          // A 400 names the rows it refused ('body.0.driverPay'): each message goes to its field.
          const named: PayProblems = {};
          const messages: string[] = [];
          if (error instanceof ApiRequestError && error.status === 400) {
            sent.forEach((row, index) =>
              PAY_FIELDS.forEach((field) => {
                const message = error.fieldMessage(`${index}.${field}`);
                if (message === undefined) return;
                named[row.taskId] = { ...named[row.taskId], [field]: message };
                messages.push(`${PAY_LABELS[field]} for ${row.taskReference}: ${message}`);
              }),
            );
          }
          setServerProblems(named);
          // One message a line, and each refused save's toast in place of the one before.
          toast({
            type: 'error',
            title: 'Error Saving Pay',
            replace: true,
            // Spec 2 §7: a 400 (and our 409 stale or paid) carries the message to show.
            message:
              messages.length > 0
                ? messages.join('\n')
                : error instanceof ApiRequestError && (error.status === 400 || error.status === 409)
                  ? error.message
                  : 'There was an error saving driver pay.',
            duration: 'NORMAL',
          });
        },
      },
    );
  };

  const applyMargin = (row: PayRow, percent: number) => {
    if (charge === undefined) return;
    const pay = driverPayFromMarginPercent(charge, percent);
    setValue(row.taskId, 'driverPay', pay);
    toast({
      type: 'info',
      title: 'Margin Update',
      message: `Basic pay of ${row.taskReference} set to ${formatEuro(pay)}, ${percent}% of the ${formatEuro(charge)} charge.`,
    });
  };

  return (
    <Section
      title="Driver Pay Adjustments"
      actions={
        changed.length > 0 && (
          <Button onClick={savePay} loading={save.isPending} disabled={disabled || invalid}>
            Save Pay
          </Button>
        )
      }
    >
      {lockNote && (
        <Text size="sm" c="red.9" mb="xs">
          {lockNote}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          This job has no tasks.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table withTableBorder fz="sm" aria-label={`Driver pay of ${job.reference}`} verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Th>Task</Table.Th>
                <Table.Th>Driver</Table.Th>
                <Table.Th>Pay Status</Table.Th>
                <Table.Th>Docket</Table.Th>
                <Table.Th>Basic Pay</Table.Th>
                <Table.Th>Extras</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Margin</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const task = taskOf(row.taskId);
                const payStatus = payStatusOf(row.taskId);
                const locked = lockedTask(row.taskId);
                const lockedTitle = payStatus && taskPayLocked(payStatus) ? DRIVER_PAY_PAID_MESSAGE : undefined;
                const payInput = (field: PayField) => (
                  <EuroInput
                    aria-label={`${PAY_LABELS[field]} for ${row.taskReference}`}
                    value={valueOf(row, field)}
                    onChange={(value) => setValue(row.taskId, field, value)}
                    readOnly={locked}
                    // Grey when locked, so a read-only amount does not look editable.
                    variant={locked ? 'filled' : 'default'}
                    disabled={disabled}
                    title={lockedTitle}
                    w={130}
                    size="xs"
                    error={problemOf(row, field)}
                  />
                );
                return (
                  <Table.Tr key={row.taskId} data-task={row.taskReference}>
                    <Table.Td>{tasks.isPending ? <MiniLoading /> : taskStatusText(task?.status ?? '')}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {STOP_TYPE_LABELS[row.taskType]} {row.taskReference}
                    </Table.Td>
                    <Table.Td>
                      {row.driverNumber === null
                        ? 'Not yet active on dispatch'
                        : `${row.driverNumber}${row.driverName ? ` ${row.driverName}` : ''}${row.newDriver ? ' (new driver)' : ''}`}
                    </Table.Td>
                    <Table.Td>
                      {payStatus ? PAY_STATUS_LABELS[payStatus] : status.isPending ? <MiniLoading /> : '–'}
                    </Table.Td>
                    <Table.Td>{task?.quantumDocket ?? '–'}</Table.Td>
                    <Table.Td>{payInput('driverPay')}</Table.Td>
                    <Table.Td>{payInput('driverExtras')}</Table.Td>
                    <Table.Td>
                      <MarginButton
                        taskReference={row.taskReference}
                        disabled={disabled || locked || charge === undefined}
                        onApply={(percent) => applyMargin(row, percent)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {tasks.isError && (
        <Text size="sm" c="red.8" mt="xs">
          The tasks' status and dockets could not be loaded.
        </Text>
      )}
    </Section>
  );
}

/** Mgn%: a percent (0–100) of the job's charge becomes the task's basic pay (spec 2 §9). */
function MarginButton({
  taskReference,
  disabled,
  onApply,
}: {
  taskReference: string;
  disabled: boolean;
  onApply: (percent: number) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [percent, setPercent] = useState<PayValue>('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpened(false);
    setPercent('');
    setProblem(null);
  };
  const apply = () => {
    const value = typeof percent === 'number' ? percent : (typedDecimal(percent) ?? Number.NaN);
    if (!Number.isFinite(value) || value < 0 || value > 100) {
      setProblem('Enter a percent from 0 to 100.');
      return;
    }
    onApply(value);
    close();
  };
  // Escape in the popover closes the popover only, not the modal behind it.
  const keepEscape = { 'data-mantine-stop-propagation': 'true' };
  return (
    <Popover opened={opened} onDismiss={close} trapFocus withArrow position="bottom-end" shadow="md">
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="default"
          aria-label={`Mgn% for ${taskReference}`}
          disabled={disabled}
          onClick={() => (opened ? close() : setOpened(true))}
        >
          Mgn%
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <Stack gap="xs" w={180}>
            <NumberInput
              label={`Margin % for ${taskReference}`}
              value={percent}
              onChange={(value) => {
                setPercent(value);
                setProblem(null);
              }}
              min={0}
              max={100}
              clampBehavior="none"
              hideControls
              suffix="%"
              data-autofocus
              error={problem}
              {...keepEscape}
            />
            <Button type="submit" size="xs" {...keepEscape}>
              Apply
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
