import { Select } from '@mantine/core';
import { COUNTRIES } from '@courier/domain/common/countries';

const OPTIONS = COUNTRIES.map((country) => ({ value: country.Code, label: country.Name }));

/** The 235 countries of spec 1 §3 by name; the value is the two-letter code (Ireland by default where used). */
export function CountrySelect({
  label = 'Country',
  value,
  onChange,
  error,
  required,
}: {
  label?: string;
  value: string | null;
  onChange: (code: string | null) => void;
  error?: string;
  required?: boolean;
}) {
  return (
    <Select
      label={label}
      placeholder="Choose a country"
      data={OPTIONS}
      value={value}
      onChange={onChange}
      searchable
      clearable={!required}
      required={required}
      nothingFoundMessage="No country matches"
      error={error}
      limit={50}
    />
  );
}
