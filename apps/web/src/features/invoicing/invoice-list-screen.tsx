import { Button, Group, Paper, SegmentedControl, Select, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDay, formatFieldDay } from '@courier/domain/common/calendar-days';
import { withoutNulCharacters } from '@courier/domain/common/input-checks';
import { INVOICE_LIST_PAGE_SIZE } from '@courier/domain/invoicing/enums';
import {
  FINALISE_BLOCKED_MESSAGE,
  FINALISE_BLOCKED_TITLE,
  type FinaliseStarted,
} from '@courier/domain/invoicing/finalise-schemas';
import { ApiRequestError } from '@/api/client.ts';
import {
  currentFinaliseRunQuery,
  inReviewCountQuery,
  inReviewPeriodIds,
  invalidateInvoicePeriodLists,
  useFinalise,
  useFinaliseAll,
  useFinaliseForDateRange,
  useFinaliseRun,
} from '@/api/invoice-periods.ts';
import { useShownAtOnce } from '@/routing/shown-at-once.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { toast } from '@/ui/toast.ts';
import { FinaliseProgress } from './components/finalise-progress.tsx';
import { InvoiceDateField, shownInvoiceDate, type TypedInvoiceDate } from './components/invoice-date-field.tsx';
import { InvoiceList } from './components/invoice-list.tsx';
import { finaliseRunReported, followFinaliseRun, useFollowedFinaliseRun } from './followed-finalise-run.ts';
import {
  FIND_INVOICE_MIN_LENGTH,
  closedDuringWeeks,
  invoiceListFiltersOf,
  invoiceListParamsOf,
  type InvoiceListSearch,
} from './invoice-list-search.ts';

const route = getRouteApi('/app/invoicing/invoices');
const SEARCH_DELAY_MS = 500;

// Our own confirm text reads naturally for one; the spec's selection texts are quoted as they are.
const periodsText = (count: number) => (count === 1 ? '1 invoice period' : `${count} invoice periods`);

/** What Finalise will send, once confirmed. */
type PendingFinalise = { kind: 'ids'; ids: number[] } | { kind: 'all'; count: number } | { kind: 'date'; day: string };

const confirmCount = (pending: PendingFinalise | null) =>
  pending?.kind === 'ids' ? pending.ids.length : pending?.kind === 'all' ? pending.count : 0;

/**
 * The periods chosen, and the list (its filters, any page) they were chosen on; `dropped`, how many a
 * change of the list unchose, said on screen until the next choice.
 */
type Choice = { list: string; ids: ReadonlySet<number>; dropped: number };

const NOTHING_CHOSEN: ReadonlySet<number> = new Set();
const INTERVAL_SWITCH = { weekly: 'Weekly', monthly: 'Monthly' } as const;

/**
 * The invoice list (spec 1 §2 'Invoice list', §8, §9) in its three uses, all kept in the URL: the
 * pending-only classic view chooses periods (one by one, or every weekly / monthly one) and
 * finalises them, or all of them; the non-classic view finalises every period due by an Invoice
 * Date; the all-periods view shows every status by the week it closed in ('Closed During'). A
 * finalise runs in the background: its progress shows, here again after going elsewhere, and the
 * list updates when it ends.
 */
export function InvoiceListScreen() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/invoicing/invoices' });
  const queryClient = useQueryClient();
  const view = search.view ?? 'select';
  const filters = invoiceListFiltersOf(search);
  const listParams = invoiceListParamsOf(search);
  const list = JSON.stringify(filters);

  // A choice holds only periods the list shows, so nothing hidden is finalised: whatever changes the
  // filters (a switch, Find Invoice, the address), the choice starts again, empty, with them, and the
  // screen says so (a clerk searching for one more period would otherwise lose those chosen unawares).
  const [choice, setChoice] = useState<Choice>({ list, ids: NOTHING_CHOSEN, dropped: 0 });
  if (choice.list !== list) setChoice({ list, ids: NOTHING_CHOSEN, dropped: choice.ids.size || choice.dropped });
  const selected = choice.list === list ? choice.ids : NOTHING_CHOSEN;
  const setSelected = (ids: ReadonlySet<number>) => setChoice({ list, ids, dropped: 0 });
  const [selecting, setSelecting] = useState(false);
  const [confirm, setConfirm] = useState<PendingFinalise | null>(null);
  const [findText, setFindText] = useState(search.q ?? '');
  const [typedDate, setTypedDate] = useState<TypedInvoiceDate | null>(null);
  const finalise = useFinalise();
  const finaliseAll = useFinaliseAll();
  const finaliseForDate = useFinaliseForDateRange();
  // The periods a finalise would take: in the date view every one due by the date, whatever Find Invoice shows.
  const inReview = useQuery({
    ...inReviewCountQuery(view === 'date' ? { ...filters, search: undefined } : filters),
    enabled: view !== 'all',
  });
  const runId = useFollowedFinaliseRun(useQuery(currentFinaliseRunQuery()).data?.run?.id ?? null);
  // A run the server no longer knows (its data was reset) is not followed for ever.
  const run = useFinaliseRun(runId);
  const runGone = run.error instanceof ApiRequestError && run.error.status === 404;
  useEffect(() => {
    if (runId !== null && runGone) finaliseRunReported(runId);
  }, [runId, runGone]);

  // Any change of filter starts from the first page with nothing chosen (the choice follows the filters).
  const setSearch = (change: Partial<InvoiceListSearch>) => {
    return navigate({ search: (prev) => ({ ...prev, ...change, page: undefined }), replace: true });
  };
  const [weekly, showWeekly] = useShownAtOnce(filters.weekly);
  const [monthly, showMonthly] = useShownAtOnce(filters.monthly);
  const setQuery = useDebouncedCallback((text: string) => setSearch({ q: text.trim() || undefined }), SEARCH_DELAY_MS);

  const toggle = (id: number) =>
    setChoice((previous) => {
      const next = new Set(previous.list === list ? previous.ids : NOTHING_CHOSEN);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return { list, ids: next, dropped: 0 };
    });

  /**
   * Weekly / Monthly Invoices choose that interval's periods ready to send among those the list
   * shows (every page, Find Invoice too). With that interval switched off they choose none: the
   * clerk would otherwise finalise, and e-mail, periods they cannot see.
   */
  async function selectInterval(interval: 'weekly' | 'monthly') {
    // Off on the switch as shown too, which may be ahead of the address for a moment after a click.
    const shown = interval === 'weekly' ? weekly && filters.weekly : monthly && filters.monthly;
    if (!shown) {
      const name = INTERVAL_SWITCH[interval];
      toast({ message: `${name} invoice periods are hidden: switch ${name} on to choose them.`, type: 'info' });
      return;
    }
    setSelecting(true);
    try {
      const ids = await inReviewPeriodIds({
        ...filters,
        weekly: interval === 'weekly',
        monthly: interval === 'monthly',
      });
      // Added only to the list they were asked for: if the filters changed meanwhile, they are not shown.
      setChoice((previous) =>
        previous.list === list ? { list, ids: new Set([...previous.ids, ...ids]), dropped: 0 } : previous,
      );
      if (ids.length === 0)
        toast({ message: `No ${interval} invoice periods are ready to send.`, type: 'info', duration: 'SHORT' });
    } catch {
      toast({ type: 'error', title: 'Error', message: 'The invoice periods could not be loaded. Please try again.' });
    } finally {
      setSelecting(false);
    }
  }

  function reportFailure(pending: PendingFinalise, error: unknown) {
    const status = error instanceof ApiRequestError ? error.status : undefined;
    // 'All' and the date range are refused when their periods changed or are none: the server says how.
    if (status === 409 && pending.kind !== 'ids') {
      toast({ type: 'error', title: 'Error', message: (error as ApiRequestError).message, duration: 'NORMAL' });
      void invalidateInvoicePeriodLists(queryClient);
    } else if (status === 409) {
      toast({ type: 'error', title: FINALISE_BLOCKED_TITLE, message: FINALISE_BLOCKED_MESSAGE, duration: 'NORMAL' });
      // A chosen period is no longer in review: the list shows where each stands now, nothing chosen,
      // instead of the same choice that the server refuses again.
      setSelected(new Set());
      void invalidateInvoicePeriodLists(queryClient);
    } else if (status === 400)
      toast({ type: 'error', title: 'Error', message: (error as ApiRequestError).message, duration: 'NORMAL' });
    else toast({ type: 'error', title: 'Error', message: 'Failed to finalised invoice periods', duration: 'NORMAL' });
  }

  async function startFinalise(pending: PendingFinalise) {
    try {
      let started: FinaliseStarted;
      if (pending.kind === 'date')
        started = await finaliseForDate.mutateAsync({
          endDate: pending.day,
          weekly: filters.weekly ?? true,
          monthly: filters.monthly ?? true,
        });
      else if (pending.kind === 'all') started = await finaliseAll.mutateAsync({ ...filters, count: pending.count });
      else started = await finalise.mutateAsync({ ids: pending.ids });
      setSelected(new Set());
      followFinaliseRun(started.runId);
    } catch (error) {
      reportFailure(pending, error);
    } finally {
      setConfirm(null);
    }
  }

  const starting = finalise.isPending || finaliseAll.isPending || finaliseForDate.isPending;
  const busy = runId !== null || starting;
  const allCount = inReview.data ?? 0;
  // Until the periods ready to send are counted, no count is shown (it is not 0) and none can be finalised.
  const countText = (count: (n: number) => string) =>
    inReview.data !== undefined
      ? count(inReview.data)
      : inReview.isError
        ? 'The invoice periods ready to send could not be counted.'
        : 'Counting the invoice periods ready to send...';
  const chosen = selected.size;
  // Only the day the Invoice Date field shows is finalised: none while it is empty or not a date.
  const invoiceDate = filters.end && shownInvoiceDate(filters.end, typedDate) === filters.end ? filters.end : undefined;
  const intervalsText = [filters.weekly && 'weekly', filters.monthly && 'monthly'].filter(Boolean).join(' and ');

  return (
    <Paper withBorder p="md">
      <Group mb="md" gap="lg" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Invoice list view"
          value={view}
          onChange={(value) => {
            setTypedDate(null);
            void setSearch({ view: value === 'date' || value === 'all' ? value : undefined });
          }}
          data={[
            { value: 'select', label: 'Choose periods' },
            { value: 'date', label: 'By invoice date' },
            { value: 'all', label: 'All periods' },
          ]}
        />
        {view === 'all' && (
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
        {view === 'date' && filters.end && (
          <InvoiceDateField
            end={filters.end}
            typed={typedDate}
            onTyped={setTypedDate}
            onChange={(day) => void setSearch({ date: day })}
          />
        )}
        <Switch
          label="Weekly"
          checked={weekly}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            showWeekly(checked, setSearch({ weekly: checked ? undefined : false }));
          }}
        />
        <Switch
          label="Monthly"
          checked={monthly}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            showMonthly(checked, setSearch({ monthly: checked ? undefined : false }));
          }}
        />
      </Group>

      {view === 'date' && filters.end && (
        <Group mb="md" gap="sm">
          <Button
            disabled={busy || !invoiceDate || allCount === 0 || (!filters.weekly && !filters.monthly)}
            loading={finaliseForDate.isPending}
            onClick={() => invoiceDate && setConfirm({ kind: 'date', day: invoiceDate })}
          >
            Finalise for date range
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {invoiceDate
              ? countText(
                  (count) =>
                    `${periodsText(count)} ready to send ${count === 1 ? 'ends' : 'end'} on or before ${formatFieldDay(invoiceDate)}.`,
                )
              : 'Enter the Invoice Date to see the invoice periods ready to send by then.'}
          </Text>
        </Group>
      )}
      {view === 'select' && (
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
          {/* Spec 1 §2 quotes these texts with N for every count, one included. */}
          <Text size="sm" fw={500} aria-live="polite">
            {chosen > 0 ? `Selected ${chosen} invoice periods` : countText((count) => `All ${count} invoice periods`)}
          </Text>
          {chosen === 0 && choice.dropped > 0 && (
            <Text size="sm" c="orange.9" role="status">
              {choice.dropped === 1
                ? 'The invoice period you selected was unselected when the list changed.'
                : `The ${choice.dropped} invoice periods you selected were unselected when the list changed.`}
            </Text>
          )}
          <Button
            disabled={busy || (chosen === 0 && allCount === 0)}
            loading={finalise.isPending || finaliseAll.isPending}
            onClick={() =>
              setConfirm(chosen > 0 ? { kind: 'ids', ids: [...selected] } : { kind: 'all', count: allCount })
            }
          >
            {chosen > 0
              ? `Finalise ${chosen} Selected Invoices`
              : inReview.data === undefined
                ? 'Finalise All Invoices'
                : `Finalise All ${allCount} Invoices`}
          </Button>
        </Group>
      )}
      {view === 'all' && (
        <Text size="sm" c="dimmed" mb="md">
          Every invoice period, whatever its status, that ended in the chosen week; Open: those ending this week or
          still running.
        </Text>
      )}

      {runId !== null && <FinaliseProgress key={runId} runId={runId} onFinished={() => finaliseRunReported(runId)} />}

      <InvoiceList
        params={listParams}
        page={search.page ?? 0}
        size={INVOICE_LIST_PAGE_SIZE}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next || undefined }) })}
        selection={view === 'select' ? { selected, onToggle: toggle, disabled: busy } : undefined}
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
              // A search, not a saved text: a pasted NUL is left out, as in the other list searches.
              const typed = withoutNulCharacters(event.currentTarget.value);
              setFindText(typed);
              setQuery(typed);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                setQuery.cancel?.();
                void setSearch({ q: findText.trim() || undefined });
              }
            }}
          />
        }
      />

      <ConfirmDialog
        opened={confirm !== null}
        onCancel={() => setConfirm(null)}
        title="Finalise invoices"
        // Finalising cannot be undone: Enter on the dialog just opened cancels.
        focusCancel
        confirm={{
          label: 'Finalise',
          kind: 'CONFIRM',
          loading: starting,
          onClick: () => {
            if (confirm) void startFinalise(confirm);
          },
        }}
      >
        {confirm?.kind === 'date'
          ? `Finalise every ${intervalsText} invoice period ready to send that ends on or before ${formatFieldDay(confirm.day)}?`
          : `Finalise ${periodsText(confirmCount(confirm))}?`}{' '}
        Each gets its invoice numbers and documents and is e-mailed to the company&apos;s billing contacts. This cannot
        be undone.
      </ConfirmDialog>
    </Paper>
  );
}
