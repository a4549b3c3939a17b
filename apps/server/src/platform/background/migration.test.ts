import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';

/** The migrations folder as it was before migration 0007: the same files, the journal cut there. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'courier-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0007_background_runs', () => {
  const before = migrationsBefore('0007_background_runs');
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it('renames jobs to background_runs in place: existing runs, their log lines and the id sequences survive', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        insert into jobs (kind, status, params, state, total, done) values ('price-increase', 'completed', '{"percentIncrease": 5}', '{"cursor": 9}', 3, 3);
        insert into job_log (job_id, level, entity_id, message) values (1, 'change', '9', 'Tariff 9: increased by 5 %');`);

      await migrate(db, { migrationsFolder });
      const runs = await client.query(
        'select id, kind, status, params, state, done, attempts, max_attempts, run_after is not null as has_run_after from background_runs',
      );
      expect(runs.rows).toEqual([
        {
          id: 1,
          kind: 'price-increase',
          status: 'completed',
          params: { percentIncrease: 5 },
          state: { cursor: 9 },
          done: 3,
          attempts: 0,
          max_attempts: 3,
          has_run_after: true,
        },
      ]);
      const lines = await client.query('select run_id, entity_id, message from background_run_log');
      expect(lines.rows).toEqual([{ run_id: 1, entity_id: '9', message: 'Tariff 9: increased by 5 %' }]);
      const next = await client.query<{ id: number }>(
        `insert into background_runs (kind, params) values ('price-increase', '{}') returning id`,
      );
      expect(next.rows).toEqual([{ id: 2 }]);
      const old = await client.query(`select to_regclass('jobs') as jobs, to_regclass('job_log') as job_log`);
      expect(old.rows).toEqual([{ jobs: null, job_log: null }]);
    } finally {
      await client.close();
    }
  });
});
