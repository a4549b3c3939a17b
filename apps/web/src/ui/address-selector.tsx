import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { placeCreateBodySchema } from '@courier/domain/addresses/schemas';
import { countryByCode, DEFAULT_COUNTRY_CODE } from '@courier/domain/common/countries';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { ApiRequestError } from '@/api/client.ts';
import { createPlace } from '@/api/places.ts';
import { ClickSearch, type ClickSearchItem } from './click-search.tsx';
import { CountrySelect } from './country-select.tsx';
import { textLimitOf, TOO_LONG_NOT_SAVED } from './text-limit.ts';
import { toast } from './toast.ts';

export interface SelectedAddress {
  placeId: string;
  name: string;
  detail: string | null;
}

interface CustomAddress {
  name: string;
  addressLineOne: string;
  addressLineTwo: string;
  city: string;
  county: string;
  postCode: string;
}

const EMPTY: CustomAddress = { name: '', addressLineOne: '', addressLineTwo: '', city: '', county: '', postCode: '' };

const FIELD_SCHEMAS = placeCreateBodySchema.shape.address.shape;

/**
 * Address selector (spec 1 §2, §5): search the places (from 3 characters, 500 ms), or enter a custom
 * address. The custom form asks for the country first; country name and code are shown read-only.
 * A refused field is marked with the server's message and 'Not saved'; only a real failure says 'try
 * again'. `onEnteringCustom` tells the form around it while a custom address is open and not yet used,
 * so that form saves nothing meanwhile.
 */
export function AddressSelector({
  label,
  value,
  onChange,
  onEnteringCustom,
}: {
  label: string;
  value: SelectedAddress | null;
  onChange: (address: SelectedAddress | null) => void;
  onEnteringCustom?: (entering: boolean) => void;
}) {
  const [custom, setCustom] = useState(false);
  useEffect(() => onEnteringCustom?.(custom), [custom, onEnteringCustom]);
  const [countryCode, setCountryCode] = useState<string | null>(DEFAULT_COUNTRY_CODE);
  const [address, setAddress] = useState<CustomAddress>(EMPTY);
  // 'Use this address' pressed while a field was past its limit: says why nothing was sent.
  const [useRefused, setUseRefused] = useState(false);
  const country = countryByCode(countryCode);
  const create = useMutation({
    mutationFn: () =>
      createPlace({ address: { ...address, countryCode: country?.Code ?? '', country: country?.Name ?? '' } }),
    onSuccess: ({ placeId }) => {
      onChange({
        placeId,
        name: address.name,
        detail: [address.addressLineOne, address.city, address.postCode].filter(Boolean).join(', '),
      });
      setCustom(false);
      setAddress(EMPTY);
    },
    onError: (failure) =>
      failure instanceof ApiRequestError && failure.code === 'VALIDATION'
        ? toast({ ...NOT_SAVED_TOAST, type: 'warn' })
        : toast({
            title: 'Sorry',
            message: 'Something went wrong. Unable to create the address, please try again.',
            type: 'error',
          }),
  });
  const fieldError = (field: string) =>
    create.error instanceof ApiRequestError ? create.error.fieldMessage(`address.${field}`) : undefined;
  const set = (field: keyof CustomAddress) => (event: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: the updater may run after the event, when currentTarget is null (a crash on typing).
    const text = event.currentTarget.value;
    setAddress((current) => ({ ...current, [field]: text }));
  };
  const limitOf = (field: keyof CustomAddress) => textLimitOf(FIELD_SCHEMAS[field], address[field]);
  const fields = Object.keys(EMPTY) as (keyof CustomAddress)[];
  const overLimit = fields.some((field) => limitOf(field).overLimit !== undefined);
  /** The count near the limit, and the field's mark: past its limit at once, else the server's. */
  const limited = (field: keyof CustomAddress) => {
    const { count, overLimit: tooLong } = limitOf(field);
    return { description: count, error: tooLong ?? fieldError(field) };
  };
  const use = () => {
    setUseRefused(overLimit);
    if (!overLimit) create.mutate();
  };

  if (!custom) {
    return (
      <Stack gap="xs">
        <ClickSearch
          type="PLACE"
          label={label}
          placeholder="Search by name, address or eircode..."
          value={
            value ? ({ id: value.placeId, name: value.name, detail: value.detail } satisfies ClickSearchItem) : null
          }
          onChange={(item) => onChange(item ? { placeId: item.id, name: item.name, detail: item.detail } : null)}
        />
        <Group>
          <Button variant="subtle" size="xs" onClick={() => setCustom(true)}>
            Enter a custom address
          </Button>
        </Group>
      </Stack>
    );
  }

  const ready = Boolean(country) && address.name.trim() && address.addressLineOne.trim() && address.city.trim();
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Custom address for {label.toLowerCase()}
      </Text>
      <CountrySelect
        label="Country"
        value={countryCode}
        onChange={setCountryCode}
        required
        error={fieldError('countryCode')}
      />
      <Group grow>
        <TextInput label="Country name" value={country?.Name ?? ''} readOnly />
        <TextInput label="Country code" value={country?.Code ?? ''} readOnly />
      </Group>
      <TextInput
        label="Name"
        required
        disabled={!country}
        value={address.name}
        onChange={set('name')}
        {...limited('name')}
      />
      <TextInput
        label="Address line one"
        required
        disabled={!country}
        value={address.addressLineOne}
        onChange={set('addressLineOne')}
        {...limited('addressLineOne')}
      />
      <TextInput
        label="Address line two"
        disabled={!country}
        value={address.addressLineTwo}
        onChange={set('addressLineTwo')}
        {...limited('addressLineTwo')}
      />
      <Group grow>
        <TextInput
          label="City"
          required
          disabled={!country}
          value={address.city}
          onChange={set('city')}
          {...limited('city')}
        />
        <TextInput
          label="County"
          disabled={!country}
          value={address.county}
          onChange={set('county')}
          {...limited('county')}
        />
      </Group>
      <TextInput
        label={countryCode === 'IE' ? 'Eircode' : 'Postcode'}
        disabled={!country}
        value={address.postCode}
        onChange={set('postCode')}
        {...limited('postCode')}
      />
      {overLimit && useRefused && (
        <Text c="red.9" size="sm" role="alert">
          {TOO_LONG_NOT_SAVED}
        </Text>
      )}
      {create.isError && !(create.error instanceof ApiRequestError && create.error.body?.details) && (
        <Text c="red.9" size="sm" role="alert" style={{ overflowWrap: 'anywhere' }}>
          {create.error.message}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setCustom(false)}>
          Back to search
        </Button>
        <Button onClick={use} loading={create.isPending} disabled={!ready}>
          Use this address
        </Button>
      </Group>
    </Stack>
  );
}
