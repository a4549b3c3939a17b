import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/test-app.ts';

describe.runIf(databaseKinds.includes('postgres'))('closing a PostgreSQL database', () => {
  // Dropping the database (tests do) or stopping the server right after close() must not cut live
  // connections, which the pool reports as 'terminating connection due to administrator command'.
  it('resolves only when every pooled connection has closed, so a drop right after cuts none', async () => {
    const t = await createTestDatabase('postgres');
    const name = new URL(t.databaseUrl ?? '').pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const consoleError = vi.spyOn(console, 'error');
    try {
      // Parallel queries open several pooled connections, which then sit idle.
      await Promise.all(Array.from({ length: 8 }, () => t.database.db.execute(sql`select pg_sleep(0.05)`)));

      await t.database.close();
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await new Promise((resolve) => setTimeout(resolve, 200)); // time for a cut connection to report

      expect(consoleError.mock.calls.map((args) => String(args[0]))).toEqual([]);
    } finally {
      consoleError.mockClear();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
