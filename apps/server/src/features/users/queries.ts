import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export async function findUserProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      uuid: users.uuid,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      roles: users.roles,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
