import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BOOKING_DEFAULT_PAGE_SIZE, type BookingView } from '@courier/domain/bookings/enums';
import type { BookingUserFilters } from '@courier/domain/bookings/filter-views';
import { bookingListSearchSchema, BOOKING_FILTER_KEYS, type BookingListSearch } from './booking-search.ts';

type Filters = BookingUserFilters;

/** The filters the URL holds (not its page, size or label): what the list, and its route's loader, query. */
export function filtersOf(search: BookingListSearch): Filters {
  const filters: Filters = {};
  for (const key of BOOKING_FILTER_KEYS) if (search[key] !== undefined) Object.assign(filters, { [key]: search[key] });
  return filters;
}

const keyOf = (filters: Filters) => JSON.stringify(BOOKING_FILTER_KEYS.map((key) => filters[key] ?? null));

/**
 * The list's filters live in the URL. A filter changed here resets the page and marks the search
 * ready (a 'Run search' button) without loading; a URL that arrives otherwise (a shared link, back
 * or forward) loads at once. Paging loads at once too.
 *
 * `applied` is the one search the table, the summary and its tag counts show until the next search
 * runs (Run search, or Enter in a filter): never the filters being edited.
 */
export function useBookingSearch() {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => bookingListSearchSchema.parse(raw), [raw]);
  const navigate = useNavigate();
  const filters = useMemo(() => filtersOf(search), [search]);
  const currentKey = keyOf(filters);
  const [loaded, setLoaded] = useState<Filters>(filters);
  const ownEdits = useRef(new Set<string>());
  // Text typed into a filter whose 500 ms wait has not yet put it into the URL: Enter runs it too.
  const staged = useRef<Partial<Filters>>({});
  // Filters set but not yet in the URL this render reads (the navigation is on its way): a date taken
  // on Enter is set by the field's own key handler, just before the panel's handler runs the search.
  const sent = useRef<Partial<Filters>>({});
  // Back, Forward or a jump in history: one more each. The address they land on may hold the filters
  // this list last drew (Back straight after Enter, before the list had drawn the search Enter ran), so
  // a change of filters alone does not show them: the search and the fields follow this too.
  const [traversals, setTraversals] = useState(0);
  const router = useRouter();
  useEffect(
    () =>
      router.history.subscribe(({ action }) => {
        if (action.type === 'PUSH' || action.type === 'REPLACE') return;
        // Typed values and edits on their way belong to the entry left: none is sent over this one.
        staged.current = {};
        sent.current = {};
        ownEdits.current.clear();
        setTraversals((count) => count + 1);
      }),
    [router],
  );

  useEffect(() => {
    sent.current = {};
    if (ownEdits.current.has(currentKey)) {
      ownEdits.current.delete(currentKey);
      return;
    }
    setLoaded(filters);
    // filters changes exactly when currentKey does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentKey, traversals]);

  // One object per change of what it reads: the filter panel and summary are memoised on it, so a
  // render of the list for another reason (a query's state, the pending prices) skips them (issue 10).
  return useMemo(() => {
    // History keeps one entry per search that ran, and at most one after it for filters being edited:
    // a change made over an entry whose search ran adds an entry, one over edits not yet run (or still
    // on their way to the URL) replaces it. So Back returns to the search before, never skips it.
    const replacesEdits = () => keyOf(loaded) !== currentKey || Object.keys(sent.current).length > 0;
    const go = (patch: Partial<BookingListSearch>, options: { replace?: boolean } = {}) =>
      void navigate({
        to: '.',
        search: ((previous: Record<string, unknown>) => ({ ...previous, ...patch })) as never,
        replace: options.replace,
      });

    /** A filter change: page back to 0, search ready but not loaded (spec 2 §4). */
    const setFilters = (patch: Partial<Filters> & { placeName?: string | undefined }) => {
      for (const key of Object.keys(patch)) delete staged.current[key as keyof Filters];
      const next = { ...filters, ...sent.current, ...patch };
      const key = keyOf(filtersOf(next as BookingListSearch));
      const nothingOnItsWay = Object.keys(sent.current).length === 0;
      if (key === currentKey && nothingOnItsWay && patch.placeName === search.placeName) return;
      const replace = replacesEdits();
      Object.assign(sent.current, patch);
      ownEdits.current.add(key);
      go({ ...patch, page: undefined }, { replace });
    };

    return {
      search,
      filters,
      /** The search last run: what the table, summary and tag counts show. */
      applied: loaded,
      ready: keyOf(loaded) !== currentKey,
      page: search.page ?? 0,
      size: search.size ?? BOOKING_DEFAULT_PAGE_SIZE,
      /** How many times history moved (Back, Forward): a field shows the address's value again after each. */
      traversals,
      setFilters,
      /** Switching the Same Day / ON / OS tab loads that view at once. */
      switchView(view: BookingView) {
        go({ view: view === 'SAME_DAY' ? undefined : view, page: undefined });
      },
      /** A value typed but not yet in the URL (a debounced input), so that Enter runs what is on screen. */
      stage(patch: Partial<Filters>) {
        Object.assign(staged.current, patch);
      },
      /**
       * A typed value's wait has ended: into the URL, unless a search already took it (Enter, Run search)
       * or another change of that filter replaced it.
       *
       * Why both this and the fields' ending their waits (on a change of their value or of traversals):
       * a wait still running after Enter would put the typed text back over the search Back returned to.
       * The fields' guard misses Back that comes before the list has drawn Enter's search (the filters
       * drawn then have not changed), so this one refuses what a search has already taken.
       */
      applyStaged(patch: Partial<Filters>) {
        if (Object.keys(patch).every((key) => key in staged.current)) setFilters(patch);
      },
      /** Runs the search of the filters on screen (typed values still waiting included), from page 0. */
      run() {
        const replace = replacesEdits();
        const patch = { ...sent.current, ...staged.current };
        staged.current = {};
        const next = filtersOf({ ...filters, ...patch } as BookingListSearch);
        setLoaded(next);
        if (search.page || keyOf(next) !== currentKey) go({ ...patch, page: undefined }, { replace });
      },
      setPage(page: number) {
        go({ page: page || undefined });
      },
      setSize(size: number) {
        go({ size: size === BOOKING_DEFAULT_PAGE_SIZE ? undefined : size, page: undefined });
      },
    };
  }, [search, filters, currentKey, loaded, traversals, navigate]);
}
