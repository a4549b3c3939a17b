import { formatDate, formatDateTime } from '@courier/domain/common/dates';
import { formatEuro } from '@courier/domain/common/money';

/** A euro amount, en-IE: €1,234.50. */
export function Money({ value }: { value: number | string | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatEuro(value)}</span>;
}

/** dd/MM/yy, or dd/MM/yy HH:mm with withTime. An empty value shows a dash. */
export function DateText({ value, withTime = false }: { value: string | Date | null | undefined; withTime?: boolean }) {
  const text = withTime ? formatDateTime(value) : formatDate(value);
  if (!text) return <span aria-label="none">–</span>;
  const iso = value instanceof Date ? value.toISOString() : (value ?? undefined);
  return <time dateTime={iso}>{text}</time>;
}
