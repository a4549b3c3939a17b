import { Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
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
  // While a custom address is open (not yet used, perhaps refused), Save would store the old address.
  const [entering, setEntering] = useState({ collection: false, delivery: false });
  const enteringCollection = useCallback(
    (value: boolean) => setEntering((current) => ({ ...current, collection: value })),
    [],
  );
  const enteringDelivery = useCallback(
    (value: boolean) => setEntering((current) => ({ ...current, delivery: value })),
    [],
  );
  const waiting = entering.collection || entering.delivery;
  return (
    <Stack>
      <AddressSelector
        label="Collection address"
        value={collection}
        onChange={setCollection}
        onEnteringCustom={enteringCollection}
      />
      <AddressSelector
        label="Delivery address"
        value={delivery}
        onChange={setDelivery}
        onEnteringCustom={enteringDelivery}
      />
      {waiting && (
        <Text size="sm" c="dimmed">
          Use the custom address, or go back to search, before saving.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={saving}
          disabled={waiting}
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
