import { Accordion, Group, Stack, Text } from '@mantine/core';
import { AREAS, hasAccess, parseRoles } from '@courier/domain/auth/roles';
import {
  ACCOUNTS_ONLY_PROFILE_SECTIONS,
  DRIVER_PROFILE_SECTIONS,
  type DriverProfile,
  type DriverProfileSection,
} from '@courier/domain/drivers/profile';
import { useDriverProfile, useSaveDriverProfile } from '@/api/drivers.ts';
import { useSession } from '@/session/session-store.ts';
import { DateText } from '@/ui/format.tsx';
import { ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { LicenceFileBlock } from './licence-file-block.tsx';
import { PROFILE_SECTIONS } from './profile-fields.ts';
import { ProfileSectionForm } from './profile-section-form.tsx';

/** True when nothing of the section was ever given: every text empty, every flag off, no date. */
function isBlank(values: object): boolean {
  return Object.values(values).every((value) => value === '' || value === false || value === null);
}

/**
 * The driver's profile (spec 2 §2, §3 'Driver profile'): eight collapsible sections, each saved on
 * its own; the payment section only for accounts (spec 2 §6), the licence with its scan.
 */
export function ProfileSections({ uuid }: { uuid: string }) {
  const { user } = useSession();
  const seesPay = hasAccess(parseRoles(user?.roles ?? '[]'), AREAS.driverPay);
  const profile = useDriverProfile(uuid);
  // Held here: a section's form starts again from each saved answer, and the save's toast must outlive it.
  const save = useSaveDriverProfile(uuid);
  if (profile.isPending) return <LoadingState text="Loading Profile..." />;
  if (profile.isError) return <ErrorState subtitle={profile.error.message} onRetry={() => void profile.refetch()} />;
  const data = profile.data;
  const shown = DRIVER_PROFILE_SECTIONS.filter(
    (section) => seesPay || !ACCOUNTS_ONLY_PROFILE_SECTIONS.includes(section),
  );
  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.8">
        {data.updatedAt ? (
          <>
            Profile last saved <DateText value={data.updatedAt} withTime />
          </>
        ) : (
          'No profile details saved for this driver yet.'
        )}
      </Text>
      <Accordion multiple variant="separated" chevronPosition="left">
        {shown.map((section) => (
          <ProfileSectionItem key={section} section={section} data={data} uuid={uuid} save={save} />
        ))}
      </Accordion>
    </Stack>
  );
}

function ProfileSectionItem({
  section,
  data,
  uuid,
  save,
}: {
  section: DriverProfileSection;
  data: DriverProfile;
  uuid: string;
  save: ReturnType<typeof useSaveDriverProfile>;
}) {
  const saved = data[section];
  if (!saved) return null; // payment: null for a user who does not see pay
  const blank = isBlank(saved) && !(section === 'licence' && data.licenceFile);
  return (
    <Accordion.Item value={section}>
      <Accordion.Control>
        <Group justify="space-between" wrap="nowrap" pr="sm">
          <Text fw={600}>{PROFILE_SECTIONS[section].title}</Text>
          {blank && (
            <Text size="xs" c="gray.8">
              Not filled in
            </Text>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {/* A section starts again only when its own saved values change, not when another section saves. */}
          <ProfileSectionForm key={JSON.stringify(saved)} section={section} saved={saved} save={save} />
          {section === 'licence' && <LicenceFileBlock uuid={uuid} file={data.licenceFile} />}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
