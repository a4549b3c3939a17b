import { createContext, useContext, useSyncExternalStore } from 'react';
import type { BookingListItem } from '@courier/domain/bookings/schemas';
import {
  isBookingInput,
  priceUpdateBody,
  REPRICE_DELAY_MS,
  type BookingPriceInput,
  type JobPriceInput,
  type PendingCell,
  type PendingJobRef,
  type PriceInput,
} from '@courier/domain/pricing/pending-changes';
import type { JobPriceChange, PricedJob } from '@courier/domain/pricing/price-review-schemas';

/** A re-price of a booking's jobs after a weight or package change (spec 2 §9): each job's new charge, or why not. */
export type Reprice =
  { state: 'waiting' } | { state: 'done'; charges: ReadonlyMap<number, number> } | { state: 'failed'; message: string };

/** Inputs whose change re-prices the charge from the tariff (spec 2 §9). */
const REPRICING_INPUTS = new Set<PriceInput>(['weight', 'numberOfPackages', 'tariffId']);

const jobKey = (jobId: number, input: JobPriceInput) => `j${jobId}:${input}`;
const bookingKey = (bookingId: number, input: BookingPriceInput) => `b${bookingId}:${input}`;

export interface PendingSummary {
  /** Jobs with a change (a booking's weight counts each of its jobs). */
  count: number;
  /** Their references, in the order they were first changed. */
  references: string[];
  /** Jobs whose changes a reload dropped because someone else changed them (until acknowledged). */
  dropped: string[];
}

/**
 * The price changes typed on the booking list and not yet saved (spec 2 §2, §4): a cell's text by its
 * job (or booking) and input, the jobs' versions as loaded, and the re-prices of weight changes. An
 * external store, so a keystroke re-renders its own row and the pending bar, not the whole page.
 */
export class PendingPriceChanges {
  private cells = new Map<string, PendingCell>();
  private jobs = new Map<number, PendingJobRef>();
  private bookingReferences = new Map<number, string>();
  private bookingJobs = new Map<number, number[]>();
  private reprices = new Map<number, Reprice>();
  private listeners = new Set<() => void>();
  private summary: PendingSummary = { count: 0, references: [], dropped: [] };
  private dropped: string[] = [];
  private timers = new Map<number, ReturnType<typeof setTimeout>>();
  /** The latest re-price asked for each booking: an older answer arriving late is ignored. */
  private repriceRuns = new Map<number, number>();
  private runs = 0;

  /** `preview` works out what a save would make of changes (POST /api/pricing/update/preview). */
  constructor(
    private readonly preview: (body: JobPriceChange[]) => Promise<PricedJob[]>,
    private readonly failureText: (error: unknown) => string,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    const jobIds = new Set<number>();
    for (const cell of this.cells.values()) {
      if (cell.kind === 'job') jobIds.add(cell.jobId);
      else for (const jobId of this.bookingJobs.get(cell.bookingId) ?? []) jobIds.add(jobId);
    }
    const references = [...jobIds].map((jobId) => this.jobs.get(jobId)?.reference ?? String(jobId));
    // The same jobs as before (a keystroke in a cell already changed): the same summary, so the bar
    // and the list do not re-render for it.
    const same =
      this.summary.dropped === this.dropped &&
      this.summary.references.length === references.length &&
      this.summary.references.every((reference, index) => reference === references[index]);
    if (!same) this.summary = { count: jobIds.size, references, dropped: this.dropped };
    for (const listener of this.listeners) listener();
  }

  /** Remembers a booking's jobs as loaded: their versions go with the save. */
  private know(booking: BookingListItem) {
    this.bookingReferences.set(booking.id, booking.reference);
    this.bookingJobs.set(
      booking.id,
      booking.jobs.map((job) => job.id),
    );
    for (const job of booking.jobs)
      if (!this.jobs.has(job.id))
        this.jobs.set(job.id, { jobId: job.id, reference: job.reference, version: job.version, bookingId: booking.id });
  }

  textOf(owner: number, input: PriceInput): string | undefined {
    return this.cellOf(owner, input)?.text;
  }

  cellOf(owner: number, input: PriceInput): PendingCell | undefined {
    return this.cells.get(isBookingInput(input) ? bookingKey(owner, input) : jobKey(owner, input));
  }

  /**
   * Sets a typed cell (with `label`, what a chosen id reads as, e.g. the tariff's service); `undefined`
   * (Escape, or typed back to what it was) takes it out again.
   */
  set(booking: BookingListItem, owner: number, input: PriceInput, text: string | undefined, label?: string) {
    const key = isBookingInput(input) ? bookingKey(owner, input) : jobKey(owner, input);
    if (text === undefined) {
      if (!this.cells.delete(key)) return;
    } else {
      this.know(booking);
      this.cells.set(
        key,
        isBookingInput(input)
          ? { kind: 'booking', bookingId: owner, input, text, ...(label !== undefined && { label }) }
          : { kind: 'job', jobId: owner, input: input as JobPriceInput, text, ...(label !== undefined && { label }) },
      );
    }
    if (REPRICING_INPUTS.has(input)) this.scheduleReprice(booking);
    this.changed();
  }

  /** Spec 2 §9: a weight or package change is re-priced 1000 ms after the last keystroke. */
  private scheduleReprice(booking: BookingListItem) {
    clearTimeout(this.timers.get(booking.id));
    this.timers.delete(booking.id);
    this.repriceRuns.delete(booking.id);
    if (this.repriceCells(booking).length === 0) {
      this.reprices.delete(booking.id);
      return;
    }
    this.reprices.set(booking.id, { state: 'waiting' });
    this.timers.set(
      booking.id,
      setTimeout(() => void this.reprice(booking), REPRICE_DELAY_MS),
    );
  }

  private async reprice(booking: BookingListItem) {
    this.timers.delete(booking.id);
    const jobs = booking.jobs.flatMap((job) => this.jobs.get(job.id) ?? []);
    const built = priceUpdateBody(this.repriceCells(booking), jobs, this.bookingReferences);
    if (!built.ok) {
      this.setReprice(booking.id, { state: 'failed', message: built.problems[0]!.message });
      return;
    }
    const run = ++this.runs;
    this.repriceRuns.set(booking.id, run);
    try {
      const priced = await this.preview(built.body);
      if (this.repriceRuns.get(booking.id) !== run) return;
      this.setReprice(booking.id, {
        state: 'done',
        charges: new Map(priced.map((job) => [job.id, job.customerCharge])),
      });
    } catch (error) {
      if (this.repriceRuns.get(booking.id) !== run) return;
      this.setReprice(booking.id, { state: 'failed', message: this.failureText(error) });
    }
  }

  repriceOf(bookingId: number): Reprice | undefined {
    return this.reprices.get(bookingId);
  }

  setReprice(bookingId: number, reprice: Reprice | undefined) {
    if (reprice) this.reprices.set(bookingId, reprice);
    else this.reprices.delete(bookingId);
    this.changed();
  }

  /** A booking's cells that re-price its jobs: its weight and package count, its jobs' tariffs. */
  private repriceCells(booking: { id: number; jobs: readonly { id: number }[] }): PendingCell[] {
    const jobIds = new Set(booking.jobs.map((job) => job.id));
    return [...this.cells.values()].filter((cell) =>
      cell.kind === 'booking'
        ? cell.bookingId === booking.id && REPRICING_INPUTS.has(cell.input)
        : jobIds.has(cell.jobId) && REPRICING_INPUTS.has(cell.input),
    );
  }

  getSummary = () => this.summary;

  snapshot(): { cells: PendingCell[]; jobs: PendingJobRef[]; bookingReferences: Map<number, string> } {
    return {
      cells: [...this.cells.values()],
      jobs: [...this.jobs.values()],
      bookingReferences: this.bookingReferences,
    };
  }

  /** Discard, or after a save: nothing is pending any more. */
  clear() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.repriceRuns.clear();
    this.cells.clear();
    this.jobs.clear();
    this.bookingJobs.clear();
    this.bookingReferences.clear();
    this.reprices.clear();
    this.changed();
  }

  /**
   * After a 409 (someone else changed a job): the page reloaded, so each pending job meets its
   * version now. Jobs whose version moved lose their changes (the user sees the other person's);
   * the rest keep theirs; the summary's `dropped` names them.
   */
  reconcile(bookings: readonly BookingListItem[]): void {
    if (this.cells.size === 0) return;
    const current = new Map<number, number>();
    for (const booking of bookings) for (const job of booking.jobs) current.set(job.id, job.version);
    const stale = new Set<number>();
    for (const job of this.jobs.values()) {
      const now = current.get(job.jobId);
      if (now !== undefined && now !== job.version) stale.add(job.jobId);
    }
    if (stale.size > 0) this.dropStale(stale);
  }

  /**
   * A save answered 409 naming these jobs (someone else changed them): their changes go, with the
   * booking's weight, packages or account if it was typed for them; every other change stays.
   */
  dropJobs(jobIds: readonly number[]) {
    const stale = new Set(jobIds.filter((jobId) => this.jobs.has(jobId)));
    if (stale.size === 0) return;
    this.dropStale(stale);
  }

  private dropStale(stale: Set<number>) {
    for (const [key, cell] of this.cells) {
      const jobIds = cell.kind === 'job' ? [cell.jobId] : (this.bookingJobs.get(cell.bookingId) ?? []);
      if (jobIds.some((jobId) => stale.has(jobId))) this.cells.delete(key);
    }
    const dropped: string[] = [];
    for (const jobId of stale) {
      dropped.push(this.jobs.get(jobId)!.reference);
      this.jobs.delete(jobId);
    }
    for (const bookingId of [...this.reprices.keys()])
      if (
        this.repriceCells({ id: bookingId, jobs: (this.bookingJobs.get(bookingId) ?? []).map((id) => ({ id })) })
          .length === 0
      )
        this.reprices.delete(bookingId);
    this.dropped = [...this.dropped, ...dropped];
    this.changed();
  }

  /** The user has read which changes a reload dropped. */
  acknowledgeDropped() {
    this.dropped = [];
    this.changed();
  }
}

export const PendingPriceContext = createContext<PendingPriceChanges | null>(null);

/** The page's pending changes; null where prices are not edited. */
export function usePendingStore(): PendingPriceChanges | null {
  return useContext(PendingPriceContext);
}

const noStore = () => () => {};
const EMPTY: PendingSummary = { count: 0, references: [], dropped: [] };

export function usePendingSummary(store: PendingPriceChanges | null): PendingSummary {
  return useSyncExternalStore(store?.subscribe ?? noStore, store?.getSummary ?? (() => EMPTY));
}

/**
 * Whether any change waits: the list hides its tabs and pagination by it. A boolean, so the list
 * re-renders when changes start or end, not on every keystroke (budget: 50 ms a keystroke).
 */
export function useHasPendingChanges(store: PendingPriceChanges | null): boolean {
  return useSyncExternalStore(store?.subscribe ?? noStore, () => (store ? store.getSummary().count > 0 : false));
}

/** A cell's typed text (undefined while it holds the stored value): re-renders only when that text changes. */
export function usePendingText(store: PendingPriceChanges, owner: number, input: PriceInput): string | undefined {
  return useSyncExternalStore(store.subscribe, () => store.textOf(owner, input));
}

export function useReprice(store: PendingPriceChanges | null, bookingId: number): Reprice | undefined {
  return useSyncExternalStore(store?.subscribe ?? noStore, () => store?.repriceOf(bookingId));
}
