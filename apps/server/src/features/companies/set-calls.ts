import { and, asc, eq, inArray } from 'drizzle-orm';
import { scheduleProblems } from '@courier/domain/companies/set-call-schedule';
import {
  parseDriverCode,
  setCallDetailsProblems,
  type PopulatedSetCall,
  type SetCallEdit,
} from '@courier/domain/companies/set-calls';
import type { Db, DbOrTx } from '../../db/client.ts';
import { drivers, services, setCalls } from '../../db/schema/index.ts';
import { requireCompany } from '../../core/companies.ts';
import { placeExists, placesByPlaceId } from '../../core/places.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';

/** A company's set calls with their places and vehicle (spec 1 §7 'populatedSetCalls'), oldest first. */
export async function populatedSetCalls(db: DbOrTx, companyId: number): Promise<PopulatedSetCall[]> {
  const rows = await db
    .select({ setCall: setCalls, service: services })
    .from(setCalls)
    .leftJoin(services, eq(services.id, setCalls.serviceId))
    .where(eq(setCalls.companyId, companyId))
    .orderBy(asc(setCalls.id));
  const byId = await placesByPlaceId(
    db,
    rows
      .flatMap((row) => [row.setCall.collectionPlaceId, row.setCall.deliveryPlaceId])
      .filter((id): id is string => Boolean(id)),
  );
  return rows.map(({ setCall, service }) => ({
    id: setCall.id,
    companyId: setCall.companyId,
    active: setCall.active,
    pushHolidays: setCall.pushHolidays,
    return: setCall.return,
    emailConfirmation: setCall.emailConfirmation,
    collectionName: setCall.collectionName,
    collectionPhone: setCall.collectionPhone,
    deliveryName: setCall.deliveryName,
    deliveryPhone: setCall.deliveryPhone,
    reference: setCall.reference,
    quantumRef: setCall.quantumRef,
    notes: setCall.notes,
    pricing: setCall.pricing,
    driver: setCall.driver,
    isDocuments: setCall.isDocuments,
    weightOfPackages: setCall.weightOfPackages,
    numberOfPackages: setCall.numberOfPackages,
    goodsDescription: setCall.goodsDescription,
    service: setCall.serviceId,
    collectionPlaceId: setCall.collectionPlaceId,
    deliveryPlaceId: setCall.deliveryPlaceId,
    collectionPlace: setCall.collectionPlaceId ? (byId.get(setCall.collectionPlaceId) ?? null) : null,
    deliveryPlace: setCall.deliveryPlaceId ? (byId.get(setCall.deliveryPlaceId) ?? null) : null,
    vehicle: service ? { name: service.name, service: service.service, serviceCode: service.serviceCode } : null,
    schedule: setCall.schedule,
    createdAt: setCall.createdAt.toISOString(),
    updatedAt: setCall.updatedAt.toISOString(),
  }));
}

/** POST /api/company/setcall: a new, inactive set call without details; the editor fills it in. */
export async function createSetCall(
  db: Db,
  options: { companyId: number; userId: number },
): Promise<{ newSetCallId: number; populatedSetCalls: PopulatedSetCall[] }> {
  return db.transaction(async (tx) => {
    await requireCompany(tx, options.companyId, { lock: true });
    const [row] = await tx.insert(setCalls).values({ companyId: options.companyId }).returning({ id: setCalls.id });
    if (!row) throw new Error('The set call was not created.');
    await writeAudit(tx, {
      userId: options.userId,
      action: 'create',
      entityType: 'set_call',
      entityId: row.id,
      after: { companyId: options.companyId },
    });
    return { newSetCallId: row.id, populatedSetCalls: await populatedSetCalls(tx, options.companyId) };
  });
}

const field = (name: string) => `body.setCall.${name}`;

/** Every rule a set call must meet to be saved; throws a 400 naming each failing field. */
async function validate(tx: DbOrTx, setCall: SetCallEdit): Promise<void> {
  const problems = [
    ...setCallDetailsProblems(setCall).map((problem) => ({ field: field(problem.field), message: problem.message })),
    ...scheduleProblems(setCall.schedule).map((problem) => ({ field: field(problem.field), message: problem.message })),
  ];
  if (setCall.service !== null) {
    const [service] = await tx
      .select({ active: services.active })
      .from(services)
      .where(eq(services.id, setCall.service));
    if (!service)
      problems.push({ field: field('service'), message: 'That service does not exist. Please choose another.' });
  }
  for (const [key, label] of [
    ['collectionPlaceId', 'collection'],
    ['deliveryPlaceId', 'delivery'],
  ] as const) {
    const placeId = setCall[key];
    if (placeId && !(await placeExists(tx, placeId))) {
      problems.push({ field: field(key), message: `The ${label} address no longer exists. Please choose it again.` });
    }
  }
  const driver = parseDriverCode(setCall.driver);
  if (
    driver !== null &&
    (await tx.select({ id: drivers.id }).from(drivers).where(eq(drivers.driverNumber, driver))).length === 0
  ) {
    problems.push({ field: field('driver'), message: `There is no driver with code ${driver}.` });
  }
  if (setCall.active && (!setCall.collectionPlaceId || !setCall.deliveryPlaceId || setCall.schedule.length === 0)) {
    problems.push({
      field: field('active'),
      message: 'A set call needs a collection address, a delivery address and a schedule before it can be active.',
    });
  }
  if (problems.length > 0) throw badRequest(problems[0]?.message ?? 'The set call is not valid.', problems);
}

/** PUT /api/company/edit/setcall: validates and saves the whole set call in one transaction. */
export async function updateSetCall(
  db: Db,
  options: { setCall: SetCallEdit; userId: number },
): Promise<{ populatedSetCalls: PopulatedSetCall[] }> {
  const { setCall, userId } = options;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(setCalls).where(eq(setCalls.id, setCall.id)).for('update');
    if (!before) throw notFound(`Set call ${setCall.id} does not exist.`);
    await validate(tx, setCall);
    const values = {
      active: setCall.active,
      pushHolidays: setCall.pushHolidays,
      return: setCall.return,
      emailConfirmation: setCall.emailConfirmation,
      collectionName: setCall.collectionName.trim(),
      collectionPhone: setCall.collectionPhone.trim(),
      deliveryName: setCall.deliveryName.trim(),
      deliveryPhone: setCall.deliveryPhone.trim(),
      reference: setCall.reference.trim(),
      quantumRef: setCall.quantumRef.trim(),
      notes: setCall.notes.trim(),
      pricing: setCall.pricing,
      driver: parseDriverCode(setCall.driver),
      isDocuments: setCall.isDocuments,
      weightOfPackages: setCall.weightOfPackages,
      numberOfPackages: setCall.numberOfPackages,
      goodsDescription: setCall.goodsDescription.trim(),
      serviceId: setCall.service,
      collectionPlaceId: setCall.collectionPlaceId,
      deliveryPlaceId: setCall.deliveryPlaceId,
      schedule: [...setCall.schedule]
        .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
        .map((entry) => ({ ...entry, options: entry.type === 'last' ? [] : [...new Set(entry.options)].sort() })),
    };
    await tx
      .update(setCalls)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(setCalls.id, setCall.id), eq(setCalls.companyId, before.companyId)));
    const changed = Object.entries(values).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before]),
    );
    await writeAudit(
      tx,
      changed.map(([key, value]) => ({
        userId,
        action: 'update',
        entityType: 'set_call',
        entityId: setCall.id,
        field: key,
        before: before[key as keyof typeof before] ?? null,
        after: value,
      })),
    );
    return { populatedSetCalls: await populatedSetCalls(tx, before.companyId) };
  });
}

/** A service as the set-call screens list it. */
const serviceColumns = {
  id: services.id,
  name: services.name,
  type: services.type,
  service: services.service,
  serviceCode: services.serviceCode,
};

/** Services a set call may use: the active same-day services, by name. */
export async function setCallChoices(db: DbOrTx) {
  const rows = await db
    .select(serviceColumns)
    .from(services)
    .where(and(eq(services.active, true), inArray(services.service, ['STANDARD', 'PRIORITY', 'ECONOMY'])))
    .orderBy(asc(services.name));
  return { services: rows };
}

export async function allServices(db: DbOrTx) {
  return db.select(serviceColumns).from(services).orderBy(asc(services.name));
}
