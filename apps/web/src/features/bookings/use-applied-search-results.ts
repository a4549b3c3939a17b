import { useState } from 'react';
import { BOOKING_EXPORT_LIMIT } from '@courier/domain/bookings/enums';
import type { BookingListParams, MarginsResponse, TagCounts } from '@courier/domain/bookings/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useBookingMargins, useTagCounts } from './api/booking-summary.ts';
import { useBookingList } from './api/list-bookings.ts';
import { FILTER_LABELS } from '@courier/domain/bookings/filter-labels';

type ListData = NonNullable<ReturnType<typeof useBookingList>['data']>;

/** What the table, the summary bar and its tag counts show: the answers to one and the same search. */
export interface AppliedSearchResults {
  list: ListData;
  tagCounts: TagCounts | undefined;
  tagCountsFailed: boolean;
  margins: MarginsResponse | undefined;
  marginsFailed: boolean;
}

/**
 * Loads the applied search's page, tag counts and margins, and shows them only together: while any
 * of them is still loading for a new search (or page), the previous complete set stays on screen, so
 * a table of the new search never sits under a summary of the old one (issue 10). `busy` says a
 * newer set is on its way.
 */
export function useAppliedSearchResults({
  query,
  seePrices,
  withTags,
}: {
  /** null until the list may load (review and invoice modes wait first). */
  query: BookingListParams | null;
  seePrices: boolean;
  withTags: boolean;
}) {
  const [shown, setShown] = useState<AppliedSearchResults | null>(null);
  const list = useBookingList(query);
  const filter = query === null ? null : (({ size: _size, skip: _skip, ...rest }) => rest)(query);
  // Done: this search's own answer (not the previous one kept on screen), and no newer one on its way
  // (a change of tags reloads every booking query: the new rows wait for the new counts).
  const listDone = list.isSuccess && !list.isPlaceholderData && !list.isFetching;
  // Asked for beside the list, not after it, so the rows wait for the slower of the two, not their sum.
  // The margins of 100,000 bookings or more are not asked for (neither the report nor the blocks show
  // then): judged by the newest count known, this search's once it has come.
  const knownCount = listDone ? list.data.count : shown?.list.count;
  const withMargins = seePrices && query !== null && (knownCount === undefined || knownCount < BOOKING_EXPORT_LIMIT);
  const margins = useBookingMargins(filter, withMargins);
  const tags = useTagCounts(filter, { omitTags: false, enabled: withTags });
  const doneOrFailed = (part: {
    isSuccess: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    isFetching: boolean;
  }) => !part.isFetching && ((part.isSuccess && !part.isPlaceholderData) || part.isError);

  const complete: AppliedSearchResults | null =
    listDone && (!withTags || doneOrFailed(tags)) && (!withMargins || doneOrFailed(margins))
      ? {
          list: list.data,
          tagCounts: withTags && tags.isSuccess ? tags.data : undefined,
          tagCountsFailed: withTags && tags.isError,
          margins: withMargins && margins.isSuccess ? margins.data : undefined,
          marginsFailed: withMargins && margins.isError,
        }
      : null;
  if (
    complete &&
    (shown === null ||
      (Object.keys(complete) as (keyof AppliedSearchResults)[]).some((key) => complete[key] !== shown[key]))
  )
    setShown(complete);

  return {
    results: complete ?? shown,
    busy: complete === null,
    /** The first load of the list failed, or the newest one did. */
    failed: list.isError,
    /** Why the server refused the search (a 400: a filter it cannot take), in its own words; a retry would not help. */
    refusal: refusalOf(list.error),
    pending: list.isPending,
    retry: () => void list.refetch(),
  };
}

/**
 * The server's reason for refusing a search (400) in office words: its message names the query
 * parameter ('searchQuery must be at most 100 characters.'), the filter's label replaces it
 * ('Reference must be ...'). Undefined for any other failure.
 */
function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return undefined;
  const detail = error.body?.details?.[0];
  if (!detail) return error.message;
  const parameter = detail.field.replace(/^querystring\./, '');
  const label = (FILTER_LABELS as Record<string, string | undefined>)[parameter];
  if (!label) return detail.message;
  return detail.message.startsWith(`${parameter} `)
    ? `${label}${detail.message.slice(parameter.length)}`
    : `${label}: ${detail.message}`;
}
