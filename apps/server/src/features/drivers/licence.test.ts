import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  driverProfileSchema,
  LICENCE_FILE_EMPTY_MESSAGE,
  LICENCE_FILE_MISSING_MESSAGE,
  LICENCE_FILE_TOO_LARGE_MESSAGE,
  LICENCE_FILE_TYPE_MESSAGE,
  licenceFileResponseSchema,
  MAX_LICENCE_FILE_BYTES,
} from '@courier/domain/drivers/profile';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { auditLog, driverLicenceFiles } from '../../db/schema/index.ts';
import { createMailer } from '../../platform/mailer.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createDriverRow } from './driver-factories.ts';

// Issue 13: PUT (multipart), GET and DELETE /api/drivers/{uuid}/licence, on PGlite and PostgreSQL.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 1), Buffer.from([0xff, 0xd9])]);

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(file: { name: string; type: string; content: Buffer }, field = 'file') {
  const boundary = '----courier-test-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file.content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(t: TestApp, token: string, uuid: string, file: { name: string; type: string; content: Buffer }) {
  const body = multipart(file);
  return t.app.inject({
    method: 'PUT',
    url: `/api/drivers/${uuid}/licence`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe.each(databaseKinds)('the licence scan on %s', (kind) => {
  let t: TestApp;
  let dispatcher: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [dispatcher, customer] = await Promise.all([signInAs(t, ['DISPATCHER']), signInAs(t, ['CUSTOMER'])]);
  });
  afterAll(() => t?.close());

  it('stores a PDF, shows it on the profile, downloads it byte for byte, replaces it and deletes it', async () => {
    const driver = await createDriverRow(t.db);
    const stored = await upload(t, dispatcher, driver.uuid, {
      name: 'C:\\scans\\licence front.pdf',
      type: 'application/pdf',
      content: PDF,
    });
    expect(stored.statusCode).toBe(200);
    const { licenceFile } = licenceFileResponseSchema.parse(stored.json());
    expect(licenceFile).toMatchObject({
      fileName: 'licence front.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });

    const profile = driverProfileSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/drivers/${driver.uuid}/profile`, headers: bearer(dispatcher) })
      ).json(),
    );
    expect(profile.licenceFile).toEqual(licenceFile);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/drivers/${driver.uuid}/licence`,
      headers: bearer(dispatcher),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="licence front.pdf"');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const replaced = await upload(t, dispatcher, driver.uuid, { name: 'photo.png', type: 'image/png', content: PNG });
    expect(replaced.json().licenceFile).toMatchObject({
      fileName: 'photo.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    const jpeg = await upload(t, dispatcher, driver.uuid, { name: '', type: 'image/jpeg', content: JPEG });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().licenceFile).toMatchObject({ fileName: 'licence.jpg', contentType: 'image/jpeg' });
    expect(await t.db.select().from(driverLicenceFiles).where(eq(driverLicenceFiles.driverId, driver.id))).toHaveLength(
      1,
    );

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/drivers/${driver.uuid}/licence`,
      headers: bearer(dispatcher),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ licenceFile: null });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/drivers/${driver.uuid}/licence`,
      headers: bearer(dispatcher),
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(`Driver ${driver.driverNumber} has no licence file.`);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/drivers/${driver.uuid}/licence`,
      headers: bearer(dispatcher),
    });
    expect(again.statusCode).toBe(200);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver_licence_file'), eq(auditLog.entityId, String(driver.id))));
    expect(audits.map((row) => row.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('refuses a file of another type, an empty one, one over 10 MB and a body without a file, with messages', async () => {
    const driver = await createDriverRow(t.db);
    const cases: [{ name: string; type: string; content: Buffer }, string][] = [
      [
        { name: 'licence.pdf', type: 'application/pdf', content: Buffer.from('GIF89a not a pdf') },
        LICENCE_FILE_TYPE_MESSAGE,
      ],
      [{ name: 'licence.txt', type: 'text/plain', content: Buffer.from('hello') }, LICENCE_FILE_TYPE_MESSAGE],
      [{ name: 'licence.pdf', type: 'application/pdf', content: Buffer.alloc(0) }, LICENCE_FILE_EMPTY_MESSAGE],
      [
        {
          name: 'big.pdf',
          type: 'application/pdf',
          content: Buffer.concat([PDF, Buffer.alloc(MAX_LICENCE_FILE_BYTES + 1 - PDF.length, 0x20)]),
        },
        LICENCE_FILE_TOO_LARGE_MESSAGE,
      ],
    ];
    for (const [file, message] of cases) {
      const response = await upload(t, dispatcher, driver.uuid, file);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toMatchObject({
        error: 'VALIDATION',
        message,
        details: [{ field: 'body.file', message }],
      });
    }
    const exactlyTen = await upload(t, dispatcher, driver.uuid, {
      name: 'ten.pdf',
      type: 'application/pdf',
      content: Buffer.concat([PDF, Buffer.alloc(MAX_LICENCE_FILE_BYTES - PDF.length, 0x20)]),
    });
    expect(exactlyTen.statusCode).toBe(200);
    expect(exactlyTen.json().licenceFile.size).toBe(MAX_LICENCE_FILE_BYTES);

    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/drivers/${driver.uuid}/licence`,
      headers: bearer(dispatcher),
      payload: { file: 'licence.pdf' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(LICENCE_FILE_MISSING_MESSAGE);
  });

  it('404s for an unknown driver, 400 for a bad uuid, 403 for a customer', async () => {
    const file = { name: 'licence.pdf', type: 'application/pdf', content: PDF };
    expect((await upload(t, dispatcher, '00000000-0000-4000-8000-000000000000', file)).statusCode).toBe(404);
    expect((await upload(t, dispatcher, 'not-a-uuid', file)).statusCode).toBe(400);
    const driver = await createDriverRow(t.db);
    expect((await upload(t, customer, driver.uuid, file)).statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/drivers/00000000-0000-4000-8000-000000000000/licence',
      headers: bearer(dispatcher),
    });
    expect(deleted.statusCode).toBe(404);
  });
});

describe('the licence scan after a restart', () => {
  it('is still there when the app is closed and opened again on the same PGlite data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'courier-licence-'));
    const open = async () => {
      const database = await openDatabase({ dataDir });
      await database.migrate();
      const config = loadConfig({ WEB_DIST: '' });
      const mailer = createMailer();
      const app = await buildApp({ database, config, mailer }, { checkResponses: true });
      const t: TestApp = {
        app,
        db: database.db,
        database,
        config,
        close: async () => {
          await app.close();
          await database.close();
        },
      };
      return t;
    };
    try {
      const first = await open();
      const driver = await createDriverRow(first.db);
      const token = await signInAs(first, ['ACCOUNTS']);
      expect(
        (await upload(first, token, driver.uuid, { name: 'scan.png', type: 'image/png', content: PNG })).statusCode,
      ).toBe(200);
      await first.close();

      const second = await open();
      try {
        const download = await second.app.inject({
          method: 'GET',
          url: `/api/drivers/${driver.uuid}/licence`,
          headers: bearer(token), // the session lives in the database too
        });
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toBe('image/png');
        expect(download.rawPayload.equals(PNG)).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
