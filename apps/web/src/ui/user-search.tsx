import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { USER_SEARCH_MAX_LENGTH, USER_SEARCH_MIN_LENGTH } from '@courier/domain/users/limits';
import type { UserSearchResult } from '@courier/domain/users/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { userSearchQuery } from '@/api/users.ts';
import { nearLimitCount } from './limit-count.ts';
import { toast } from './toast.ts';

export type UserSearchItem = UserSearchResult[number];

const DEBOUNCE_MS = 500;

/** The text searched for: control characters (a pasted NUL, a tab) are left out, as no name holds them. */
const searchTextOf = (text: string) => text.replace(/\p{Cc}/gu, '').trim();

/**
 * User type-ahead (spec 1 §5): searches 500 ms after typing stops, from 3 characters, one search at a
 * time; Escape clears the text; staffOnly limits it to staff (the sales rep search). The text stops at
 * the server's limit; a refused search (400) is marked on the input with the server's message, and
 * only a real failure says 'try again'. `error` marks the input for the form around it.
 */
export function UserSearch({
  label,
  placeholder = 'Search users by name or email...',
  staffOnly = false,
  onSelect,
  selectedName,
  onClear,
  autoFocus,
  error,
}: {
  label: string;
  placeholder?: string;
  staffOnly?: boolean;
  onSelect: (user: UserSearchItem) => void;
  /** When set, the input shows this name read-only with a clear button. */
  selectedName?: string | null;
  onClear?: () => void;
  autoFocus?: boolean;
  /** The form's message for this field (a refused save), shown on the input. */
  error?: string | undefined;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const searchText = searchTextOf(text);
  const [debounced] = useDebouncedValue(searchText, DEBOUNCE_MS);
  const enabled = !selectedName && debounced.length >= USER_SEARCH_MIN_LENGTH;
  const results = useQuery({ ...userSearchQuery(debounced, staffOnly), enabled });
  // Shown once, on the input: the server's message for the search text, not its 'Invalid querystring...' summary.
  const refused =
    results.error instanceof ApiRequestError && results.error.status === 400
      ? (results.error.fieldMessage('query') ?? results.error.message)
      : undefined;
  useEffect(() => {
    if (results.isError && !refused)
      toast({ title: 'Sorry', message: 'There was an error searching. Please try again later.', type: 'error' });
  }, [results.isError, refused]);
  const items = enabled ? (results.data ?? []) : [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const user = items.find((item) => String(item.id) === id);
        if (user) onSelect(user);
        setText('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          autoFocus={autoFocus}
          maxLength={USER_SEARCH_MAX_LENGTH}
          description={nearLimitCount(text, USER_SEARCH_MAX_LENGTH)}
          error={error ?? refused}
          value={selectedName ?? text}
          readOnly={Boolean(selectedName)}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setText('');
              combobox.closeDropdown();
            }
          }}
          onFocus={() => !selectedName && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={
            results.isFetching ? (
              <Loader size="xs" aria-label="Searching" />
            ) : selectedName && onClear ? (
              <CloseButton
                aria-label={`Clear ${label}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={onClear}
              />
            ) : null
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown
        hidden={Boolean(selectedName) || searchText.length < USER_SEARCH_MIN_LENGTH || refused !== undefined}
      >
        <Combobox.Options>
          {items.length === 0 ? (
            <Combobox.Empty>
              {results.isFetching || !enabled
                ? 'Searching...'
                : results.isError
                  ? 'There was an error searching. Please try again later.'
                  : 'No users match'}
            </Combobox.Empty>
          ) : (
            items.map((user) => (
              // A long name or e-mail wraps inside the list; it never widens the page.
              <Combobox.Option value={String(user.id)} key={user.id} style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={500}>
                  {user.accountCode ? `${user.accountCode} · ` : ''}
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {user.description}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
