import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, databaseKinds, type TestApp } from '../test/test-app.ts';
import { access } from './access.ts';
import { clientErrorFromPostgres, postgresFailureOf, sqlStateOf } from './postgres-errors.ts';

const pgError = (code: string, message = 'boom') => Object.assign(new Error(message), { code, severity: 'ERROR' });

describe('postgresFailureOf', () => {
  it('reads the SQLSTATE of a driver error, and of one Drizzle wrapped, with the SQL but not the parameters', () => {
    expect(postgresFailureOf(pgError('22003'))).toEqual({ code: '22003', message: 'boom', sql: undefined });
    const wrapped = new DrizzleQueryError('select $1::int', ['2147483648'], pgError('22003'));
    expect(postgresFailureOf(wrapped)).toEqual({ code: '22003', message: 'boom', sql: 'select $1::int' });
    expect(sqlStateOf(wrapped)).toBe('22003');
  });

  it('is null for errors that are not from PostgreSQL', () => {
    expect(postgresFailureOf(new Error('x'))).toBeNull();
    expect(postgresFailureOf(Object.assign(new Error('pipe'), { code: 'EPIPE' }))).toBeNull();
    expect(postgresFailureOf(null)).toBeNull();
    expect(postgresFailureOf('22003')).toBeNull();
  });
});

describe('clientErrorFromPostgres', () => {
  const map = (code: string, message = '') => clientErrorFromPostgres({ code, message, sql: undefined });

  it.each([
    ['22001', 'VALIDATION', 'A text in the request is longer than can be stored.'],
    ['22003', 'VALIDATION', 'A number in the request is out of range.'],
    ['22007', 'VALIDATION', 'A date or time in the request is not valid.'],
    ['22008', 'VALIDATION', 'A date or time in the request is out of range.'],
    ['22021', 'VALIDATION', 'A text in the request holds a character that cannot be stored.'],
    ['22P02', 'VALIDATION', 'A value in the request is not in the expected format.'],
    ['22023', 'VALIDATION', 'A value in the request is not valid.'],
    ['23505', 'ALREADY_EXISTS', 'A record with these values already exists.'],
    ['23502', 'VALIDATION', 'A required value is missing.'],
    ['23514', 'VALIDATION', 'A value in the request is not allowed.'],
    ['23P01', 'STATE_CONFLICT', 'The change conflicts with the current data. Reload and try again.'],
  ])('%s is %s', (code, error, message) => {
    expect(map(code)).toEqual({ code: error, message });
  });

  it('a foreign key is a missing reference on insert, a conflict on delete', () => {
    expect(map('23503', 'insert or update on table "jobs" violates foreign key constraint')?.code).toBe('VALIDATION');
    expect(map('23503', 'update or delete on table "companies" violates foreign key constraint')).toEqual({
      code: 'STATE_CONFLICT',
      message: 'Other records still refer to this one, so it cannot be changed or deleted.',
    });
  });

  it.each(['42601', '40001', '53300', '08006', 'XX000'])('%s (not the client’s doing) stays a 500', (code) => {
    expect(map(code)).toBeNull();
  });
});

describe.each(databaseKinds)('the error handler on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // A route that hands its input to PostgreSQL unchecked, as a schema with a gap would.
    t.app.get(
      '/api/test/unchecked',
      { config: { access: access.public }, schema: { querystring: z.object({ case: z.string() }) } },
      async (request) => {
        const input = (request.query as { case: string }).case;
        if (input === 'int') await t.db.execute(sql`select ${'2147483648'}::int`);
        if (input === 'date') await t.db.execute(sql`select ${'0000-01-01'}::date`);
        if (input === 'text') await t.db.execute(sql`select ${'abc'}::int`);
        if (input === 'syntax') await t.db.execute(sql`selec 1`);
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`create temporary table parent (id int primary key) on commit drop`);
          await tx.execute(sql`create temporary table child (id int not null references parent) on commit drop`);
          await tx.execute(sql`insert into parent values (1)`);
          if (input === 'unique') await tx.execute(sql`insert into parent values (1)`);
          if (input === 'missing') await tx.execute(sql`insert into child values (2)`);
          if (input === 'null') await tx.execute(sql`insert into child values (null)`);
          if (input === 'in-use') {
            await tx.execute(sql`insert into child values (1)`);
            await tx.execute(sql`delete from parent`);
          }
        });
        return { ok: true };
      },
    );
  });
  afterAll(() => t?.close());

  it.each([
    ['int', 400, 'VALIDATION', 'A number in the request is out of range.'],
    ['date', 400, 'VALIDATION', 'A date or time in the request is out of range.'],
    ['text', 400, 'VALIDATION', 'A value in the request is not in the expected format.'],
    ['unique', 409, 'ALREADY_EXISTS', 'A record with these values already exists.'],
    ['missing', 400, 'VALIDATION', 'The request refers to a record that does not exist.'],
    ['null', 400, 'VALIDATION', 'A required value is missing.'],
    ['in-use', 409, 'STATE_CONFLICT', 'Other records still refer to this one, so it cannot be changed or deleted.'],
  ])('maps a real %s failure to %i %s, without the SQL', async (input, status, error, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/test/unchecked?case=${input}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, message });
  });

  it('answers a failure that is not the client’s doing with a bare 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/unchecked?case=syntax' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again later.',
    });
  });
});
