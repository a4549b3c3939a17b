import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { AREAS, hasAccess, parseRoles } from '@courier/domain/auth/roles';
import type { Driver } from '@courier/domain/drivers/schemas';
import { useSession } from '@/session/session-store.ts';
import { DateText } from '@/ui/format.tsx';
import { EmptyState, LoadingState } from '@/ui/list-states.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { toast } from '@/ui/toast.ts';
import type { DriverSlideInSection } from '../driver-list-search.ts';
import { DriverForm } from './driver-form.tsx';
import { EquipmentSection } from './equipment-section.tsx';
import { ProfileSections } from '../profile/profile-sections.tsx';
import { PaySettingsSection } from './pay-settings-section.tsx';
import { RegistrationNotifyPanel } from './registration-notify-panel.tsx';
import { UnsavedChangesScope, useDiscardGuard } from '@/ui/unsaved-changes.tsx';

/**
 * A driver opened from the list: its details (editable), its profile, its equipment register and,
 * for accounts only, its pay settings (spec 2 §2 'Drivers', §6); the registration notify panel
 * opens from here too. Opened from the list's Equipment button (spec 2 §2 'buttons open the
 * equipment register') the register comes first, its heading focused.
 */
export function DriverSlideIn({
  driver,
  opened,
  loading,
  roomOptions,
  section,
  onClose,
}: {
  driver: Driver | undefined;
  opened: boolean;
  loading: boolean;
  roomOptions: readonly string[];
  /** The part shown first. */
  section?: DriverSlideInSection;
  onClose: () => void;
}) {
  const { user } = useSession();
  const mayEditPay = hasAccess(parseRoles(user?.roles ?? '[]'), AREAS.driverPay);
  const [notifying, setNotifying] = useState(false);
  const title = driver ? `${driver.driverNumber} · ${driver.firstName} ${driver.lastName}` : 'Driver';
  const equipmentHeading = useRef<HTMLHeadingElement>(null);
  const equipmentFirst = section === 'equipment';
  const driverId = driver?.id;
  // Escape or ✕ with an unsaved section asks before the edits are thrown away.
  const guard = useDiscardGuard({ onClose, subject: 'This driver' });
  useEffect(() => {
    if (!opened || !equipmentFirst || driverId === undefined) return;
    // After the drawer's own focus trap has placed focus (its open transition).
    const timer = window.setTimeout(() => equipmentHeading.current?.focus(), 250);
    return () => window.clearTimeout(timer);
  }, [opened, equipmentFirst, driverId]);
  const equipment = driver && (
    <section aria-labelledby="driver-equipment-heading">
      <Title order={3} size="h4" id="driver-equipment-heading" mb="xs" ref={equipmentHeading} tabIndex={-1}>
        Equipment
      </Title>
      <EquipmentSection key={driver.id} driverId={driver.id} />
    </section>
  );
  return (
    <SlideIn opened={opened} onClose={guard.requestClose} title={title} size="xl">
      <UnsavedChangesScope report={guard.report}>
        {!driver ? (
          loading ? (
            <LoadingState text="Loading Driver..." />
          ) : (
            <EmptyState title="No Driver" subtitle="This driver is not in the list: change Active From to find them." />
          )
        ) : (
          <Stack gap="lg">
            {equipmentFirst && (
              <>
                {equipment}
                <Divider />
              </>
            )}
            <section aria-labelledby="driver-details-heading">
              <Group justify="space-between" mb="xs">
                <Title order={3} size="h4" id="driver-details-heading">
                  Details
                </Title>
                <Group gap="sm">
                  <Text size="sm" c="gray.8">
                    Added <DateText value={driver.createdAt} />
                  </Text>
                  <Button size="xs" variant="default" onClick={() => setNotifying(true)}>
                    Send registration request
                  </Button>
                </Group>
              </Group>
              <DriverForm
                key={driver.id}
                driver={driver}
                roomOptions={roomOptions}
                onSaved={() =>
                  toast({ title: 'Driver saved', message: 'Your changes have been saved.', type: 'success' })
                }
              />
            </section>
            <Divider />
            <section aria-labelledby="driver-profile-heading">
              <Title order={3} size="h4" id="driver-profile-heading" mb="xs">
                Profile
              </Title>
              <ProfileSections key={driver.uuid} uuid={driver.uuid} />
            </section>
            {!equipmentFirst && (
              <>
                <Divider />
                {equipment}
              </>
            )}
            {mayEditPay && (
              <>
                <Divider />
                <section aria-labelledby="driver-pay-heading">
                  <Title order={3} size="h4" id="driver-pay-heading" mb="xs">
                    Pay settings
                  </Title>
                  <PaySettingsSection key={driver.id} driverId={driver.id} />
                </section>
              </>
            )}
          </Stack>
        )}
      </UnsavedChangesScope>
      <RegistrationNotifyPanel driver={notifying ? driver : undefined} onClose={() => setNotifying(false)} />
      {guard.question}
    </SlideIn>
  );
}
