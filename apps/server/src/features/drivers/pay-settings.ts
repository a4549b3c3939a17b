import { eq } from 'drizzle-orm';
import type { PayFrequency } from '@courier/domain/drivers/enums';
import { INVALID_PAY_SETTINGS_MESSAGE, paySettingsProblems } from '@courier/domain/drivers/rules';
import type { PaySettings, PaySettingsBody } from '@courier/domain/drivers/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { driverPaySettings, drivers, places } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { driverNotFound, lockDriver } from './queries.ts';

// A driver's pay settings (spec 2 §3 'Driver pay settings', §5, §7): accounts read and save them.

type SettingsRow = typeof driverPaySettings.$inferSelect;

/** What a driver without saved settings starts with: nothing chosen, every amount 0, fuel surcharge off. */
const UNSAVED: Omit<PaySettings, 'driverId'> = {
  saved: false,
  payFrequency: null,
  minPay: 0,
  maxBoost: 0,
  attendanceBonusOneDay: 0,
  attendanceBonusTwoDay: 0,
  attendanceBonusThreeDay: 0,
  attendanceBonusFourDay: 0,
  attendanceBonusFiveDay: 0,
  cargoBonusRate: 0,
  helmetBonusRate: 0,
  backBoxBonusRate: 0,
  cargoRentalDeduction: 0,
  equipmentRentalDeduction: 0,
  applyFuelSurcharge: false,
  driverType: '',
  tripsheetEmail: '',
  addressId: null,
  address: null,
  taxNumber: '',
  vatRegistered: false,
  sendInformation: false,
  groupedAccount: '',
  debtorsLedger: '',
  creditorsLedger: '',
  updatedAt: null,
};

function toPaySettings(
  row: SettingsRow,
  address: { placeId: string; name: string; addressLineOne: string; city: string; postCode: string } | null,
): PaySettings {
  const { updatedBy: _updatedBy, updatedAt, payFrequency, ...fields } = row;
  return {
    ...fields,
    saved: true,
    // The column is text; only the save below writes it, with one of the domain's frequencies.
    payFrequency: payFrequency as PayFrequency,
    address,
    updatedAt: updatedAt.toISOString(),
  };
}

/** GET /api/drivers/{id}/pay-settings: the saved settings, or the unsaved defaults (saved: false); 404 for no such driver. */
export async function getPaySettings(db: DbOrTx, driverId: number): Promise<PaySettings> {
  const [row] = await db
    .select({
      driverId: drivers.id,
      settings: driverPaySettings,
      address: {
        placeId: places.placeId,
        name: places.name,
        addressLineOne: places.addressLineOne,
        city: places.city,
        postCode: places.postCode,
      },
    })
    .from(drivers)
    .leftJoin(driverPaySettings, eq(driverPaySettings.driverId, drivers.id))
    .leftJoin(places, eq(places.id, driverPaySettings.addressId))
    .where(eq(drivers.id, driverId));
  if (!row) throw driverNotFound(driverId);
  return row.settings ? toPaySettings(row.settings, row.address) : { driverId, ...UNSAVED };
}

const invalid = (details: { field: string; message: string }[]) =>
  badRequest(
    INVALID_PAY_SETTINGS_MESSAGE,
    details.map((detail) => ({ field: `body.${detail.field}`, message: detail.message })),
  );

/**
 * PUT /api/drivers/{id}/pay-settings. Spec 2 §5: pay frequency, address, correspondence e-mail and tax
 * number are required, else 400 with the spec's message (and a detail per field); the address must be
 * a place of the address book. Saved (inserted or replaced) with an audit row in one transaction.
 */
export async function savePaySettings(
  db: Db,
  options: { userId: number; driverId: number; input: PaySettingsBody },
): Promise<PaySettings> {
  const { input } = options;
  const problems = paySettingsProblems(input);
  if (problems.length > 0) throw invalid(problems);
  const { payFrequency, addressId } = input;
  // paySettingsProblems has just refused both nulls; this only tells the compiler.
  if (payFrequency === null || addressId === null) throw invalid([]);

  return db.transaction(async (tx) => {
    await lockDriver(tx, options.driverId);
    const [place] = await tx.select({ id: places.id }).from(places).where(eq(places.id, addressId)).for('share');
    if (!place)
      throw invalid([{ field: 'addressId', message: `Address ${addressId} does not exist in the address book.` }]);
    const [before] = await tx.select().from(driverPaySettings).where(eq(driverPaySettings.driverId, options.driverId));
    const values = { ...input, payFrequency, addressId, updatedBy: options.userId, updatedAt: new Date() };
    const [after] = await tx
      .insert(driverPaySettings)
      .values({ driverId: options.driverId, ...values })
      .onConflictDoUpdate({ target: driverPaySettings.driverId, set: values })
      .returning();
    await writeAudit(tx, {
      userId: options.userId,
      action: before ? 'update' : 'create',
      entityType: 'driver_pay_settings',
      entityId: options.driverId,
      before: before ?? null,
      after,
    });
    return getPaySettings(tx, options.driverId);
  });
}
