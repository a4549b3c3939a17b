import { Alert, Button, Divider, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  DEFAULT_TARIFF_SERVICE,
  DEFAULT_TARIFF_ZONE,
  saveTariffBodySchema,
  TARIFF_SERVICE_CODES,
  type Carrier,
  type Tariff,
  type TariffCode,
  type Zone,
} from '@courier/domain/pricing/schemas';
import { countryByCode } from '@courier/domain/common/countries';
import { tariffServiceLabel } from '@courier/domain/pricing/tariff-services';
import { ApiRequestError, isRefusal } from '@/api/client.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { showFirstMarkedField } from '@/ui/marked-fields.ts';
import { hintWithCount, textLimitOf, TOO_LONG_NOT_SAVED } from '@/ui/text-limit.ts';
import { toast } from '@/ui/toast.ts';
import { useDeleteTariff, useSaveTariff } from '@/api/tariffs.ts';
import { PriceLevelRows } from './price-level-rows.tsx';
import { checkLevels, levelsOf, newLevelDraft, toDraft, type LevelDraft } from './price-levels.ts';
import { TestTariff } from './test-tariff.tsx';

/**
 * The account's or description's limit, from the server's schema: a long paste is kept whole, counted
 * and marked at once, never cut by a maxlength; Save sends nothing while one is past it.
 */
const limitOf = (field: 'account' | 'description', text: string) =>
  textLimitOf(saveTariffBodySchema.shape[field], text);
const SERVICE_OPTIONS = TARIFF_SERVICE_CODES.map((code) => ({ value: code, label: tariffServiceLabel(code) }));

/** What a new tariff starts with: the list's account, code, carrier and zone, else the spec's defaults. */
export interface TariffDefaults {
  account?: string;
  tariffCodeId?: number;
  carrierId?: number;
  zone?: string;
}

interface Draft {
  account: string;
  tariffCode: string | null;
  carrierId: string | null;
  service: string;
  zone: string;
  description: string;
  levels: LevelDraft[];
}

function draftOf(tariff: Tariff | null, defaults: TariffDefaults): Draft {
  if (tariff) {
    return {
      account: tariff.account ?? '',
      tariffCode: String(tariff.tariffCode),
      carrierId: tariff.carrierId === null ? null : String(tariff.carrierId),
      service: tariff.service,
      zone: tariff.zone,
      description: tariff.description,
      levels: tariff.pricing.map(toDraft),
    };
  }
  return {
    account: defaults.account ?? '',
    tariffCode: defaults.tariffCodeId ? String(defaults.tariffCodeId) : null,
    carrierId: defaults.carrierId ? String(defaults.carrierId) : null,
    service: DEFAULT_TARIFF_SERVICE,
    zone: defaults.zone ?? DEFAULT_TARIFF_ZONE,
    description: '',
    levels: [newLevelDraft()],
  };
}

/** A zone's countries by name ('GB' is UNITED KINGDOM); a code the country list lacks ('GB-NIR') as it is. */
function countryNamesOf(zone: Zone): string {
  if (zone.countries.length === 0) return 'Every country not in another zone';
  return zone.countries.map((code) => countryByCode(code)?.Name ?? code).join('; ');
}

/** The form's field a field of the server's refusal names ('body.account', 'body.pricing.0.basic'), if any. */
function draftKeyOf(field: string): keyof Draft | undefined {
  const name = field.replace(/^body\./, '').split('.')[0];
  if (name === 'pricing') return 'levels';
  const keys: (keyof Draft)[] = ['account', 'tariffCode', 'carrierId', 'service', 'zone', 'description'];
  return keys.find((key) => key === name);
}

/**
 * The Tariff Editor's content (spec 2 §2 'Other pricing modals'), shared by the editor modal, the
 * Carrier Tariff Editor and the Tariff Creator slide-in. Levels are checked with the server's own
 * schema before saving; the server's message shows when it refuses anyway.
 */
export function TariffForm({
  tariff,
  defaults = {},
  carrierVariant,
  zones,
  tariffCodes,
  carriers,
  onDone,
  onCancel,
  onSaved,
  onDirtyChange,
}: {
  tariff: Tariff | null;
  defaults?: TariffDefaults;
  carrierVariant: boolean;
  zones: Zone[];
  tariffCodes: TariffCode[];
  carriers: Carrier[];
  /** Closes the form (after a save or a delete). */
  onDone: () => void;
  /** Cancel: the owner asks before discarding unsaved changes. */
  onCancel: () => void;
  /** Told which tariff was saved, so the list can show where it went. */
  onSaved?: (tariff: Tariff) => void;
  /** Told whether the form differs from what it opened with, so closing can ask before discarding. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(tariff, defaults));
  const [opened] = useState(() => JSON.stringify(draftOf(tariff, defaults)));
  const dirty = JSON.stringify(draft) !== opened;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [levelErrors, setLevelErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveTariff();
  const formRef = useRef<HTMLDivElement>(null);
  const remove = useDeleteTariff();
  // The fields changed since the last save was tried: the server's refusal no longer speaks of them.
  const [changedSinceSave, setChangedSinceSave] = useState<ReadonlySet<keyof Draft>>(new Set());
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setChangedSinceSave((current) => (current.has(key) ? current : new Set(current).add(key)));
  };
  const zone = zones.find((candidate) => candidate.name === draft.zone);
  const serverError = save.error instanceof ApiRequestError ? save.error : null;
  /** The server's message for a field, until that field changes. */
  const serverFieldError = (key: Exclude<keyof Draft, 'levels'>) =>
    changedSinceSave.has(key) ? undefined : serverError?.fieldMessage(key);
  // A refusal whose every named field has changed since says nothing more: its banner goes with the marks.
  const refusedFields = serverError?.body?.details?.map((detail) => draftKeyOf(detail.field)) ?? [];
  const refusalAnswered = refusedFields.length > 0 && refusedFields.every((key) => key && changedSinceSave.has(key));

  const limits = { account: limitOf('account', draft.account), description: limitOf('description', draft.description) };

  const submit = () => {
    setFormError(null);
    setChangedSinceSave(new Set());
    const levels = checkLevels(draft.levels);
    setLevelErrors(levels.success ? {} : levels.cellErrors);
    if (limits.account.overLimit !== undefined || limits.description.overLimit !== undefined) {
      void showFirstMarkedField(formRef.current);
      return setFormError(TOO_LONG_NOT_SAVED);
    }
    if (!draft.tariffCode) return setFormError('Choose a tariff code.');
    if (carrierVariant && !draft.carrierId) return setFormError('Choose a carrier.');
    if (!levels.success) {
      const cellsMarked = Object.keys(levels.cellErrors).length > 0;
      if (cellsMarked) void showFirstMarkedField(formRef.current);
      return setFormError(cellsMarked ? 'Check the price levels marked in red.' : levels.listError);
    }
    save.mutate(
      {
        id: tariff?.id,
        account: draft.account.trim() || null,
        tariffCode: Number(draft.tariffCode),
        carrierId: draft.carrierId ? Number(draft.carrierId) : null,
        service: draft.service as (typeof TARIFF_SERVICE_CODES)[number],
        zone: draft.zone,
        description: draft.description,
        pricing: levels.levels,
      },
      {
        onSuccess: (saved) => {
          toast({ title: 'Tariff', message: 'Tariff saved successfully', type: 'success' });
          onDone();
          onSaved?.(saved);
        },
        onError: (error) => {
          // A refusal (bad input, a twin tariff) is not a failure: the form says why, nothing to try again.
          if (isRefusal(error)) {
            toast({
              ...NOT_SAVED_TOAST,
              ...(error.body?.details?.length ? {} : { message: error.message }),
              type: 'warn',
            });
            void showFirstMarkedField(formRef.current);
          } else toast({ title: 'Tariff', message: 'There was an error saving the tariff', type: 'error' });
        },
      },
    );
  };

  const deleteTariff = () => {
    if (!tariff) return;
    remove.mutate(tariff.id, {
      onSuccess: () => {
        toast({ title: 'Tariff', message: 'Tariff deleted successfully', type: 'success' });
        setConfirmDelete(false);
        onDone();
      },
      onError: () => {
        toast({ title: 'Tariff', message: 'There was an error deleting the tariff', type: 'error' });
        setConfirmDelete(false);
      },
    });
  };

  return (
    <Stack gap="sm" ref={formRef}>
      <Group grow align="flex-start">
        <TextInput
          label="Account"
          description={hintWithCount('Empty for the base tariff', limits.account.count)}
          value={draft.account}
          onChange={(event) => set('account', event.currentTarget.value.toUpperCase())}
          error={limits.account.overLimit ?? serverFieldError('account')}
        />
        <Select
          label="Tariff code"
          required
          allowDeselect={false}
          data={tariffCodes.map((code) => ({ value: String(code.id), label: `${code.name} (${code.code})` }))}
          value={draft.tariffCode}
          onChange={(value) => set('tariffCode', value)}
          error={serverFieldError('tariffCode')}
        />
      </Group>
      {carrierVariant && (
        <Select
          label="Carrier"
          required
          allowDeselect={false}
          data={carriers.map((carrier) => ({ value: String(carrier.id), label: carrier.name }))}
          value={draft.carrierId}
          onChange={(value) => set('carrierId', value)}
          error={serverFieldError('carrierId')}
        />
      )}
      <Group grow align="flex-start">
        <Select
          label="Service"
          allowDeselect={false}
          data={SERVICE_OPTIONS}
          value={draft.service}
          onChange={(value) => value && set('service', value)}
          error={serverFieldError('service')}
        />
        <Select
          label="Zone"
          allowDeselect={false}
          searchable
          data={zones.map((candidate) => candidate.name)}
          value={draft.zone}
          onChange={(value) => value && set('zone', value)}
          error={serverFieldError('zone')}
        />
      </Group>
      <Textarea
        label="Countries"
        readOnly
        variant="filled"
        autosize
        minRows={1}
        value={zone ? countryNamesOf(zone) : ''}
        description="The zone's countries"
      />
      <TextInput
        label="Description"
        value={draft.description}
        description={limits.description.count}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={limits.description.overLimit ?? serverFieldError('description')}
      />

      <Divider label="Price levels" labelPosition="left" />
      <PriceLevelRows levels={draft.levels} onChange={(levels) => set('levels', levels)} errors={levelErrors} />

      <Divider label="Test Tariff" labelPosition="left" />
      <TestTariff levels={levelsOf(draft.levels)} />

      {(formError || (save.error && !refusalAnswered)) && (
        <Alert color="red" title="The tariff was not saved" role="alert">
          {formError ?? (save.error instanceof ApiRequestError ? save.error.formMessage : save.error?.message)}
        </Alert>
      )}
      <Group justify="space-between" mt="sm">
        {tariff ? (
          <Button color="red.9" variant="outline" onClick={() => setConfirmDelete(true)}>
            Delete Tariff
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save Changes
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirmDelete}
        onCancel={() => setConfirmDelete(false)}
        title="Delete Tariff"
        confirm={{ label: 'Delete Tariff', kind: 'DESTRUCTIVE', onClick: deleteTariff, loading: remove.isPending }}
      >
        {`Delete the ${tariffServiceLabel(draft.service)} tariff for ${draft.zone}${draft.account ? ` (${draft.account})` : ''}? This cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}
