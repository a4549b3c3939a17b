import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { levelOf } from '@courier/domain/auth/roles';
import {
  dispatchProfileProblems,
  DRIVER_NUMBER_REQUIRED_MESSAGE,
  DRIVER_ROOMS_NOT_SELECTED_MESSAGE,
  DRIVER_VEHICLE_NOT_SELECTED_MESSAGE,
  splitRooms,
} from '@courier/domain/drivers/dispatch-profile';
import {
  DISPATCH_USER_ROLES,
  driverVehicleOf,
  type DispatchUserRole,
  type DriverVehicle,
} from '@courier/domain/drivers/enums';
import type { DispatchUser, UpdateDispatchUserBody } from '@courier/domain/drivers/setup-schemas';
import { findUserById, type UserRow } from '../../core/users.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { dispatchProfiles, drivers, users } from '../../db/schema/index.ts';
import { alreadyExists, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { sqlStateOf } from '../../http/postgres-errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { findClashingDriver } from './queries.ts';
import { knownRooms } from './save-driver.ts';

// POST and PUT /api/drivers/dispatch-user (spec 2 §3 'Dispatch setup', §5 'Dispatch profile', §7):
// the setup search's user gets a dispatch profile; the editor gives it a role (DRIVER or
// DISPATCHER) and rooms, and a DRIVER a driver of the register with its number and vehicle.

type ProfileRow = typeof dispatchProfiles.$inferSelect;

const userNotFound = (id: number) => notFound(`User ${id} does not exist. Search the users again.`);

/** The driver this user drives as: the one linked to it. */
async function linkedDriver(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(drivers).where(eq(drivers.userId, userId)).orderBy(asc(drivers.id)).limit(1);
  return row;
}

async function dispatchUserOf(db: DbOrTx, profile: ProfileRow, user: UserRow): Promise<DispatchUser> {
  const driver = await linkedDriver(db, user.id);
  return {
    dispatchUserId: profile.id,
    clickUserId: user.id,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    userRole: profile.role as DispatchUserRole | null, // the column's check allows only these
    rooms: profile.rooms,
    driverId: driver?.id ?? null,
    driverNumber: driver?.driverNumber ?? null,
    // A stored 'car' is a van (spec 2 §3): the editor offers and sends back 'van'.
    vehicle: driver ? (driverVehicleOf(driver.vehicle) as DriverVehicle) : null,
    updatedAt: profile.updatedAt.toISOString(),
  };
}

/**
 * POST /api/drivers/dispatch-user {userId}: the user's dispatch profile, made when it has none. A
 * new one starts from what is known: DRIVER with the rooms of a driver already linked to the user,
 * else DISPATCHER for a user with that role, else no role yet.
 */
export async function createDispatchUser(
  db: Db,
  options: { signedInUserId: number; userId: number },
): Promise<DispatchUser> {
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, options.userId);
    if (!user) throw userNotFound(options.userId);
    const driver = await linkedDriver(tx, user.id);
    const role = driver ? 'DRIVER' : user.roles.includes('DISPATCHER') ? 'DISPATCHER' : null;
    const [created] = await tx
      .insert(dispatchProfiles)
      .values({ userId: user.id, role, rooms: driver?.rooms ?? [], updatedBy: options.signedInUserId })
      .onConflictDoNothing({ target: dispatchProfiles.userId })
      .returning();
    if (created)
      await writeAudit(tx, {
        userId: options.signedInUserId,
        action: 'create',
        entityType: 'dispatch_profile',
        entityId: created.id,
        after: created,
      });
    const [profile] = await tx.select().from(dispatchProfiles).where(eq(dispatchProfiles.userId, user.id));
    return dispatchUserOf(tx, profile!, user);
  });
}

const PROBLEM_FIELDS: Record<string, string> = {
  [DRIVER_VEHICLE_NOT_SELECTED_MESSAGE]: 'body.vehicle',
  [DRIVER_ROOMS_NOT_SELECTED_MESSAGE]: 'body.rooms',
  [DRIVER_NUMBER_REQUIRED_MESSAGE]: 'body.driverNumber',
};

/** 400 with the spec's first message (spec 2 §5), each problem on its field. */
function refuseProblems(body: UpdateDispatchUserBody, rooms: string[]): void {
  const problems = dispatchProfileProblems({ ...body, rooms });
  const [first] = problems;
  if (!first) return;
  throw badRequest(
    first,
    problems.map((message) => ({ field: PROBLEM_FIELDS[message] ?? 'body.userRole', message })),
  );
}

/** The user's roles with the dispatch role chosen and without the other one. */
function rolesWith(roles: readonly string[], role: DispatchUserRole): string[] {
  return [...roles.filter((name) => !(DISPATCH_USER_ROLES as readonly string[]).includes(name)), role];
}

/**
 * A DRIVER's driver of the register: the one linked to the user, else one with the user's e-mail
 * not yet linked (it is linked now), else a new one with the user's name, e-mail and phone.
 */
async function saveDriverOfUser(
  tx: DbOrTx,
  options: { signedInUserId: number; user: UserRow; driverNumber: number; vehicle: DriverVehicle; rooms: string[] },
) {
  const { user } = options;
  const existing =
    (await linkedDriver(tx, user.id)) ??
    (
      await tx
        .select()
        .from(drivers)
        .where(and(isNull(drivers.userId), sql`lower(${drivers.email}) = lower(${user.email})`))
        .limit(1)
    )[0];
  const clash = await findClashingDriver(tx, {
    driverNumber: options.driverNumber,
    email: existing?.email ?? user.email,
    exceptId: existing?.id,
  });
  if (clash) {
    const who = `${clash.firstName} ${clash.lastName}`;
    throw clash.driverNumber === options.driverNumber
      ? alreadyExists(`Driver number ${options.driverNumber} is already taken by ${who}. Choose another number.`)
      : alreadyExists(`The email address ${user.email} is already used by driver ${clash.driverNumber} (${who}).`);
  }
  const values = {
    driverNumber: options.driverNumber,
    vehicle: options.vehicle,
    rooms: options.rooms,
    userId: user.id,
    updatedAt: new Date(),
  };
  if (existing) {
    const [after] = await tx.update(drivers).set(values).where(eq(drivers.id, existing.id)).returning();
    await writeAudit(tx, {
      userId: options.signedInUserId,
      action: 'update',
      entityType: 'driver',
      entityId: existing.id,
      before: existing,
      after,
    });
    return;
  }
  const [created] = await tx
    .insert(drivers)
    .values({ ...values, firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone })
    .returning();
  await writeAudit(tx, {
    userId: options.signedInUserId,
    action: 'create',
    entityType: 'driver',
    entityId: created!.id,
    after: created,
  });
}

/**
 * PUT /api/drivers/dispatch-user: the spec's dispatch profile rule (§5) first, then the rooms
 * against dispatch_rooms; the profile's role and rooms, the user's roles (the chosen dispatch role
 * replaces the other) and, for a DRIVER, its driver of the register, all in one transaction.
 * Staff may not change the roles of a user who outranks them (spec 1 §6).
 */
export async function updateDispatchUser(
  db: Db,
  options: { signedInUserId: number; signedInRoles: readonly string[]; body: UpdateDispatchUserBody },
): Promise<DispatchUser> {
  const { body } = options;
  const requestedRooms = splitRooms(body.rooms);
  refuseProblems(body, requestedRooms);
  const role = body.userRole as DispatchUserRole; // the rule above allows only DRIVER or DISPATCHER
  return db
    .transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(dispatchProfiles)
        .where(eq(dispatchProfiles.id, body.dispatchUserId))
        .for('update');
      if (!before)
        throw notFound(`Dispatch user ${body.dispatchUserId} does not exist. Open the user from the search again.`);
      if (before.userId !== body.clickUserId) {
        const message = `Dispatch user ${body.dispatchUserId} belongs to another user than ${body.clickUserId}.`;
        throw badRequest(message, [{ field: 'body.dispatchUserId', message }]);
      }
      const [user] = await tx.select().from(users).where(eq(users.id, body.clickUserId)).for('update');
      if (!user) throw userNotFound(body.clickUserId);
      if (levelOf(user.roles) > levelOf(options.signedInRoles))
        throw forbidden('You may not change the roles of a user who outranks you.');
      const rooms = await knownRooms(tx, requestedRooms, () => 'body.rooms');

      if (role === 'DRIVER')
        await saveDriverOfUser(tx, {
          signedInUserId: options.signedInUserId,
          user,
          driverNumber: body.driverNumber!,
          vehicle: driverVehicleOf(body.vehicle!) as DriverVehicle, // the rule above took it ('car' as 'van')
          rooms,
        });

      const roles = rolesWith(user.roles, role);
      if (roles.join() !== user.roles.join()) {
        await tx.update(users).set({ roles }).where(eq(users.id, user.id));
        await writeAudit(tx, {
          userId: options.signedInUserId,
          action: 'update',
          entityType: 'user',
          entityId: user.id,
          field: 'roles',
          before: user.roles,
          after: roles,
        });
      }
      const [after] = await tx
        .update(dispatchProfiles)
        .set({ role, rooms, updatedBy: options.signedInUserId, updatedAt: new Date() })
        .where(eq(dispatchProfiles.id, before.id))
        .returning();
      await writeAudit(tx, {
        userId: options.signedInUserId,
        action: 'update',
        entityType: 'dispatch_profile',
        entityId: before.id,
        before,
        after,
      });
      return dispatchUserOf(tx, after!, { ...user, roles });
    })
    .catch((error: unknown) => {
      // Two saves racing past the clash check meet the drivers' unique indexes: a 409, never a 500.
      if (sqlStateOf(error) === '23505')
        throw alreadyExists(
          'Another driver has just been saved with this number or email address. Reload and try again.',
        );
      throw error;
    });
}
