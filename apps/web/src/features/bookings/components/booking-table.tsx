import { useNavigate } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { lazy, memo, Suspense, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { bookingStatusLabel } from '@courier/domain/bookings/enums';
import { bookingVehicleLabel, jobTagLabel } from '@courier/domain/bookings/labels';
import { driverPayPercentColour, jobDriverPayPercent } from '@courier/domain/bookings/margins';
import type { PriceField } from '@courier/domain/bookings/price-visibility';
import type { BookingListItem } from '@courier/domain/bookings/schemas';
import type { ApprovalType } from '@courier/domain/pricing/price-review-schemas';
import { formatDateTime } from '@courier/domain/common/dates';
import { formatEuro } from '@courier/domain/common/money';
import { nextCell, type JOB_PRICE_INPUTS, type PriceInput } from '@courier/domain/pricing/pending-changes';
import { customerChargeLock, driverPayLock } from '@courier/domain/pricing/price-edits';
// A job's tariffService is a service (spec 2 §3): its name comes from the domain, charges (CANC, FAIC) included.
import { tariffServiceName } from '@courier/domain/pricing/tariff-services';
import type { PendingPriceChanges } from '../price-editing/pending-store.ts';
import { PriceCell, PriceCellNavigationContext, type PriceCellNavigation } from '../price-editing/price-cell.tsx';
import cellClasses from '../price-editing/price-cell.module.css';
import classes from './booking-table.module.css';
import { useTruncationTooltip } from './truncation-tooltip.tsx';

// The account and tariff choosers of price editing (a type-ahead, a popover) load when prices are
// first edited, not with every list's first row (issue 10: their code is most of app-shared's share of it).
const choiceCells = () => import('../price-editing/choice-cells.tsx');
const AccountCell = lazy(() => choiceCells().then((module) => ({ default: module.AccountCell })));
const TariffCell = lazy(() => choiceCells().then((module) => ({ default: module.TariffCell })));

const ROW_HEIGHT = 40;
/** Each further job of a booking adds a line of inputs while prices are edited. */
const JOB_LINE_HEIGHT = 32;

interface Column {
  key: string;
  header: string;
  width: number;
  align?: 'right';
  /** The price fields (the domain's list) a column shows: it is left out for roles that may not see prices. */
  prices?: readonly PriceField[];
  /** The cell holds inputs: not cut to one line. */
  inputs?: boolean;
  cell: (booking: BookingListItem, row: number) => ReactNode;
}

type MoneyInput = (typeof JOB_PRICE_INPUTS)[number];

/** The job prices each view edits (spec 2 §2): same day charge and pay; ON / OS charge and the carrier's costs. */
const JOB_INPUTS: Record<'SAME_DAY' | 'ON_OS', readonly MoneyInput[]> = {
  SAME_DAY: ['customerCharge', 'driverPay'],
  ON_OS: ['customerCharge', 'carrierPrice', 'carrierCustomsCharge', 'carrierInsuranceCharge'],
};

/**
 * A row's inputs in keyboard order, left to right: the booking's account, (ON / OS) each job's tariff,
 * the booking's package count and weight, then each job's prices, job by job (a line each). A cell's
 * place in this list is its column for Enter, Tab and the arrows.
 */
export function priceInputsOf(
  booking: BookingListItem,
  view: 'SAME_DAY' | 'ON_OS',
): { owner: number; input: PriceInput }[] {
  return [
    { owner: booking.id, input: 'companyId' },
    ...(view === 'ON_OS' ? booking.jobs.map((job) => ({ owner: job.id, input: 'tariffId' as const })) : []),
    { owner: booking.id, input: 'numberOfPackages' },
    { owner: booking.id, input: 'weight' },
    ...booking.jobs.flatMap((job) => JOB_INPUTS[view].map((input) => ({ owner: job.id, input }))),
  ];
}

const rowHeightOf = (booking: BookingListItem | undefined, editing: boolean) =>
  editing && booking && booking.jobs.length > 1 ? ROW_HEIGHT + (booking.jobs.length - 1) * JOB_LINE_HEIGHT : ROW_HEIGHT;

/** Why a job's price may not change (spec 2 §5), or null. */
function lockOf(job: BookingListItem['jobs'][number], input: PriceInput): string | null {
  if (input === 'customerCharge') return customerChargeLock(job.invoiceStatus);
  if (input === 'driverPay') return driverPayLock(job.taskPayStatuses);
  return null;
}

const jobValue = (job: BookingListItem['jobs'][number], input: MoneyInput): number =>
  (input === 'driverPay' ? job.driverPrice : job[input]) ?? 0;

/** A price column's inputs, one line per job, or the booking's one input for weight and packages. */
function inputCell(
  store: PendingPriceChanges,
  view: 'SAME_DAY' | 'ON_OS',
  input: PriceInput,
  onOpenCompany: (companyId: number) => void = () => {},
) {
  return (booking: BookingListItem, row: number) => {
    const order = priceInputsOf(booking, view);
    const columnOf = (owner: number) => order.findIndex((entry) => entry.owner === owner && entry.input === input);
    // A weight, package, tariff or account change moves the charge, so what locks the charge locks them too.
    const chargeLock = booking.jobs.map((job) => customerChargeLock(job.invoiceStatus)).find(Boolean) ?? null;
    if (input === 'companyId') {
      const company = <CompanyLink booking={booking} onOpenCompany={onOpenCompany} />;
      // Until the account cell's code has come, the company alone, cut as the cell will cut it.
      return (
        <Suspense fallback={<div className={classes.cell}>{company}</div>}>
          <AccountCell
            store={store}
            booking={booking}
            lock={chargeLock}
            row={row}
            column={columnOf(booking.id)}
            current={company}
          />
        </Suspense>
      );
    }
    if (input === 'tariffId')
      return (
        <div className={cellClasses.stack}>
          {booking.jobs.map((job) => (
            <Suspense
              key={job.id}
              fallback={<span>{job.tariffService ? tariffServiceName(job.tariffService) : null}</span>}
            >
              <TariffCell
                store={store}
                booking={booking}
                job={job}
                lock={customerChargeLock(job.invoiceStatus)}
                row={row}
                column={columnOf(job.id)}
              />
            </Suspense>
          ))}
        </div>
      );
    if (input === 'weight' || input === 'numberOfPackages') {
      const lock = chargeLock;
      return (
        <PriceCell
          store={store}
          booking={booking}
          owner={booking.id}
          ownerReference={booking.reference}
          input={input}
          stored={input === 'weight' ? booking.weightOfPackages : booking.numberOfPackages}
          lock={lock}
          row={row}
          column={columnOf(booking.id)}
        />
      );
    }
    return (
      <div className={cellClasses.stack}>
        {booking.jobs.map((job) => (
          <PriceCell
            key={job.id}
            store={store}
            booking={booking}
            owner={job.id}
            ownerReference={job.reference}
            input={input}
            stored={jobValue(job, input as MoneyInput)}
            lock={lockOf(job, input)}
            row={row}
            column={columnOf(job.id)}
          />
        ))}
      </div>
    );
  };
}

/** Pay % as the pending charge and pay would make it (spec 2 §9), updating as they are typed. */
function PendingPayPercent({ store, booking }: { store: PendingPriceChanges; booking: BookingListItem }) {
  const percent = useSyncExternalStore(store.subscribe, () => {
    let pay = 0;
    let charge = 0;
    const reprice = store.repriceOf(booking.id);
    for (const job of booking.jobs) {
      const payText = store.textOf(job.id, 'driverPay');
      const chargeText = store.textOf(job.id, 'customerCharge');
      const repriced = reprice?.state === 'done' ? reprice.charges.get(job.id) : undefined;
      pay += Math.round((payText !== undefined ? Number(payText) || 0 : (job.driverPrice ?? 0)) * 100);
      charge += Math.round(
        (chargeText !== undefined ? Number(chargeText) || 0 : (repriced ?? job.customerCharge ?? 0)) * 100,
      );
    }
    return jobDriverPayPercent(pay / 100, charge / 100);
  });
  return <span className={driverPayPercentColour(percent) === 'red' ? classes.red : classes.green}>{percent}%</span>;
}

const place = (booking: BookingListItem, which: 'collection' | 'delivery') => {
  const job = which === 'collection' ? booking.jobs[0] : booking.jobs.at(-1);
  const found = job?.[which];
  return found ? `${found.name}, ${found.city}` : '';
};
const unique = <T,>(values: (T | null | undefined)[]) => [
  ...new Set(values.filter((value): value is T => value !== null && value !== undefined)),
];
const sum = (values: (number | undefined)[]) =>
  values.reduce<number>((total, value) => total + Math.round((value ?? 0) * 100), 0) / 100;

function reviewReason(booking: BookingListItem): string | null {
  for (const job of booking.jobs) {
    if (job.needsSameDayReview) return `Same day review: ${job.needsSameDayReviewReason ?? 'No reason provided'}`;
    if (job.needsCarrierReview) return `Carrier review: ${job.needsCarrierReviewReason ?? 'No reason provided'}`;
  }
  return null;
}

interface RowActions {
  onOpen: (reference: string) => void;
  onOpenCompany: (companyId: number) => void;
  review?: ReviewActions | undefined;
}

/** Review mode for pricing staff (spec 2 §4): an Approve button on each booking flagged for the view's review. */
export interface ReviewActions {
  type: ApprovalType;
  onApprove: (booking: BookingListItem, jobIds: number[]) => void;
  /** The booking whose approval is on its way (its button waits). */
  approving: string | null;
}

/** The jobs of a booking flagged for this review type. */
export function jobsToApprove(booking: BookingListItem, type: ApprovalType): number[] {
  return booking.jobs
    .filter((job) => (type === 'SAME_DAY' ? job.needsSameDayReview : job.needsCarrierReview))
    .map((job) => job.id);
}

/** The company's account code (its link to the company's page) and name. */
function CompanyLink({
  booking,
  onOpenCompany,
}: {
  booking: BookingListItem;
  onOpenCompany: (companyId: number) => void;
}) {
  return (
    <>
      <a
        className={classes.company}
        href={`/companies/${booking.company.id}`}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onOpenCompany(booking.company.id);
        }}
      >
        {booking.company.accountCode ?? booking.company.name}
      </a>
      {booking.company.accountCode ? ` ${booking.company.name}` : ''}
    </>
  );
}

// Cells are plain elements, not widgets: a scroll re-renders the rows in view every frame.
function columnsFor(
  view: 'SAME_DAY' | 'ON_OS' | undefined,
  seePrices: boolean,
  actions: RowActions,
  editing: PendingPriceChanges | null,
): Column[] {
  // Prices are edited in one view at a time (the tabs), never in the mixed invoice list.
  const edit = editing && view && seePrices ? { store: editing, view } : null;
  const common: Column[] = [
    {
      key: 'reference',
      header: 'Reference',
      width: 160,
      cell: (booking) => {
        const reason = reviewReason(booking);
        // The badge never shrinks ('REVI…'): the reference gives way first, and the column fits both.
        return (
          <span className={classes.referenceCell}>
            <button
              type="button"
              className={classes.reference}
              onClick={() => actions.onOpen(booking.reference)}
              aria-label={`Open booking ${booking.reference}`}
            >
              {booking.reference}
            </button>
            {reason && (
              <span className={classes.review} title={reason} aria-label={reason} data-badge>
                Review
              </span>
            )}
          </span>
        );
      },
    },
    { key: 'created', header: 'Created', width: 124, cell: (booking) => formatDateTime(booking.createdAt) },
    {
      key: 'company',
      header: 'Company',
      width: edit ? 240 : 200,
      ...(edit && { inputs: true }),
      cell: edit
        ? inputCell(edit.store, edit.view, 'companyId', actions.onOpenCompany)
        : (booking) => <CompanyLink booking={booking} onOpenCompany={actions.onOpenCompany} />,
    },
    {
      key: 'status',
      header: 'Status',
      // Wide enough for the longest status badge, 'Out for delivery' (125 px and the cell's padding).
      width: 148,
      cell: (booking) => (
        <span className={classes.status} data-badge>
          {bookingStatusLabel(booking.status)}
        </span>
      ),
    },
    { key: 'service', header: 'Service', width: 150, cell: (booking) => booking.service.name },
  ];
  const sameDay: Column[] = [
    {
      key: 'vehicle',
      header: 'Vehicle',
      width: 110,
      cell: (booking) => (booking.vehicle ? bookingVehicleLabel(booking.vehicle) : ''),
    },
    {
      key: 'route',
      header: 'From → To',
      width: 260,
      cell: (booking) => `${place(booking, 'collection')} → ${place(booking, 'delivery')}`,
    },
    {
      key: 'drivers',
      header: 'Drivers',
      width: 90,
      cell: (booking) => unique(booking.jobs.flatMap((job) => [job.driverNumber, job.driverTwoNumber])).join(', '),
    },
    {
      key: 'tags',
      header: 'Tags',
      width: 150,
      cell: (booking) => unique(booking.jobs.flatMap((job) => job.tags).map(jobTagLabel)).join(', '),
    },
  ];
  const onOs: Column[] = [
    {
      key: 'carrier',
      header: 'Carrier',
      width: 130,
      cell: (booking) => unique(booking.jobs.map((job) => job.carrier?.name)).join(', '),
    },
    edit?.view === 'ON_OS'
      ? { key: 'tariff', header: 'Tariff', width: 190, inputs: true, cell: inputCell(edit.store, 'ON_OS', 'tariffId') }
      : {
          key: 'tariff',
          header: 'Tariff',
          width: 140,
          cell: (booking) =>
            unique(booking.jobs.map((job) => (job.tariffService ? tariffServiceName(job.tariffService) : null))).join(
              ', ',
            ),
        },
    { key: 'to', header: 'To', width: 220, cell: (booking) => place(booking, 'delivery') },
  ];
  const sizes: Column[] = edit
    ? [
        {
          key: 'packages',
          header: 'Pkgs',
          width: 70,
          align: 'right',
          inputs: true,
          cell: inputCell(edit.store, edit.view, 'numberOfPackages'),
        },
        {
          key: 'weight',
          header: 'Kg',
          width: 90,
          align: 'right',
          inputs: true,
          cell: inputCell(edit.store, edit.view, 'weight'),
        },
      ]
    : [
        { key: 'packages', header: 'Pkgs', width: 60, align: 'right', cell: (booking) => booking.numberOfPackages },
        {
          key: 'weight',
          header: 'Kg',
          width: 70,
          align: 'right',
          cell: (booking) => booking.weightOfPackages.toFixed(2),
        },
      ];
  const editable = (column: Column, input: PriceInput): Column =>
    edit
      ? { ...column, width: Math.max(column.width, 110), inputs: true, cell: inputCell(edit.store, edit.view, input) }
      : column;
  /** A money column: the booking's figure, or each job's input while prices are edited. */
  const money = (
    key: string,
    header: string,
    width: number,
    field: PriceField,
    value: (booking: BookingListItem) => number | undefined,
    input: PriceInput,
  ): Column =>
    editable(
      { key, header, width, align: 'right', prices: [field], cell: (booking) => formatEuro(value(booking)) },
      input,
    );
  const jobsTotal =
    (field: 'carrierPrice' | 'carrierCustomsCharge' | 'carrierInsuranceCharge') => (booking: BookingListItem) =>
      sum(booking.jobs.map((job) => job[field]));
  const charge = money('charge', 'Charge', 100, 'exVatPrice', (booking) => booking.exVatPrice, 'customerCharge');
  const prices: Column[] =
    view === 'ON_OS'
      ? [
          charge,
          money('carrierCost', 'Carrier Cost', 110, 'carrierPrice', jobsTotal('carrierPrice'), 'carrierPrice'),
          money(
            'customs',
            'Customs',
            100,
            'carrierCustomsCharge',
            jobsTotal('carrierCustomsCharge'),
            'carrierCustomsCharge',
          ),
          money(
            'insurance',
            'Insurance',
            100,
            'carrierInsuranceCharge',
            jobsTotal('carrierInsuranceCharge'),
            'carrierInsuranceCharge',
          ),
        ]
      : [
          charge,
          money('driverPay', 'Driver Pay', 100, 'driverPrice', (booking) => booking.driverPrice, 'driverPay'),
          {
            key: 'percent',
            header: 'Pay %',
            width: 70,
            align: 'right',
            prices: ['driverPrice', 'exVatPrice'],
            cell: (booking) => {
              if (edit) return <PendingPayPercent store={edit.store} booking={booking} />;
              const percent = jobDriverPayPercent(booking.driverPrice ?? 0, booking.exVatPrice ?? 0);
              return (
                <span className={driverPayPercentColour(percent) === 'red' ? classes.red : classes.green}>
                  {percent}%
                </span>
              );
            },
          },
        ];
  const { review } = actions;
  const approve: Column[] = review
    ? [
        {
          key: 'approve',
          header: 'Review',
          width: 110,
          cell: (booking) => {
            const jobIds = jobsToApprove(booking, review.type);
            if (jobIds.length === 0) return null;
            return (
              <button
                type="button"
                className={classes.approve}
                disabled={review.approving === booking.reference}
                onClick={() => review.onApprove(booking, jobIds)}
                aria-label={`Approve review of ${booking.reference}`}
              >
                {review.approving === booking.reference ? 'Approving…' : 'Approve'}
              </button>
            );
          },
        },
      ]
    : [];
  // In review mode Approve follows the reference, so it is on screen without scrolling sideways.
  return [
    ...common.slice(0, 1),
    ...approve,
    ...common.slice(1),
    ...(view === 'ON_OS' ? onOs : view === 'SAME_DAY' ? sameDay : [...sameDay.slice(0, 2), ...onOs.slice(0, 1)]),
    ...sizes,
    ...prices,
  ].filter((column) => seePrices || !column.prices?.length);
}

/** One booking's row; unchanged props (same booking, same columns) skip its render. */
const BookingRow = memo(function BookingRow({
  booking,
  index,
  columns,
  height,
}: {
  booking: BookingListItem;
  index: number;
  columns: Column[];
  height: number;
}) {
  return (
    <tr data-reference={booking.reference} style={{ height }} aria-rowindex={index + 2}>
      {columns.map((column) => (
        // A text cell is cut with an ellipsis; the table's tooltip shows the whole text (useTruncationTooltip).
        <td
          key={column.key}
          style={{ textAlign: column.align ?? 'left' }}
          className={column.inputs ? undefined : classes.cell}
          data-truncates={column.inputs ? undefined : ''}
        >
          {column.cell(booking, index)}
        </td>
      ))}
    </tr>
  );
});

/** Marks the table scrolled sideways, so the reference column sticks (booking-table.module.css). */
function markSideways(region: HTMLElement) {
  const sideways = String(region.scrollLeft > 0);
  if (region.dataset.sideways !== sideways) region.dataset.sideways = sideways;
}

/**
 * The rows of one page, virtualised: only the rows in view are in the DOM, so 5,000 rows render and
 * scroll smoothly (ARCHITECTURE 'web'). A plain table with spacer rows keeps table semantics.
 */
export function BookingTable({
  bookings,
  view,
  seePrices,
  onOpen,
  busy,
  fill = false,
  review,
  editing = null,
}: {
  bookings: BookingListItem[];
  view: 'SAME_DAY' | 'ON_OS' | undefined;
  seePrices: boolean;
  onOpen: (reference: string) => void;
  busy: boolean;
  /** Take the height left in a flex column (the list screen), else at most 70% of the window. */
  fill?: boolean;
  /** Review mode's Approve column (pricing staff). */
  review?: ReviewActions | undefined;
  /** Pricing staff: the price cells are inputs gathering into these pending changes (spec 2 §2). */
  editing?: PendingPriceChanges | null;
}) {
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  // Stable columns let the memoised rows skip re-rendering: a scroll renders only the rows coming into view.
  const columns = useMemo(
    () =>
      columnsFor(
        view,
        seePrices,
        {
          onOpen,
          onOpenCompany: (companyId) =>
            void navigate({ to: '/companies/$companyId/{-$tab}', params: { companyId, tab: undefined } }),
          review,
        },
        editing,
      ),
    [view, seePrices, onOpen, navigate, review, editing],
  );
  const editingRows = editing !== null && view !== undefined && seePrices;
  // TanStack Virtual returns fresh values each render by design; the React compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: bookings.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => rowHeightOf(bookings[index], editingRows),
    overscan: 8,
    // The window's height until the table's own is measured: the first draw (in the background lane)
    // has the rows in view, instead of none and then all of them in a synchronous draw after the
    // measurement (issue 10). The measurement trims the few past the table's bottom.
    initialRect: { width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight },
  });
  const navigation = useMemo<PriceCellNavigation | null>(() => {
    if (!editingRows || view === undefined) return null;
    return {
      move: (from, direction) => {
        const target = nextCell(from, direction, bookings.length, (row) => {
          const booking = bookings[row];
          return booking ? priceInputsOf(booking, view).length : 0;
        });
        if (!target) return;
        const selector = `[data-price-cell="${target.row}:${target.column}"]`;
        const find = () => scrollRef.current?.querySelector<HTMLInputElement>(selector);
        const found = find();
        if (found) {
          found.focus();
          return;
        }
        // The row is not drawn (virtualised): scroll to it, then focus it once it is.
        virtualizer.scrollToIndex(target.row, { align: 'center' });
        let tries = 0;
        const retry = () => {
          const drawn = find();
          if (drawn) drawn.focus();
          else if (++tries < 20) requestAnimationFrame(retry);
        };
        requestAnimationFrame(retry);
      },
    };
  }, [editingRows, view, bookings, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width = columns.reduce((total, column) => total + column.width, 0);
  const tooltip = useTruncationTooltip();

  return (
    <div
      ref={scrollRef}
      className={classes.scroll}
      style={
        fill
          ? { flex: '1 1 0', minHeight: 3 * ROW_HEIGHT }
          : { height: `min(70vh, ${(bookings.length + 1) * ROW_HEIGHT + 4}px)` }
      }
      tabIndex={0}
      role="region"
      aria-label="Bookings"
      aria-busy={busy}
      {...tooltip.targetProps}
      onScroll={(event) => {
        tooltip.targetProps.onScroll();
        markSideways(event.currentTarget);
      }}
    >
      {tooltip.element}
      <PriceCellNavigationContext.Provider value={navigation}>
        <table className={classes.table} style={{ width, minWidth: '100%' }} aria-rowcount={bookings.length + 1}>
          <colgroup>
            {columns.map((column) => (
              <col key={column.key} style={{ width: column.width }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} style={{ textAlign: column.align ?? 'left' }}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {top > 0 && (
              <tr aria-hidden="true" style={{ height: top }}>
                <td colSpan={columns.length} />
              </tr>
            )}
            {items.map((item) => {
              const booking = bookings[item.index];
              return booking ? (
                <BookingRow
                  key={booking.id}
                  booking={booking}
                  index={item.index}
                  columns={columns}
                  height={rowHeightOf(booking, editingRows)}
                />
              ) : null;
            })}
            {bottom > 0 && (
              <tr aria-hidden="true" style={{ height: bottom }}>
                <td colSpan={columns.length} />
              </tr>
            )}
          </tbody>
        </table>
      </PriceCellNavigationContext.Provider>
    </div>
  );
}
