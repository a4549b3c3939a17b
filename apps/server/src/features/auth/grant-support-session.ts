import { parseRoles } from '@courier/domain/auth/roles';
import { findUserByUuid } from '../../core/users.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { createSession } from './queries.ts';
import type { SignedInResult } from './sign-in.ts';

/** A SUPERADMIN signs in as another user for support; the session records who granted it and the audit log says so. */
export async function grantSupportSession(options: {
  db: Db;
  grantedBy: number;
  userUuid: string;
  ttlMinutes: number;
}): Promise<SignedInResult> {
  const { db } = options;
  return db.transaction(async (tx) => {
    const user = await findUserByUuid(tx, options.userUuid);
    if (!user) throw notFound('No user has this id.');
    const session = await createSession(tx, {
      userId: user.id,
      ttlMinutes: options.ttlMinutes,
      grantedBy: options.grantedBy,
    });
    await writeAudit(tx, {
      userId: options.grantedBy,
      action: 'auth.grant',
      entityType: 'user',
      entityId: user.uuid,
      after: { email: user.email },
    });
    return { roles: parseRoles(user.roles), accessToken: session.token, expiresAt: session.expiresAt };
  });
}
