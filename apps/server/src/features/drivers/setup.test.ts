import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_NUMBER_REQUIRED_MESSAGE,
  DRIVER_ROOMS_NOT_SELECTED_MESSAGE,
  DRIVER_VEHICLE_NOT_SELECTED_MESSAGE,
  INVALID_NOTIFY_EMAIL_MESSAGE,
  USER_ROLE_NOT_SELECTED_MESSAGE,
} from '@courier/domain/drivers/dispatch-profile';
import { INVALID_PHONE_MESSAGE } from '@courier/domain/drivers/rules';
import { dispatchUserSchema, standardRegistrationMessage } from '@courier/domain/drivers/setup-schemas';
import { auditLog, backgroundRunLog, backgroundRuns, drivers, outbox, users } from '../../db/schema/index.ts';
import { bearer, createUser, signInAs } from '../../test/factories.ts';
import { deliverQueuedMessages } from '../../test/messages.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createMailer } from '../../platform/mailer.ts';
import { createTestApp, createTestDatabase, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createDriverRow, createRooms } from './driver-factories.ts';
import { REGISTRATION_EMAIL_SUBJECT } from './send-registration-request.ts';

// Issue 13: the registration notice and the dispatch user of the driver setup (spec 2 §3, §5, §7).
describe.each(databaseKinds)('the driver setup calls on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let dispatcher: string;
  let telephonist: string;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [accounts, dispatcher, telephonist, manager] = await Promise.all([
      signInAs(t, ['ACCOUNTS']),
      signInAs(t, ['DISPATCHER']),
      signInAs(t, ['TELEPHONIST']),
      signInAs(t, ['MANAGER']),
    ]);
    await createRooms(t.db, ['Dublin City', 'Cork', 'Overnight']);
  });
  afterAll(() => t?.close());

  const call = (token: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), payload: payload as object });

  let nextNumber = 4000;
  const number = () => (nextNumber += 1);

  describe('POST /api/drivers/send-registration-request', () => {
    it('sends an SMS or an e-mail in the background, held in the outbox without a provider, and audits it', async () => {
      const driver = await createDriverRow(t.db, { firstName: 'Ciarán' });
      const sms = await call(dispatcher, 'POST', '/api/drivers/send-registration-request', {
        driverId: driver.id,
        method: 'sms',
        message: '',
        phone: ` +353 87 555 ${kind === 'pglite' ? '1111' : '2222'} `,
        email: '',
      });
      expect(sms.statusCode).toBe(200);
      const phone = `+353 87 555 ${kind === 'pglite' ? '1111' : '2222'}`;
      expect(sms.json()).toEqual({ notified: true, method: 'sms', recipient: phone });
      await deliverQueuedMessages(t.db); // the sms run the request queued
      const [held] = await t.db.select().from(outbox).where(eq(outbox.recipient, phone));
      expect(held).toMatchObject({ channel: 'sms', status: 'held', body: standardRegistrationMessage('Ciarán') });

      const email = `ciaran.${kind}@test.ie`;
      const mail = await call(accounts, 'POST', '/api/drivers/send-registration-request', {
        driverId: driver.id,
        method: 'email',
        message: 'Please send your licence.',
        phone: '',
        email,
      });
      expect(mail.statusCode).toBe(200);
      await deliverQueuedMessages(t.db); // the email run
      const [sent] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
      expect(sent).toMatchObject({
        channel: 'email',
        status: 'held',
        subject: REGISTRATION_EMAIL_SUBJECT,
        body: 'Please send your licence.',
      });
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'send_registration_request'), eq(auditLog.entityId, String(driver.id))));
      expect(audits).toHaveLength(2);
    });

    it('checks the phone for SMS and the address for e-mail with the spec messages (spec 2 §5)', async () => {
      const driver = await createDriverRow(t.db);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ method: 'sms', phone: '087 123', email: 'a@b.ie' }, 'body.phone', INVALID_PHONE_MESSAGE],
        [{ method: 'sms', phone: 'call me maybe', email: '' }, 'body.phone', INVALID_PHONE_MESSAGE],
        [{ method: 'email', phone: '0871234567', email: 'sean@' }, 'body.email', INVALID_NOTIFY_EMAIL_MESSAGE],
        [{ method: 'fax', phone: '0871234567', email: '' }, 'body.method', "method must be 'sms' or 'email'."],
        [
          { method: 'sms', phone: '0871234567', driverId: 2_147_483_648 },
          'body.driverId',
          'driverId must be a whole number from 1 to 2147483647.',
        ],
        [
          { method: 'sms', phone: '0871234567', message: 'x'.repeat(1001) },
          'body.message',
          'Message must be at most 1000 characters.',
        ],
      ];
      for (const [overrides, field, message] of cases) {
        const response = await call(accounts, 'POST', '/api/drivers/send-registration-request', {
          driverId: driver.id,
          message: '',
          ...overrides,
        });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().details, field).toContainEqual({ field, message });
      }
      const missing = await call(accounts, 'POST', '/api/drivers/send-registration-request', {
        driverId: 2_147_483_647,
        method: 'sms',
        message: '',
        phone: '0871234567',
        email: '',
      });
      expect(missing.statusCode).toBe(404);
      const refused = await call(telephonist, 'POST', '/api/drivers/send-registration-request', {
        driverId: driver.id,
        method: 'sms',
        message: '',
        phone: '0871234567',
        email: '',
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('POST and PUT /api/drivers/dispatch-user', () => {
    it('opens a dispatch user for a user, once, then makes it a driver with number, vehicle and rooms', async () => {
      const user = await createUser(t.db, { roles: ['CUSTOMER'], firstName: 'Niamh', lastName: 'Kelly' });
      const opened = await call(accounts, 'POST', '/api/drivers/dispatch-user', { userId: user.id });
      expect(opened.statusCode).toBe(200);
      const profile = dispatchUserSchema.parse(opened.json());
      expect(profile).toMatchObject({
        clickUserId: user.id,
        name: 'Niamh Kelly',
        email: user.email,
        userRole: null,
        rooms: [],
        driverId: null,
      });
      const reopened = dispatchUserSchema.parse(
        (await call(accounts, 'POST', '/api/drivers/dispatch-user', { userId: user.id })).json(),
      );
      expect(reopened.dispatchUserId).toBe(profile.dispatchUserId);

      const driverNumber = number();
      const saved = await call(accounts, 'PUT', '/api/drivers/dispatch-user', {
        clickUserId: user.id,
        dispatchUserId: profile.dispatchUserId,
        userRole: 'DRIVER',
        vehicle: 'cargo bike',
        driverNumber,
        rooms: 'Cork, Dublin City,Cork',
      });
      expect(saved.statusCode).toBe(200);
      const driverProfile = dispatchUserSchema.parse(saved.json());
      expect(driverProfile).toMatchObject({
        userRole: 'DRIVER',
        rooms: ['Cork', 'Dublin City'],
        driverNumber,
        vehicle: 'cargo bike',
      });
      const [driver] = await t.db.select().from(drivers).where(eq(drivers.id, driverProfile.driverId!));
      expect(driver).toMatchObject({
        userId: user.id,
        driverNumber,
        firstName: 'Niamh',
        email: user.email,
        vehicle: 'cargo bike',
        rooms: ['Cork', 'Dublin City'],
      });
      const [row] = await t.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id));
      expect(row?.roles).toEqual(['CUSTOMER', 'DRIVER']);

      // The setup data's profiles show the driver with its rooms.
      const setup = await t.app.inject({ method: 'GET', url: '/api/drivers/setup-data', headers: bearer(accounts) });
      expect(setup.json().profiles).toContainEqual(
        expect.objectContaining({ driverId: driver!.id, userId: user.id, rooms: ['Cork', 'Dublin City'] }),
      );

      // Made a dispatcher: the role changes, the driver stays linked.
      const dispatcherAgain = await call(accounts, 'PUT', '/api/drivers/dispatch-user', {
        clickUserId: user.id,
        dispatchUserId: profile.dispatchUserId,
        userRole: 'DISPATCHER',
        vehicle: null,
        driverNumber: null,
        rooms: 'Overnight',
      });
      expect(dispatcherAgain.statusCode).toBe(200);
      expect(dispatcherAgain.json()).toMatchObject({ userRole: 'DISPATCHER', rooms: ['Overnight'], driverNumber });
      const [after] = await t.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id));
      expect(after?.roles).toEqual(['CUSTOMER', 'DISPATCHER']);

      const audits = await t.db
        .select({ entityType: auditLog.entityType, action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, String(profile.dispatchUserId)))
        .orderBy(desc(auditLog.id));
      expect(audits.filter((audit) => audit.entityType === 'dispatch_profile').map((a) => a.action)).toEqual([
        'update',
        'update',
        'create',
      ]);
    });

    it('links the unlinked driver with the user’s e-mail rather than making a second one', async () => {
      const user = await createUser(t.db, { roles: [] });
      const existing = await createDriverRow(t.db, { email: user.email.toUpperCase(), rooms: ['Cork'] });
      const opened = dispatchUserSchema.parse(
        (await call(accounts, 'POST', '/api/drivers/dispatch-user', { userId: user.id })).json(),
      );
      expect(opened).toMatchObject({ userRole: null, driverId: null });
      const saved = await call(accounts, 'PUT', '/api/drivers/dispatch-user', {
        clickUserId: user.id,
        dispatchUserId: opened.dispatchUserId,
        userRole: 'DRIVER',
        vehicle: 'van',
        driverNumber: existing.driverNumber,
        rooms: 'Overnight',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().driverId).toBe(existing.id);
      // A user already linked to a driver opens as that DRIVER.
      const linkedUser = await createUser(t.db);
      await createDriverRow(t.db, { userId: linkedUser.id, rooms: ['Cork', 'Overnight'] });
      const linked = await call(accounts, 'POST', '/api/drivers/dispatch-user', { userId: linkedUser.id });
      expect(linked.json()).toMatchObject({ userRole: 'DRIVER', rooms: ['Cork', 'Overnight'] });
    });

    it("opens a user's driver stored with 'car' as a van, and saves car sent back as a van (spec 2 §3)", async () => {
      const user = await createUser(t.db);
      const driver = await createDriverRow(t.db, { userId: user.id, vehicle: 'car', rooms: ['Cork'] });
      const opened = await call(accounts, 'POST', '/api/drivers/dispatch-user', { userId: user.id });
      expect(opened.statusCode).toBe(200);
      const profile = dispatchUserSchema.parse(opened.json());
      expect(profile).toMatchObject({ userRole: 'DRIVER', driverId: driver.id, vehicle: 'van' });
      for (const vehicle of ['car', 'van']) {
        const saved = await call(accounts, 'PUT', '/api/drivers/dispatch-user', {
          clickUserId: user.id,
          dispatchUserId: profile.dispatchUserId,
          userRole: 'DRIVER',
          vehicle,
          driverNumber: driver.driverNumber,
          rooms: 'Cork,Overnight',
        });
        expect(saved.statusCode, vehicle).toBe(200);
        expect(dispatchUserSchema.parse(saved.json())).toMatchObject({ vehicle: 'van', rooms: ['Cork', 'Overnight'] });
        const [row] = await t.db.select().from(drivers).where(eq(drivers.id, driver.id));
        expect(row?.vehicle, vehicle).toBe('van');
      }
    });

    it('answers the spec messages (spec 2 §5), unknown rooms, clashes and missing records', async () => {
      const user = await createUser(t.db);
      const { dispatchUserId } = dispatchUserSchema.parse(
        (await call(accounts, 'POST', '/api/drivers/dispatch-user', { userId: user.id })).json(),
      );
      const base = {
        clickUserId: user.id,
        dispatchUserId,
        userRole: 'DRIVER',
        vehicle: 'van',
        driverNumber: number(),
        rooms: 'Cork',
      };
      const put = (body: Record<string, unknown>) =>
        call(accounts, 'PUT', '/api/drivers/dispatch-user', { ...base, ...body });

      const noRole = await put({ userRole: null });
      expect(noRole.statusCode).toBe(400);
      expect(noRole.json()).toMatchObject({
        message: USER_ROLE_NOT_SELECTED_MESSAGE,
        details: [{ field: 'body.userRole' }],
      });
      expect((await put({ userRole: 'MANAGER' })).json().message).toBe(USER_ROLE_NOT_SELECTED_MESSAGE);
      const nothing = await put({ vehicle: null, rooms: ' , ', driverNumber: null });
      expect(nothing.json()).toMatchObject({
        message: DRIVER_VEHICLE_NOT_SELECTED_MESSAGE,
        details: [
          { field: 'body.vehicle', message: DRIVER_VEHICLE_NOT_SELECTED_MESSAGE },
          { field: 'body.rooms', message: DRIVER_ROOMS_NOT_SELECTED_MESSAGE },
          { field: 'body.driverNumber', message: DRIVER_NUMBER_REQUIRED_MESSAGE },
        ],
      });
      expect((await put({ vehicle: 'lorry' })).json().message).toBe(DRIVER_VEHICLE_NOT_SELECTED_MESSAGE);
      expect((await put({ driverNumber: 0 })).json().message).toBe(DRIVER_NUMBER_REQUIRED_MESSAGE);
      const overflow = await put({ driverNumber: 2_147_483_648 });
      expect(overflow.statusCode).toBe(400);
      expect(overflow.json().details[0].field).toBe('body.driverNumber');

      const galway = await put({ rooms: 'Cork,Galway' });
      expect(galway.statusCode).toBe(400);
      expect(galway.json().details).toEqual([
        { field: 'body.rooms', message: "There is no dispatch room named 'Galway'. Choose rooms from the setup data." },
      ]);

      const taken = await createDriverRow(t.db);
      const clash = await put({ driverNumber: taken.driverNumber });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe(
        `Driver number ${taken.driverNumber} is already taken by Seán Murphy. Choose another number.`,
      );

      const other = await createUser(t.db);
      const mismatch = await put({ clickUserId: other.id });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().details[0].field).toBe('body.dispatchUserId');
      expect((await put({ dispatchUserId: 2_147_483_647 })).statusCode).toBe(404);
      const noUser = await call(accounts, 'POST', '/api/drivers/dispatch-user', { userId: 2_147_483_647 });
      expect(noUser.statusCode).toBe(404);

      // Nothing above changed the user or made a driver.
      const [row] = await t.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id));
      expect(row?.roles).toEqual([]);
      expect(await t.db.select().from(drivers).where(eq(drivers.userId, user.id))).toEqual([]);
    });

    it('is accounts only, and does not let staff change the roles of a user who outranks them', async () => {
      const user = await createUser(t.db);
      expect((await call(dispatcher, 'POST', '/api/drivers/dispatch-user', { userId: user.id })).statusCode).toBe(403);
      expect(
        (
          await call(dispatcher, 'PUT', '/api/drivers/dispatch-user', {
            clickUserId: user.id,
            dispatchUserId: 1,
            userRole: 'DISPATCHER',
            rooms: '',
          })
        ).statusCode,
      ).toBe(403);
      const boss = await createUser(t.db, { roles: ['MANAGER'] });
      const opened = dispatchUserSchema.parse(
        (await call(accounts, 'POST', '/api/drivers/dispatch-user', { userId: boss.id })).json(),
      );
      const body = { clickUserId: boss.id, dispatchUserId: opened.dispatchUserId, userRole: 'DISPATCHER', rooms: '' };
      expect((await call(accounts, 'PUT', '/api/drivers/dispatch-user', body)).statusCode).toBe(403);
      const byManager = await call(manager, 'PUT', '/api/drivers/dispatch-user', body);
      expect(byManager.statusCode).toBe(200);
      expect(byManager.json()).toMatchObject({ userRole: 'DISPATCHER', rooms: [] });
    });
  });

  describe('POST /api/users for the setup search (spec 2 §2, §9: page size 10)', () => {
    it('pages users by 10 for accounts, searched by name or e-mail', async () => {
      const surname = `Setupsearch${kind}`;
      for (let index = 0; index < 12; index += 1)
        await createUser(t.db, { firstName: `A${String(index).padStart(2, '0')}`, lastName: surname });
      const first = await call(accounts, 'POST', '/api/users', { size: 10, skip: 0, searchQuery: surname });
      expect(first.statusCode).toBe(200);
      expect(first.json().count).toBe(12);
      expect(first.json().users).toHaveLength(10);
      const second = await call(accounts, 'POST', '/api/users', { size: 10, skip: 10, searchQuery: surname });
      expect(second.json().users.map((user: { firstName: string }) => user.firstName)).toEqual(['A10', 'A11']);
    });
  });
});

describe('a registration request the mail server refuses', () => {
  it('answers once it is queued; the e-mail run records the refusal, for a retry from the queue log', async () => {
    const testDatabase = await createTestDatabase('pglite');
    const config = loadConfig({ WEB_DIST: '' });
    const mailer = createMailer();
    const app = await buildApp({ database: testDatabase.database, config, mailer }, { checkResponses: true });
    const t: TestApp = {
      app,
      db: testDatabase.database.db,
      database: testDatabase.database,
      config,
      close: async () => {
        await app.close();
        await testDatabase.close();
      },
    };
    try {
      const token = await signInAs(t, ['ACCOUNTS']);
      const driver = await createDriverRow(t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/drivers/send-registration-request',
        headers: bearer(token),
        payload: { driverId: driver.id, method: 'email', message: '', phone: '', email: 'refused@test.ie' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ notified: true, method: 'email', recipient: 'refused@test.ie' });
      // Nothing listens on port 1: the real SMTP transport fails to connect, on every attempt.
      await deliverQueuedMessages(t.db, { smtpUrl: 'smtp://127.0.0.1:1' });
      const [run] = await t.db.select().from(backgroundRuns).where(eq(backgroundRuns.kind, 'email'));
      expect(run).toMatchObject({ status: 'failed', attempts: 3, params: { to: 'refused@test.ie' } });
      expect(run?.failure).toMatch(/ECONNREFUSED/);
      const log = await t.db.select().from(backgroundRunLog).where(eq(backgroundRunLog.runId, run!.id));
      expect(log.map((line) => line.message)).toEqual([
        expect.stringMatching(/^Attempt 1 of 3 failed: .*ECONNREFUSED/),
        expect.stringMatching(/^Attempt 2 of 3 failed: /),
        expect.stringMatching(/^The run stopped: .*ECONNREFUSED/),
      ]);
      expect(await t.db.select().from(outbox)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 30_000);
});
