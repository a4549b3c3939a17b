import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { AREAS, hasAccess, parseRoles } from '@courier/domain/auth/roles';
import { typedNumber } from '@courier/domain/common/typed-number';
import { DRIVER_VEHICLES, type DriverVehicle } from '@courier/domain/drivers/enums';
import { DRIVER_VEHICLE_LABELS } from '@courier/domain/drivers/labels';
import { needsVehicleRegistration } from '@courier/domain/drivers/rules';
import { createDriverBodySchema, MAX_ROOMS_PER_DRIVER, type Driver } from '@courier/domain/drivers/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useCreateDriver, useDriverSetupData, useUpdateDriver } from '@/api/drivers.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { useSession } from '@/session/session-store.ts';
import { toast } from '@/ui/toast.ts';
import { textLimitOf } from '@/ui/text-limit.ts';
import { useFocusAfterRefusal } from '@/ui/marked-fields.ts';
import { useReportUnsaved } from '@/ui/unsaved-changes.tsx';

// The vehicles offered: no car, which spec 2 §3 treats as a van (a driver stored with one is answered as a van).
const VEHICLE_OPTIONS = DRIVER_VEHICLES.map((value) => ({ value, label: DRIVER_VEHICLE_LABELS[value] }));

interface DriverFields {
  /** As the input gives it: a number once its text reads as one, the text until then ('', '7.', '-'). */
  driverNumber: number | string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  vehicle: DriverVehicle | null;
  vehicleRegistration: string;
  rooms: string[];
  blocked: boolean;
}

const fieldsOf = (driver: Driver | undefined): DriverFields => ({
  driverNumber: driver?.driverNumber ?? '',
  firstName: driver?.firstName ?? '',
  lastName: driver?.lastName ?? '',
  email: driver?.email ?? '',
  phone: driver?.phone ?? '',
  vehicle: driver?.vehicle ?? null,
  vehicleRegistration: driver?.vehicleRegistration ?? '',
  rooms: driver?.rooms ?? [],
  blocked: driver?.blocked ?? false,
});

/**
 * A driver of the register: new (POST /drivers/create) or an existing one (PUT /drivers/update, a
 * full save). A refused save marks the fields the server named, with its messages; a conflict (the
 * number or e-mail already taken) shows the server's message above the buttons.
 */
export function DriverForm({
  driver,
  roomOptions = [],
  onSaved,
  onCancel,
}: {
  driver?: Driver;
  /** Rooms seen on the list; accounts also get every room of the dispatch setup. */
  roomOptions?: readonly string[];
  onSaved: (driver: Driver) => void;
  onCancel?: () => void;
}) {
  const { user } = useSession();
  const setupData = useDriverSetupData(hasAccess(parseRoles(user?.roles ?? '[]'), AREAS.driverSetup));
  const [fields, setFields] = useState(() => fieldsOf(driver));
  // What the form's own check found on Save (the create schema's messages), every field at once.
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const create = useCreateDriver();
  const update = useUpdateDriver();
  const saving = driver ? update : create;
  const [form, saveButton] = useFocusAfterRefusal<HTMLFormElement>(saving.isPending, saving.isError);
  const failure = saving.error instanceof ApiRequestError ? saving.error : undefined;
  const fieldError = (field: keyof DriverFields) => problems[field] ?? failure?.fieldMessage(field);
  useReportUnsaved(JSON.stringify(fields) !== JSON.stringify(fieldsOf(driver)));

  const rooms = [...new Set([...(setupData.data?.roomNames ?? []), ...roomOptions, ...fields.rooms])].sort();
  const set = <K extends keyof DriverFields>(field: K, value: DriverFields[K]) => {
    setFields((current) => ({ ...current, [field]: value }));
    // A field being corrected stops saying what was wrong with it.
    setProblems((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  };
  const text = (field: 'firstName' | 'lastName' | 'email' | 'phone' | 'vehicleRegistration') => {
    // Text past the server's limit is kept and refused at the field, never cut by a maxlength.
    const { count, overLimit } = textLimitOf(createDriverBodySchema.shape[field], fields[field]);
    return {
      value: fields[field],
      description: count,
      error: overLimit ?? fieldError(field),
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
    };
  };

  const submit = () => {
    const typedDriverNumber = typedNumber(fields.driverNumber);
    const body = {
      // The number as typed, so '-5' or '7.5' is refused in the schema's words, never sent as 5 or 75.
      // Empty is no number (null), which the schema asks for; text that reads as no number ('-') is
      // checked as NaN, which the schema refuses with the range it takes.
      driverNumber: typedDriverNumber === undefined ? Number.NaN : typedDriverNumber,
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email.trim(),
      phone: fields.phone,
      vehicle: fields.vehicle,
      vehicleRegistration: fields.vehicleRegistration,
      rooms: fields.rooms,
      blocked: fields.blocked,
    };
    // Nothing is sent while a field is wrong; every wrong field says so at once (the server checks the same).
    const checked = createDriverBodySchema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<string, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    const onError = (error: Error) =>
      error instanceof ApiRequestError && error.code === 'VALIDATION'
        ? toast({ ...NOT_SAVED_TOAST, type: 'warn' })
        : toast({ title: 'Not saved', message: error.message, type: 'error' });
    if (driver) update.mutate({ id: driver.id, ...checked.data }, { onSuccess: onSaved, onError });
    else create.mutate(checked.data, { onSuccess: onSaved, onError });
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Driver number"
            required
            min={1}
            // Nothing dropped or clamped as it is typed or on blur: Save marks a number the register cannot take.
            clampBehavior="none"
            hideControls
            value={fields.driverNumber}
            error={fieldError('driverNumber')}
            onChange={(value) => set('driverNumber', value)}
          />
          <Select
            label="Vehicle"
            required
            data={VEHICLE_OPTIONS}
            value={fields.vehicle}
            error={fieldError('vehicle')}
            onChange={(value) => set('vehicle', (value as DriverVehicle | null) ?? null)}
            allowDeselect={false}
          />
          <TextInput label="First name" required {...text('firstName')} />
          <TextInput label="Last name" required {...text('lastName')} />
          <TextInput label="Email" type="email" required {...text('email')} />
          <TextInput label="Phone" type="tel" {...text('phone')} />
          {(fields.vehicle === null || needsVehicleRegistration(fields.vehicle)) && (
            <TextInput label="Vehicle registration" {...text('vehicleRegistration')} />
          )}
          <MultiSelect
            label="Rooms"
            data={rooms}
            value={fields.rooms}
            maxValues={MAX_ROOMS_PER_DRIVER}
            error={fieldError('rooms')}
            onChange={(value) => set('rooms', value)}
            searchable
          />
        </SimpleGrid>
        <Switch
          label="Blocked"
          checked={fields.blocked}
          onChange={(event) => set('blocked', event.currentTarget.checked)}
        />
        {failure && !failure.body?.details && (
          <Alert color="red" variant="light" title="Not saved" role="alert">
            {failure.message}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button ref={saveButton} type="submit" loading={saving.isPending}>
            {driver ? 'Save driver' : 'Add driver'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
