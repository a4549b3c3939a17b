import type { LoginResponse } from '@courier/domain/auth/schemas';
import { parseRoles } from '@courier/domain/auth/roles';
import type { Db } from '../../db/client.ts';
import { tooManyRequests, unauthorised } from '../../http/errors.ts';
import { decoyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { clearSignInFailures, createSession, findUserByEmail, recentSignInFailures, recordSignIn, recordSignInFailure } from './queries.ts';
import { minutesUntilRetry, retryText } from './rate-limit.ts';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
/** One message for an unknown e-mail and a wrong password, so the answer does not reveal who has an account. */
export const SIGN_IN_FAILED_MESSAGE = 'The email or password is incorrect.';

export interface SignedInResult extends LoginResponse {
  expiresAt: Date;
}

export async function signIn(options: { db: Db; email: string; password: string; ip: string; ttlMinutes: number }): Promise<SignedInResult> {
  const { db, email, password, ip } = options;
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS);
  const failures = await recentSignInFailures(db, { email, ip, since });
  const limited =
    failures.byEmail.total >= MAX_FAILURES_PER_EMAIL ? failures.byEmail : failures.byIp.total >= MAX_FAILURES_PER_ADDRESS ? failures.byIp : null;
  if (limited) {
    const minutes = minutesUntilRetry(limited.oldest, SIGN_IN_WINDOW_MS);
    throw tooManyRequests(`Too many failed sign-in attempts. Please try again in ${retryText(minutes)}.`);
  }

  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user || !valid) {
    await recordSignInFailure(db, email, ip);
    throw unauthorised(SIGN_IN_FAILED_MESSAGE);
  }

  return db.transaction(async (tx) => {
    await clearSignInFailures(tx, email);
    await recordSignIn(tx, user.id, ip);
    const session = await createSession(tx, { userId: user.id, ttlMinutes: options.ttlMinutes });
    return { roles: parseRoles(user.roles), accessToken: session.token, expiresAt: session.expiresAt };
  });
}
