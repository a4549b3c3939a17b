import { Alert, Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  dispatchProfileProblems,
  DRIVER_NUMBER_REQUIRED_MESSAGE,
  DRIVER_ROOMS_NOT_SELECTED_MESSAGE,
  DRIVER_VEHICLE_NOT_SELECTED_MESSAGE,
  joinRooms,
} from '@courier/domain/drivers/dispatch-profile';
import { typedNumber } from '@courier/domain/common/typed-number';
import { DISPATCH_USER_ROLES, type DispatchUserRole, type DriverVehicle } from '@courier/domain/drivers/enums';
import { DRIVER_TEXTS } from '@courier/domain/drivers/labels';
import { driverNumberSchema, type DriverSetupData } from '@courier/domain/drivers/schemas';
import type { DispatchUser } from '@courier/domain/drivers/setup-schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useSaveDispatchUser } from '@/api/driver-setup.ts';
import { toast } from '@/ui/toast.ts';
import { DISPATCH_ROLE_LABELS } from './role-labels.ts';

type EditorField = 'userRole' | 'vehicle' | 'rooms' | 'driverNumber';

/** Where each message of the dispatch profile rule (spec 2 §5) shows. */
const FIELD_OF_MESSAGE: Record<string, EditorField> = {
  [DRIVER_VEHICLE_NOT_SELECTED_MESSAGE]: 'vehicle',
  [DRIVER_ROOMS_NOT_SELECTED_MESSAGE]: 'rooms',
  [DRIVER_NUMBER_REQUIRED_MESSAGE]: 'driverNumber',
};

const ROLE_OPTIONS = DISPATCH_USER_ROLES.map((value) => ({ value, label: DISPATCH_ROLE_LABELS[value] }));

/**
 * The dispatch profile editor (spec 2 §3 'Dispatch setup'): the role (Driver or Dispatcher), the
 * dispatch rooms and, for a driver, its vehicle and driver number. The spec's rule is checked before
 * anything is sent (spec 2 §5); a refused save marks the fields the server named.
 */
export function DispatchProfileEditor({
  dispatchUser,
  setupData,
  onSaved,
}: {
  dispatchUser: DispatchUser;
  setupData: DriverSetupData;
  onSaved: (saved: DispatchUser) => void;
}) {
  const save = useSaveDispatchUser();
  const [userRole, setUserRole] = useState<DispatchUserRole | null>(dispatchUser.userRole);
  const [rooms, setRooms] = useState<string[]>(dispatchUser.rooms);
  const [vehicle, setVehicle] = useState<DriverVehicle | null>(dispatchUser.vehicle);
  // As the input gives it: a number once its text reads as one, the text until then ('', '7.', '-').
  const [driverNumber, setDriverNumber] = useState<number | string>(dispatchUser.driverNumber ?? '');
  const [problems, setProblems] = useState<Partial<Record<EditorField, string>>>({});
  const failure = save.error instanceof ApiRequestError ? save.error : undefined;
  const messageOf = (field: EditorField) => problems[field] ?? failure?.fieldMessage(field);
  const isDriver = userRole === 'DRIVER';
  const roomOptions = [...new Set([...setupData.roomNames, ...rooms])];

  const submit = () => {
    const typed = typedNumber(driverNumber);
    const number = typed ?? null;
    const found: Partial<Record<EditorField, string>> = {};
    for (const message of dispatchProfileProblems({ userRole, vehicle, rooms, driverNumber: number }))
      found[FIELD_OF_MESSAGE[message] ?? 'userRole'] = message;
    // A number typed ('-5', '7.5', '-') but not one a driver can have: the register's words, not
    // 'required', and never sent as the 5 or 75 the input used to keep.
    const refusal =
      typed === null ? undefined : driverNumberSchema.safeParse(typed ?? Number.NaN).error?.issues[0]?.message;
    if (isDriver && refusal) found.driverNumber = refusal;
    setProblems(found);
    if (Object.keys(found).length > 0 || userRole === null) return;
    save.mutate(
      {
        clickUserId: dispatchUser.clickUserId,
        dispatchUserId: dispatchUser.dispatchUserId,
        userRole,
        rooms: joinRooms(rooms),
        vehicle: isDriver ? vehicle : null,
        driverNumber: isDriver ? number : null,
      },
      {
        onSuccess: (saved) => {
          toast({ message: DRIVER_TEXTS.userRoleUpdated, type: 'success' });
          onSaved(saved);
        },
        onError: () => toast({ title: 'Error', message: DRIVER_TEXTS.userRoleUpdateFailed, type: 'error' }),
      },
    );
  };

  const clear = (field: EditorField) => setProblems(({ [field]: _cleared, ...rest }) => rest);

  return (
    <form
      noValidate
      aria-label="Dispatch profile"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.8">
          {dispatchUser.email}
          {dispatchUser.driverNumber !== null && ` · driver ${dispatchUser.driverNumber}`}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Role"
            required
            placeholder="Choose a role"
            data={ROLE_OPTIONS}
            value={userRole}
            error={messageOf('userRole')}
            onChange={(value) => {
              setUserRole(value as DispatchUserRole | null);
              clear('userRole');
            }}
          />
          <MultiSelect
            label="Rooms"
            required={isDriver}
            placeholder={rooms.length === 0 ? 'Choose rooms' : undefined}
            data={roomOptions}
            value={rooms}
            searchable
            error={messageOf('rooms')}
            onChange={(value) => {
              setRooms(value);
              clear('rooms');
            }}
          />
          {isDriver && (
            <>
              <Select
                label="Vehicle"
                required
                placeholder="Choose a vehicle"
                data={setupData.vehicleTypes}
                value={vehicle}
                error={messageOf('vehicle')}
                onChange={(value) => {
                  setVehicle(value as DriverVehicle | null);
                  clear('vehicle');
                }}
              />
              <NumberInput
                label="Driver number"
                required
                min={1}
                // Nothing dropped or clamped as it is typed or on blur: Save marks a number a driver cannot have.
                clampBehavior="none"
                hideControls
                value={driverNumber}
                error={messageOf('driverNumber')}
                onChange={(value) => {
                  setDriverNumber(value);
                  clear('driverNumber');
                }}
              />
            </>
          )}
        </SimpleGrid>
        {failure && (
          <Alert color="red" variant="light" title={DRIVER_TEXTS.userRoleUpdateFailed} role="alert">
            {failure.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save role
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
