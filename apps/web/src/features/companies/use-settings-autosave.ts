import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SettingsPutBody, SettingsResponse } from '@courier/domain/companies/settings';
import { ApiRequestError } from '@/api/client.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { companySettingsQuery, keepSavedCompanySettings, saveCompanySettings } from '@/api/company-settings.ts';
import { toast } from '@/ui/toast.ts';

/** One change of the Settings tab: only the fields it changes. */
export type SettingsChange = Omit<SettingsPutBody, 'changes'>;
/** The server's messages, keyed by the field it named without 'body.' ('company.billingEmail', 'billingContacts.0.email'). */
export type SettingsErrors = Record<string, string>;

/** Told when the user leaves the tab with changes held back by a marked field: they were not saved. */
export const LEFT_UNSAVED_TOAST = {
  title: NOT_SAVED_TOAST.title,
  message: 'Nothing was saved: a company setting was still marked as wrong when you left the Settings tab.',
} as const;

/** The form fields a change edits; billing contacts are saved as one list. */
function fieldsOf(change: SettingsChange): string[] {
  return [
    ...Object.keys(change.company ?? {}).map((key) => `company.${key}`),
    ...Object.keys(change.settings ?? {}).map((key) => `settings.${key}`),
    ...Object.keys(change.extendedSettings ?? {}).map((key) => `extendedSettings.${key}`),
    ...(change.billingContacts ? ['billingContacts'] : []),
  ];
}

/** The field whose edit may fix a marked one ('billingContacts.0.email' is fixed by editing the contacts). */
const editedFieldOf = (marked: string) => (marked.startsWith('billingContacts') ? 'billingContacts' : marked);

/** `later` over `earlier`: the newest value of each field. */
function merge(earlier: SettingsChange, later: SettingsChange): SettingsChange {
  const merged: SettingsChange = {};
  if (earlier.company || later.company) merged.company = { ...earlier.company, ...later.company };
  if (earlier.settings || later.settings) merged.settings = { ...earlier.settings, ...later.settings };
  if (earlier.extendedSettings || later.extendedSettings)
    merged.extendedSettings = { ...earlier.extendedSettings, ...later.extendedSettings };
  const contacts = later.billingContacts ?? earlier.billingContacts;
  if (contacts) merged.billingContacts = contacts;
  return merged;
}

/** The settings as shown: what is stored, with the toggles and choices not yet saved. */
function overlay(data: SettingsResponse | undefined, change: SettingsChange): SettingsResponse | undefined {
  return data
    ? {
        ...data,
        company: { ...data.company, ...change.company },
        settings: { ...data.settings, ...change.settings },
        extendedSettings: { ...data.extendedSettings, ...change.extendedSettings },
      }
    : data;
}

/** Saves of one company run one after another, so a quick toggle and a text change never race. */
const saveQueues = new Map<number, Promise<void>>();
function enqueueSave(companyId: number, task: () => Promise<void>): void {
  saveQueues.set(companyId, (saveQueues.get(companyId) ?? Promise.resolve()).then(task));
}

/**
 * The Settings tab's autosave. Each change is sent as it comes (the fields debounce text), except while
 * the form shows an error: nothing is saved then (a save would say 'Settings Saved' beside a marked
 * field). Changes wait, with the refused one, until a marked field is edited again; then everything
 * waiting goes in one save, which the server takes whole or refuses whole. Leaving the tab with changes
 * still waiting says they were not saved.
 */
export function useSettingsAutosave(companyId: number): {
  save: (change: SettingsChange) => void;
  errors: SettingsErrors;
  /** Changes wait behind a field the server refused, and no edit of a marked field has come since. */
  waitsOnRefusal: () => boolean;
  /** The user chose to drop what waits: nothing more is sent from this tab, and leaving says nothing. */
  discard: () => void;
} {
  const queryClient = useQueryClient();
  const [errors, setErrorsState] = useState<SettingsErrors>({});
  // Refs, not state: saves run in the queue after renders, and after the tab has closed.
  const errorsRef = useRef<SettingsErrors>({});
  const waiting = useRef<SettingsChange>({});
  const editedSinceRefusal = useRef(new Set<string>());
  /** The page is being left (pagehide): saves go at once instead of queueing. */
  const pageGoing = useRef(false);
  const discarded = useRef(false);
  const key = companySettingsQuery(companyId).queryKey;

  const setErrors = (next: SettingsErrors) => {
    errorsRef.current = next;
    setErrorsState(next);
  };
  const mayPut = () => {
    const marked = Object.keys(errorsRef.current);
    return marked.length === 0 || marked.some((field) => editedSinceRefusal.current.has(editedFieldOf(field)));
  };

  const put = async () => {
    if (fieldsOf(waiting.current).length === 0 || !mayPut()) return;
    const change = waiting.current;
    waiting.current = {};
    editedSinceRefusal.current.clear();
    try {
      const saved = await saveCompanySettings(companyId, { changes: JSON.stringify(change), ...change });
      keepSavedCompanySettings(queryClient, companyId, saved);
      // Toggles changed while this save was on its way still show as chosen.
      if (fieldsOf(waiting.current).length > 0) queryClient.setQueryData(key, (old) => overlay(old, waiting.current));
      setErrors({});
      toast({ title: 'Settings Saved', message: 'The company settings have been saved.', type: 'success' });
    } catch (error) {
      const refused = error instanceof ApiRequestError && error.code === 'VALIDATION';
      const details = refused ? (error.body?.details ?? []) : [];
      if (details.length > 0) {
        // Nothing was saved: the change waits, marked, with those made since, until a marked field is edited.
        waiting.current = merge(change, waiting.current);
        setErrors(Object.fromEntries(details.map((detail) => [detail.field.replace(/^body\./, ''), detail.message])));
        toast({ ...NOT_SAVED_TOAST, type: 'warn' });
        return;
      }
      // Reload, so the form shows what is stored.
      void queryClient.invalidateQueries({ queryKey: key });
      // A refused field is marked with the server's message; only a real failure says 'try again'.
      if (refused) toast({ ...NOT_SAVED_TOAST, message: error.message, type: 'warn' });
      else
        toast({
          title: 'Sorry',
          message: 'There was an error saving the company settings. Please try again later.',
          type: 'error',
        });
    }
  };

  const save = (change: SettingsChange) => {
    if (discarded.current) return;
    waiting.current = merge(waiting.current, change);
    for (const field of fieldsOf(change)) editedSinceRefusal.current.add(field);
    // Show toggles and choices at once; the answer (or a reload on failure) settles them.
    queryClient.setQueryData(key, (old) => overlay(old, change));
    if (pageGoing.current) void put();
    else enqueueSave(companyId, put);
  };

  // As the page goes (a reload, a closed tab), the fields save their typed text (useDelayedSave) and
  // those saves are sent at once, kept alive: the queue may wait on a save whose answer never comes
  // back to this page. A capture listener runs before the fields' own, whatever order they were added.
  const putRef = useRef(put);
  useEffect(() => {
    putRef.current = put;
  });
  useEffect(() => {
    const onPageHide = () => {
      pageGoing.current = true;
      // Changes still waiting behind a save on its way go now too.
      void putRef.current();
    };
    // Back from the browser's back-forward cache: the page lives on, and saves queue again.
    const onPageShow = () => {
      pageGoing.current = false;
    };
    window.addEventListener('pagehide', onPageHide, true);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide, true);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  useEffect(
    () => () => {
      // The fields save their typed text as they close, after this cleanup: look once those saves are done.
      queueMicrotask(() =>
        enqueueSave(companyId, async () => {
          if (fieldsOf(waiting.current).length > 0) toast({ ...LEFT_UNSAVED_TOAST, type: 'warn' });
        }),
      );
    },
    [companyId],
  );

  const waitsOnRefusal = () => fieldsOf(waiting.current).length > 0 && !mayPut();
  const discard = () => {
    discarded.current = true;
    waiting.current = {};
  };

  return { save, errors, waitsOnRefusal, discard };
}
