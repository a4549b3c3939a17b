import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackgroundRun, BackgroundRunDetails, BackgroundRunList } from '@courier/domain/background/schemas';
import type { QueueGroup } from '@courier/domain/background/queue-groups';
import { drivers, outbox } from '../../db/schema/index.ts';
import { createMailer } from '../../platform/mailer.ts';
import type { MessageChannels } from '../../platform/message-runs.ts';
import { bearer, signInAs, uniqueSuffix } from '../../test/factories.ts';
import { deliverQueuedMessages } from '../../test/messages.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

// Issue 14: every outgoing e-mail, SMS, status SMS and push message is a background run of its queue
// group, shown in the queue log with its state, attempts, timings and error, and retried from there.

/** A message an office call sends, and where its run shows. */
interface Channel {
  kind: string;
  group: QueueGroup;
  channel: 'email' | 'sms' | 'push';
  /** Makes the call; answers the recipient the outbox will name. */
  send: () => Promise<string>;
}

describe.each(databaseKinds)('outgoing messages as background runs on %s', (kind) => {
  let t: TestApp;
  let superadmin: string;
  let accounts: string;
  let telephonist: string;
  let driver: { id: number; driverNumber: number };

  beforeAll(async () => {
    t = await createTestApp(kind);
    [superadmin, accounts, telephonist] = await Promise.all([
      signInAs(t, ['SUPERADMIN']),
      signInAs(t, ['ACCOUNTS']),
      signInAs(t, ['TELEPHONIST']),
    ]);
    const [row] = await t.db
      .insert(drivers)
      .values({
        driverNumber: 7001,
        firstName: 'Niamh',
        lastName: 'Walsh',
        email: `niamh.${uniqueSuffix()}@test.ie`,
        phone: '087 765 4321',
        vehicle: 'van',
        vehicleRegistration: '201-D-555',
      })
      .returning({ id: drivers.id, driverNumber: drivers.driverNumber });
    driver = row!;
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.delete(outbox);
  });

  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ok = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  const channels: Channel[] = [
    {
      kind: 'email',
      group: 'admin',
      channel: 'email',
      send: async () => {
        const email = `register.${uniqueSuffix()}@test.ie`;
        await ok(
          await call(accounts, 'POST', '/api/drivers/send-registration-request', {
            driverId: driver.id,
            method: 'email',
            message: 'Please send your licence.',
            phone: '',
            email,
          }),
        );
        return email;
      },
    },
    {
      kind: 'sms',
      group: 'admin',
      channel: 'sms',
      send: async () => {
        await ok(
          await call(accounts, 'POST', '/api/drivers/send-registration-request', {
            driverId: driver.id,
            method: 'sms',
            message: '',
            phone: '+353 87 100 2000',
            email: '',
          }),
        );
        return '+353 87 100 2000';
      },
    },
    {
      kind: 'status-sms',
      group: 'dispatch',
      channel: 'sms',
      send: async () => {
        const response = await ok(
          await call(telephonist, 'POST', '/api/bookings/status/sms', {
            phoneNumber: '+353 87 300 4000',
            statusMessage: 'Your parcel is out for delivery.',
          }),
        );
        expect(response.json()).toEqual({ id: expect.any(Number), status: 'queued' });
        return '+353 87 300 4000';
      },
    },
    {
      kind: 'push-message',
      group: 'dispatch',
      channel: 'push',
      send: async () => {
        await ok(
          await call(accounts, 'PUT', '/api/pay/period/push-message', {
            driverId: driver.id,
            title: 'Pay ready',
            message: 'Your proforma is ready.',
          }),
        );
        return `driver:${driver.driverNumber}`;
      },
    },
  ];

  /** The newest run of `kind` in the queue log of `group`, as the screen reads it. */
  async function newestRun(group: QueueGroup, runKind: string): Promise<BackgroundRun> {
    const response = await ok(await call(superadmin, 'GET', `/api/background/runs?group=${group}&kind=${runKind}`));
    const [run] = (response.json() as BackgroundRunList).runs;
    if (!run) throw new Error(`No ${runKind} run in the ${group} queue log`);
    return run;
  }
  const details = async (id: number) =>
    (await ok(await call(superadmin, 'GET', `/api/background/runs/${id}`))).json() as BackgroundRunDetails;

  it.each(channels.map((channel) => [channel.kind, channel] as const))(
    '%s: the message shows as a run of its queue, delivered after the call',
    async (runKind, channel) => {
      const recipient = await channel.send();
      const queued = await newestRun(channel.group, runKind);
      expect(queued).toMatchObject({ status: 'queued', attempts: 0, startedAt: null, total: 1, done: 0 });
      // It is not in the other queue's log.
      const other = channel.group === 'admin' ? 'dispatch' : 'admin';
      const otherLog = await ok(await call(superadmin, 'GET', `/api/background/runs?group=${other}&kind=${runKind}`));
      expect((otherLog.json() as BackgroundRunList).runs).toEqual([]);
      expect(await t.db.select().from(outbox)).toEqual([]); // nothing goes out inside the call

      await deliverQueuedMessages(t.db);
      const { run, log } = await details(queued.id);
      expect(run).toMatchObject({ status: 'completed', attempts: 1, done: 1, failure: null });
      expect(run.startedAt).not.toBeNull();
      expect(run.finishedAt).not.toBeNull();
      expect(log.lines.map((line) => line.message)).toEqual([expect.stringContaining('held in the outbox')]);
      const rows = await t.db.select().from(outbox);
      expect(rows.map((row) => [row.channel, row.recipient, row.status])).toEqual([
        [channel.channel, recipient, 'held'],
      ]);
    },
  );

  it('an e-mail the mail server refuses fails with its error after its attempts; retried, it is delivered', async () => {
    const received: ParsedMail[] = [];
    let refusing = true;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo(_address, _session, callback) {
        if (!refusing) return callback();
        const refusal: Error & { responseCode?: number } = new Error('Mailbox full, try later');
        refusal.responseCode = 452;
        callback(refusal);
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const smtp: Partial<MessageChannels> = {
      smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    };
    try {
      const recipient = await channels[0]!.send();
      const { id } = await newestRun('admin', 'email');
      await deliverQueuedMessages(t.db, smtp);
      const { run, log } = await details(id);
      expect(run).toMatchObject({ status: 'failed', attempts: 3, maxAttempts: 3, done: 0 });
      expect(run.failure).toContain('Mailbox full, try later');
      expect(run.finishedAt).not.toBeNull();
      expect(log.lines.map((line) => line.message)).toEqual([
        expect.stringMatching(/^Attempt 1 of 3 failed: .*Mailbox full, try later/),
        expect.stringMatching(/^Attempt 2 of 3 failed: .*Mailbox full, try later/),
        expect.stringMatching(/^The run stopped: .*Mailbox full, try later/),
      ]);
      expect(received).toEqual([]);
      expect(await t.db.select().from(outbox)).toEqual([]);

      refusing = false;
      const retried = await ok(await call(superadmin, 'POST', `/api/background/runs/${id}/retry`));
      expect(retried.json()).toMatchObject({ id, status: 'queued', attempts: 0 });
      await deliverQueuedMessages(t.db, smtp);
      expect((await details(id)).run).toMatchObject({ status: 'completed', attempts: 1, failure: null });
      expect(received.map((mail) => [mail.subject, mail.text?.trim()])).toEqual([
        ['Complete your driver registration', 'Please send your licence.'],
      ]);
      expect(received[0]!.to).toMatchObject({ text: recipient });
      expect((await t.db.select().from(outbox)).map((row) => [row.recipient, row.status])).toEqual([
        [recipient, 'sent'],
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it.each(channels.slice(1).map((channel) => [channel.kind, channel] as const))(
    '%s: a message the provider refuses fails with the error after its attempts; retried, it is delivered',
    async (runKind, channel) => {
      let refusing = true;
      const delivered: unknown[] = [];
      const provider = {
        async send(message: unknown) {
          if (refusing) throw new Error('The provider did not answer');
          delivered.push(message);
        },
      };
      const providers: Partial<MessageChannels> = { smsProvider: provider, pushProvider: provider };
      const recipient = await channel.send();
      const { id } = await newestRun(channel.group, runKind);
      await deliverQueuedMessages(t.db, providers);
      const failed = await details(id);
      expect(failed.run).toMatchObject({ status: 'failed', attempts: 3, failure: 'The provider did not answer' });
      expect(failed.log.lines.at(-1)?.message).toBe(
        'The run stopped: The provider did not answer. Work committed before this point stays done.',
      );
      expect(delivered).toEqual([]);

      refusing = false;
      await ok(await call(superadmin, 'POST', `/api/background/runs/${id}/retry`));
      await deliverQueuedMessages(t.db, providers);
      expect((await details(id)).run).toMatchObject({ status: 'completed', attempts: 1, failure: null });
      expect(delivered).toEqual([expect.objectContaining({ to: recipient })]);
      expect((await t.db.select().from(outbox)).map((row) => [row.channel, row.recipient, row.status])).toEqual([
        [channel.channel, recipient, 'sent'],
      ]);
    },
  );

  it('a message queued in a transaction that rolls back is never sent', async () => {
    const before = (await ok(await call(superadmin, 'GET', '/api/background/runs?kind=email'))).json().count;
    await expect(
      t.db.transaction(async (tx) => {
        await createMailer().send(tx, { to: 'nobody@test.ie', subject: 'Never', text: 'Rolled back' });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    await deliverQueuedMessages(t.db);
    expect((await ok(await call(superadmin, 'GET', '/api/background/runs?kind=email'))).json().count).toBe(before);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'nobody@test.ie'))).toEqual([]);
  });
});
