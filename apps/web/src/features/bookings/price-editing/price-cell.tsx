import { createContext, memo, useContext, useRef, type KeyboardEvent } from 'react';
import type { BookingListItem } from '@courier/domain/bookings/schemas';
import {
  acceptsPriceKey,
  PRICE_INPUT_LABELS,
  priceInputText,
  readPriceInput,
  type PriceInput,
} from '@courier/domain/pricing/pending-changes';
import { toast } from '@/ui/toast.ts';
import classes from './price-cell.module.css';
import { usePendingText, useReprice, type PendingPriceChanges } from './pending-store.ts';

/** Moves the focus to another price input of the page (the table knows the rows, including those not drawn). */
export interface PriceCellNavigation {
  move: (from: { row: number; column: number }, direction: 'next' | 'previous' | 'up' | 'down') => void;
}
export const PriceCellNavigationContext = createContext<PriceCellNavigation | null>(null);

/**
 * One editable price of the booking list (spec 2 §2, §5): digits and the decimal point only; Enter
 * and Tab move on (Shift back), Up and Down to the same input of the row above or below, wrapping;
 * Escape puts the stored value back. The typed text waits in the page's pending changes, marked,
 * until Save or Discard. A locked price (invoiced, paid) is read-only and says why when typed into.
 */
export const PriceCell = memo(function PriceCell({
  store,
  booking,
  owner,
  ownerReference,
  input,
  stored,
  lock,
  row,
  column,
}: {
  store: PendingPriceChanges;
  booking: BookingListItem;
  /** The job id, or the booking id for a booking's weight and package count. */
  owner: number;
  ownerReference: string;
  input: PriceInput;
  stored: number;
  /** Why the price may not change (spec 2 §5), or null. */
  lock: string | null;
  row: number;
  column: number;
}) {
  const navigation = useContext(PriceCellNavigationContext);
  const text = usePendingText(store, owner, input);
  const reprice = useReprice(store, booking.id);
  /** What this cell has said in a toast since it was focused: each refusal is said once, not per key. */
  const said = useRef<string | null>(null);
  // A charge the tariff re-prices after a weight or package change (spec 2 §9), until one is typed.
  const repriced =
    input === 'customerCharge' && text === undefined && reprice?.state === 'done'
      ? reprice.charges.get(owner)
      : undefined;
  const repriceFailed = input === 'customerCharge' && text === undefined && reprice?.state === 'failed';
  const read = text === undefined ? null : readPriceInput(input, text);
  const problem = read && !read.ok ? read.message : repriceFailed ? reprice.message : null;
  const shown = text ?? priceInputText(input, repriced ?? stored);
  const label = `${PRICE_INPUT_LABELS[input]} for ${ownerReference}`;
  const waiting = input === 'customerCharge' && text === undefined && reprice?.state === 'waiting';

  /** Says why the cell refuses, in a toast, as soon as it does: a lock when typed into, a value it cannot take. */
  const say = (title: string, message: string) => {
    if (said.current === message) return;
    said.current = message;
    toast({ type: 'error', title, message });
  };
  /**
   * Keeps the typed text (refused text too: it waits, marked, until corrected) and says at once why a
   * value is refused; the cell's tooltip alone went unseen until Save. Corrected, a new refusal is said again.
   */
  const change = (next: string) => {
    store.set(booking, owner, input, next);
    const typed = readPriceInput(input, next);
    // A cell cleared to type a new value is not a mistake yet: its tooltip and Save say it is required.
    if (!typed.ok && next.trim() !== '') say(label, typed.message);
    else said.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, 'next' | 'previous' | 'up' | 'down'> = {
      Enter: event.shiftKey ? 'previous' : 'next',
      Tab: event.shiftKey ? 'previous' : 'next',
      ArrowDown: 'down',
      ArrowUp: 'up',
    };
    const direction = moves[event.key];
    if (direction && navigation) {
      event.preventDefault();
      navigation.move({ row, column }, direction);
      return;
    }
    if (event.key === 'Escape') {
      if (text !== undefined) {
        // Escape reverts this cell only; the dialog or panel around the list stays open.
        event.preventDefault();
        event.stopPropagation();
        store.set(booking, owner, input, undefined);
      }
      return;
    }
    if (!acceptsPriceKey(event.key, { withModifier: event.ctrlKey || event.metaKey || event.altKey })) {
      event.preventDefault();
      return;
    }
    if (lock && event.key.length === 1 && !event.ctrlKey && !event.metaKey) say('Locked', lock);
  };

  return (
    <input
      className={classes.input}
      data-price-cell={`${row}:${column}`}
      data-changed={text !== undefined || repriced !== undefined || undefined}
      data-locked={lock ? true : undefined}
      aria-label={label}
      aria-invalid={problem ? true : undefined}
      aria-busy={waiting || undefined}
      title={problem ?? lock ?? (repriced !== undefined ? 'Re-priced from the tariff; saved with Save' : undefined)}
      inputMode={input === 'numberOfPackages' ? 'numeric' : 'decimal'}
      autoComplete="off"
      readOnly={lock !== null}
      value={shown}
      maxLength={12}
      onFocus={(event) => {
        said.current = null;
        event.currentTarget.select();
      }}
      onKeyDown={onKeyDown}
      onPaste={(event) => {
        // A pasted amount keeps to what the keys allow: '€1,234.50' reads 1234.50 (and 1.5 packages is
        // kept, to be refused, not read as 15).
        event.preventDefault();
        if (lock) return;
        const pasted = event.clipboardData.getData('text').replace(/[^\d.]/g, '');
        const target = event.currentTarget;
        const next =
          target.value.slice(0, target.selectionStart ?? 0) + pasted + target.value.slice(target.selectionEnd ?? 0);
        change(next.slice(0, 12));
      }}
      onChange={(event) => {
        if (lock) return;
        change(event.currentTarget.value);
      }}
      onBlur={() => {
        // Typed back to the stored value: nothing is pending for this cell.
        if (text === undefined) return;
        const typed = readPriceInput(input, text);
        if (typed.ok && Math.round(typed.value * 100) === Math.round(stored * 100))
          store.set(booking, owner, input, undefined);
      }}
    />
  );
});
