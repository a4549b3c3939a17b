import { Alert, Badge, Divider, Group, Paper, SimpleGrid, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { formatAddress } from '@courier/domain/addresses/schemas';
import { isFixedPricing, type PopulatedSetCall } from '@courier/domain/companies/set-calls';
import type { ScheduleEntry } from '@courier/domain/companies/set-call-schedule';
import { Money } from '@/ui/format.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function AddressBlock({
  title,
  place,
  name,
  phone,
}: {
  title: string;
  place: PopulatedSetCall['collectionPlace'];
  name: string;
  phone: string;
}) {
  // A long unbroken name (up to 255 characters) wraps instead of widening the page.
  return (
    <div style={{ overflowWrap: 'anywhere' }}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {title}
      </Text>
      {place ? (
        <>
          <Text size="sm" fw={600}>
            {place.name}
          </Text>
          <Text size="sm">{formatAddress(place)}</Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No address yet
        </Text>
      )}
      <Text size="sm">{[name, phone].filter(Boolean).join(' · ') || '–'}</Text>
    </div>
  );
}

/** One set call (spec 1 §2, §3): addresses (click to edit), details (click to edit), active toggle, schedule. */
export function SetCallCard({
  setCall,
  onEditAddresses,
  onEditDetails,
  onSave,
  saving,
}: {
  setCall: PopulatedSetCall;
  onEditAddresses: () => void;
  onEditDetails: () => void;
  onSave: (patch: { active?: boolean; schedule?: ScheduleEntry[] }) => void;
  saving: boolean;
}) {
  const hasDetails =
    setCall.service !== null && setCall.collectionPhone.trim() !== '' && setCall.deliveryPhone.trim() !== '';
  const pricing = isFixedPricing(setCall.pricing) ? setCall.pricing : null;
  return (
    <Paper withBorder p="md" id={`set-call-${setCall.id}`} aria-label={`Set call ${setCall.id}`} component="section">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Text fw={700}>Set call {setCall.id}</Text>
          <Badge color={setCall.active ? 'teal.9' : 'gray.7'} variant="filled">
            {setCall.active ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
        <Switch
          label="Active"
          checked={setCall.active}
          disabled={!hasDetails || saving}
          onChange={(event) => onSave({ active: event.currentTarget.checked })}
        />
      </Group>
      {!hasDetails && (
        <Alert color="blue" mb="sm" title="Add the details first">
          A set call needs a service and both phone numbers before its addresses and schedule can be saved. Click the
          details area below.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <UnstyledButton onClick={onEditAddresses} disabled={!hasDetails} style={{ alignSelf: 'start' }}>
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              Addresses{hasDetails ? ' · click to edit' : ''}
            </Text>
            <AddressBlock
              title="Collection"
              place={setCall.collectionPlace}
              name={setCall.collectionName}
              phone={setCall.collectionPhone}
            />
            <AddressBlock
              title="Delivery"
              place={setCall.deliveryPlace}
              name={setCall.deliveryName}
              phone={setCall.deliveryPhone}
            />
          </Stack>
        </UnstyledButton>
        <UnstyledButton onClick={onEditDetails} style={{ alignSelf: 'start' }}>
          {/* Long unbroken notes (up to 1000 characters) or references wrap instead of widening the page. */}
          <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
            <Text size="xs" c="dimmed">
              Details · click to edit
            </Text>
            <Line label="Vehicle">
              {setCall.vehicle ? `${setCall.vehicle.name} (${setCall.vehicle.serviceCode})` : '–'}
            </Line>
            <Line label="Reschedule on holidays">{setCall.pushHolidays ? 'Yes' : 'No'}</Line>
            <Line label="Return booking">{setCall.return ? 'Yes' : 'No'}</Line>
            <Line label="Email confirmation">{setCall.emailConfirmation ? 'Yes' : 'No'}</Line>
            <Line label="Reference">{setCall.reference || '–'}</Line>
            <Line label="Accounting reference">{setCall.quantumRef || '–'}</Line>
            <Line label="Driver">{setCall.driver ?? 'Any'}</Line>
            <Line label="Packages">
              {setCall.numberOfPackages ?? '–'} · {setCall.weightOfPackages ?? '–'} kg
              {setCall.isDocuments ? ' · documents' : ''}
              {setCall.goodsDescription ? ` · ${setCall.goodsDescription}` : ''}
            </Line>
            <Line label="Pricing">
              {pricing ? (
                <>
                  Fixed: charge <Money value={pricing.charge} />, driver <Money value={pricing.driver} />
                </>
              ) : (
                'Standard'
              )}
            </Line>
            <Line label="Notes">{setCall.notes || '–'}</Line>
          </Stack>
        </UnstyledButton>
      </SimpleGrid>
      <Divider my="sm" />
      <ScheduleEditor
        setCallId={setCall.id}
        schedule={setCall.schedule}
        disabled={!hasDetails}
        onSave={(schedule) => onSave({ schedule })}
      />
    </Paper>
  );
}
