import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { PopulatedSetCall } from '@courier/domain/companies/set-calls';
import { formatAddress } from '@courier/domain/addresses/schemas';
import { AddressSelector, type SelectedAddress } from '@/ui/address-selector.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';

const selected = (place: PopulatedSetCall['collectionPlace']): SelectedAddress | null =>
  place ? { placeId: place.placeId, name: place.name, detail: formatAddress(place) } : null;

/** Address editor slide-in: collection and delivery, each by search or as a custom address. */
export function SetCallAddressEditor({
  setCall,
  onClose,
  onSave,
  saving,
}: {
  setCall: PopulatedSetCall | null;
  onClose: () => void;
  onSave: (places: { collectionPlaceId: string | null; deliveryPlaceId: string | null }) => void;
  saving: boolean;
}) {
  return (
    <SlideIn opened={setCall !== null} onClose={onClose} title={setCall ? `Set call ${setCall.id} addresses` : ''}>
      {setCall && <AddressForm key={setCall.id} setCall={setCall} onClose={onClose} onSave={onSave} saving={saving} />}
    </SlideIn>
  );
}

function AddressForm({
  setCall,
  onClose,
  onSave,
  saving,
}: {
  setCall: PopulatedSetCall;
  onClose: () => void;
  onSave: (places: { collectionPlaceId: string | null; deliveryPlaceId: string | null }) => void;
  saving: boolean;
}) {
  const [collection, setCollection] = useState(selected(setCall.collectionPlace));
  const [delivery, setDelivery] = useState(selected(setCall.deliveryPlace));
  return (
    <Stack>
      <AddressSelector label="Collection address" value={collection} onChange={setCollection} />
      <AddressSelector label="Delivery address" value={delivery} onChange={setDelivery} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={saving}
          onClick={() =>
            onSave({ collectionPlaceId: collection?.placeId ?? null, deliveryPlaceId: delivery?.placeId ?? null })
          }
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
