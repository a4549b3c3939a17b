import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { formatCount } from '@courier/domain/common/money';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 500, 1000] as const;

export interface ListPaginationProps {
  /** Zero-based page (spec 1 §9). */
  page: number;
  size: number;
  count: number;
  onPageChange: (page: number) => void;
  /** Shows the page-size selector when given. */
  onSizeChange?: (size: number) => void;
  sizeOptions?: readonly number[];
  /** What the list holds, for screen readers: 'companies', 'invoices'. */
  label?: string;
}

/**
 * The value behind the rows on screen. While a list keeps showing the previous page's rows
 * (keepPreviousData), its summary and buttons must describe those rows, not the page being fetched:
 * 'Showing 11 to 20' above rows 1 to 10 misleads, and a second Next would skip a page.
 */
export function useValueOnScreen<T>(value: T, showingPrevious: boolean): T {
  const [onScreen, setOnScreen] = useState(value);
  if (!showingPrevious && !Object.is(onScreen, value)) setOnScreen(value);
  return showingPrevious ? onScreen : value;
}

/**
 * 'Showing X to Y of Z results' or 'No results match filter', with Previous and Next. Counts are grouped
 * as the summaries beside the lists show them ('3,626', formatCount), never '3626' under '3,626'.
 */
export function ListPagination({
  page,
  size,
  count,
  onPageChange,
  onSizeChange,
  sizeOptions = PAGE_SIZE_OPTIONS,
  label = 'results',
}: ListPaginationProps) {
  const first = page * size + 1;
  const last = Math.min(count, (page + 1) * size);
  // A page past the end (an old link, or fewer results since): Previous goes to the last page there is.
  const lastPage = Math.max(0, Math.ceil(count / size) - 1);
  const pastTheEnd = count > 0 && page > lastPage;
  const hasPrevious = page > 0;
  const hasNext = last < count;
  return (
    <Group justify="space-between" py="sm" component="nav" aria-label={`${label} pages`}>
      <Text size="sm" aria-live="polite">
        {count === 0 ? (
          'No results match filter'
        ) : pastTheEnd ? (
          <>
            Page {formatCount(page + 1)} is past the last page ({formatCount(lastPage + 1)}) of{' '}
            <b>{formatCount(count)}</b> results
          </>
        ) : (
          <>
            Showing <b>{formatCount(first)}</b> to <b>{formatCount(last)}</b> of <b>{formatCount(count)}</b> results
          </>
        )}
      </Text>
      <Group gap="xs">
        {onSizeChange && (
          // The browser's own select: every list shows it, and Mantine's Select would bring its dropdown
          // code (combobox, popover, floating-ui) into every list's cold start (issue 10).
          <NativeSelect
            aria-label="Page size"
            w={100}
            size="xs"
            data={sizeOptions.map((option) => String(option))}
            value={String(size)}
            onChange={(event) => onSizeChange(Number(event.currentTarget.value))}
          />
        )}
        <Button
          variant="default"
          size="xs"
          disabled={!hasPrevious}
          onClick={() => onPageChange(pastTheEnd ? lastPage : page - 1)}
        >
          Previous
        </Button>
        <Button variant="default" size="xs" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
