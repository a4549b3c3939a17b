import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import {
  ADDRESS_MESSAGES,
  addressBookEntryBodySchema,
  canSaveAddressBookEntry,
  formatAddress,
  type AddressBookEntry,
  type AddressBookEntryBody,
} from '@courier/domain/addresses/schemas';
import { countryByCode, DEFAULT_COUNTRY_CODE, DEFAULT_COUNTRY_NAME } from '@courier/domain/common/countries';
import { typedDecimal } from '@courier/domain/common/input-checks';
import { ApiRequestError } from '@/api/client.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { getPlace } from '@/api/places.ts';
import { ClickSearch } from '@/ui/click-search.tsx';
import { CountrySelect } from '@/ui/country-select.tsx';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { MapView } from '@/ui/maps.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { toast } from '@/ui/toast.ts';
import { useAddressBook, useAddressBookMutations } from '@/api/address-book.ts';
import { useGuardedClose } from '@/ui/discard-changes-dialog.tsx';
import { textLimitOf } from '@/ui/text-limit.ts';
import { useFocusAfterRefusal } from '@/ui/marked-fields.ts';
import { PICKER_SELECT } from '@/ui/picker-select.ts';

/** The coordinates are kept as typed: a refused value stays on screen with its message, never clamped or dropped. */
type Draft = Omit<AddressBookEntryBody, 'latitude' | 'longitude'> & {
  entryId?: number;
  latitude: string;
  longitude: string;
};
type Coordinate = 'latitude' | 'longitude';
const TEXT_FIELDS = [
  'entryName',
  'name',
  'addressOne',
  'addressTwo',
  'city',
  'county',
  'postcode',
  'contactName',
  'contactPhone',
  'notes',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/**
 * A text field's limit, read from the server's schema: text past it is kept (no maxlength cuts a
 * paste), counted, and refused at the field at once; nothing is refused only after Save.
 */
const limitOf = (field: TextField, text: string) =>
  textLimitOf(addressBookEntryBodySchema.shape[field], text, { multiline: field === 'notes' });

/** The editor's state: the draft as opened (closing with changes asks first), as typed, and the fields changed since Save. */
type Editing = { opened: Draft; draft: Draft; changedSinceSave: ReadonlySet<keyof Draft> };

type TypedCoordinate = { value: number } | { message: string; halfTyped: boolean } | null;

/**
 * A typed coordinate read by the server's own rule (a number, within range, not 0): its value, or
 * the schema's message; null while it is empty or only a sign or point. A 0 may be half of '0.5',
 * so its message waits until the field is left; letters and out-of-range numbers show at once.
 */
function readCoordinate(field: Coordinate, text: string): TypedCoordinate {
  const trimmed = text.trim();
  if (/^[-+]?\.?$/.test(trimmed)) return null;
  const typed = typedDecimal(trimmed) ?? Number.NaN;
  const checked = addressBookEntryBodySchema.shape[field].safeParse(typed);
  if (checked.success) return { value: checked.data };
  return { message: checked.error.issues[0]?.message ?? `The ${field} must be a number.`, halfTyped: typed === 0 };
}

function newDraft(companyId: number | null): Draft {
  return {
    company: companyId,
    isPublic: companyId === null,
    entryName: '',
    name: '',
    addressOne: '',
    addressTwo: '',
    city: '',
    county: '',
    postcode: '',
    country: DEFAULT_COUNTRY_NAME,
    countryCode: DEFAULT_COUNTRY_CODE,
    latitude: '',
    longitude: '',
    contactName: '',
    contactPhone: '',
    notes: '',
  };
}

/** Whether the editor holds anything typed since it opened: closing it then asks first. */
function hasChanges(editing: Editing): boolean {
  const { opened, draft } = editing;
  return (Object.keys(draft) as (keyof Draft)[]).some((field) => draft[field] !== opened[field]);
}

function draftOf(entry: AddressBookEntry, companyId: number | null): Draft {
  return {
    entryId: entry.entryId,
    company: companyId,
    isPublic: companyId === null,
    entryName: entry.name,
    name: entry.address.name,
    addressOne: entry.address.addressLineOne,
    addressTwo: entry.address.addressLineTwo,
    city: entry.address.city,
    county: entry.address.county,
    postcode: entry.address.postCode,
    country: entry.address.country,
    countryCode: entry.address.countryCode,
    latitude: String(entry.latitude),
    longitude: String(entry.longitude),
    contactName: entry.contactName,
    contactPhone: entry.contactPhone,
    notes: entry.notes,
  };
}

/** Address book (spec 1 §2): a company's (Address Book tab) or the public one (/addresses) when companyId is null. */
export function AddressBook({ companyId }: { companyId: number | null }) {
  const entries = useAddressBook(companyId);
  const { save, remove } = useAddressBookMutations(companyId);
  const [confirmAdd, setConfirmAdd] = useState(false);
  // The draft as it was when the editor opened is kept beside it: closing with changes asks first.
  const [editing, setEditing] = useState<Editing | null>(null);
  const draft = editing?.draft ?? null;
  // Closing with unsaved changes (Escape, the close button, a click outside) asks first.
  const { requestClose, closeNow, question } = useGuardedClose({
    unsaved: () => editing !== null && hasChanges(editing),
    // The last save's refusal spoke of this editor's contents: it goes with it, never to the next entry.
    close: () => {
      setEditing(null);
      save.reset();
    },
    subject: 'The address book entry has changes that are not saved.',
  });
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);

  if (entries.isPending) return <LoadingState text="Loading Addresses..." />;
  if (entries.isError) return <ErrorState onRetry={() => void entries.refetch()} />;

  const openEditor = (opened: Draft) => {
    // An editor shows only errors about its own contents: an earlier save's refusal is dropped.
    save.reset();
    setEditing({ opened, draft: opened, changedSinceSave: new Set() });
  };
  // A field the user changes stops showing the server's message about it (as the tariff editor does).
  const changeDraft = (changed: Draft) =>
    setEditing((current) => {
      if (!current) return current;
      const fields = (Object.keys(changed) as (keyof Draft)[]).filter(
        (field) => changed[field] !== current.draft[field] && !current.changedSinceSave.has(field),
      );
      const changedSinceSave = fields.length
        ? new Set([...current.changedSinceSave, ...fields])
        : current.changedSinceSave;
      return { ...current, draft: changed, changedSinceSave };
    });

  const jumpTo = (entryId: string | null) => {
    if (!entryId) return;
    const element = document.getElementById(`address-entry-${entryId}`);
    element?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    element?.focus();
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Select
          {...PICKER_SELECT}
          aria-label="Jump to an entry"
          placeholder="Jump to an entry..."
          w={{ base: '100%', sm: 360 }}
          searchable
          data={entries.data.map((entry) => ({
            value: String(entry.entryId),
            label: `${entry.entryId} · ${entry.name}`,
          }))}
          onChange={jumpTo}
        />
        <Button onClick={() => setConfirmAdd(true)}>Add Address</Button>
      </Group>
      {entries.data.length === 0 ? (
        <EmptyState title="No Addresses" />
      ) : (
        entries.data.map((entry) => (
          <Paper
            key={entry.entryId}
            withBorder
            p="md"
            id={`address-entry-${entry.entryId}`}
            tabIndex={-1}
            component="section"
            aria-label={`Address entry ${entry.entryId}`}
          >
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {/* Long unbroken text (a 255-character name, a 1000-character note) wraps inside the card. */}
              <UnstyledButton
                onClick={() => openEditor(draftOf(entry, companyId))}
                style={{ alignSelf: 'start', minWidth: 0, overflowWrap: 'anywhere' }}
              >
                <Stack gap={4}>
                  <Text size="xs" c="dimmed">
                    Entry {entry.entryId} · click to edit
                  </Text>
                  <Text fw={700}>{entry.name}</Text>
                  <Text size="sm">
                    {[
                      entry.address.name !== entry.address.addressLineOne ? entry.address.name : '',
                      formatAddress(entry.address),
                      entry.address.country,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {entry.latitude.toFixed(6)}, {entry.longitude.toFixed(6)}
                  </Text>
                  <Text size="sm">
                    Contact: {[entry.contactName, entry.contactPhone].filter(Boolean).join(' · ') || '–'}
                  </Text>
                  <Text size="sm">Notes: {entry.notes || '–'}</Text>
                </Stack>
              </UnstyledButton>
              <Stack gap="xs" miw={0}>
                <MapView
                  preview
                  label={`Map of ${entry.name}`}
                  markers={[{ latitude: entry.latitude, longitude: entry.longitude, label: entry.name }]}
                  height={170}
                />
                <Group justify="flex-end">
                  <Button size="xs" color="red.9" variant="outline" onClick={() => setDeleting(entry)}>
                    Delete
                  </Button>
                </Group>
              </Stack>
            </SimpleGrid>
          </Paper>
        ))
      )}

      <ConfirmDialog
        opened={confirmAdd}
        onCancel={() => setConfirmAdd(false)}
        title="Add Address"
        confirm={{
          label: 'Add',
          kind: 'CONFIRM',
          onClick: () => {
            setConfirmAdd(false);
            openEditor(newDraft(companyId));
          },
        }}
      >
        {companyId === null
          ? 'Add an entry to the public address book?'
          : 'Add an entry to this company’s address book?'}
      </ConfirmDialog>

      <ConfirmDialog
        opened={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete Address"
        confirm={{
          label: 'Delete',
          kind: 'DESTRUCTIVE',
          loading: remove.isPending,
          onClick: () =>
            deleting &&
            remove.mutate(deleting.entryId, {
              onSuccess: () => {
                setDeleting(null);
                toast({ title: ADDRESS_MESSAGES.deletedTitle, message: ADDRESS_MESSAGES.deleted, type: 'success' });
              },
              onError: () => toast({ title: 'Sorry', message: ADDRESS_MESSAGES.deleteFailed, type: 'error' }),
            }),
        }}
      >
        <Text style={{ overflowWrap: 'anywhere' }}>{`Delete the entry ${deleting?.name ?? ''}?`}</Text>
      </ConfirmDialog>

      <SlideIn
        opened={draft !== null}
        onClose={requestClose}
        title={draft?.entryId ? `Edit entry ${draft.entryId}` : 'New address book entry'}
      >
        {draft && (
          <EntryEditor
            draft={draft}
            onChange={changeDraft}
            saving={save.isPending}
            error={save.error instanceof ApiRequestError ? save.error : null}
            refused={save.isError}
            changedSinceSave={editing?.changedSinceSave ?? new Set()}
            onCancel={requestClose}
            onSave={(body) => {
              setEditing((current) => current && { ...current, changedSinceSave: new Set() });
              save.mutate(
                { entryId: draft.entryId, body },
                {
                  onSuccess: () => {
                    toast({
                      title: 'Success',
                      message: draft.entryId ? ADDRESS_MESSAGES.updated : ADDRESS_MESSAGES.created,
                      type: 'success',
                    });
                    closeNow();
                  },
                  // A refused field is marked with the server's message; only a real failure says 'try again'.
                  onError: (failure) =>
                    failure instanceof ApiRequestError && failure.code === 'VALIDATION'
                      ? toast({ ...NOT_SAVED_TOAST, type: 'warn' })
                      : toast({
                          title: 'Sorry',
                          message: ADDRESS_MESSAGES.saveFailed(draft.entryId ? 'update' : 'create'),
                          type: 'error',
                        }),
                },
              );
            }}
          />
        )}
      </SlideIn>
      {question}
    </Stack>
  );
}

function EntryEditor({
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
  error,
  refused,
  changedSinceSave,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onSave: (body: AddressBookEntryBody) => void;
  onCancel: () => void;
  saving: boolean;
  error: ApiRequestError | null;
  /** The last save was refused or failed: the focus its Save button dropped goes back into the form. */
  refused: boolean;
  /** The fields changed since the last Save: the server's refusal no longer speaks of them. */
  changedSinceSave: ReadonlySet<keyof Draft>;
}) {
  const set = (field: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...draft, [field]: event.currentTarget.value });
  const [left, setLeft] = useState<Record<Coordinate, boolean>>({ latitude: false, longitude: false });
  const typed = {
    latitude: readCoordinate('latitude', draft.latitude),
    longitude: readCoordinate('longitude', draft.longitude),
  };
  const valueOf = (field: Coordinate) => {
    const read = typed[field];
    return read && 'value' in read ? read.value : null;
  };
  const latitude = valueOf('latitude');
  const longitude = valueOf('longitude');
  // Save is offered only for coordinates the server takes: an out-of-range or mistyped one is never sent.
  const ready = canSaveAddressBookEntry({ ...draft, latitude, longitude });
  /** The server's message for a field, until that field changes. */
  const fieldError = (field: keyof Draft) => (changedSinceSave.has(field) ? undefined : error?.fieldMessage(field));
  const limits = Object.fromEntries(TEXT_FIELDS.map((field) => [field, limitOf(field, draft[field] ?? '')])) as Record<
    TextField,
    ReturnType<typeof limitOf>
  >;
  // Save sends nothing while a text is past its limit: the field already says so (the server refuses it too).
  const overLimit = TEXT_FIELDS.some((field) => limits[field].overLimit !== undefined);
  const [saveRefused, setSaveRefused] = useState(false);
  const [form, saveButton] = useFocusAfterRefusal(saving, refused);
  const coordinateField = (field: Coordinate, label: string) => {
    const read = typed[field];
    return (
      <TextInput
        label={label}
        required
        inputMode="decimal"
        autoComplete="off"
        value={draft[field]}
        onChange={set(field)}
        onBlur={() => setLeft((current) => ({ ...current, [field]: true }))}
        error={
          (read && 'message' in read && (left[field] || !read.halfTyped) ? read.message : undefined) ??
          fieldError(field)
        }
      />
    );
  };
  const textField = (field: Exclude<TextField, 'notes'>, label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={draft[field] ?? ''}
      onChange={set(field)}
      description={limits[field].count}
      error={limits[field].overLimit ?? fieldError(field)}
    />
  );

  const fillFrom = async (placeId: string) => {
    const place = await getPlace(placeId);
    onChange({
      ...draft,
      name: place.name,
      addressOne: place.addressLineOne,
      addressTwo: place.addressLineTwo,
      city: place.city,
      county: place.county,
      postcode: place.postCode,
      country: place.country,
      countryCode: place.countryCode,
      latitude: place.latitude === null ? draft.latitude : String(place.latitude),
      longitude: place.longitude === null ? draft.longitude : String(place.longitude),
      entryName: draft.entryName || place.name,
    });
  };

  return (
    <Stack ref={form}>
      <ClickSearch
        type="PLACE"
        label="Fill from a known address"
        value={null}
        onChange={(item) =>
          item &&
          void fillFrom(item.id).catch(() =>
            toast({ title: 'Sorry', message: 'There was an error searching. Please try again later.', type: 'error' }),
          )
        }
      />
      {textField('entryName', 'Search name', true)}
      {textField('name', 'Address name', true)}
      {textField('addressOne', 'Address line one', true)}
      {textField('addressTwo', 'Address line two')}
      <SimpleGrid cols={2}>
        {textField('city', 'City', true)}
        {textField('county', 'County', true)}
        {textField('postcode', draft.countryCode === 'IE' ? 'Eircode' : 'Postcode', true)}
        <CountrySelect
          required
          value={draft.countryCode || null}
          onChange={(code) => onChange({ ...draft, countryCode: code ?? '', country: countryByCode(code)?.Name ?? '' })}
          error={fieldError('countryCode')}
        />
        {coordinateField('latitude', 'Latitude')}
        {coordinateField('longitude', 'Longitude')}
        {textField('contactName', 'Contact name')}
        {textField('contactPhone', 'Contact phone')}
      </SimpleGrid>
      <Textarea
        label="Notes"
        description={limits.notes.count}
        autosize
        minRows={2}
        maxRows={12}
        value={draft.notes}
        onChange={set('notes')}
        error={limits.notes.overLimit ?? fieldError('notes')}
      />
      {latitude !== null && longitude !== null && (
        <MapView
          label="Map of the entry being edited"
          markers={[{ latitude, longitude, label: draft.name || 'Entry' }]}
          height={160}
        />
      )}
      {!ready && (
        <Text size="sm" c="dimmed">
          {/* The postcode is named as its field is labelled: an Irish address has an Eircode. */}
          Save appears once the search name, address name, line one, city, county,{' '}
          {draft.countryCode === 'IE' ? 'Eircode' : 'postcode'} and country are filled in and the coordinates are
          numbers other than 0 (latitude -90 to 90, longitude -180 to 180).
        </Text>
      )}
      {overLimit && saveRefused && (
        <Text size="sm" c="red.9" role="alert">
          Nothing was saved: shorten the fields marked as too long first.
        </Text>
      )}
      {error && !error.body?.details && (
        <Text size="sm" c="red.9" role="alert">
          {error.message}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        {ready && latitude !== null && longitude !== null && (
          <Button
            ref={saveButton}
            loading={saving}
            onClick={() => {
              setSaveRefused(overLimit);
              if (!overLimit) onSave({ ...draft, latitude, longitude });
            }}
          >
            Save
          </Button>
        )}
      </Group>
    </Stack>
  );
}
