import { eq } from 'drizzle-orm';
import { licenceFileTypeOf, type LicenceFile } from '@courier/domain/drivers/profile';
import type { Db, DbOrTx } from '../../db/client.ts';
import { driverLicenceFiles } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { findLicenceFile } from './driver-profile.ts';
import { findDriverRowByUuid } from './queries.ts';

// PUT, DELETE and GET /api/drivers/{uuid}/licence: the driver's licence scan, kept in the database
// (bytea) so it survives restarts and every server behind a balancer has it. The route checks the
// file's type and size (domain drivers/profile.ts) before it gets here.

/** Stores the scan, replacing any earlier one; audited (without the bytes). */
export async function saveLicenceFile(
  db: Db,
  options: { uuid: string; userId: number; fileName: string; content: Buffer },
): Promise<LicenceFile> {
  const type = licenceFileTypeOf(options.content);
  if (!type) throw new Error('saveLicenceFile was given a file the route should have refused.');
  return db.transaction(async (tx) => {
    const driver = await findDriverRowByUuid(tx, options.uuid, { lock: true });
    const before = await findLicenceFile(tx, driver.id);
    const values = {
      fileName: options.fileName,
      contentType: type.contentType,
      size: options.content.length,
      content: options.content,
      uploadedBy: options.userId,
      uploadedAt: new Date(),
    };
    await tx
      .insert(driverLicenceFiles)
      .values({ driverId: driver.id, ...values })
      .onConflictDoUpdate({ target: driverLicenceFiles.driverId, set: values });
    const after = await findLicenceFile(tx, driver.id);
    await writeAudit(tx, {
      userId: options.userId,
      action: before ? 'update' : 'create',
      entityType: 'driver_licence_file',
      entityId: driver.id,
      before,
      after,
    });
    return after!;
  });
}

/** Removes the scan; nothing to remove is no error (the answer is the same: no licence file). */
export async function deleteLicenceFile(db: Db, options: { uuid: string; userId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const driver = await findDriverRowByUuid(tx, options.uuid, { lock: true });
    const before = await findLicenceFile(tx, driver.id);
    if (!before) return;
    await tx.delete(driverLicenceFiles).where(eq(driverLicenceFiles.driverId, driver.id));
    await writeAudit(tx, {
      userId: options.userId,
      action: 'delete',
      entityType: 'driver_licence_file',
      entityId: driver.id,
      before,
    });
  });
}

/** The stored scan with its bytes; 404 when the driver has none. */
export async function readLicenceFile(
  db: DbOrTx,
  uuid: string,
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const driver = await findDriverRowByUuid(db, uuid);
  const [row] = await db
    .select({
      fileName: driverLicenceFiles.fileName,
      contentType: driverLicenceFiles.contentType,
      content: driverLicenceFiles.content,
    })
    .from(driverLicenceFiles)
    .where(eq(driverLicenceFiles.driverId, driver.id));
  if (!row) throw notFound(`Driver ${driver.driverNumber} has no licence file.`);
  return row;
}
