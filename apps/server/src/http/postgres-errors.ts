import type { ApiErrorCode } from '@courier/domain/common/errors';

/** What the error handler needs from a PostgreSQL error: its SQLSTATE and the failing SQL, if known. */
export interface PostgresFailure {
  /** SQLSTATE, e.g. '22003' (numeric value out of range) or '23505' (unique violation). */
  code: string;
  /** The server's own message; never sent to the client (it may name tables and values). */
  message: string;
  /** The statement Drizzle ran, without its parameters. */
  sql: string | undefined;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The PostgreSQL error inside a failure, or null. node-postgres (DatabaseError) and PGlite errors
 * both carry the SQLSTATE in `code` (and a `severity`); Drizzle wraps them in a DrizzleQueryError
 * whose `cause` is the driver's error and whose `query` is the SQL.
 */
export function postgresFailureOf(error: unknown): PostgresFailure | null {
  let sql: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as {
      code?: unknown;
      severity?: unknown;
      message?: unknown;
      query?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.query === 'string') sql ??= candidate.query;
    // `severity` tells a server error from a Node error with a five-letter code (EPIPE).
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code) && typeof candidate.severity === 'string') {
      return { code: candidate.code, message: String(candidate.message ?? ''), sql };
    }
    current = candidate.cause;
  }
  return null;
}

/** The SQLSTATE of a PostgreSQL error, however wrapped, e.g. to catch a unique violation in a use case. */
export const sqlStateOf = (error: unknown): string | undefined => postgresFailureOf(error)?.code;

const DATA_EXCEPTIONS: Record<string, string> = {
  '22001': 'A text in the request is longer than can be stored.',
  '22003': 'A number in the request is out of range.',
  '22007': 'A date or time in the request is not valid.',
  '22008': 'A date or time in the request is out of range.',
  '22012': 'The request leads to a division by zero.',
  '22021': 'A text in the request holds a character that cannot be stored.',
  '22P02': 'A value in the request is not in the expected format.',
  '22P05': 'A text in the request holds a character that cannot be stored.',
};

const clientError = (code: ApiErrorCode, message: string) => ({ code, message });

/**
 * The last line of defence for input the schemas let through: a PostgreSQL data exception (SQLSTATE
 * class 22) is bad input, a 400; an integrity violation (class 23) is a 409 or 400 with a plain
 * message. Anything else is not the client's doing and stays a 500. The server's own message is
 * never passed on: it can quote SQL, tables and other users' values.
 */
export function clientErrorFromPostgres(failure: PostgresFailure): { code: ApiErrorCode; message: string } | null {
  const { code } = failure;
  if (code.startsWith('22')) {
    return clientError('VALIDATION', DATA_EXCEPTIONS[code] ?? 'A value in the request is not valid.');
  }
  switch (code) {
    case '23505':
      return clientError('ALREADY_EXISTS', 'A record with these values already exists.');
    case '23503':
      // 'update or delete on table ... violates foreign key': other records still refer to this one.
      return failure.message.startsWith('update or delete')
        ? clientError('STATE_CONFLICT', 'Other records still refer to this one, so it cannot be changed or deleted.')
        : clientError('VALIDATION', 'The request refers to a record that does not exist.');
    case '23502':
      return clientError('VALIDATION', 'A required value is missing.');
    case '23514':
      return clientError('VALIDATION', 'A value in the request is not allowed.');
    default:
      return code.startsWith('23')
        ? clientError('STATE_CONFLICT', 'The change conflicts with the current data. Reload and try again.')
        : null;
  }
}
