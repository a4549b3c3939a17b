import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { parseRoles } from '@courier/domain/auth/roles';
import { findUserByEmail, findUserById } from '../../core/users.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, tooManyRequests } from '../../http/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import {
  countWrongTry,
  createSession,
  findAuthAttempt,
  insertAuthAttempt,
  recentAuthAttempts,
  recordSignIn,
  useAuthAttempt,
} from './queries.ts';
import { minutesUntilRetry, retryText } from '../../platform/rate-limit.ts';
import type { SignedInResult } from './sign-in.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_TRIES = 5;
export const CODE_REQUEST_WINDOW_MS = 15 * 60_000;
export const MAX_CODE_REQUESTS = 3;

function hashCode(uuid: string, code: string): string {
  return createHash('sha256').update(`${uuid}:${code}`).digest('hex');
}

/**
 * Starts a code sign-in. An unknown e-mail still gets an attempt id (no code is sent), so the
 * answer does not reveal who has an account.
 */
export async function startAuthAttempt(options: { db: Db; mailer: Mailer; email: string }): Promise<{ uuid: string }> {
  const { db, email } = options;
  const recent = await recentAuthAttempts(db, { email, since: new Date(Date.now() - CODE_REQUEST_WINDOW_MS) });
  if (recent.total >= MAX_CODE_REQUESTS) {
    const minutes = minutesUntilRetry(recent.oldest, CODE_REQUEST_WINDOW_MS);
    throw tooManyRequests(`Too many codes requested for this email. Please try again in ${retryText(minutes)}.`);
  }
  const user = await findUserByEmail(db, email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const uuid = randomUUID();
  return db.transaction(async (tx) => {
    await insertAuthAttempt(tx, {
      uuid,
      email,
      userId: user?.id ?? null,
      codeHash: hashCode(uuid, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    if (user) {
      await options.mailer.send(tx, {
        to: user.email,
        subject: 'Your sign-in code',
        text: `Hello ${user.firstName},\n\nYour sign-in code is ${code}. It expires in ${CODE_TTL_MS / 60_000} minutes.\n\nIf you did not ask for it, you can ignore this e-mail.`,
      });
    }
    return { uuid };
  });
}

export async function validateAuthAttempt(options: {
  db: Db;
  uuid: string;
  code: string;
  /** The client's address, null when it has none that is a valid IP. */
  ip: string | null;
  ttlMinutes: number;
}): Promise<SignedInResult> {
  const { db, uuid, code } = options;
  const attempt = await findAuthAttempt(db, uuid);
  if (!attempt || attempt.used) throw forbidden('This sign-in code is no longer valid. Please request a new one.');
  if (attempt.tries >= MAX_CODE_TRIES) throw tooManyRequests('Too many wrong codes. Please request a new code.');
  if (attempt.expiresAt.getTime() <= Date.now()) throw forbidden('This code has expired. Please request a new one.');

  const expected = Buffer.from(attempt.codeHash, 'hex');
  const given = Buffer.from(hashCode(uuid, code), 'hex');
  const matches = attempt.userId !== null && expected.length === given.length && timingSafeEqual(expected, given);
  if (!matches) {
    const tries = await countWrongTry(db, uuid, MAX_CODE_TRIES);
    if (tries === undefined || tries >= MAX_CODE_TRIES)
      throw tooManyRequests('Too many wrong codes. Please request a new code.');
    const left = MAX_CODE_TRIES - tries;
    throw forbidden(`The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }

  return db.transaction(async (tx) => {
    if (!(await useAuthAttempt(tx, uuid)))
      throw forbidden('This sign-in code is no longer valid. Please request a new one.');
    const user = await findUserById(tx, attempt.userId as number);
    if (!user) throw new AppError('FORBIDDEN', 'This account no longer exists.');
    await recordSignIn(tx, user.id, options.ip);
    const session = await createSession(tx, { userId: user.id, ttlMinutes: options.ttlMinutes });
    return { roles: parseRoles(user.roles), accessToken: session.token, expiresAt: session.expiresAt };
  });
}
