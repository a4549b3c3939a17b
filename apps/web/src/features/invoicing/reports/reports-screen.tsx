import { Box, Button, Group, Paper, Stack, Switch, Title } from '@mantine/core';
import { useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { dublinToday } from '@courier/domain/common/calendar-days';
import {
  INVOICE_REPORTS,
  MINIMUM_CHARGE_MAX,
  MINIMUM_CHARGE_RANGE,
  invoiceReportConfirmText,
  invoiceReportInputSchemas,
  type InvoiceReportKind,
} from '@courier/domain/invoicing/reports';
import { ApiRequestError } from '@/api/client.ts';
import { useRequestInvoiceReport } from '@/api/invoice-reports.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { EuroInput } from '@/ui/euro-input.tsx';
import { ReportedDayField, useRefusedDays } from '@/ui/refused-days.tsx';
import { toast } from '@/ui/toast.ts';
import { ReportHistory } from './report-history.tsx';
import {
  inputMessages,
  inputOfField,
  REPORT_REQUESTS,
  type ReportField,
  type ReportInputs,
} from './report-requests.ts';

function WarningIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" aria-hidden="true">
      <path d="M10 2 19 18H1L10 2Z" stroke="var(--mantine-color-orange-9)" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M10 8v4.5M10 14.6v.4" stroke="var(--mantine-color-orange-9)" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** A date input with the message the server or the form gave for it; it reports text it refuses. */
type DayReportField = 'from' | 'to' | 'summaryMonth' | 'asAt' | 'customsMonth';

function DayField(props: Omit<ComponentProps<typeof ReportedDayField>, 'fieldKey'> & { field: DayReportField }) {
  const { field, ...rest } = props;
  return (
    <Box w={170}>
      <ReportedDayField fieldKey={field} {...rest} />
    </Box>
  );
}

/** The screen has no Save to keep from closing: a refused day only stops the report that uses it. */
const ignoreChange = () => undefined;

function ReportRow({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group align="flex-end" gap="md" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}

/**
 * Invoice reports (spec 1 §2 'Invoice reports screen', §4 'Reports', §8): each button asks to
 * confirm, then requests the report; one request at a time. The server builds the report in the
 * background and e-mails it; the history below follows it until its file can be downloaded.
 */
export function ReportsScreen() {
  const today = dublinToday();
  const [inputs, setInputs] = useState<ReportInputs>({
    from: today,
    to: today,
    minimumCharge: '',
    summaryMonth: today,
    asAt: today,
    customsMonth: today,
    exceptionsOnly: true,
  });
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  // The date fields whose typed text is refused (their message shows at the field): no report uses them.
  const refusedDays = useRefusedDays(ignoreChange);
  const screen = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState<InvoiceReportKind | null>(null);
  const [busy, setBusy] = useState<InvoiceReportKind | null>(null);
  /** Reports requested from this screen and not yet seen finished: the history tells each one once. */
  const [requestedHere] = useState(() => new Set<number>());
  const requestReport = useRequestInvoiceReport({ onRequested: (id) => requestedHere.add(id) });

  const set = <F extends ReportField>(field: F, value: ReportInputs[F]) => {
    setInputs((previous) => ({ ...previous, [field]: value }));
    // From and To are judged as a pair (To on or after From): a change to either settles both messages.
    const settled = field === 'from' || field === 'to' ? { from: undefined, to: undefined } : { [field]: undefined };
    setErrors((previous) => ({ ...previous, ...settled }));
  };

  /** Marks each refused field at its input; true when the report's inputs are fine. */
  const markFields = (kind: InvoiceReportKind, details: readonly { field: string; message: string }[]) => {
    const marked: Partial<Record<ReportField, string>> = {};
    for (const detail of details) {
      const input = inputOfField(kind, detail.field);
      if (input && !marked[input]) marked[input] = detail.message;
    }
    setErrors((previous) => ({ ...previous, ...marked }));
  };

  const ask = (kind: InvoiceReportKind) => {
    if (busy) return; // spec 1 §4: while one request is busy any further request is ignored
    const used: readonly string[] = Object.values(REPORT_REQUESTS[kind].fields);
    if (refusedDays.focusFirst(screen.current, (key) => used.includes(key))) return;
    const checked = invoiceReportInputSchemas[kind].safeParse(REPORT_REQUESTS[kind].params(inputs));
    if (!checked.success) {
      const issues = checked.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? ''),
        message: issue.message,
      }));
      // This report's inputs show this check's messages only, none left from an earlier one.
      const earlier = Object.fromEntries(
        Object.values(REPORT_REQUESTS[kind].fields).map((input) => [input, undefined]),
      );
      setErrors((previous) => ({ ...previous, ...earlier, ...inputMessages({ kind, inputs, issues }) }));
      return;
    }
    setConfirming(kind);
  };

  const confirm = () => {
    const kind = confirming;
    setConfirming(null);
    if (!kind || busy) return;
    setBusy(kind);
    requestReport.mutate(
      { kind, params: REPORT_REQUESTS[kind].params(inputs) },
      {
        onSuccess: (answer) => toast({ type: 'success', title: 'Success', message: answer.message }),
        onError: (error) => {
          toast({ type: 'error', title: 'Error', message: INVOICE_REPORTS[kind].failureText });
          if (error instanceof ApiRequestError && error.status === 400) markFields(kind, error.body?.details ?? []);
        },
        onSettled: () => setBusy(null),
      },
    );
  };

  const dayField = (field: DayReportField, label: string) => (
    <DayField
      field={field}
      label={label}
      value={inputs[field]}
      message={errors[field]}
      onChange={(day) => set(field, day)}
      onRefusedChange={refusedDays.report}
    />
  );

  const button = (kind: InvoiceReportKind) => (
    <Button
      onClick={() => ask(kind)}
      loading={busy === kind}
      disabled={busy !== null && busy !== kind}
      data-report={kind}
    >
      {INVOICE_REPORTS[kind].buttonLabel}
    </Button>
  );

  return (
    <Stack gap="md" ref={screen}>
      <Title order={1} size="h3">
        Invoice Reports
      </Title>
      <ReportRow title="Company reports">
        <Switch
          label="Just exceptions?"
          checked={inputs.exceptionsOnly}
          error={errors.exceptionsOnly}
          onChange={(event) => set('exceptionsOnly', event.currentTarget.checked)}
          mb={8}
        />
        {button('company_profiles')}
        {button('blocked')}
        {button('invoice_turnover')}
      </ReportRow>
      <ReportRow title="Reports for a date range">
        {dayField('from', 'From')}
        {dayField('to', 'To')}
        {button('sales_rep')}
        {button('atoz_approval')}
      </ReportRow>
      <ReportRow title="Month reports">
        <Stack gap="xs">
          <Group align="flex-start" gap="md">
            <EuroInput
              label="Minimum Charge"
              description={`${MINIMUM_CHARGE_RANGE}; the month up to To`}
              w={220}
              max={MINIMUM_CHARGE_MAX}
              value={inputs.minimumCharge}
              error={errors.minimumCharge}
              onChange={(value) => set('minimumCharge', value)}
            />
          </Group>
          {button('minimum_charge')}
        </Stack>
        <Stack gap="xs">
          {dayField('summaryMonth', 'For Month')}
          {button('invoice_summary')}
        </Stack>
        <Stack gap="xs">
          {dayField('asAt', 'As At Date')}
          {button('inactive_companies')}
        </Stack>
        <Stack gap="xs">
          {dayField('customsMonth', 'For Month')}
          {button('invoice_customs')}
        </Stack>
      </ReportRow>
      <Paper withBorder p="md">
        <ReportHistory requestedHere={requestedHere} />
      </Paper>
      <Dialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? INVOICE_REPORTS[confirming].title : ''}
        icon={<WarningIcon />}
        actions={[
          { label: 'Cancel', kind: 'DEFAULT', onClick: () => setConfirming(null) },
          { label: 'Confirm', kind: 'CONFIRM', onClick: confirm },
        ]}
      >
        {confirming ? invoiceReportConfirmText(confirming) : ''}
      </Dialog>
    </Stack>
  );
}
