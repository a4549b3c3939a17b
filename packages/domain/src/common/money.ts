// Money in integer cents: every sum and product goes through here, never `a + b` on euro floats.

export type Cents = number & { readonly __brand: 'cents' };

const EXACT_EURO = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses a euro amount (number or numeric text such as '12.50' from a numeric column) to cents. */
export function toCents(euro: number | string): Cents {
  // Fast path: numeric text of at most 2 decimals ('12.5', '-0.40': what numeric(…, 2) columns give) is exact.
  if (typeof euro === 'string') {
    const exact = EXACT_EURO.exec(euro);
    if (exact) {
      const cents = Number(exact[2]) * 100 + Number((exact[3] ?? '').padEnd(2, '0'));
      return ((exact[1] ? -cents : cents) || 0) as Cents;
    }
  }
  const value = typeof euro === 'string' ? Number(euro) : euro;
  if (!Number.isFinite(value)) throw new RangeError(`Not a money amount: ${String(euro)}`);
  // Round half away from zero at the cent; toFixed avoids 1.005 * 100 = 100.49999.
  const sign = value < 0 ? -1 : 1;
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(6).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const rest = Number(fraction.slice(2) || '0');
  return (sign * (cents + (rest >= 5000 ? 1 : 0)) || 0) as Cents;
}

export function toEuro(cents: Cents): number {
  return cents / 100;
}

export function addMoney(...amounts: Cents[]): Cents {
  return amounts.reduce<number>((sum, amount) => sum + amount, 0) as Cents;
}

export function subtractMoney(a: Cents, b: Cents): Cents {
  return (a - b) as Cents;
}

/** Multiplies an amount by a factor (a percentage, a count) and rounds to the cent. */
export function multiplyMoney(amount: Cents, factor: number): Cents {
  return toCents((amount * factor) / 100);
}

/** Rounds a euro value to 2 decimals the same way money is rounded everywhere else. */
export function roundEuro(euro: number): number {
  return toEuro(toCents(euro));
}

/**
 * A whole number with en-IE digit grouping: 1234567 as '1,234,567', -1234 as '-1,234'. Written out
 * rather than Intl's: a page's first use of Intl loads ICU (160-280 ms on a phone-speed CPU, in the
 * task that draws the first row), and the booking list's first row formats money and counts only
 * (issue 10, CPU profile of /bookings/list at 4x). Same text as `toLocaleString('en-IE')` (tested).
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-IE');
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/** Formats cents as '€1,234.50' (en-IE), '-€5.00' below zero: exact, from the integer cents. */
function formatCents(cents: Cents): string {
  const whole = Math.abs(cents);
  const text = `€${formatCount(Math.trunc(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** Formats a euro amount as '€1,234.50' (en-IE). Accepts numeric text from the API. */
export function formatEuro(euro: number | string | null | undefined): string {
  if (euro === null || euro === undefined || euro === '') return formatCents(0 as Cents);
  return formatCents(toCents(euro));
}
