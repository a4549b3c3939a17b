import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/test-app.ts';
import { readTogether, rowsOf } from './client.ts';

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

describe.each(databaseKinds)('reads together (%s)', (kind) => {
  /** Two reads that note when each starts and ends; the first takes 50 ms. */
  function timedReads(db: Parameters<typeof readTogether>[0]) {
    const events: string[] = [];
    const read = (name: string, seconds: number) => async () => {
      events.push(`${name} starts`);
      const result = await db.execute(sql`select pg_sleep(${seconds}), ${name}::text as name`);
      events.push(`${name} ends`);
      return rowsOf<{ name: string }>(result)[0]?.name;
    };
    return { events, reads: [read('first', 0.05), read('second', 0)] as const };
  }

  it('starts them all at once on the database, and answers them in order', async () => {
    const t = await createTestDatabase(kind);
    try {
      const { events, reads } = timedReads(t.database.db);
      expect(await readTogether(t.database.db, reads)).toEqual(['first', 'second']);
      expect(events.slice(0, 2)).toEqual(['first starts', 'second starts']);
    } finally {
      await t.close();
    }
  });

  it('runs them one after another in a transaction, one connection, so node-postgres never has two at once', async () => {
    const t = await createTestDatabase(kind);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const answers = await t.database.db.transaction(async (tx) => {
        const { events, reads } = timedReads(tx);
        const answered = await readTogether(tx, reads);
        expect(events).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
        return answered;
      });
      expect(answers).toEqual(['first', 'second']);
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await t.close();
    }
  });
});
