import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@courier/domain/common/errors';
import { bearer, createTestAppSignedInAs } from '../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../test/test-app.ts';
import {
  alreadyExists,
  AppError,
  badRequest,
  conflict,
  forbidden,
  lockedInvoiced,
  lockedPaid,
  notFound,
  registerErrorHandler,
  staleEdit,
  switchedOff,
  tooManyRequests,
  unauthorised,
} from './errors.ts';

describe('AppError', () => {
  it.each([
    [badRequest('x'), 'VALIDATION', 400],
    [unauthorised(), 'UNAUTHORISED', 401],
    [forbidden(), 'FORBIDDEN', 403],
    [switchedOff('x'), 'SWITCHED_OFF', 403],
    [notFound('x'), 'NOT_FOUND', 404],
    [conflict('x'), 'STATE_CONFLICT', 409],
    [alreadyExists('x'), 'ALREADY_EXISTS', 409],
    [staleEdit('x'), 'STALE_EDIT', 409],
    [lockedInvoiced('x'), 'LOCKED_INVOICED', 409],
    [lockedPaid('x'), 'LOCKED_PAID', 409],
    [tooManyRequests('x'), 'RATE_LIMITED', 429],
  ] as const)('%#: a helper throws its code with the code’s status', (error, code, status) => {
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
  });
});

type Operation = { responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> };

describe.each(databaseKinds)('error responses in OpenAPI on %s', (kind) => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  });
  afterAll(() => t?.close());

  it('every operation documents 400 and 500 with the error body and its list of codes', () => {
    const operations = Object.values(paths).flatMap((byMethod) => Object.values(byMethod));
    expect(operations.length).toBeGreaterThan(30);
    for (const [path, byMethod] of Object.entries(paths))
      for (const [method, operation] of Object.entries(byMethod)) {
        for (const status of ['400', '500']) {
          const response = operation.responses[status];
          // JSON, or the route's own content type (a CSV route documents its errors under text/csv).
          const schema = Object.values(response?.content ?? {})[0]?.schema;
          expect(schema, `${method} ${path} ${status}`).toMatchObject({
            properties: { error: { type: 'string', enum: API_ERROR_CODES } },
            required: ['error', 'message'],
          });
        }
        expect(operation.responses['400']?.description).toContain('`VALIDATION`');
      }
  });

  it('a guarded change with a path id documents 401, 403, 404 and 409 with their codes', () => {
    const save = paths['/api/pricing/tariffs']?.post;
    expect(save?.responses['409']?.description).toContain('`ALREADY_EXISTS`');
    expect(save?.responses['409']?.description).toContain('`STALE_EDIT`');
    expect(save?.responses['401']?.description).toContain('`UNAUTHORISED`');
    expect(save?.responses['403']?.description).toContain('`SWITCHED_OFF`');
    const one = paths['/api/pricing/tariff/{id}']?.get;
    expect(one?.responses['404']?.description).toContain('`NOT_FOUND`');
    expect(one?.responses['409']).toBeUndefined();
    // A public route needs no session, so it documents no 401.
    expect(paths['/api/health']?.get?.responses['401']).toBeUndefined();
  });
});

describe.each(databaseKinds)('Fastify’s own client errors on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('a body in a content type no route reads is a 415 with its own code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) });
  });

  it('a body over the limit is a 413 with its own code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@test.ie', password: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it('an address with a part longer than any route parameter is a 400 in the API error body, not echoed', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/booking/${'B'.repeat(5000)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message:
        'A part of this address is longer than 100 characters, more than any id or reference. Check the address.',
    });
  });

  it('a malformed %-escape in a route parameter is a 400 in the API error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/booking/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message: 'This address is not valid: /api/booking/%E0%A4%A. Check its %-escapes.',
    });
  });

  it('an unknown route says which, cut short when the address is long', async () => {
    const url = `/api/no-such-thing/${'x/'.repeat(2000)}`;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    const { message } = response.json<{ message: string }>();
    expect(message.startsWith('No such route: GET /api/no-such-thing/x/x/')).toBe(true);
    expect(message.length).toBeLessThan(200);
  });

  it('an unknown route is a 404 NOT_FOUND', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'No such route: GET /api/no-such-thing' });
  });
});

describe.each(databaseKinds)('bad input answered in words on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createTestAppSignedInAs(kind, ['ACCOUNTS']));
  });
  afterAll(() => t?.close());

  it("a field that breaks a schema without a message of its own is named with what to send, not zod's wording", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(token),
      payload: { size: 10, skip: 0, searchQuery: 'y'.repeat(101) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message: 'Invalid body.searchQuery: Must have at most 100 characters.',
      details: [{ field: 'body.searchQuery', message: 'Must have at most 100 characters.' }],
    });
  });

  it('a schema’s own message is kept', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(token),
      payload: { size: 101, skip: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: unknown[] }>().details).toEqual([
      { field: 'body.size', message: 'size must be at most 100.' },
    ]);
  });

  it('a field that fails two checks with the same message is named once', async () => {
    // Past int4 and not a safe integer: both the whole-number and the at-most check refuse it.
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/company/99999999999999999999',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: unknown[] }>().details).toEqual([
      { field: 'params.id', message: 'id must be a whole number from 1 to 2147483647.' },
    ]);
  });
});

describe('what the error handler logs about a failed statement', () => {
  const pgError = (code: string) =>
    Object.assign(new Error('value out of range'), { code, severity: 'ERROR', name: 'DatabaseError' });

  async function logsOf(error: Error): Promise<{ level: number; msg: string; [key: string]: unknown }[]> {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } } });
    registerErrorHandler(app, { spa: false });
    app.get('/fail', async () => {
      throw error;
    });
    await app.inject({ method: 'GET', url: '/fail' });
    await app.close();
    return lines.map((line) => JSON.parse(line));
  }
  const SECRET = 'jane.doe@private.ie';

  it('a refused value: the SQL at debug, never the parameters', async () => {
    const logs = await logsOf(new DrizzleQueryError('select $1::int', [SECRET], pgError('22003')));
    const debug = logs.find((entry) => entry.msg === 'the database refused a statement');
    expect(debug).toMatchObject({ level: 20, sql: 'select $1::int', sqlState: '22003' });
    expect(logs.filter((entry) => entry.level >= 40)).toEqual([]);
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  });

  it('a statement failing for another reason: logged as an error, without the parameters', async () => {
    const logs = await logsOf(new DrizzleQueryError('selec $1', [SECRET], pgError('42601')));
    const failed = logs.find((entry) => entry.msg === 'request failed');
    expect(failed).toMatchObject({ level: 50, err: { message: 'value out of range' } });
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  });
});
