import { eq } from 'drizzle-orm';
import {
  DRIVER_PROFILE_SECTIONS,
  driverProfileSectionSchemas,
  type DriverProfile,
  type DriverProfileBody,
  type DriverProfileSection,
  type DriverProfileSections,
  type LicenceFile,
} from '@courier/domain/drivers/profile';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isoOrNull } from '../../db/columns.ts';
import { driverLicenceFiles, driverProfiles } from '../../db/schema/index.ts';
import { forbidden } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { findDriverRowByUuid } from './queries.ts';

// GET and PUT /api/drivers/{uuid}/profile (spec 2 §3 'Driver profile'): the eight sections, each
// stored as JSON and read back through its domain schema; the payment section only for accounts.

type ProfileRow = typeof driverProfiles.$inferSelect;

/** A stored section read through its schema: a field added since it was saved comes back empty. */
function readSection<S extends DriverProfileSection>(section: S, stored: unknown): DriverProfileSections[S] {
  const parsed = driverProfileSectionSchemas[section].safeParse(stored ?? {});
  // A section stored before a rule tightened still shows: its fields fall back to empty, never a 500.
  return (parsed.success ? parsed.data : driverProfileSectionSchemas[section].parse({})) as DriverProfileSections[S];
}

/** What is stored of the licence scan, without its bytes. */
export async function findLicenceFile(db: DbOrTx, driverId: number): Promise<LicenceFile | null> {
  const [row] = await db
    .select({
      fileName: driverLicenceFiles.fileName,
      contentType: driverLicenceFiles.contentType,
      size: driverLicenceFiles.size,
      uploadedAt: driverLicenceFiles.uploadedAt,
    })
    .from(driverLicenceFiles)
    .where(eq(driverLicenceFiles.driverId, driverId));
  return row ? { ...row, uploadedAt: row.uploadedAt.toISOString() } : null;
}

async function profileOf(
  db: DbOrTx,
  driver: { id: number; uuid: string; driverNumber: number; firstName: string; lastName: string },
  options: { showPayment: boolean },
): Promise<DriverProfile> {
  const [row] = await db.select().from(driverProfiles).where(eq(driverProfiles.driverId, driver.id));
  const sections = Object.fromEntries(
    DRIVER_PROFILE_SECTIONS.map((section) => [section, readSection(section, row?.[section])]),
  ) as DriverProfileSections;
  return {
    driverId: driver.id,
    uuid: driver.uuid,
    driverNumber: driver.driverNumber,
    name: `${driver.firstName} ${driver.lastName}`,
    ...sections,
    payment: options.showPayment ? sections.payment : null,
    licenceFile: await findLicenceFile(db, driver.id),
    updatedAt: isoOrNull(row?.updatedAt ?? null),
  };
}

/** GET /api/drivers/{uuid}/profile; 404 when no driver has the uuid. */
export async function getDriverProfile(
  db: DbOrTx,
  options: { uuid: string; showPayment: boolean },
): Promise<DriverProfile> {
  const driver = await findDriverRowByUuid(db, options.uuid);
  return profileOf(db, driver, options);
}

/**
 * PUT /api/drivers/{uuid}/profile: each section sent replaces the stored one; one audit row per
 * section changed; all in one transaction. The payment section is refused (403) to a user who may
 * not see it (spec 2 §6 'Pay settings in profile: accounts').
 */
export async function saveDriverProfile(
  db: Db,
  options: { uuid: string; userId: number; showPayment: boolean; body: DriverProfileBody },
): Promise<DriverProfile> {
  const { body } = options;
  if (body.payment && !options.showPayment)
    throw forbidden('Only accounts may change the payment section of a driver profile.');
  return db.transaction(async (tx) => {
    const driver = await findDriverRowByUuid(tx, options.uuid, { lock: true });
    const [before] = await tx.select().from(driverProfiles).where(eq(driverProfiles.driverId, driver.id));
    const sent = DRIVER_PROFILE_SECTIONS.filter((section) => body[section] !== undefined);
    const changes: Partial<Record<DriverProfileSection, Record<string, unknown>>> = {};
    for (const section of sent) changes[section] = body[section] as Record<string, unknown>;
    const values: Partial<ProfileRow> = { ...changes, updatedBy: options.userId, updatedAt: new Date() };
    await tx
      .insert(driverProfiles)
      .values({ driverId: driver.id, ...values })
      .onConflictDoUpdate({ target: driverProfiles.driverId, set: values });
    await writeAudit(
      tx,
      sent.map((section) => ({
        userId: options.userId,
        action: before ? 'update' : 'create',
        entityType: 'driver_profile',
        entityId: driver.id,
        field: section,
        before: before ? before[section] : null,
        after: changes[section],
      })),
    );
    return profileOf(tx, driver, options);
  });
}
