import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressBookEntry, AddressBookEntryBody } from '@courier/domain/addresses/schemas';
import { apiRequest } from './client.ts';

export const addressBookKeys = {
  all: ['address-book'] as const,
  /** A company's book, or the public one (null). */
  book: (companyId: number | null) => [...addressBookKeys.all, companyId ?? 'public'] as const,
};

/** A company's address book, or the public one when companyId is null. */
export function addressBookQuery(companyId: number | null) {
  return queryOptions({
    queryKey: addressBookKeys.book(companyId),
    queryFn: ({ signal }) =>
      apiRequest<AddressBookEntry[]>(companyId === null ? '/place/public-entries' : `/place/entries/${companyId}`, {
        signal,
        expect: 200,
      }),
  });
}

export function useAddressBook(companyId: number | null) {
  return useQuery(addressBookQuery(companyId));
}

export function useAddressBookMutations(companyId: number | null) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: addressBookKeys.book(companyId) });
  const save = useMutation({
    mutationFn: ({ entryId, body }: { entryId?: number; body: AddressBookEntryBody }) =>
      entryId
        ? apiRequest<AddressBookEntry>('/place/update-entry', {
            method: 'PUT',
            body: { ...body, entryId },
            expect: 200,
          })
        : apiRequest<{ entryId: number }>('/place/entry', { method: 'POST', body, expect: 200 }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (entryId: number) =>
      apiRequest<{ ok: true }>(`/place/delete-entry/${entryId}`, { method: 'DELETE', expect: 200 }),
    onSuccess,
  });
  return { save, remove };
}
