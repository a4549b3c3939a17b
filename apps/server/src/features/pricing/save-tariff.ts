import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { saveTariffBodySchema, Tariff } from '@courier/domain/pricing/schemas';
import type { Db } from '../../db/client.ts';
import { tariffs } from '../../db/schema/index.ts';
import { alreadyExists, badRequest, notFound } from '../../http/errors.ts';
import { sqlStateOf } from '../../http/postgres-errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { findCarrier } from '../../core/carriers.ts';
import { findAccountCode, findTariffCode, findZone, toTariff } from './queries.ts';

type SaveTariffInput = z.output<typeof saveTariffBodySchema>;

const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';

/**
 * POST /api/pricing/tariffs (spec 2 §7): creates a tariff when `id` is absent, else updates it (404
 * when no tariff has that id). The body's shape and price levels are checked by the route's schema;
 * here the references are checked (tariff code, carrier, zone, account) and the tariff saved with its
 * audit record in one transaction.
 */
export async function saveTariff(
  db: Db,
  { userId, input }: { userId: number; input: SaveTariffInput },
): Promise<Tariff> {
  try {
    return await db.transaction(async (tx) => {
      // The tariff being edited first (spec 2 §7: the id is left out for a new one): an id that names
      // no tariff is a 404 whatever the rest of the body says, not a 409 about another tariff it matches.
      const [before] =
        input.id === undefined ? [] : await tx.select().from(tariffs).where(eq(tariffs.id, input.id)).for('update');
      if (input.id !== undefined && !before) throw tariffNotFound(input.id);
      const tariffCode = await findTariffCode(tx, input.tariffCode);
      if (!tariffCode)
        throw badRequest(`Tariff code ${input.tariffCode} does not exist.`, [
          { field: 'body.tariffCode', message: 'Choose a tariff code from the list.' },
        ]);
      if (input.carrierId !== null && !(await findCarrier(tx, input.carrierId))) {
        throw badRequest(`Carrier ${input.carrierId} does not exist.`, [
          { field: 'body.carrierId', message: 'Choose a carrier from the list.' },
        ]);
      }
      if (!(await findZone(tx, input.zone))) {
        throw badRequest(`Zone ${input.zone} does not exist.`, [
          { field: 'body.zone', message: 'Choose a zone from the list.' },
        ]);
      }
      let account: string | null = null;
      if (input.account !== null) {
        account = (await findAccountCode(tx, input.account)) ?? null;
        if (!account)
          throw badRequest(`No company has the account code ${input.account}.`, [
            {
              field: 'body.account',
              message: 'Enter the account code of a company, or leave it empty for a base tariff.',
            },
          ]);
      }
      const values = {
        account,
        service: input.service,
        zone: input.zone,
        description: input.description,
        pricing: input.pricing,
        tariffCodeId: input.tariffCode,
        carrierId: input.carrierId,
      };

      const [twin] = await tx
        .select({ id: tariffs.id })
        .from(tariffs)
        .where(
          and(
            sql`coalesce(${tariffs.account}, '') = ${account ?? ''}`,
            eq(tariffs.tariffCodeId, values.tariffCodeId),
            sql`coalesce(${tariffs.carrierId}, 0) = ${values.carrierId ?? 0}`,
            eq(tariffs.service, values.service),
            eq(tariffs.zone, values.zone),
            input.id ? ne(tariffs.id, input.id) : undefined,
          ),
        );
      if (twin) throw duplicate(twin.id);

      if (!before) {
        // No id: a new tariff.
        const [created] = await tx.insert(tariffs).values(values).returning();
        if (!created) throw new Error('The tariff was not created.');
        await writeAudit(tx, { userId, action: 'create', entityType: 'tariff', entityId: created.id, after: values });
        return toTariff(created);
      }

      const [updated] = await tx
        .update(tariffs)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(tariffs.id, before.id))
        .returning();
      if (!updated) throw tariffNotFound(before.id);
      await writeAudit(tx, {
        userId,
        action: 'update',
        entityType: 'tariff',
        entityId: updated.id,
        before: toTariff(before),
        after: values,
      });
      return toTariff(updated);
    });
  } catch (error) {
    // Two saves racing past the check above: the unique index answers, as a 409 not a 500.
    if (isUniqueViolation(error)) throw duplicate(null);
    throw error;
  }
}

const tariffNotFound = (id: number) => notFound(`Tariff ${id} does not exist. It may have been deleted.`);

function duplicate(existingId: number | null) {
  return alreadyExists(
    `A tariff for this account, tariff code, carrier, service and zone already exists${existingId ? ` (tariff ${existingId})` : ''}. Edit that tariff instead.`,
  );
}
