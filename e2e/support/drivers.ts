import type { DriverProfile, DriverProfileSection } from '@courier/domain/drivers/profile';
import { apiAs } from './api.ts';

// The driver register as its browser tests set it up and put it back.

/**
 * Puts `sections` of a driver's profile back as `original` held them (read as accounts before the
 * test changed them), through PUT /api/drivers/{uuid}/profile as accounts: a test's `finally`. A
 * refused restore throws, so a test never leaves the demo data changed for the next one unseen.
 */
export async function restoreProfile(
  driver: { uuid: string },
  original: DriverProfile,
  sections: readonly DriverProfileSection[],
): Promise<void> {
  const body = Object.fromEntries(sections.map((section) => [section, original[section]]));
  const answer = await apiAs('accounts', `/drivers/${driver.uuid}/profile`, { method: 'PUT', body });
  if (answer.status !== 200)
    throw new Error(
      `The profile of driver ${driver.uuid} (${sections.join(', ')}) was not restored: ${answer.status} ${JSON.stringify(answer.body)}`,
    );
}
