import { Anchor, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { AREAS, hasAccess, parseRoles } from '@courier/domain/auth/roles';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { defaultActiveFrom } from '@courier/domain/drivers/active-from';
import { DRIVER_TEXTS } from '@courier/domain/drivers/labels';
import { useDriverList } from '@/api/drivers.ts';
import { useSession } from '@/session/session-store.ts';
import { DayInput } from '@/ui/day-input.tsx';
import { DateText } from '@/ui/format.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { toast } from '@/ui/toast.ts';
import { DriverForm } from './components/driver-form.tsx';
import { DriverSlideIn } from './components/driver-slide-in.tsx';
import { RegistrationNotifyPanel } from './components/registration-notify-panel.tsx';
import { UnsavedChangesScope, useDiscardGuard } from '@/ui/unsaved-changes.tsx';
import { ANY_ACTIVE_FROM, activeFromOf, type DriverSlideInSection } from './driver-list-search.ts';

const route = getRouteApi('/app/drivers/list');

/**
 * The driver list (spec 2 §2 'Drivers'): Number, Equipment, Registration, Name, Email, Vehicle,
 * Online, Last On Line; the Active From filter (default 14 days before today, spec 2 §9) lives in
 * the URL, and so does the driver whose slide-in is open.
 */
export function DriverListScreen() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/drivers/list' });
  const { user } = useSession();
  const roles = parseRoles(user?.roles ?? '[]');
  const mayAdd = hasAccess(roles, AREAS.driverList);
  const activeFrom = activeFromOf(search);
  const list = useDriverList(activeFrom);
  const [adding, setAdding] = useState(false);
  // Escape, ✕ or Cancel over a new driver typed and not saved asks before it is thrown away.
  const newDriverGuard = useDiscardGuard({ onClose: () => setAdding(false), subject: 'The new driver' });
  const [notifyingId, setNotifyingId] = useState<number | undefined>();

  useEffect(() => {
    if (list.isError) toast({ title: 'Error', message: DRIVER_TEXTS.failedToLoadDrivers, type: 'error' });
  }, [list.isError]);

  const openDriver = (driverId: number | undefined, section?: DriverSlideInSection) =>
    void navigate({
      search: (prev) => ({ ...prev, driver: driverId, section }),
      replace: driverId === undefined,
    });
  const openedDriver = list.data?.find((driver) => driver.id === search.driver);
  const roomOptions = useMemo(() => [...new Set(list.data?.flatMap((driver) => driver.rooms))], [list.data]);

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <DayInput
          label="Active From"
          value={activeFrom}
          onChange={(day) => {
            const today = dublinToday();
            // The default day stays out of the URL; a cleared filter lists every driver.
            const next = day === undefined ? ANY_ACTIVE_FROM : day === defaultActiveFrom(today) ? undefined : day;
            void navigate({ search: (prev) => ({ ...prev, activeFrom: next }), replace: true });
          }}
        />
        {mayAdd && <Button onClick={() => setAdding(true)}>New Driver</Button>}
      </Group>
      {list.isPending ? (
        <LoadingState text="Loading Drivers..." />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No Drivers" />
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover verticalSpacing="xs" aria-busy={list.isFetching} aria-label="Drivers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Equipment</Table.Th>
                <Table.Th>Registration</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Vehicle</Table.Th>
                <Table.Th>Online</Table.Th>
                <Table.Th>Last On Line</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((driver) => {
                const name = `${driver.firstName} ${driver.lastName}`;
                return (
                  <Table.Tr
                    key={driver.id}
                    className="clickable-row"
                    data-driver-number={driver.driverNumber}
                    onClick={() => openDriver(driver.id)}
                  >
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{driver.driverNumber}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={`Equipment of ${name}: ${driver.equipmentOnLoan > 0 ? `${driver.equipmentOnLoan} on loan` : 'none on loan'}`}
                        title="Open the equipment register"
                        onClick={(event) => {
                          event.stopPropagation();
                          openDriver(driver.id, 'equipment');
                        }}
                      >
                        {driver.equipmentOnLoan > 0 ? `${driver.equipmentOnLoan} on loan` : 'None'}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        {driver.registration.complete ? (
                          <Badge color="teal.9" variant="filled" size="sm" tt="none">
                            Complete
                          </Badge>
                        ) : (
                          <Text span size="sm" c="red.9" fw={600}>
                            Missing {driver.registration.missing.join(', ').toLowerCase()}
                          </Text>
                        )}
                        <Button
                          size="compact-xs"
                          variant="default"
                          aria-label={`Notify ${name}`}
                          title="Send a registration request"
                          onClick={(event) => {
                            event.stopPropagation();
                            setNotifyingId(driver.id);
                          }}
                        >
                          Notify
                        </Button>
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ minWidth: 170 }}>
                      <Anchor
                        component="button"
                        type="button"
                        c="inherit"
                        size="sm"
                        fw={600}
                        ta="left"
                        // A long name or e-mail wraps in its column; it never widens the table past the window.
                        style={{ overflowWrap: 'anywhere' }}
                        onClick={(event) => {
                          event.stopPropagation();
                          openDriver(driver.id);
                        }}
                      >
                        {name}
                      </Anchor>
                      {driver.blocked && (
                        <Badge color="red.9" variant="filled" size="xs" ml="xs" tt="none">
                          Blocked
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 240 }}>{driver.email}</Table.Td>
                    <Table.Td>{driver.vehicleLabel}</Table.Td>
                    <Table.Td>
                      {driver.online ? (
                        <Text span size="sm" c="teal.9" fw={700}>
                          Online
                        </Text>
                      ) : (
                        <Text span size="sm" c="gray.8">
                          Offline
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateText value={driver.lastOnline} withTime />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.length > 0 && (
        <Text size="sm" c="gray.8" mt="sm">
          {list.data.length} {list.data.length === 1 ? 'driver' : 'drivers'}
        </Text>
      )}
      <DriverSlideIn
        driver={openedDriver}
        opened={search.driver !== undefined}
        section={search.section}
        loading={list.isPending}
        roomOptions={roomOptions}
        onClose={() => openDriver(undefined)}
      />
      <RegistrationNotifyPanel
        driver={list.data?.find((driver) => driver.id === notifyingId)}
        onClose={() => setNotifyingId(undefined)}
      />
      <SlideIn opened={adding} onClose={newDriverGuard.requestClose} title="New Driver">
        <UnsavedChangesScope report={newDriverGuard.report}>
          <DriverForm
            roomOptions={roomOptions}
            onCancel={newDriverGuard.requestClose}
            onSaved={(driver) => {
              setAdding(false);
              toast({ title: 'Driver added', message: `${driver.firstName} ${driver.lastName} has been added.` });
              openDriver(driver.id);
            }}
          />
        </UnsavedChangesScope>
      </SlideIn>
      {newDriverGuard.question}
    </Paper>
  );
}
