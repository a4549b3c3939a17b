import { Button, Group, Paper, SegmentedControl, Select, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDay } from '@courier/domain/common/calendar-days';
import {
  FINALISE_BLOCKED_MESSAGE,
  FINALISE_BLOCKED_TITLE,
  type FinaliseStarted,
} from '@courier/domain/invoicing/finalise-schemas';
import { INVOICE_LIST_PAGE_SIZE } from '@courier/domain/invoicing/list-schemas';
import { ApiRequestError } from '@/api/client.ts';
import { inReviewCountQuery, inReviewPeriodIds, useFinalise, useFinaliseForDateRange } from '@/api/invoice-periods.ts';
import { DayInput } from '@/ui/day-input.tsx';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { toast } from '@/ui/toast.ts';
import { FinaliseProgress } from './components/finalise-progress.tsx';
import { InvoiceList } from './components/invoice-list.tsx';
import {
  FIND_INVOICE_MIN_LENGTH,
  closedDuringWeeks,
  defaultInvoiceDate,
  pendingInvoiceListParamsOf,
  type InvoiceListSearch,
} from './invoice-list-search.ts';

const route = getRouteApi('/app/invoicing/invoices');
const SEARCH_DELAY_MS = 500;

const periodsText = (count: number) => (count === 1 ? '1 invoice period' : `${count} invoice periods`);

/** What Finalise will send, once confirmed. */
type PendingFinalise = { kind: 'ids'; ids: number[] | 'all'; count: number } | { kind: 'date'; day: string };

/**
 * Pending Invoices (spec 1 §2 'Invoice list', §8, §9): the periods awaiting invoicing, filtered by
 * interval, 'Closed During' week and Find Invoice, all in the URL. The classic view chooses periods
 * (one by one, or every weekly / monthly one) and finalises them, or all of them; the other view
 * finalises every period ending on an Invoice Date. A finalise runs in the background: its progress
 * shows, and the list updates when it ends.
 */
export function InvoiceListScreen() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/invoicing/invoices' });
  const params = pendingInvoiceListParamsOf(search);
  const dateView = search.view === 'date';
  const invoiceDate = search.date ?? defaultInvoiceDate();
  const listParams = dateView ? { ...params, end: invoiceDate } : params;

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [selecting, setSelecting] = useState(false);
  const [confirm, setConfirm] = useState<PendingFinalise | null>(null);
  const [runId, setRunId] = useState<number | null>(null);
  const [findText, setFindText] = useState(search.q ?? '');
  const finalise = useFinalise();
  const finaliseForDate = useFinaliseForDateRange();
  const inReview = useQuery(inReviewCountQuery(listParams));

  // Any change of filter starts from the first page with nothing chosen.
  const setSearch = (change: Partial<InvoiceListSearch>) => {
    setSelected(new Set());
    void navigate({ search: (prev) => ({ ...prev, ...change, page: undefined }), replace: true });
  };
  const setQuery = useDebouncedCallback((text: string) => setSearch({ q: text.trim() || undefined }), SEARCH_DELAY_MS);

  const toggle = (id: number) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function selectInterval(interval: 'weekly' | 'monthly') {
    setSelecting(true);
    try {
      const ids = await inReviewPeriodIds({
        ...params,
        weekly: interval === 'weekly',
        monthly: interval === 'monthly',
      });
      setSelected((previous) => new Set([...previous, ...ids]));
      if (ids.length === 0)
        toast({ message: `No ${interval} invoice periods are ready to send.`, type: 'info', duration: 'SHORT' });
    } catch {
      toast({ type: 'error', title: 'Error', message: 'The invoice periods could not be loaded. Please try again.' });
    } finally {
      setSelecting(false);
    }
  }

  function reportFailure(error: unknown) {
    if (error instanceof ApiRequestError && error.status === 409)
      toast({ type: 'error', title: FINALISE_BLOCKED_TITLE, message: FINALISE_BLOCKED_MESSAGE, duration: 'NORMAL' });
    else if (error instanceof ApiRequestError && error.status === 400)
      toast({ type: 'error', title: 'Error', message: error.message, duration: 'NORMAL' });
    else toast({ type: 'error', title: 'Error', message: 'Failed to finalised invoice periods', duration: 'NORMAL' });
  }

  async function startFinalise(pending: PendingFinalise) {
    try {
      let started: FinaliseStarted;
      if (pending.kind === 'date') {
        started = await finaliseForDate.mutateAsync({
          endDate: pending.day,
          weekly: params.weekly ?? true,
          monthly: params.monthly ?? true,
        });
      } else {
        const ids = pending.ids === 'all' ? await inReviewPeriodIds(params) : pending.ids;
        if (ids.length === 0) {
          toast({ message: 'No invoice periods are ready to send.', type: 'info' });
          return;
        }
        started = await finalise.mutateAsync({ ids });
      }
      setSelected(new Set());
      setRunId(started.runId);
    } catch (error) {
      if (pending.kind === 'date' && error instanceof ApiRequestError && error.status === 409)
        toast({ type: 'error', title: 'Error', message: error.message, duration: 'NORMAL' });
      else reportFailure(error);
    } finally {
      setConfirm(null);
    }
  }

  const onRunFinished = () => setRunId(null);
  const running = runId !== null;
  const busy = running || finalise.isPending || finaliseForDate.isPending;
  const allCount = inReview.data ?? 0;
  const chosen = selected.size;

  return (
    <Paper withBorder p="md">
      <Group mb="md" gap="lg" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="How to finalise"
          value={dateView ? 'date' : 'select'}
          onChange={(value) => setSearch({ view: value === 'date' ? 'date' : undefined })}
          data={[
            { value: 'select', label: 'Choose periods' },
            { value: 'date', label: 'By invoice date' },
          ]}
        />
        {!dateView && (
          <Select
            label="Closed During"
            w={220}
            allowDeselect={false}
            value={search.closed ?? 'open'}
            onChange={(value) => setSearch({ closed: value && value !== 'open' ? value : undefined })}
            data={[
              { value: 'open', label: 'Open' },
              ...closedDuringWeeks().map((week) => ({
                value: week.start,
                label: `${formatDay(week.start)} – ${formatDay(week.end)}`,
              })),
            ]}
          />
        )}
        {dateView && (
          <DayInput label="Invoice Date" value={invoiceDate} onChange={(day) => day && setSearch({ date: day })} />
        )}
        <Switch
          label="Weekly"
          checked={params.weekly}
          onChange={(event) => setSearch({ weekly: event.currentTarget.checked ? undefined : false })}
        />
        <Switch
          label="Monthly"
          checked={params.monthly}
          onChange={(event) => setSearch({ monthly: event.currentTarget.checked ? undefined : false })}
        />
      </Group>

      {dateView ? (
        <Group mb="md" gap="sm">
          <Button
            disabled={busy || (!params.weekly && !params.monthly)}
            onClick={() => setConfirm({ kind: 'date', day: invoiceDate })}
          >
            Finalise for date range
          </Button>
          <Text size="sm" c="dimmed">
            Every period ready to send that ends on {formatDay(invoiceDate)}.
          </Text>
        </Group>
      ) : (
        <Group mb="md" gap="sm" wrap="wrap">
          <Button variant="default" loading={selecting} disabled={busy} onClick={() => void selectInterval('weekly')}>
            Weekly Invoices
          </Button>
          <Button variant="default" loading={selecting} disabled={busy} onClick={() => void selectInterval('monthly')}>
            Monthly Invoices
          </Button>
          <Button variant="default" disabled={busy || chosen === 0} onClick={() => setSelected(new Set())}>
            Unselect All
          </Button>
          <Text size="sm" fw={500} aria-live="polite">
            {chosen > 0 ? `Selected ${periodsText(chosen)}` : `All ${periodsText(allCount)}`}
          </Text>
          <Button
            disabled={busy || (chosen === 0 && allCount === 0)}
            loading={finalise.isPending}
            onClick={() =>
              setConfirm({ kind: 'ids', ids: chosen > 0 ? [...selected] : 'all', count: chosen || allCount })
            }
          >
            {chosen > 0 ? `Finalise ${chosen} Selected Invoices` : `Finalise All ${allCount} Invoices`}
          </Button>
        </Group>
      )}

      {runId !== null && <FinaliseProgress runId={runId} onFinished={onRunFinished} />}

      <InvoiceList
        params={listParams}
        page={search.page ?? 0}
        size={INVOICE_LIST_PAGE_SIZE}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next || undefined }) })}
        selection={dateView ? undefined : { selected, onToggle: toggle, disabled: busy }}
        downloadsHeader={
          <TextInput
            size="xs"
            w={190}
            aria-label="Find Invoice"
            placeholder="Find Invoice"
            maxLength={100}
            value={findText}
            error={
              findText.trim().length > 0 && findText.trim().length < FIND_INVOICE_MIN_LENGTH
                ? `Type at least ${FIND_INVOICE_MIN_LENGTH} characters`
                : undefined
            }
            onChange={(event) => {
              setFindText(event.currentTarget.value);
              setQuery(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                setQuery.cancel?.();
                setSearch({ q: findText.trim() || undefined });
              }
            }}
          />
        }
      />

      <ConfirmDialog
        opened={confirm !== null}
        onCancel={() => setConfirm(null)}
        title="Finalise invoices"
        confirm={{
          label: 'Finalise',
          kind: 'CONFIRM',
          loading: finalise.isPending || finaliseForDate.isPending,
          onClick: () => {
            if (confirm) void startFinalise(confirm);
          },
        }}
      >
        {confirm?.kind === 'date'
          ? `Finalise every ${[params.weekly && 'weekly', params.monthly && 'monthly'].filter(Boolean).join(' and ')} invoice period ready to send that ends on ${formatDay(confirm.day)}?`
          : `Finalise ${confirm ? periodsText(confirm.count) : ''}?`}{' '}
        Each gets its invoice numbers and documents and is e-mailed to the company&apos;s billing contacts. This cannot
        be undone.
      </ConfirmDialog>
    </Paper>
  );
}
