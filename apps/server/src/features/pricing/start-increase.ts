import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  parseCodeList,
  TARIFF_SERVICE_CODES,
  isAccountCode,
  type carrierIncreaseBodySchema,
  type IncreaseRun,
  type priceIncreaseBodySchema,
} from '@courier/domain/pricing/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { backgroundRuns, tariffs } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import { writeRunLog, type RunLogEntry } from '../../platform/background/run-log.ts';
import { checkSharedSecret } from './check-authorisation-code.ts';
import { increaseRun } from './increase-runs.ts';
import { excludedAccounts, increaseScope, INCREASE_TITLES, type IncreaseParams } from './increase-scope.ts';
import { findCarrier } from '../../core/carriers.ts';
import { unknownAccountCodes } from './queries.ts';

type PriceIncreaseInput = z.output<typeof priceIncreaseBodySchema>;
type CarrierIncreaseInput = z.output<typeof carrierIncreaseBodySchema>;

type AccountListField = 'includeAccounts' | 'lowTurnoverAccounts' | 'excludeAccounts' | 'excludeSetCallAccounts';
const LIST_LABELS: Record<AccountListField, string> = {
  includeAccounts: 'included accounts',
  lowTurnoverAccounts: 'low-turnover accounts',
  excludeAccounts: 'excluded accounts',
  excludeSetCallAccounts: 'excluded set-call accounts',
};

/** Parses the comma-separated account lists and refuses codes no company holds, so a typo cannot raise a price meant to stay. */
async function priceIncreaseParams(db: DbOrTx, input: PriceIncreaseInput): Promise<IncreaseParams> {
  const lists = {} as Record<AccountListField, string[]>;
  for (const field of Object.keys(LIST_LABELS) as AccountListField[]) {
    const codes = parseCodeList(input[field]);
    const malformed = codes.filter((code) => !isAccountCode(code));
    if (malformed.length > 0) {
      throw badRequest(
        `The ${LIST_LABELS[field]} hold ${malformed.map((c) => `"${c}"`).join(', ')}, which is not an account code. Separate account codes with commas.`,
        [{ field: `body.${field}`, message: `Not an account code: ${malformed.join(', ')}` }],
      );
    }
    const unknown = await unknownAccountCodes(db, codes);
    if (unknown.length > 0) {
      throw badRequest(
        `No company has the account code${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (${LIST_LABELS[field]}). Check the list and try again.`,
        [
          {
            field: `body.${field}`,
            message: `Unknown account code${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
          },
        ],
      );
    }
    lists[field] = codes;
  }
  const excluded = new Set([...lists.lowTurnoverAccounts, ...lists.excludeAccounts, ...lists.excludeSetCallAccounts]);
  const both = lists.includeAccounts.filter((code) => excluded.has(code));
  if (both.length > 0) {
    throw badRequest(
      `${both.join(', ')} ${both.length > 1 ? 'are' : 'is'} both included and excluded. Take ${both.length > 1 ? 'them' : 'it'} out of one of the lists.`,
      [{ field: 'body.includeAccounts', message: `Also excluded: ${both.join(', ')}` }],
    );
  }
  return { kind: 'price-increase', percentIncrease: input.percentIncrease, ...lists };
}

/** Refuses every bad field of the scope at once (one 400 naming each), so the form marks them all in one go. */
async function carrierIncreaseParams(db: DbOrTx, input: CarrierIncreaseInput): Promise<IncreaseParams> {
  const serviceCodes = parseCodeList(input.serviceCodes);
  const unknown = serviceCodes.filter((code) => !(TARIFF_SERVICE_CODES as readonly string[]).includes(code));
  const problems: { message: string; detail: { field: string; message: string } }[] = [];
  if (unknown.length > 0) {
    problems.push({
      message: `${unknown.join(', ')} ${unknown.length > 1 ? 'are not service codes' : 'is not a service code'}. Use ${TARIFF_SERVICE_CODES.join(', ')}, separated by commas.`,
      detail: { field: 'body.serviceCodes', message: `Unknown: ${unknown.join(', ')}` },
    });
  } else if (serviceCodes.length === 0) {
    problems.push({
      message: 'Enter at least one service code.',
      detail: { field: 'body.serviceCodes', message: 'Enter at least one service code.' },
    });
  }
  if (!(await findCarrier(db, input.carrierId))) {
    problems.push({
      message: `Carrier ${input.carrierId} does not exist.`,
      detail: { field: 'body.carrierId', message: 'Choose a carrier from the list.' },
    });
  }
  if (problems.length > 0) {
    throw badRequest(
      problems.map((problem) => problem.message).join(' '),
      problems.map((problem) => problem.detail),
    );
  }
  return { kind: 'carrier-increase', percentIncrease: input.percentIncrease, carrierId: input.carrierId, serviceCodes };
}

async function countTariffs(db: DbOrTx, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db.select({ value: count() }).from(tariffs).where(where);
  return row?.value ?? 0;
}

/**
 * POST /api/pricing/price-increase and /carrier-increase: the route has checked the authorisation
 * code before the body (checkAuthorisationCode: rate-limited, audited); it is compared again here so
 * no caller can start an increase without it. Then, in one transaction, resets the increase status
 * when asked, counts the work and queues the background run with its first log lines. The runner
 * applies the increase in batches.
 */
export async function startIncrease(
  db: Db,
  options: { userId: number; secret: string | null } & (
    { kind: 'price-increase'; input: PriceIncreaseInput } | { kind: 'carrier-increase'; input: CarrierIncreaseInput }
  ),
): Promise<IncreaseRun> {
  checkSharedSecret(options.input.sharedSecret, options.secret);
  const title = INCREASE_TITLES[options.kind];
  return db.transaction(async (tx) => {
    // One run of a kind at a time: concurrent starts queue on this lock, the second then sees the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`courier:${options.kind}`}))`);
    const [active] = await tx
      .select({ id: backgroundRuns.id })
      .from(backgroundRuns)
      .where(and(eq(backgroundRuns.kind, options.kind), inArray(backgroundRuns.status, ['queued', 'running'])));
    if (active)
      throw conflict(
        `A ${title.toLowerCase()} is already running (run ${active.id}). Wait for it to finish before starting another.`,
      );

    const params =
      options.kind === 'price-increase'
        ? await priceIncreaseParams(tx, options.input)
        : await carrierIncreaseParams(tx, options.input);
    const scope = increaseScope(params);
    const log: RunLogEntry[] = [{ level: 'info', message: `${title} of ${params.percentIncrease} % requested.` }];
    if (options.input.resetIncreaeRanStatus) {
      const reset = await tx
        .update(tariffs)
        .set({ priceIncreaseRan: false })
        .where(and(scope, eq(tariffs.priceIncreaseRan, true)))
        .returning({ id: tariffs.id });
      log.push({
        level: 'info',
        message: `Increase status reset on ${reset.length} tariffs, so they are increased again.`,
      });
    }
    const total = await countTariffs(tx, and(scope, eq(tariffs.priceIncreaseRan, false)));
    const alreadyIncreased = await countTariffs(tx, and(scope, eq(tariffs.priceIncreaseRan, true)));
    if (alreadyIncreased > 0) {
      log.push({
        level: 'skip',
        message: `${alreadyIncreased} tariffs in scope were increased already and are skipped (reset the increase status to increase them again).`,
      });
    }
    if (params.kind === 'price-increase') {
      if (params.includeAccounts.length > 0)
        log.push({ level: 'info', message: `Only the special tariffs of ${params.includeAccounts.join(', ')}.` });
      for (const [list, accounts] of [
        ['low-turnover accounts', params.lowTurnoverAccounts],
        ['excluded accounts', params.excludeAccounts],
        ['excluded set-call accounts', params.excludeSetCallAccounts],
      ] as const) {
        if (accounts.length === 0) continue;
        const kept = await countTariffs(tx, and(isNull(tariffs.carrierId), inArray(tariffs.account, accounts)));
        log.push({ level: 'skip', message: `${kept} tariffs of ${list} ${accounts.join(', ')} keep their prices.` });
      }
      if (excludedAccounts(params).length === 0 && params.includeAccounts.length === 0)
        log.push({ level: 'info', message: 'No accounts excluded.' });
    } else {
      log.push({
        level: 'info',
        message: `Carrier ${params.carrierId}, service codes ${params.serviceCodes.join(', ')}.`,
      });
    }
    log.push({ level: 'info', message: `${total} tariffs to increase.` });

    // One attempt: a failed increase stops and says so in its log; a new run picks up the rest.
    const run = await enqueueRun(tx, { kind: options.kind, params, total, createdBy: options.userId, maxAttempts: 1 });
    await writeRunLog(tx, run.id, log);
    await writeAudit(tx, {
      userId: options.userId,
      action: 'start',
      entityType: options.kind,
      entityId: run.id,
      after: { ...params, resetIncreaeRanStatus: options.input.resetIncreaeRanStatus },
    });
    return increaseRun(run);
  });
}
