import { ActionIcon, Checkbox, Tooltip, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { formatEuro } from '@courier/domain/common/money';
import { PAY_PERIOD_STATUS_LABELS } from '@courier/domain/driver-pay/labels';
import { DRIVER_VEHICLE_LABELS, paySettingsNotFoundText } from '@courier/domain/drivers/labels';
import type { DriverVehicle } from '@courier/domain/drivers/enums';
import { PayCellInput, type MoveInColumn } from './pay-cell-input.tsx';
import { cellProblemId, parseBoost, parseDays, type PayCellColumn, type PayDaysColumn } from './pay-cell-values.ts';
import { PayDocumentsMenu } from './pay-documents-menu.tsx';
import { columnTotals, isAmountKnown, type PayRow, type PayRowEdit, type TotalledAmount } from './pay-rows.ts';
import classes from './pay-grid.module.css';

const ROW_HEIGHT = 48;

export interface PayGridActions {
  edit: (period: PayRow['period'], patch: Omit<PayRowEdit, 'version' | 'typed'>) => void;
  /** Keeps the text of a cell that is not a valid value (null: it holds a valid one again). */
  keepTyped: (period: PayRow['period'], column: PayCellColumn, text: string | null) => void;
  openAdjustments: (periodId: number) => void;
  toggleSelected: (periodId: number) => void;
  pushMessage: (driver: PayRow['period']['driver']) => void;
}

/**
 * Rows that may be selected, and for what: in review to finalise, pending payment to mark paid
 * (docs/decisions/013).
 */
export const SELECT_PURPOSE: Partial<Record<PayRow['period']['status'], string>> = {
  IN_REVIEW: 'to finalise',
  PENDING_PAYMENT: 'to mark paid',
};

interface Column {
  key: string;
  header: ReactNode;
  width: number;
  align?: 'right' | 'center';
  /** The footer's sum for amount columns. */
  total?: TotalledAmount;
  cell: (row: PayRow, index: number) => ReactNode;
}

/** One drawn row: drawn again only when its row, its place or the columns change. */
const PayGridRow = memo(function PayGridRow({
  row,
  index,
  columns,
}: {
  row: PayRow;
  index: number;
  columns: readonly Column[];
}) {
  return (
    <tr
      style={{ height: ROW_HEIGHT }}
      className={row.editable ? (row.changed ? classes.changed : undefined) : classes.locked}
      aria-rowindex={index + 2}
      data-driver-number={row.period.driver.driverNumber}
      data-status={row.period.status}
      data-changed={row.changed || undefined}
    >
      {columns.map((column) => (
        <td key={column.key} data-column={column.key} style={{ textAlign: column.align ?? 'left' }}>
          {column.cell(row, index)}
        </td>
      ))}
    </tr>
  );
});

const driverName = (row: PayRow) => `${row.period.driver.firstName} ${row.period.driver.lastName}`;
const vehicleLabel = (vehicle: string) => DRIVER_VEHICLE_LABELS[vehicle as DriverVehicle] ?? vehicle;
/** The Boost input's hint while empty: the automatic Min Pay Boost it pays (spec 2 §9). */
const boostHint = (automatic: number | null) => (automatic === null || automatic === 0 ? 'Auto' : automatic.toFixed(2));
const boostTitle = (automatic: number | null) =>
  automatic === null
    ? 'Empty: the automatic Min Pay Boost.'
    : `Empty: the automatic Min Pay Boost (${formatEuro(automatic)}). Type an amount to pay that instead.`;
const money = (value: number) => <span className={classes.amount}>{formatEuro(value)}</span>;
/** An amount not worked out (a fuel input holds no percent): a dash, never the amount before it. */
const notWorkedOut = (why: string) => (
  <span title={why} aria-label={`Not worked out: ${why}`}>
    —
  </span>
);
const totalCell = (total: number | null) =>
  total === null ? notWorkedOut('a fuel percent is missing or out of range') : money(total);
const amountColumn = (key: TotalledAmount, header: string, width = 72): Column => ({
  key,
  header,
  width,
  align: 'right',
  total: key,
  cell: (row) => (isAmountKnown(row, key) ? money(row.amounts[key]) : notWorkedOut(row.fuelProblem ?? '')),
});

function columnsFor({
  actions,
  selected,
  move,
  mergeExtras,
}: {
  actions: PayGridActions;
  selected: ReadonlySet<number>;
  move: MoveInColumn;
  mergeExtras: boolean;
}): Column[] {
  const days = (key: PayDaysColumn, header: string): Column => ({
    key,
    header,
    width: 60,
    align: 'center',
    cell: (row, index) =>
      row.editable ? (
        <PayCellInput
          value={row.inputs[key]}
          format={String}
          parse={parseDays(key)}
          onCommit={(value) => actions.edit(row.period, { [key]: value })}
          typed={row.typed[key]}
          onTyped={(text) => actions.keepTyped(row.period, key, text)}
          problemId={cellProblemId(row.period.id, key)}
          rowProblem={row.problems.find((problem) => problem.column === key)?.message}
          label={`${header}, driver ${row.period.driver.driverNumber}`}
          row={index}
          column={key}
          move={move}
          inputMode="numeric"
        />
      ) : (
        row.inputs[key]
      ),
  });
  return [
    {
      key: 'select',
      // The select-all checkbox depends on the rows; the grid draws it (columns stay the same while typing).
      header: null,
      width: 34,
      align: 'center',
      cell: (row) => {
        const purpose = SELECT_PURPOSE[row.period.status];
        return purpose ? (
          <Checkbox
            size="xs"
            aria-label={`Select driver ${row.period.driver.driverNumber} ${purpose}`}
            checked={selected.has(row.period.id)}
            onChange={() => actions.toggleSelected(row.period.id)}
          />
        ) : null;
      },
    },
    {
      key: 'driver',
      header: 'Driver',
      width: 168,
      cell: (row) => (
        <div className={classes.driver}>
          <span className={classes.cellText} title={`${row.period.driver.driverNumber} ${driverName(row)}`}>
            <b>{row.period.driver.driverNumber}</b> {driverName(row)}
          </span>
          <span className={classes.vehicle}>
            {vehicleLabel(row.period.driver.vehicle)}
            <span className={classes.status} data-status={row.period.status}>
              {PAY_PERIOD_STATUS_LABELS[row.period.status]}
            </span>
            {!row.period.paySettingsSaved && (
              // Spec 2 §8: the period is worked out from base pay only until the settings are saved.
              <Tooltip label={paySettingsNotFoundText(driverName(row))} withinPortal>
                <span
                  className={classes.noSettings}
                  role="img"
                  aria-label={paySettingsNotFoundText(driverName(row))}
                  tabIndex={0}
                >
                  ⚠
                </span>
              </Tooltip>
            )}
            {/* In the driver's cell rather than a column of its own, so every column still shows at 1440 px. */}
            <ActionIcon
              size="xs"
              className={classes.message}
              variant="subtle"
              aria-label={`Message driver ${row.period.driver.driverNumber}`}
              title="Send a message to the driver's app"
              onClick={() => actions.pushMessage(row.period.driver)}
            >
              <span aria-hidden>✉</span>
            </ActionIcon>
          </span>
        </div>
      ),
    },
    amountColumn('basePay', 'Base Pay', 76),
    days('daysWorked', 'Days Worked'),
    days('daysBookedOff', 'Days Booked Off'),
    days('daysMissed', 'Days Missed'),
    amountColumn('fuelSurcharge', 'Fuel'),
    amountColumn('attendanceBonus', 'Attendance', 88),
    amountColumn('cargoBonus', 'Cargo'),
    amountColumn('helmetBonus', 'Helmet'),
    amountColumn('backBoxBonus', 'Back-Box', 64),
    {
      key: 'boost',
      header: 'Boost',
      width: 72,
      align: 'right',
      total: 'boost',
      cell: (row, index) =>
        row.editable ? (
          <PayCellInput
            value={row.inputs.manualBoost}
            format={(value) => (value === null ? '' : value.toFixed(2))}
            parse={parseBoost}
            onCommit={(value) => actions.edit(row.period, { manualBoost: value })}
            typed={row.typed.manualBoost}
            onTyped={(text) => actions.keepTyped(row.period, 'manualBoost', text)}
            problemId={cellProblemId(row.period.id, 'manualBoost')}
            label={`Boost, driver ${row.period.driver.driverNumber}`}
            placeholder={boostHint(row.amounts.automaticBoost)}
            title={boostTitle(row.amounts.automaticBoost)}
            row={index}
            column="boost"
            move={move}
            inputMode="decimal"
          />
        ) : (
          money(row.amounts.boost)
        ),
    },
    {
      key: 'documents',
      header: 'PDFs',
      width: 56,
      align: 'center',
      cell: (row) => <PayDocumentsMenu period={row.period} mergeExtras={mergeExtras} />,
    },
    {
      key: 'adjustments',
      // One word wider than its column in some fonts (93 px in DejaVu Sans bold), which ran under the
      // sticky Total: a soft hyphen lets it break as 'Adjust-ments', as Back-Box does, rather than widen
      // a grid that just fits 1440 px. Screen readers and the header's accessible name ignore it.
      header: 'Adjust\u00ADments',
      width: 92,
      align: 'right',
      total: 'adjustmentTotal',
      cell: (row) => (
        <UnstyledButton
          className={classes.adjustments}
          onClick={() => actions.openAdjustments(row.period.id)}
          aria-label={`Adjustments of driver ${row.period.driver.driverNumber}: ${row.amounts.adjustmentCount}, ${formatEuro(row.amounts.adjustmentTotal)}`}
        >
          <span className={classes.count}>{row.amounts.adjustmentCount}</span>
          {money(row.amounts.adjustmentTotal)}
        </UnstyledButton>
      ),
    },
    {
      key: 'total',
      header: 'Total',
      width: 90,
      align: 'right',
      total: 'total',
      cell: (row) =>
        row.fuelProblem !== undefined ? (
          notWorkedOut(row.fuelProblem)
        ) : row.live ? (
          <b className={classes.amount} data-total>
            {formatEuro(row.amounts.total)}
          </b>
        ) : (
          <span aria-label="Working out the total">…</span>
        ),
    },
  ];
}

/**
 * The pay grid (spec 2 §2 'Driver pay'): one row a driver, drawn only while in view (TanStack
 * Virtual; 300 drivers scroll smoothly), inputs in editable rows, locked rows read-only and greyed,
 * the amount columns summed in the footer. Enter moves down a column, Shift+Enter up.
 */
export function PayGrid({
  rows,
  selected,
  actions,
  mergeExtras,
}: {
  rows: readonly PayRow[];
  selected: ReadonlySet<number>;
  actions: PayGridActions;
  /** Downloads print task pay and extras in one column. */
  mergeExtras: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns fresh values each render by design; the React compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const move: MoveInColumn = ({ row, column }, step) => {
    const target = row + step;
    if (target < 0 || target >= rows.length) return;
    const selector = `[data-pay-cell="${target}:${column}"]`;
    const find = () => scrollRef.current?.querySelector<HTMLInputElement>(selector);
    const found = find();
    if (found) {
      found.focus();
      return;
    }
    // Not drawn (virtualised) or read-only: scroll to it and focus it once drawn, if it has an input.
    virtualizer.scrollToIndex(target, { align: 'center' });
    let tries = 0;
    const retry = () => {
      const drawn = find();
      if (drawn) drawn.focus();
      else if (++tries < 10) requestAnimationFrame(retry);
    };
    requestAnimationFrame(retry);
  };
  const selectable = rows.filter((row) => SELECT_PURPOSE[row.period.status] !== undefined);
  const allSelected = selectable.length > 0 && selectable.every((row) => selected.has(row.period.id));
  const someSelected = selectable.some((row) => selected.has(row.period.id));
  const selectAll = (
    <Checkbox
      size="xs"
      aria-label="Select every period in review or pending payment"
      disabled={selectable.length === 0}
      checked={allSelected}
      indeterminate={someSelected && !allSelected}
      onChange={() => {
        for (const row of selectable)
          if (allSelected || !selected.has(row.period.id)) actions.toggleSelected(row.period.id);
      }}
    />
  );
  // Columns stay the same object while typing, so a row whose data did not change is not drawn again
  // (PayGridRow is memoised on it): a keystroke redraws its own row and the footer, not all 300.
  const moveRef = useRef(move);
  useLayoutEffect(() => {
    moveRef.current = move;
  });
  const stableMove = useCallback<MoveInColumn>((at, step) => moveRef.current(at, step), []);
  const columns = useMemo(
    () => columnsFor({ actions, selected, move: stableMove, mergeExtras }),
    [actions, selected, stableMove, mergeExtras],
  );
  const totals = useMemo(() => columnTotals(rows), [rows]);
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width = columns.reduce((total, column) => total + column.width, 0);

  return (
    <div
      ref={scrollRef}
      className={classes.scroll}
      style={{ height: `min(max(300px, calc(100vh - 300px)), ${(rows.length + 2) * ROW_HEIGHT + 24}px)` }}
      role="region"
      aria-label="Pay periods"
      tabIndex={-1}
    >
      <table className={classes.table} style={{ width, minWidth: '100%' }} aria-rowcount={rows.length + 2}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" style={{ textAlign: column.align ?? 'left' }}>
                {column.key === 'select' ? selectAll : column.header}
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
            const row = rows[item.index];
            return row ? <PayGridRow key={row.period.id} row={row} index={item.index} columns={columns} /> : null;
          })}
          {bottom > 0 && (
            <tr aria-hidden="true" style={{ height: bottom }}>
              <td colSpan={columns.length} />
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr aria-rowindex={rows.length + 2} data-totals>
            {columns.map((column, index) => (
              <td key={column.key} data-column={column.key} style={{ textAlign: column.align ?? 'left' }}>
                {index === 1
                  ? `Totals (${rows.length} ${rows.length === 1 ? 'driver' : 'drivers'})`
                  : column.total
                    ? totalCell(totals[column.total])
                    : null}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
