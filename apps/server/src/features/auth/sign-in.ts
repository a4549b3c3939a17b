import type { LoginResponse } from '@courier/domain/auth/schemas';
import { parseRoles } from '@courier/domain/auth/roles';
import { findUserByEmail } from '../../core/users.ts';
import type { Db } from '../../db/client.ts';
import { tooManyRequests, unauthorised } from '../../http/errors.ts';
import { decoyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import {
  clearSignInFailures,
  createSession,
  recentSignInFailures,
  recordSignIn,
  recordSignInFailure,
} from './queries.ts';
import { minutesUntilRetry, retryText } from '../../platform/rate-limit.ts';

// The throttling policy: docs/decisions/006-sign-in-throttling.md.
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Past this many failures an account refuses every address that has failed for it; a clean address may still try. */
export const MAX_FAILURES_PER_EMAIL = 5;
/** Past this many an account refuses every address: a guessing attack spread over many addresses still stops. */
export const MAX_FAILURES_PER_EMAIL_ANYWHERE = 50;
export const MAX_FAILURES_PER_ADDRESS = 30;
/** One message for an unknown e-mail and a wrong password, so the answer does not reveal who has an account. */
export const SIGN_IN_FAILED_MESSAGE = 'The email or password is incorrect.';

/** The failure-count key of requests with no valid client address. */
const UNKNOWN_ADDRESS = 'unknown';

export interface SignedInResult extends LoginResponse {
  expiresAt: Date;
}

export async function signIn(options: {
  db: Db;
  email: string;
  password: string;
  /** The client's address, null when it has none that is a valid IP (counted together as one address). */
  ip: string | null;
  ttlMinutes: number;
}): Promise<SignedInResult> {
  const { db, email, password } = options;
  const ip = options.ip ?? UNKNOWN_ADDRESS;
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS);
  const failures = await recentSignInFailures(db, { email, ip, since });
  // Someone else's wrong passwords must not lock the owner out: an account over its limit refuses
  // only the addresses that failed for it, until the much higher limit for all addresses is reached.
  const { byEmail, byIp } = failures;
  const emailLimited =
    byEmail.total >= MAX_FAILURES_PER_EMAIL_ANYWHERE || (byEmail.total >= MAX_FAILURES_PER_EMAIL && byEmail.fromIp > 0);
  const limited = emailLimited ? byEmail : byIp.total >= MAX_FAILURES_PER_ADDRESS ? byIp : null;
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
    await clearSignInFailures(tx, email, ip);
    await recordSignIn(tx, user.id, options.ip);
    const session = await createSession(tx, { userId: user.id, ttlMinutes: options.ttlMinutes });
    return { roles: parseRoles(user.roles), accessToken: session.token, expiresAt: session.expiresAt };
  });
}
