import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlaceSearchResult } from '@courier/domain/addresses/schemas';
import type { CompanySearchResult } from '@courier/domain/companies/schemas';
import { companySearchQuery } from '@/api/company.ts';
import { placeSearchQuery } from '@/api/places.ts';

export type ClickSearchType = 'COMPANY' | 'PLACE';

export interface ClickSearchItem {
  id: string;
  name: string;
  /** Account code for a company, the address for a place. */
  detail: string | null;
}

const MIN_QUERY_LENGTH = 3;
const DEBOUNCE_MS = 500;

const companyItems = (rows: CompanySearchResult): ClickSearchItem[] =>
  rows.map((row) => ({ id: String(row.id), name: row.name, detail: row.accountCode }));

const placeItems = (rows: PlaceSearchResult): ClickSearchItem[] =>
  rows.map((row) => ({
    id: row.placeId,
    name: row.name,
    detail: [row.address, row.eircode].filter(Boolean).join(', ') || null,
  }));

/**
 * Type-ahead for a company or a place (spec 1 §2): searches 500 ms after typing stops, from 3
 * characters; shows name and account code (or address); a clear button empties the choice.
 */
export function ClickSearch({
  type,
  label,
  placeholder,
  value,
  onChange,
}: {
  type: ClickSearchType;
  label: string;
  placeholder?: string;
  value: ClickSearchItem | null;
  onChange: (item: ClickSearchItem | null) => void;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const enabled = value === null && debounced.length >= MIN_QUERY_LENGTH;
  // The searches are the company and place resources' own queries (@/api); only the one of this type runs.
  const companies = useQuery({
    ...companySearchQuery(debounced),
    enabled: enabled && type === 'COMPANY',
    select: companyItems,
  });
  const places = useQuery({ ...placeSearchQuery(debounced), enabled: enabled && type === 'PLACE', select: placeItems });
  const results = type === 'COMPANY' ? companies : places;

  const shown = value ? (value.detail && type === 'COMPANY' ? `${value.detail} ${value.name}` : value.name) : text;
  const items = results.data ?? [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const item = items.find((candidate) => candidate.id === id) ?? null;
        onChange(item);
        setText('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder ?? (type === 'COMPANY' ? 'Search companies...' : 'Search addresses...')}
          value={shown}
          readOnly={value !== null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setText('');
          }}
          onFocus={() => value === null && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={
            results.isFetching ? (
              <Loader size="xs" />
            ) : value !== null || text ? (
              <CloseButton
                aria-label={`Clear ${label}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setText('');
                  onChange(null);
                }}
              />
            ) : null
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={value !== null || text.trim().length < MIN_QUERY_LENGTH}>
        <Combobox.Options>
          {results.isError ? (
            <Combobox.Empty>There was an error searching. Please try again later.</Combobox.Empty>
          ) : items.length === 0 ? (
            <Combobox.Empty>{results.isFetching || !enabled ? 'Searching...' : 'No matches'}</Combobox.Empty>
          ) : (
            items.map((item) => (
              // A long name wraps inside the list; it never widens the page.
              <Combobox.Option value={item.id} key={item.id} style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={500}>
                  {item.name}
                </Text>
                {item.detail && (
                  <Text size="xs" c="dimmed">
                    {item.detail}
                  </Text>
                )}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
