import { Box, Button, Group, Modal, Paper, Select, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { tariffServiceLabel } from '@courier/domain/pricing/tariff-services';
import type { Tariff } from '@courier/domain/pricing/schemas';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { toast } from '@/ui/toast.ts';
import { ZonesMapView } from '@/ui/maps.tsx';
import { useCarriers } from '@/api/carriers.ts';
import { useTariffCodes } from '@/api/tariff-codes.ts';
import { useTariffList, type TariffListFilter } from '@/api/tariffs.ts';
import { TariffForm } from './tariff-form.tsx';
import { useEscapeInside } from '@/ui/use-escape-inside.ts';
import { useGuardedEditor } from '@/ui/discard-changes-dialog.tsx';

/** Whether a saved tariff belongs to the list of this filter (spec 2 §7 GET /pricing/tariffs). */
function isInList(tariff: Tariff, filter: TariffListFilter): boolean {
  return (
    (tariff.account ?? undefined) === filter.account &&
    (tariff.carrierId ?? undefined) === filter.carrierId &&
    (filter.tariffCodeId === undefined || tariff.tariffCode === filter.tariffCodeId) &&
    (filter.zone === undefined || tariff.zone === filter.zone)
  );
}

/** The title of a tariff's own list: 'Special Tariffs for {account}', the carrier's or the base list. */
function listNameOf(tariff: Tariff): string {
  if (tariff.account) return `Special Tariffs for ${tariff.account}`;
  return tariff.carrierId === null ? 'the base tariffs' : "the carrier's tariffs";
}

/**
 * A tariff list (spec 2 §2 'Pricing shell'): titled by tariff code, carrier or 'Special Tariffs for
 * {account}'; columns service, zone, description, tariff code name; a row opens the Tariff Editor
 * (the Carrier Tariff Editor for a carrier's list); Add opens the Tariff Creator.
 */
export function TariffList({
  filter,
  highlightId,
  onZoneChange,
}: {
  filter: TariffListFilter;
  /** A tariff to highlight and scroll to: the one just saved, or the URL's `highlight`. */
  highlightId?: number;
  onZoneChange?: (zone: string | undefined) => void;
}) {
  const navigate = useNavigate();
  const [savedHere, setSavedHere] = useState<number>();
  const highlighted = savedHere ?? highlightId;
  const highlightRow = useRef<HTMLTableRowElement>(null);
  const list = useTariffList(filter);
  const codes = useTariffCodes();
  const carriers = useCarriers();
  // Scrolls to the highlighted row once it is drawn: after the list it belongs to has loaded.
  useEffect(() => {
    highlightRow.current?.scrollIntoView({ block: 'center' });
  }, [highlighted, list.data]);
  const [editing, setEditing] = useState<Tariff | null>(null);
  const [creating, setCreating] = useState(false);
  // Closing with unsaved changes (Escape, the close button, a click outside) asks first.
  const { requestClose, closeNow, question, reportUnsaved } = useGuardedEditor({
    close: () => {
      setEditing(null);
      setCreating(false);
    },
    subject: 'The tariff has changes that are not saved.',
  });
  // The editor's Escape is its own (see useEscapeInside): Mantine's closed the question it opened.
  const editorRoot = useEscapeInside<HTMLDivElement>(editing !== null, requestClose);
  const carrierVariant = filter.carrierId !== undefined;
  /** After a save: highlight the tariff here, or switch to the list it went to and highlight it there. */
  const showSaved = (tariff: Tariff) => {
    if (isInList(tariff, filter)) return setSavedHere(tariff.id);
    setSavedHere(undefined);
    toast({ title: 'Tariff', message: `Showing ${listNameOf(tariff)}, where the tariff was saved.`, type: 'info' });
    void navigate({
      to: '/pricing/tariff',
      search: {
        account: tariff.account ?? undefined,
        carrierId: tariff.carrierId ?? undefined,
        tariffCodeId: tariff.tariffCode,
        highlight: tariff.id,
      },
    });
  };

  if (list.isPending || codes.isPending || carriers.isPending) return <LoadingState text="Loading Tariffs..." />;
  if (list.isError || codes.isError || carriers.isError) {
    const error = list.error ?? codes.error ?? carriers.error;
    return (
      <ErrorState
        title="Error Loading Tariffs"
        subtitle={error?.message ?? 'There was an error loading the tariffs.'}
        onRetry={() => void Promise.all([list.refetch(), codes.refetch(), carriers.refetch()])}
      />
    );
  }

  const { tariffs, carrier, tariffCode, zones, geoCodeData } = list.data;
  const listedZones = new Set(tariffs.map((tariff) => tariff.zone));
  const mapZones = geoCodeData.filter((zone) => listedZones.has(zone.zone));
  const codeName = new Map(codes.data.map((code) => [code.id, code.name]));
  const title = filter.account
    ? `Special Tariffs for ${filter.account}`
    : carrier
      ? carrier.name
      : tariffCode
        ? `${tariffCode.code} – ${tariffCode.name}`
        : 'Base Tariffs';
  const editorTitle = carrierVariant ? 'Carrier Tariff Editor' : 'Tariff Editor';
  const form = (tariff: Tariff | null) => (
    <TariffForm
      key={tariff?.id ?? 'new'}
      tariff={tariff}
      defaults={filter}
      carrierVariant={carrierVariant}
      zones={zones}
      tariffCodes={codes.data}
      carriers={carriers.data}
      onDone={closeNow}
      onCancel={requestClose}
      onSaved={showSaved}
      onDirtyChange={reportUnsaved}
    />
  );

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="sm">
          {onZoneChange && (
            <Select
              aria-label="Zone"
              placeholder="All zones"
              clearable
              w={200}
              data={zones.map((zone) => zone.name)}
              value={filter.zone ?? null}
              onChange={(value) => onZoneChange(value ?? undefined)}
            />
          )}
          <Button onClick={() => setCreating(true)}>Add Tariff</Button>
        </Group>
      </Group>
      {mapZones.length > 0 && (
        <Box mb="md">
          <ZonesMapView zones={mapZones} label="Zones map of the tariffs listed" />
        </Box>
      )}
      {tariffs.length === 0 ? (
        <EmptyState title="No Tariffs" />
      ) : (
        <Table highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th>Zone</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Tariff Code</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tariffs.map((tariff) => (
              <Table.Tr
                key={tariff.id}
                ref={tariff.id === highlighted ? highlightRow : undefined}
                className="clickable-row"
                aria-current={tariff.id === highlighted ? 'true' : undefined}
                bg={tariff.id === highlighted ? 'yellow.1' : undefined}
                onClick={() => setEditing(tariff)}
              >
                <Table.Td>
                  <UnstyledButton
                    fw={600}
                    fz="sm"
                    aria-label={`Edit the ${tariffServiceLabel(tariff.service)} tariff for ${tariff.zone}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setEditing(tariff);
                    }}
                  >
                    {tariffServiceLabel(tariff.service)}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{tariff.zone}</Table.Td>
                {/* A long description (up to 200 characters, maybe one unbroken code or link) wraps in its
                    cell rather than widening the page. */}
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {tariff.description || (
                    <Text span c="dimmed">
                      –
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{codeName.get(tariff.tariffCode) ?? tariff.tariffCode}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        ref={editorRoot}
        opened={editing !== null}
        onClose={requestClose}
        closeOnEscape={false}
        title={<Text fw={600}>{editorTitle}</Text>}
        size={700}
        centered
      >
        {editing && form(editing)}
      </Modal>
      <SlideIn opened={creating} onClose={requestClose} title={<Text fw={600}>Tariff Creator</Text>} size={700}>
        {creating && form(null)}
      </SlideIn>
      {question}
    </Paper>
  );
}
